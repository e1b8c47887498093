// The Advisor's question language: the truthful answer from the maze, and the diamond graph G.
#include <algorithm>
#include <bit>

#include "games/pathfinder_cards/aql.h"

namespace mw::pathfinder_cards::aql {

namespace {

constexpr int kInf = 1 << 20;

// cmp indexes kCmpNames: =, !=, <, <=, >, >=.
template <typename T>
bool compare(T a, int cmp, T b) {
  switch (cmp) {
    case 0:
      return a == b;
    case 1:
      return a != b;
    case 2:
      return a < b;
    case 3:
      return a <= b;
    case 4:
      return a > b;
    default:
      return a >= b;
  }
}

bool in_graph(const Layout& l, int cell) {
  const int c = l.at[cell];
  return c >= 0 && (is_diamond(c) || c == kJoker);
}

// The edges of G: steps, plus those of the artifacts enabled now (advanced game, G1.3.4).
class Edges {
 public:
  explicit Edges(const Layout& l) : Edges(l, l.advanced ? l.enabled(l.active()) : 0) {}
  Edges(const Layout& l, std::uint64_t arts) : l_(l), arts_(arts) {
    if (arts_ != 0) l.fill_lines(lines_);
  }
  int operator()(int cell, std::array<Link, kMaxLinks>& out) const {
    return l_.links(cell, arts_, arts_ != 0 ? &lines_ : nullptr, out);
  }
  // Steps only (no artifact enabled): the edges join neighbours, both ways.
  bool steps_only() const { return arts_ == 0; }

 private:
  const Layout& l_;
  std::uint64_t arts_;
  Lines lines_;
};

int link_cell(int cell) {
  return cell;
}
int link_cell(const Link& link) {
  return link.cell;
}

// reach_from's search, with `neighbours(cell, out)` writing the cells an edge joins to `cell`
// into `out` and returning how many.
template <typename Out, typename Neighbours>
std::uint64_t reach_with(const Layout& l, std::uint64_t sources, int banned,
                         Neighbours&& neighbours) {
  std::uint64_t seen = sources;
  std::array<int, kNumCards> queue;  // written before read: no zeroing per search
  int head = 0;
  int tail = 0;
  for (std::uint64_t m = sources; m != 0; m &= m - 1) queue[tail++] = l.pos[std::countr_zero(m)];
  Out nb;
  while (head < tail) {
    const int k = neighbours(queue[head++], nb);
    for (int q = 0; q < k; ++q) {
      const int m = link_cell(nb[q]);
      if (m == banned || !in_graph(l, m) || ((seen >> l.at[m]) & 1)) continue;
      seen |= std::uint64_t{1} << l.at[m];
      queue[tail++] = m;
    }
  }
  return seen;
}

// Cells of G reached from the cards `sources` (cells of G, not `banned`) without passing
// `banned` (-1: none); bit per card id. With steps only, the layout's inline neighbours, dearer
// general links otherwise (the Pathfinder's answers ask this often).
std::uint64_t reach_from(const Layout& l, const Edges& edges, std::uint64_t sources, int banned) {
  if (edges.steps_only()) {
    return reach_with<std::array<int, 6>>(
        l, sources, banned,
        [&l](int cell, std::array<int, 6>& out) { return l.neighbors(cell, out); });
  }
  return reach_with<std::array<Link, kMaxLinks>>(l, sources, banned, edges);
}

// Cells of G reached from `from` without passing `banned` (-1: none); bit per card id.
std::uint64_t reach(const Layout& l, const Edges& edges, int from, int banned) {
  return reach_from(l, edges, std::uint64_t{1} << l.at[from], banned);
}

// ---- Evaluation
// ----------------------------------------------------------------------------------

struct Region {
  int kind = kRegAll;
  std::array<int, 12> v{};  // neighbors: the centre, then up to 8 cells
  int n = 0;
  Topology topo = Topology::kSquare;

  bool contains(int cell) const {
    const int x = cell_x(cell);
    const int y = cell_y(cell);
    switch (kind) {
      case kRegCell:
      case kRegCells:
        return std::find(v.begin(), v.begin() + n, cell) != v.begin() + n;
      case kRect:
        return x >= std::min(v[0], v[2]) && x <= std::max(v[0], v[2]) &&
               y >= std::min(v[1], v[3]) && y <= std::max(v[1], v[3]);
      case kHalfplane:
        return compare<double>(v[0] == kAxisX ? x : y, v[1], (v[2] - 1) / 2.0);
      case kSideOfLine: {
        const int dx = cell_x(v[1]) - cell_x(v[0]);
        const int dy = cell_y(v[1]) - cell_y(v[0]);
        const int cross = dx * (y - cell_y(v[0])) - dy * (x - cell_x(v[0]));
        // y grows downwards: "left" as seen on the screen is a negative cross product (A-G1-43).
        return v[2] == kLeft ? cross < 0 : cross > 0;
      }
      case kNeighbors:
        return std::find(v.begin() + 1, v.begin() + n, cell) != v.begin() + n;
      case kRow:
        return y == v[0];
      case kCol:
        return x == v[0];
      default:
        return true;
    }
  }
};

struct Eval {
  const std::uint16_t* t;
  int len;
  int i = 0;
  const Layout& l;
  std::uint64_t up;

  int take() { return i < len ? t[i++] : -1; }
  int cell() { return take() - kCellBase; }
  int target() {
    const int id = take();
    return id == kTargetJoker ? l.pos[kJoker] : id - kCellBase;
  }

  Region region() {
    Region r;
    r.kind = take();
    r.topo = l.topo;
    switch (r.kind) {
      case kRegCell:
        r.v[0] = cell();
        r.n = 1;
        break;
      case kRegCells:
        r.n = take() - kCountBase;
        for (int k = 0; k < r.n; ++k) r.v[k] = cell();
        break;
      case kRect:
        for (int k = 0; k < 4; ++k) r.v[k] = take() - kIntBase;
        break;
      case kHalfplane:
        r.v[0] = take();
        r.v[1] = take() - kCmpBase;
        r.v[2] = take() - kNumBase;
        break;
      case kSideOfLine:
        r.v[0] = cell();
        r.v[1] = cell();
        r.v[2] = take();
        break;
      case kNeighbors: {
        const int c = cell();
        const int kind = take();
        r.n = 1;
        const int x = cell_x(c);
        const int y = cell_y(c);
        auto add = [&](int dx, int dy) {
          if (in_box(x + dx, y + dy)) r.v[r.n++] = make_cell(x + dx, y + dy);
        };
        if (kind == kNbHex) {
          for (int d : {1, 4, 5, 3, 6, 7}) {
            const auto st = dir_step(d, Topology::kHex);
            add(st[0], st[1]);
          }
        } else {
          if (kind != kDiag) add(0, -1), add(1, 0), add(0, 1), add(-1, 0);
          if (kind != kOrth) add(1, -1), add(-1, -1), add(-1, 1), add(1, 1);
        }
        break;
      }
      case kRow:
      case kCol:
        r.v[0] = take() - kIntBase;
        break;
      default:
        break;
    }
    return r;
  }

  // A card test, read from the tokens; returns a predicate's parameters.
  struct Pred {
    int kind = kPredAny;
    int arg = 0;
    int cmp = 0;
    bool operator()(int card) const {
      switch (kind) {
        case kPredSuit:
          return card_suit(card) == arg;
        case kPredRank:  // A-G1-43: A = 14; the Joker has no rank
          return card != kJoker && compare(card_value(card), cmp, arg == 1 ? 14 : arg);
        case kRed:
          return is_diamond(card);
        case kBlack:
          return card != kJoker && !is_diamond(card);
        case kPredJoker:
          return card == kJoker;
        case kDiamondOrJoker:
          return card == kJoker || is_diamond(card);
        default:
          return true;
      }
    }
  };
  Pred pred() {
    Pred p;
    p.kind = take();
    if (p.kind == kPredSuit) p.arg = take() - kSuitBase;
    if (p.kind == kPredRank) {
      p.cmp = take() - kCmpBase;
      p.arg = take() - kRankBase;
    }
    return p;
  }

  bool compare_dist(int d, int cmp, int n) const {
    return compare(d < 0 ? kInf : d, cmp, n);  // ∞ compares greater than every number
  }

  int distance(int from, int to) const {
    if (from < 0 || to < 0 || !in_graph(l, from) || !in_graph(l, to)) return -1;
    std::array<int, kCells> d{};
    graph_distances(l, from, d);
    return d[to];
  }

  bool on_some_path(int c) const {
    const int start = l.pos[kAceOfDiamonds];
    const int goal = l.pos[kJoker];
    if (!in_graph(l, c)) return false;
    std::array<int, 16> path{};
    std::array<bool, kCells> on{};
    const Edges edges(l);
    bool found = false;
    // Depth-first over simple paths from A♦ (G has at most 14 nodes).
    auto dfs = [&](auto&& self, int cell, int depth) -> void {
      path[depth] = cell;
      if (cell == goal) {
        if (std::find(path.begin(), path.begin() + depth + 1, c) != path.begin() + depth + 1) {
          found = true;
        }
        return;
      }
      on[cell] = true;
      std::array<Link, kMaxLinks> nb{};
      const int k = edges(cell, nb);
      for (int q = 0; q < k && !found; ++q) {
        if (!on[nb[q].cell] && in_graph(l, nb[q].cell)) self(self, nb[q].cell, depth + 1);
      }
      on[cell] = false;
    };
    dfs(dfs, start, 0);
    return found;
  }

  bool expr() {
    const int id = take();
    switch (id) {
      case kNot:
        return !expr();
      case kAnd: {
        const bool a = expr();
        return expr() && a;
      }
      case kOr: {
        const bool a = expr();
        return expr() || a;
      }
      case kCard: {
        const int c = cell();
        const Pred p = pred();
        return l.at[c] >= 0 && p(l.at[c]);  // an empty cell is false [R]
      }
      case kJokerIn:
        return region().contains(l.pos[kJoker]);
      case kCountQ: {
        const Region r = region();
        const Pred p = pred();
        const int facing = take();
        const int cmp = take() - kCmpBase;
        const int n = take() - kIntBase;
        int k = 0;
        for (int id2 = 0; id2 < kNumCards; ++id2) {
          const bool is_up = (up >> id2) & 1;
          if (facing == kFaceDown && is_up) continue;
          if (facing == kFaceUp && !is_up) continue;
          if (r.contains(l.pos[id2]) && p(id2)) ++k;
        }
        return compare(k, cmp, n);
      }
      case kDist: {
        const int c = cell();
        const int to = target();
        const int cmp = take() - kCmpBase;
        const int n = take() - kIntBase;
        return compare_dist(distance(c, to), cmp, n);
      }
      case kOnShortestPath: {
        const int c = cell();
        const int dir = take() - kDirBase;
        const auto s = dir_step(dir, l.topo);
        const int x = cell_x(c) + s[0];
        const int y = cell_y(c) + s[1];
        if (!in_box(x, y)) return false;
        const int n = make_cell(x, y);
        const int goal = l.pos[kJoker];
        const int dc = distance(c, goal);
        const int dn = distance(n, goal);
        return dc > 0 && dn >= 0 && dn == dc - 1;
      }
      case kOnSomePath:
        return on_some_path(cell());
      case kPathExists: {
        const int c = cell();
        return distance(c, target()) >= 0;
      }
      default:
        return false;
    }
  }
};

}  // namespace

bool evaluate(const std::uint16_t* tokens, int len, const Layout& l, std::uint64_t up) {
  Eval e{tokens, len, 0, l, up};
  return e.expr();
}

void graph_distances(const Layout& l, int from, std::array<int, kCells>& dist) {
  dist.fill(-1);
  if (from < 0 || !in_graph(l, from)) return;
  const Edges edges(l);
  std::array<int, kNumCards> queue{};
  int head = 0;
  int tail = 0;
  queue[tail++] = from;
  dist[from] = 0;
  std::array<Link, kMaxLinks> nb{};
  while (head < tail) {
    const int c = queue[head++];
    const int k = edges(c, nb);
    for (int q = 0; q < k; ++q) {
      const int n = nb[q].cell;
      if (dist[n] < 0 && in_graph(l, n)) {
        dist[n] = dist[c] + 1;
        queue[tail++] = n;
      }
    }
  }
}

namespace {

// The labels of the edges from `cell` whose far end reaches a card of `goals` in G without
// passing `cell` again: first steps of simple paths (A-G1-27, A-G1-44 every label).
std::uint32_t first_steps(const Layout& l, const Edges& edges, int cell, std::uint64_t goals) {
  std::uint32_t out = 0;
  std::array<Link, kMaxLinks> nb{};
  const int k = edges(cell, nb);
  if (edges.steps_only()) {
    // Steps join cells both ways: a neighbour reaches a goal without passing `cell` iff the goals
    // reach it so. One search from the goals, not one per first step (the Runner's resample
    // checks her Pathfinder answers on every swap it tries).
    std::uint64_t sources = 0;
    for (std::uint64_t m = goals; m != 0; m &= m - 1) {
      const int id = std::countr_zero(m);
      const int at = l.pos[id];
      if (at >= 0 && at != cell && in_graph(l, at)) sources |= std::uint64_t{1} << id;
    }
    const std::uint64_t reached = reach_from(l, edges, sources, cell);
    for (int q = 0; q < k; ++q) {
      const int n = nb[q].cell;
      if (in_graph(l, n) && ((reached >> l.at[n]) & 1)) out |= std::uint32_t{1} << nb[q].label;
    }
    return out;
  }
  for (int q = 0; q < k; ++q) {
    const int n = nb[q].cell;
    if (!in_graph(l, n)) continue;
    if (reach(l, edges, n, cell) & goals) out |= std::uint32_t{1} << nb[q].label;
  }
  return out;
}

}  // namespace

std::uint32_t pathfinder_dirs(const Layout& l, int cell) {
  if (l.pos[kJoker] < 0 || cell < 0 || l.at[cell] < 0) return 0;
  // Only the advanced game's artifacts need the chain (a basic maze's edges are its steps).
  const std::uint64_t act = l.advanced ? l.active() : 0;
  const Edges edges(l, l.enabled(act));
  const std::uint32_t direct = first_steps(l, edges, cell, std::uint64_t{1} << kJoker);
  if (direct != 0 || !l.advanced) return direct;
  // Advanced, no current path (A-G1-35): the targets are the inactive artifacts of the
  // inclusion-minimal sets S such that the Joker is reachable eventually with S and the active
  // artifacts; she is told the first steps toward any of them.
  const std::uint64_t on = act & kArtifactMask;
  const std::uint64_t off = kArtifactMask & l.placed() & ~on;
  std::array<std::uint64_t, 8> good{};
  int n = 0;
  for (std::uint64_t sub = off;; sub = (sub - 1) & off) {  // every subset of `off`
    if (l.closure_reaches_joker(on | sub)) good[n++] = sub;
    if (sub == 0) break;
  }
  std::uint64_t targets = 0;
  for (int i = 0; i < n; ++i) {
    bool minimal = true;
    for (int j = 0; j < n; ++j) {
      if (j != i && (good[j] & good[i]) == good[j] && good[j] != good[i]) minimal = false;
    }
    if (minimal) targets |= good[i];
  }
  return targets == 0 ? 0 : first_steps(l, edges, cell, targets);
}

}  // namespace mw::pathfinder_cards::aql
