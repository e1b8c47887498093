// The computer Maze Maker's plans (maze_plan.h). One recipe for every board and shape: a region of
// the box, a self-avoiding diamond walk in it, decoy branches, then the other cards grown around
// the diamonds. An artifact maze walks two diamond segments that no step joins and bridges them
// with the Rope, the Veil or the Mirror (G1.4). Each attempt is checked against the engine's own
// validity and build checks and redrawn when it fails, so every draw comes from the one Rng.
//
// The square rectangles without artifacts draw exactly as the first planner did (same Rng calls
// in the same order), so basic square games keep their mazes and their measured figures.
#include "games/pathfinder_cards/maze_plan.h"

#include <algorithm>
#include <cstdlib>
#include <vector>

#include "games/pathfinder_cards/pathfinder_cards.h"

namespace mw::pathfinder_cards {
namespace {

// The first planner's rectangles (exactly 40 cells: every cell gets a card) and the roomier ones
// an artifact maze needs (its Rope gaps and Mirror lines stay empty).
constexpr std::array<std::array<int, 2>, 4> kShapes = {{{8, 5}, {5, 8}, {10, 4}, {4, 10}}};
constexpr std::array<std::array<int, 2>, 6> kRoomyShapes = {
    {{9, 5}, {5, 9}, {8, 6}, {6, 8}, {11, 4}, {4, 11}}};
constexpr int kFarJoker = 7;   // difficulty 4: the least distance from A♦ to the Joker
constexpr int kHexRadius = 4;  // 61 cells: the smallest hexagon that holds 40 cards

// The cells a plan may use, in reading order, and their bounding box.
struct Region {
  std::vector<int> cells;
  std::array<bool, kCells> in{};
  int x0 = kSide;
  int y0 = kSide;
  int x1 = -1;
  int y1 = -1;
  bool has(int cell) const { return in[static_cast<std::size_t>(cell)]; }
  void add(int x, int y) {
    in[static_cast<std::size_t>(make_cell(x, y))] = true;
    x0 = std::min(x0, x);
    y0 = std::min(y0, y);
    x1 = std::max(x1, x);
    y1 = std::max(y1, y);
  }
  void finish() {
    for (int cell = 0; cell < kCells; ++cell) {
      if (in[static_cast<std::size_t>(cell)]) cells.push_back(cell);
    }
  }
};

Region rectangle(int x0, int y0, int w, int h) {
  Region r;
  for (int y = y0; y < y0 + h; ++y) {
    for (int x = x0; x < x0 + w; ++x) r.add(x, y);
  }
  r.finish();
  return r;
}

// Axial coordinates (q = x, r = y): a hexagon around (R + 1, R + 1).
Region hexagon(int radius) {
  Region r;
  const int c = radius + 1;
  for (int y = c - radius; y <= c + radius; ++y) {
    for (int x = c - radius; x <= c + radius; ++x) {
      const int dq = x - c;
      const int dr = y - c;
      if (std::max({std::abs(dq), std::abs(dr), std::abs(dq + dr)}) <= radius) r.add(x, y);
    }
  }
  r.finish();
  return r;
}

// Honeycomb rows that look like a w x h rectangle on the page: the terminal shifts row r half a
// card right, so each row starts half a card further left in q, every other row.
Region honeycomb_rows(int w, int h) {
  Region r;
  const int q0 = 1 + (h - 1) / 2;
  for (int row = 0; row < h; ++row) {
    for (int i = 0; i < w; ++i) r.add(q0 - row / 2 + i, 1 + row);
  }
  r.finish();
  return r;
}

Region pick_region(Rng& rng, Topology grid, bool roomy) {
  if (!roomy && grid == Topology::kSquare) {
    const auto& s = kShapes[rng.below(kShapes.size())];
    return rectangle(0, 0, s[0], s[1]);  // at the corner, as the first planner drew them
  }
  const std::size_t n = roomy ? kRoomyShapes.size() : kShapes.size();
  const std::size_t pick = rng.below(grid == Topology::kHex ? n + 1 : n);
  if (pick == n) return hexagon(kHexRadius);
  const auto& s = roomy ? kRoomyShapes[pick] : kShapes[pick];
  return grid == Topology::kHex ? honeycomb_rows(s[0], s[1]) : rectangle(1, 1, s[0], s[1]);
}

// What a plan has decided for a cell so far.
enum Mark : std::uint8_t {
  kFree,
  kUsed,       // holds a path diamond, a decoy or the Joker
  kKeepEmpty,  // a Rope gap or a Mirror line: no card may go there
  kNoDiamond,  // between the two cells a Veil bridges: a diamond there would join them by steps
};
using Marks = std::array<std::uint8_t, kCells>;

bool touches_used(const Layout& grid, const Marks& marks, int cell, int except) {
  std::array<int, 6> nb{};
  const int n = grid.neighbors(cell, nb);
  for (int i = 0; i < n; ++i) {
    if (nb[i] != except && marks[static_cast<std::size_t>(nb[i])] == kUsed) return true;
  }
  return false;
}

// A self-avoiding walk of `n` cells from `start` that never touches a used cell other than the one
// it steps from (no shortcuts); empty when it got stuck. Marks its cells used.
std::vector<int> walk(Rng& rng, const Region& region, const Layout& grid, Marks& marks, int start,
                      int n) {
  std::vector<int> path = {start};
  marks[static_cast<std::size_t>(start)] = kUsed;
  std::array<int, 6> nb{};
  std::vector<int> next;
  while (static_cast<int>(path.size()) < n) {
    const int cur = path.back();
    next.clear();
    const int k = grid.neighbors(cur, nb);
    for (int i = 0; i < k; ++i) {
      const int c = nb[i];
      if (!region.has(c) || marks[static_cast<std::size_t>(c)] != kFree) continue;
      if (!touches_used(grid, marks, c, cur)) next.push_back(c);
    }
    if (next.empty()) return {};
    path.push_back(next[rng.below(next.size())]);
    marks[static_cast<std::size_t>(path.back())] = kUsed;
  }
  return path;
}

// Steps between two cells on an empty board of the grid (axial distance on a hex grid).
int board_distance(Topology grid, int a, int b) {
  const int dx = cell_x(b) - cell_x(a);
  const int dy = cell_y(b) - cell_y(a);
  if (grid == Topology::kHex) return (std::abs(dx) + std::abs(dy) + std::abs(dx + dy)) / 2;
  return std::abs(dx) + std::abs(dy);
}

int random_start(Rng& rng, const Region& region) {
  for (;;) {  // uniform over the region: its box, redrawn outside it
    const int x = region.x0 + static_cast<int>(
                                  rng.below(static_cast<std::uint64_t>(region.x1 - region.x0 + 1)));
    const int y = region.y0 + static_cast<int>(
                                  rng.below(static_cast<std::uint64_t>(region.y1 - region.y0 + 1)));
    if (region.has(make_cell(x, y))) return make_cell(x, y);
  }
}

// An artifact edge from the end of the first diamond segment to where the second one starts.
struct Bridge {
  int to = -1;
  std::vector<int> keep_empty;
  std::vector<int> no_diamond;
};

// The cell `k` steps from `cell` along the neighbour offset (dx, dy); -1 outside the box.
int along(int cell, int dx, int dy, int k) {
  const int x = cell_x(cell) + k * dx;
  const int y = cell_y(cell) + k * dy;
  return in_box(x, y) ? make_cell(x, y) : -1;
}

bool startable(const Region& region, const Layout& grid, const Marks& marks, int cell) {
  return cell >= 0 && region.has(cell) && marks[static_cast<std::size_t>(cell)] == kFree &&
         !touches_used(grid, marks, cell, -1);
}

// Every bridge of `artifact` from `c` (G1.4): the Rope across one or two empty cells of an axis,
// the Veil to a diagonal cell (two steps around a corner), the Mirror from the end of a line of
// the board to its other end.
std::vector<Bridge> bridges(int artifact, int c, const Region& region, const Layout& grid,
                            const Marks& marks) {
  std::vector<Bridge> out;
  std::array<int, 6> nb{};
  const int n = grid.neighbors(c, nb);
  if (artifact == kVeilCard) {
    // A diagonal cell shares two neighbours with c and is not one itself: a step, a turn, a step.
    std::array<int, 6> nb2{};
    for (int i = 0; i < n; ++i) {
      const int k = grid.neighbors(nb[i], nb2);
      for (int j = 0; j < k; ++j) {
        const int d = nb2[j];
        if (d == c || std::find(nb.begin(), nb.begin() + n, d) != nb.begin() + n) continue;
        Bridge b{d, {}, {}};
        for (int m = 0; m < n; ++m) {
          std::array<int, 6> nb3{};
          const int k3 = grid.neighbors(nb[m], nb3);
          if (std::find(nb3.begin(), nb3.begin() + k3, d) != nb3.begin() + k3) {
            b.no_diamond.push_back(nb[m]);
          }
        }
        const bool fresh =
            std::none_of(out.begin(), out.end(), [&](const Bridge& o) { return o.to == d; });
        if (b.no_diamond.size() == 2 && fresh && startable(region, grid, marks, d))
          out.push_back(b);
      }
    }
    return out;
  }
  for (int i = 0; i < n; ++i) {
    const int dx = cell_x(nb[i]) - cell_x(c);
    const int dy = cell_y(nb[i]) - cell_y(c);
    if (artifact == kRopeCard) {
      for (int gap = 1; gap <= 2; ++gap) {
        Bridge b{along(c, dx, dy, gap + 1), {}, {}};
        for (int k = 1; k <= gap; ++k) b.keep_empty.push_back(along(c, dx, dy, k));
        const bool open = std::all_of(b.keep_empty.begin(), b.keep_empty.end(), [&](int e) {
          return e >= 0 && marks[static_cast<std::size_t>(e)] != kUsed;
        });
        if (open && startable(region, grid, marks, b.to)) out.push_back(b);
      }
      continue;
    }
    // Mirror: nothing beyond c this way, and nothing beyond the far end the other way.
    std::vector<int> beyond_c;
    for (int k = 1, e = along(c, dx, dy, 1); e >= 0; e = along(c, dx, dy, ++k))
      beyond_c.push_back(e);
    const auto used = [&](int e) { return marks[static_cast<std::size_t>(e)] == kUsed; };
    if (std::any_of(beyond_c.begin(), beyond_c.end(), used)) continue;
    for (int k = 2, to = along(c, -dx, -dy, 2); to >= 0; to = along(c, -dx, -dy, ++k)) {
      Bridge b{to, beyond_c, {}};
      for (int m = 1, e = along(to, -dx, -dy, 1); e >= 0; e = along(to, -dx, -dy, ++m)) {
        b.keep_empty.push_back(e);
      }
      if (std::none_of(b.keep_empty.begin(), b.keep_empty.end(), used) &&
          startable(region, grid, marks, to)) {
        out.push_back(b);
      }
    }
  }
  return out;
}

// One drawn maze, or a layout with fewer than 40 cards when this attempt failed.
class Attempt {
 public:
  Attempt(Rng& rng, const Region& region, Topology grid_topo, int difficulty)
      : rng_(rng), region_(region), difficulty_(difficulty) {
    layout_.topo = grid_topo;
    marks_.fill(kFree);
    segment_.fill(-1);
  }

  // A plain diamond path A♦ .. Joker of `len` diamonds.
  bool plain_path(int len) {
    const std::vector<int> path =
        walk(rng_, region_, layout_, marks_, random_start(rng_, region_), len + 1);
    if (path.empty()) return false;
    // The hardest plans put the Joker far from A♦ as the crow flies: once the Joker is seen, a
    // Runner heads straight for it, and a far one leaves her more wrong steps on the way.
    if (difficulty_ >= 4 && board_distance(layout_.topo, path.front(), path.back()) < kFarJoker)
      return false;
    std::array<int, 12> diamonds{};
    for (int r = 2; r <= 13; ++r) diamonds[static_cast<std::size_t>(r - 2)] = card_id(kDiamonds, r);
    rng_.shuffle(diamonds.begin(), diamonds.end());
    layout_.place(kAceOfDiamonds, path[0]);
    for (int i = 1; i < len; ++i) layout_.place(diamonds[static_cast<std::size_t>(nd_++)], path[i]);
    layout_.place(kJoker, path.back());
    pool_.assign(diamonds.begin(), diamonds.end());
    for (int cell : path) segment_[static_cast<std::size_t>(cell)] = 0;
    return true;
  }

  // Two segments of `len` diamonds in all, the first holding the artifact that bridges them.
  bool bridged_path(int len) {
    const int first = 2 + static_cast<int>(rng_.below(static_cast<std::uint64_t>(len - 2)));
    const std::vector<int> seg1 =
        walk(rng_, region_, layout_, marks_, random_start(rng_, region_), first);
    if (seg1.empty()) return false;
    constexpr std::array<int, 3> kArtifacts = {kRopeCard, kVeilCard, kMirrorCard};
    const int artifact = kArtifacts[rng_.below(kArtifacts.size())];
    const std::vector<Bridge> options = bridges(artifact, seg1.back(), region_, layout_, marks_);
    if (options.empty()) return false;
    const Bridge& b = options[rng_.below(options.size())];
    for (int e : b.keep_empty) marks_[static_cast<std::size_t>(e)] = kKeepEmpty;
    for (int e : b.no_diamond) marks_[static_cast<std::size_t>(e)] = kNoDiamond;
    const std::vector<int> seg2 = walk(rng_, region_, layout_, marks_, b.to, len - first + 1);
    if (seg2.empty()) return false;
    for (int r = 2; r <= 13; ++r) {
      if (card_id(kDiamonds, r) != artifact) pool_.push_back(card_id(kDiamonds, r));
    }
    rng_.shuffle(pool_.begin(), pool_.end());
    const int at = 1 + static_cast<int>(rng_.below(static_cast<std::uint64_t>(first - 1)));
    pool_.insert(pool_.begin() + at - 1, artifact);
    layout_.place(kAceOfDiamonds, seg1[0]);
    for (int i = 1; i < first; ++i)
      layout_.place(pool_[static_cast<std::size_t>(nd_++)], seg1[static_cast<std::size_t>(i)]);
    for (std::size_t i = 0; i + 1 < seg2.size(); ++i)
      layout_.place(pool_[static_cast<std::size_t>(nd_++)], seg2[i]);
    layout_.place(kJoker, seg2.back());
    for (int cell : seg1) segment_[static_cast<std::size_t>(cell)] = 0;
    for (int cell : seg2) segment_[static_cast<std::size_t>(cell)] = 1;
    return true;
  }

  // The other diamonds branch off the path (dead ends), never next to the Joker nor to the other
  // segment of a bridged path.
  bool decoys() {
    std::array<int, 6> nb{};
    for (int tries = 0; nd_ < 12 && tries < 400; ++tries) {
      const int base = layout_.pos[card_id(kDiamonds, 1 + static_cast<int>(rng_.below(13)))];
      if (base < 0) continue;
      const int k = layout_.neighbors(base, nb);
      const int c = nb[rng_.below(static_cast<std::uint64_t>(k))];
      if (!region_.has(c) || layout_.at[c] >= 0 || marks_[static_cast<std::size_t>(c)] != kFree)
        continue;
      const int seg = segment_[static_cast<std::size_t>(base)];
      bool bad = false;
      const int k2 = layout_.neighbors(c, nb);
      for (int i = 0; i < k2; ++i) {
        const int other = segment_[static_cast<std::size_t>(nb[i])];
        bad |= layout_.at[nb[i]] == kJoker || (other >= 0 && other != seg);
      }
      if (bad) continue;
      layout_.place(pool_[static_cast<std::size_t>(nd_++)], c);
      marks_[static_cast<std::size_t>(c)] = kUsed;
      segment_[static_cast<std::size_t>(c)] = static_cast<std::int8_t>(seg);
    }
    return nd_ == 12;
  }

  // Spades and the trial cards along the diamonds (the frontier), clubs elsewhere; a bridged
  // path's two pieces joined first by a corridor of such cards around the bridge.
  bool fill() {
    std::vector<int> rest;
    for (int id = 0; id < kNumCards; ++id) {
      if (!is_diamond(id) && id != kJoker) rest.push_back(id);
    }
    rng_.shuffle(rest.begin(), rest.end());
    std::stable_partition(rest.begin(), rest.end(), [&](int id) {
      return difficulty_ > 0 && (card_suit(id) == kSpades || card_rank(id) >= 10);
    });
    if (difficulty_ >= 4) {  // every spade before any club: a wrong step always hurts
      std::stable_partition(rest.begin(), rest.end(),
                            [](int id) { return card_suit(id) == kSpades; });
    }
    std::vector<int> frontier;
    std::vector<int> far;
    std::array<int, 6> nb{};
    for (int c : region_.cells) {
      if (layout_.at[c] >= 0 || marks_[static_cast<std::size_t>(c)] == kKeepEmpty) continue;
      bool near = false;
      const int k = layout_.neighbors(c, nb);
      for (int i = 0; i < k; ++i) near |= layout_.at[nb[i]] >= 0 && is_diamond(layout_.at[nb[i]]);
      (near ? frontier : far).push_back(c);
    }
    rng_.shuffle(frontier.begin(), frontier.end());
    rng_.shuffle(far.begin(), far.end());
    frontier.insert(frontier.end(), far.begin(), far.end());
    std::size_t next = 0;
    if (!join_pieces(rest, next)) return false;
    std::vector<int> open;
    for (int c : frontier) {
      if (layout_.at[c] < 0) open.push_back(c);
    }
    if (open.size() < rest.size() - next) return false;
    if (open.size() == rest.size() - next) {
      // Every cell gets a card, so the maze is one piece whatever the order.
      for (int c : open) layout_.place(rest[next++], c);
      return true;
    }
    while (next < rest.size()) {  // grow: the first open cell (frontier first) touching a card
      const auto it = std::find_if(open.begin(), open.end(), [&](int c) {
        return layout_.at[c] < 0 && layout_.touches_card(c);
      });
      if (it == open.end()) return false;
      layout_.place(rest[next++], *it);
    }
    return true;
  }

  const Layout& layout() const { return layout_; }

 private:
  // Joins the pieces the bridge left apart: a shortest corridor of empty cells (never a kept-empty
  // one) from A♦'s piece to another, each corridor cell taking the next card of `rest`.
  bool join_pieces(const std::vector<int>& rest, std::size_t& next) {
    for (;;) {
      std::array<std::int16_t, kCells> from{};
      from.fill(-2);
      std::vector<int> queue;
      // A♦'s piece: the cards edge-connected to it.
      std::array<int, 6> nb{};
      queue.push_back(layout_.pos[kAceOfDiamonds]);
      from[static_cast<std::size_t>(queue[0])] = -1;
      for (std::size_t i = 0; i < queue.size(); ++i) {
        const int k = layout_.neighbors(queue[i], nb);
        for (int j = 0; j < k; ++j) {
          if (layout_.at[nb[j]] >= 0 && from[static_cast<std::size_t>(nb[j])] == -2) {
            from[static_cast<std::size_t>(nb[j])] = -1;
            queue.push_back(nb[j]);
          }
        }
      }
      if (static_cast<int>(queue.size()) == layout_.count) return true;
      int reached = -1;
      for (std::size_t i = 0; i < queue.size() && reached < 0; ++i) {
        const int k = layout_.neighbors(queue[i], nb);
        for (int j = 0; j < k && reached < 0; ++j) {
          const int c = nb[j];
          if (from[static_cast<std::size_t>(c)] != -2) continue;
          if (layout_.at[c] >= 0) {
            reached = queue[i];  // another piece: the corridor ends at queue[i]
            continue;
          }
          if (!region_.has(c) || marks_[static_cast<std::size_t>(c)] == kKeepEmpty) continue;
          from[static_cast<std::size_t>(c)] = static_cast<std::int16_t>(queue[i]);
          queue.push_back(c);
        }
      }
      if (reached < 0) return false;
      for (int c = reached; layout_.at[c] < 0; c = from[static_cast<std::size_t>(c)]) {
        if (next >= rest.size()) return false;
        layout_.place(rest[next++], c);
      }
    }
  }

  Rng& rng_;
  const Region& region_;
  int difficulty_;
  Layout layout_;
  Marks marks_{};
  std::array<std::int8_t, kCells> segment_{};  // the path segment a diamond belongs to
  std::vector<int> pool_;                      // the diamonds after A♦, in placing order
  int nd_ = 0;                                 // diamonds of the pool placed
};

}  // namespace

bool plan_buildable(const Layout& maze) {
  Layout l;
  l.topo = maze.topo;
  l.advanced = maze.advanced;
  for (const Action a : placement_order(maze)) {
    const int cell = static_cast<int>(a % kCells);
    if (l.count > 0 && !l.touches_card(cell)) return false;
    l.place(static_cast<int>(a / kCells), cell);
    if (!completion_possible(l)) return false;
  }
  return l.count == kNumCards;
}

Layout plan_maze(Rng& rng, const MazePlan& plan) {
  const bool bridged =
      plan.advanced && (plan.artifacts == ArtifactUse::kAlways ||
                        (plan.artifacts == ArtifactUse::kAuto && rng.below(2) == 0));
  // The first planner's rectangles are square walks, valid on a hex board too (square adjacency is
  // a subset of axial adjacency); the board's own shapes walk its own grid.
  const Topology grid = plan.shape == MazeShape::kRect ? Topology::kSquare : plan.board;
  for (;;) {
    const Region region = pick_region(rng, grid, bridged);
    const int len = std::min(13, 5 + 2 * plan.difficulty + static_cast<int>(rng.below(3)));
    Attempt attempt(rng, region, grid, plan.difficulty);
    if (!(bridged ? attempt.bridged_path(len) : attempt.plain_path(len))) continue;
    if (!attempt.decoys() || !attempt.fill()) continue;
    Layout maze = attempt.layout();
    maze.topo = plan.board;
    maze.advanced = plan.advanced;
    if (!maze.valid_maze() || (bridged && maze.has_diamond_path())) continue;
    if (plan_buildable(maze)) return maze;
  }
}

}  // namespace mw::pathfinder_cards
