// The advanced build check's bounds (completion_bounds.h): what the search of completion.cpp
// knows, before growing a layout, about every completion that could follow it.
#include "games/pathfinder_cards/completion_bounds.h"

#include <algorithm>
#include <bit>

namespace mw::pathfinder_cards::completion_detail {

CellBox completion_area(const Layout& l) {
  return grown_bounding_box(l, kNumCards - l.count);
}

namespace {
constexpr std::array<std::array<int, 2>, 4> kSquareDiagonals = {
    {{1, -1}, {-1, -1}, {-1, 1}, {1, 1}}};
constexpr std::array<std::array<int, 2>, 6> kHexDiagonals = {
    {{2, -1}, {1, -2}, {-1, -1}, {-2, 1}, {-1, 2}, {1, 1}}};
}  // namespace

std::span<const std::array<int, 2>> diagonal_steps(Topology topo) {
  if (topo == Topology::kSquare) return kSquareDiagonals;
  return kHexDiagonals;
}

int label_pieces(const Layout& w, std::array<std::int8_t, kNumCards>& piece) {
  int count = 0;
  std::array<int, kNumCards> queue{};
  std::array<int, 6> nb{};
  for (int start = 0; start < kNumCards; ++start) {
    if (w.pos[start] < 0 || piece[start] != 0) continue;
    piece[start] = static_cast<std::int8_t>(++count);
    int head = 0;
    int tail = 0;
    queue[tail++] = start;
    while (head < tail) {
      const int n = w.neighbors(w.pos[queue[head++]], nb);
      for (int i = 0; i < n; ++i) {
        const int c = w.at[nb[i]];
        if (c >= 0 && piece[c] == 0) {
          piece[c] = static_cast<std::int8_t>(count);
          queue[tail++] = c;
        }
      }
    }
  }
  return count;
}

int largest_piece(const Layout& w, const std::array<std::int8_t, kNumCards>& piece) {
  std::array<int, kNumCards + 1> size{};
  std::array<int, kNumCards + 1> first_cell;
  first_cell.fill(kCells);
  for (int id = 0; id < kNumCards; ++id) {
    if (w.pos[id] < 0) continue;
    ++size[piece[id]];
    first_cell[piece[id]] = std::min<int>(first_cell[piece[id]], w.pos[id]);
  }
  int best = 1;
  for (int p = 2; p <= kNumCards; ++p) {
    if (size[p] > size[best] || (size[p] == size[best] && first_cell[p] < first_cell[best])) {
      best = p;
    }
  }
  return best;
}

// A lower bound on the diamonds any completion adds to join A♦ to the Joker (both placed): a 0-1
// search where an empty cell costs one diamond and a placed diamond nothing, with every artifact
// treated as enabled from the start: steps, Veil diagonals, Rope jumps over empty cells (to the
// first card, or to an empty cell of the gap that a new card would make the first) and Mirror
// wraps (to the farthest card the other way, or an empty cell beyond it). Every edge of a
// completion's closure is one of these (new cards only shorten gaps and lines), so when the bound
// exceeds the diamonds allowed no completion exists.
//
// Every such edge goes both ways, so the distances from the Joker bound A♦'s cell as well.
// Only the area's cells are searched: a completion puts no card outside it. The search stops
// once it has reached every card of `targets` (if any) or gone past `limit`; only the edges of the
// artifacts `arts` are used.
void relaxed_distances(const Layout& l, int source, std::uint64_t targets, int limit,
                       std::uint64_t arts, Distances& dist) {
  const bool veil = (arts >> kVeilCard) & 1;
  const bool rope = (arts >> kRopeCard) & 1;
  const bool mirror = (arts >> kMirrorCard) & 1;
  dist.fill(static_cast<std::int16_t>(kUnreachable));
  const CellBox area = completion_area(l);
  std::array<std::int16_t, 2 * kCells> deque;
  int head = kCells;
  int tail = kCells;
  const auto relax = [&](int x, int y, int d) {
    if (x < area.x0 || x > area.x1 || y < area.y0 || y > area.y1) return;
    const int cell = make_cell(x, y);
    const int c = l.at[cell];
    if (c >= 0 && !is_diamond(c) && c != kJoker) return;
    const int nd = d + (c < 0 ? 1 : 0);
    if (nd >= dist[cell]) return;
    dist[cell] = static_cast<std::int16_t>(nd);
    if (c >= 0) {
      deque[--head] = static_cast<std::int16_t>(cell);
    } else {
      deque[tail++] = static_cast<std::int16_t>(cell);
    }
  };
  const auto inside = [&](int x, int y) {
    return x >= area.x0 && x <= area.x1 && y >= area.y0 && y <= area.y1;
  };
  const auto card_at = [&](int x, int y) { return l.at[make_cell(x, y)] >= 0; };
  dist[source] = 0;
  deque[tail++] = static_cast<std::int16_t>(source);
  const std::span<const std::array<int, 2>> steps = neighbor_steps(l.topo);
  while (head < tail) {
    const int cell = deque[head++];
    const int d = dist[cell];
    if (d > limit) return;
    if (targets != 0 && l.at[cell] >= 0) {
      targets &= ~(std::uint64_t{1} << l.at[cell]);
      if (targets == 0) return;
    }
    const int x = cell_x(cell);
    const int y = cell_y(cell);
    for (const auto& [dx, dy] : steps) relax(x + dx, y + dy, d);
    if (veil) {
      for (const auto& [dx, dy] : diagonal_steps(l.topo)) relax(x + dx, y + dy, d);
    }
    for (const auto& [dx, dy] : steps) {
      if (!rope && !mirror) break;
      // Rope: over at least one empty cell, up to the first card.
      int k = 1;
      while (inside(x + k * dx, y + k * dy) && !card_at(x + k * dx, y + k * dy)) ++k;
      for (int j = 2; rope && j <= k; ++j) relax(x + j * dx, y + j * dy, d);
      // Mirror: no card at all ahead; the farthest card the other way, or beyond it.
      if (!mirror || inside(x + k * dx, y + k * dy)) continue;
      int far = 0;
      for (int j = 1; inside(x - j * dx, y - j * dy); ++j) {
        if (card_at(x - j * dx, y - j * dy)) far = j;
      }
      for (int j = std::max(far, 1); inside(x - j * dx, y - j * dy); ++j) {
        relax(x - j * dx, y - j * dy, d);
      }
    }
  }
}

// Whether the bound allows a completion with at most `depth` new diamonds. An artifact's edges
// count only once it is in the chain, so the chain reaches each placed artifact it enables with the
// edges of those that joined before it: starting from the unplaced artifacts (which may go
// anywhere on the way), a placed artifact is added once the bound reaches it with the artifacts
// added so far, until none is left to add; then the Joker must be within `depth` with them all.
// (More artifacts only add edges, so this one set is the best order any completion could take.)
bool within_bound(const Layout& l, int depth) {
  Distances dist;
  std::uint64_t arts = kArtifactMask & ~l.placed();
  for (;;) {
    const std::uint64_t waiting = kArtifactMask & l.placed() & ~arts;
    const std::uint64_t targets = (std::uint64_t{1} << kJoker) | waiting;
    relaxed_distances(l, l.pos[kAceOfDiamonds], targets, depth, arts, dist);
    std::uint64_t reached = 0;
    for (std::uint64_t t = waiting; t != 0; t &= t - 1) {
      const int a = std::countr_zero(t);
      if (dist[l.pos[a]] <= depth) reached |= std::uint64_t{1} << a;
    }
    if (reached == 0) return dist[l.pos[kJoker]] <= depth;
    arts |= reached;
  }
}

// Whether the pieces of a layout can be joined into one by at most `limit` new cards, an empty
// cell costing one card and a placed card nothing. A completion places every card left and the
// cards joining the pieces are among them; a card added later saves at most itself, so when the
// pieces need more than the cards left no extension of the layout can be completed.
//
// Each piece must reach another (its gap); joining them pair by pair along a spanning tree of
// their distances is one way, so when that fits the answer is yes; otherwise the exact cheapest
// tree (Steiner, by Dreyfus-Wagner) decides. A tree within the limit joins each of its cells to
// every piece within the limit, so it lies among the cells each piece reaches within the limit
// through cells the pieces before it so reach: each piece's costs are measured only there.
int JoiningCost::cost(const Layout& l, int limit) {
  piece_.fill(0);
  const int k = label_pieces(l, piece_);
  if (k == 1) return 0;
  limit_ = std::min(limit, 254);
  const int largest = largest_piece(l, piece_);
  for (int p = 1; p <= k; ++p) between_[p].fill(kFar);
  for (int p = 1; p <= k; ++p) {
    if (p != largest && !measure_between(l, p, k)) return limit + 1;
  }
  const auto nearest = [&](int p) {
    return *std::min_element(between_[p].begin() + 1, between_[p].begin() + k + 1);
  };
  if (nearest(largest) > limit_) return limit + 1;
  if (const int spanning = spanning_tree(k); spanning <= limit_) return spanning;
  if (k > kMaxPieces) return limit;  // too many pieces for the exact tree
  const int steiner = steiner_tree(l, k, largest);
  return steiner <= limit_ ? steiner : limit + 1;
}

// Costs from piece `p` (its cards nothing, up to the limit) until every other piece is reached:
// the pieces' distances, both ways. False when some piece is beyond the limit (its gap or p's).
bool JoiningCost::measure_between(const Layout& l, int p, int k) {
  start_from(l, p, scratch_);
  std::uint64_t reached = std::uint64_t{1} << p;
  const std::uint64_t every = (std::uint64_t{2} << k) - 2;
  spread(l, scratch_, nullptr, [&](int cell, int cost) {
    const int q = piece_[l.at[cell]];
    if ((reached >> q) & 1) return false;
    reached |= std::uint64_t{1} << q;
    between_[p][q] = between_[q][p] = static_cast<std::uint8_t>(cost);
    return reached == every;
  });
  return *std::min_element(between_[p].begin() + 1, between_[p].begin() + k + 1) <= limit_;
}

// The cards of piece `p` start a spreading at cost 0.
void JoiningCost::start_from(const Layout& l, int p, Costs& d) {
  d.fill(kFar);
  start_.clear();
  for (int id = 0; id < kNumCards; ++id) {
    if (l.pos[id] >= 0 && piece_[id] == p) {
      d[l.pos[id]] = 0;
      start_.push_back(l.pos[id]);
    }
  }
}

// Dial's buckets over cost: lowers `d` along the edges from the cells of start_, entering an
// empty cell costing one and a placed card nothing, never past the limit nor outside `allowed`
// (when given). `on_first(cell, cost)` is told of each card the first time its cost is set (its
// final cost: costs are set in increasing order), and may stop the spreading.
template <typename OnFirst>
void JoiningCost::spread(const Layout& l, Costs& d, const std::array<bool, kCells>* allowed,
                         OnFirst&& on_first) {
  buckets_.resize(limit_ + 1);
  for (auto& b : buckets_) b.clear();
  for (const int cell : start_) {
    if (d[cell] <= limit_) buckets_[d[cell]].push_back(cell);
  }
  std::array<int, 6> nb{};
  for (int level = 0; level <= limit_; ++level) {
    for (std::size_t b = 0; b < buckets_[level].size(); ++b) {
      const int cell = buckets_[level][b];
      if (d[cell] != level) continue;
      const int n = l.neighbors(cell, nb);
      for (int j = 0; j < n; ++j) {
        const int next = nb[j];
        if (allowed != nullptr && !(*allowed)[next]) continue;
        const bool card = l.at[next] >= 0;
        const int cost = level + (card ? 0 : 1);
        if (cost > limit_ || cost >= d[next]) continue;
        const bool first = d[next] == kFar;
        d[next] = static_cast<std::uint8_t>(cost);
        buckets_[cost].push_back(next);
        if (card && first && on_first(next, cost)) return;
      }
    }
  }
}

// The cheapest spanning tree over the pieces' distances to one another (Prim).
int JoiningCost::spanning_tree(int k) const {
  std::array<int, kNumCards + 1> reach{};
  reach.fill(kFar);
  std::array<bool, kNumCards + 1> in{};
  reach[1] = 0;
  int total = 0;
  for (int round = 0; round < k; ++round) {
    int next = 0;
    for (int p = 1; p <= k; ++p) {
      if (!in[p] && (next == 0 || reach[p] < reach[next])) next = p;
    }
    in[next] = true;
    total += reach[next];
    for (int p = 1; p <= k; ++p) {
      if (p != next) reach[p] = std::min<int>(reach[p], between_[next][p]);
    }
  }
  return total;
}

// Dreyfus-Wagner: the cheapest tree for a set of pieces through a cell is two trees for a split
// of the set meeting there, then grown along paths. The piece farthest from the largest is
// measured first (its costs reach the fewest cells), the largest last.
int JoiningCost::steiner_tree(const Layout& l, int k, int largest) {
  const int all = (1 << k) - 1;
  cost_.resize(static_cast<std::size_t>(all + 1));
  std::array<int, kMaxPieces> order{};  // farthest first (an insertion sort: k is small)
  for (int p = 1, n = 0; p <= k; ++p, ++n) {
    int i = n;
    for (; i > 0 && far_from(order[i - 1], largest) < far_from(p, largest); --i) {
      order[i] = order[i - 1];
    }
    order[i] = p;
  }
  region_.clear();
  for (int i = 0; i < k; ++i) measure_set(l, order[i], std::size_t{1} << i);
  for (int set = 3; set <= all; ++set) {
    if ((set & (set - 1)) == 0) continue;  // one piece: its own costs
    Costs& d = cost_[set];
    d.fill(kFar);
    for (int part = (set - 1) & set; part > (set ^ part); part = (part - 1) & set) {
      const Costs& a = cost_[part];
      const Costs& b = cost_[set ^ part];
      for (const int cell : region_) {
        const int c = a[cell] + b[cell] - (l.at[cell] < 0 ? 1 : 0);  // the meeting cell once
        if (c < d[cell]) d[cell] = static_cast<std::uint8_t>(c);
      }
    }
    start_ = region_;
    spread(l, d, &allowed_, [](int, int) { return false; });
  }
  int best = limit_ + 1;
  for (const int cell : region_) {
    best = std::min<int>(best, cost_[all][cell]);
    allowed_[cell] = false;  // all false again for the next question
  }
  return best;
}

// The costs from piece `p` among the cells of region_ (any cell for the first piece), which then
// keeps only those it reaches within the limit.
void JoiningCost::measure_set(const Layout& l, int p, std::size_t set) {
  Costs& d = cost_[set];
  start_from(l, p, d);
  const bool first = set == 1;
  spread(l, d, first ? nullptr : &allowed_, [](int, int) { return false; });
  if (first) {
    for (int level = 0; level <= limit_; ++level) {
      for (const int cell : buckets_[level]) {
        if (d[cell] == level) region_.push_back(cell);  // once each: at its final cost
      }
    }
    for (const int cell : region_) allowed_[cell] = true;
    return;
  }
  std::size_t kept = 0;
  for (const int cell : region_) {
    if (d[cell] <= limit_) {
      region_[kept++] = cell;
    } else {
      allowed_[cell] = false;
    }
  }
  region_.resize(kept);
}

}  // namespace mw::pathfinder_cards::completion_detail
