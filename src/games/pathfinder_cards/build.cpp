// Card-by-card maze building keeps a valid completion possible (the random suite plays random
// legal placements, so a placement must never lead to a dead end).
//
// The layout stays edge-connected after every card, so connectivity is never at risk: a connected
// set of fewer than 1,600 cells always has an empty neighbour in the box. What can be lost is the
// diamond path (G1.2 3b). A path A♦ .. Joker needs one unplaced diamond per empty cell it crosses,
// and it may pass through placed diamonds for free, never through other placed cards. That is a
// 0-1 shortest-path question. Cells beyond the layout's bounding box grown by one never help: a
// path leaving that frame can be pushed back onto the frame's empty border without getting
// longer (projection onto a rectangle does not lengthen a grid path), so the search stays in it.
//
// The advanced game (G1.2 3b') accepts more: a maze whose route needs an artifact
// (completion.cpp).
#include <algorithm>
#include <array>
#include <bit>
#include <span>
#include <vector>

#include "games/pathfinder_cards/layout.h"

namespace mw::pathfinder_cards {
namespace {

constexpr int kFar = 1 << 14;

// The frame the searches stay in: the layout's bounding box grown by one (see above).
using Frame = CellBox;

Frame frame_of(const Layout& l) {
  return grown_bounding_box(l, 1);
}

// 0-1 BFS: entering a placed diamond costs 0, an empty cell 1; other cards block.
class Search {
 public:
  // Only the frame's cells are ever read or written.
  Search(const Layout& l, const Frame& f) : l_(l), f_(f) {
    for (int y = f.y0; y <= f.y1; ++y) {
      std::fill_n(dist_.begin() + make_cell(f.x0, y), f.x1 - f.x0 + 1, std::int16_t{kFar});
    }
  }

  void source(int cell) {
    const int c = l_.at[cell];
    if (c >= 0 && !is_diamond(c)) return;
    relax(cell, c >= 0 ? 0 : 1, c >= 0, -1);
  }
  // The neighbours in Layout::neighbors' order, read in coordinates: the frame lies inside the
  // box, so one range check per neighbour stands for in_box and CellBox::holds (this loop is
  // most of a random build's time). With a `limit` the search stops once the cell taken from the
  // deque is farther: every cell within `limit` has its distance then (the deque holds cells in
  // order of distance), the others have a larger one, maybe not their own.
  void run(int limit = kFar) {
    const std::span<const std::array<int, 2>> steps = neighbor_steps(l_.topo);
    while (head_ != tail_) {
      const int cell = deque_[head_];
      if (dist_[cell] > limit) return;
      head_ = (head_ + 1) & (kRing - 1);
      const int x = cell_x(cell);
      const int y = cell_y(cell);
      for (const auto& [dx, dy] : steps) {
        const int nx = x + dx;
        const int ny = y + dy;
        if (nx < f_.x0 || nx > f_.x1 || ny < f_.y0 || ny > f_.y1) continue;
        const int next = make_cell(nx, ny);
        const int c = l_.at[next];
        if (c >= 0 && !is_diamond(c)) continue;
        relax(next, dist_[cell] + (c >= 0 ? 0 : 1), c >= 0, cell);
      }
    }
  }
  int dist(int cell) const { return dist_[cell]; }
  // The cell before `cell` on one cheapest path from a source; -1 at a source.
  int parent(int cell) const { return parent_[cell]; }

 private:
  static constexpr int kRing = 4096;  // a power of two above 2 * kCells: the deque never fills
  static_assert(kRing >= 2 * kCells && (kRing & (kRing - 1)) == 0);
  void relax(int cell, int d, bool front, int from) {
    if (d >= dist_[cell]) return;
    dist_[cell] = static_cast<std::int16_t>(d);
    parent_[cell] = static_cast<std::int16_t>(from);
    if (front) {
      head_ = (head_ + kRing - 1) & (kRing - 1);
      deque_[head_] = static_cast<std::int16_t>(cell);
    } else {
      deque_[tail_] = static_cast<std::int16_t>(cell);
      tail_ = (tail_ + 1) & (kRing - 1);
    }
  }
  const Layout& l_;
  Frame f_;
  std::array<std::int16_t, kCells> dist_;
  std::array<std::int16_t, kCells> parent_;  // written with dist_, read only where dist_ is set
  std::array<std::int16_t, kRing> deque_;
  int head_ = 0;
  int tail_ = 0;
};

// An empty cell touching the layout, with an empty neighbour (where A♦ and the Joker can still go
// side by side), as {cell, neighbour}; {-1, -1} when there is none.
std::array<int, 2> free_pair_on_rim(const Layout& l, const Frame& f) {
  std::array<int, 6> nb{};
  for (int y = f.y0; y <= f.y1; ++y) {
    for (int x = f.x0; x <= f.x1; ++x) {
      const int e = make_cell(x, y);
      if (l.at[e] >= 0 || !l.touches_card(e)) continue;
      const int n = l.neighbors(e, nb);
      for (int i = 0; i < n; ++i) {
        if (l.at[nb[i]] < 0) return {e, nb[i]};
      }
    }
  }
  return {-1, -1};
}

// An empty neighbour of the one endpoint placed, or -1.
int free_next_to_endpoint(const Layout& l) {
  std::array<int, 6> nb{};
  const int n = l.neighbors(l.pos[l.pos[kAceOfDiamonds] >= 0 ? kAceOfDiamonds : kJoker], nb);
  for (int i = 0; i < n; ++i) {
    if (l.at[nb[i]] < 0) return nb[i];
  }
  return -1;
}

// Both endpoints placed: two searches, the cheapest paths A♦ .. e and e .. Joker.
std::vector<PlacementVerdict> endpoint_verdicts(const Layout& l, const std::vector<int>& cells) {
  const Frame f = frame_of(l);
  Search from_ace(l, f);  // ~10 KB each, like build_feasible's one
  Search to_joker(l, f);
  from_ace.source(l.pos[kAceOfDiamonds]);
  from_ace.run();
  int cheapest = kFar;  // the cheapest path A♦ .. a cell next to the Joker
  int end = -1;         // where it ends
  std::array<int, 6> nb{};
  const int n = l.neighbors(l.pos[kJoker], nb);
  for (int i = 0; i < n; ++i) {
    if (f.holds(nb[i])) {
      to_joker.source(nb[i]);
      if (from_ace.dist(nb[i]) < cheapest) {
        cheapest = from_ace.dist(nb[i]);
        end = nb[i];
      }
    }
  }
  to_joker.run();
  std::vector<int> on_cheapest;  // the empty cells of one cheapest path
  for (int c = cheapest < kFar ? end : -1; c >= 0; c = from_ace.parent(c)) {
    if (l.at[c] < 0) on_cheapest.push_back(c);
  }
  const int rem_d = 13 - std::popcount(l.placed() & kDiamondMask);
  std::vector<PlacementVerdict> out;
  out.reserve(cells.size());
  for (const int e : cells) {
    const int through = from_ace.dist(e) + to_joker.dist(e) - 1;  // the empty e counted once
    PlacementVerdict v;
    // A diamond on e: a path through it costs one less, against one diamond less in hand; if no
    // affordable path crosses e, the cheapest path avoids it and must fit in the smaller hand.
    v.diamond = through <= rem_d || cheapest <= rem_d - 1 ? 1 : 0;
    // Another card on e blocks it: fine when every affordable path avoids e, or when one
    // cheapest path does.
    const bool on_path = std::find(on_cheapest.begin(), on_cheapest.end(), e) != on_cheapest.end();
    v.other = cheapest > rem_d ? 0 : through > rem_d || !on_path ? 1 : -1;
    out.push_back(v);
  }
  return out;
}

}  // namespace

std::vector<PlacementVerdict> placement_verdicts(const Layout& l, const std::vector<int>& cells) {
  const bool ace = l.pos[kAceOfDiamonds] >= 0;
  const bool joker = l.pos[kJoker] >= 0;
  if (ace && joker) return endpoint_verdicts(l, cells);
  // Fewer endpoints: build_feasible's quick answers (a free pair on the rim, an empty cell next to
  // the placed endpoint) still hold after a card on e unless e is a cell they relied on.
  const Frame f = frame_of(l);
  const std::array<int, 2> relied =
      ace || joker ? std::array<int, 2>{free_next_to_endpoint(l), -1} : free_pair_on_rim(l, f);
  // The missing endpoint on e: with the other one placed, one search from it answers (the
  // cheapest path to e's neighbours, or from e, e itself never helping); with neither, the quick
  // answer "an empty cell next to it" holds when e has one.
  Search search(l, f);
  if (ace) {
    search.source(l.pos[kAceOfDiamonds]);
  } else if (joker) {
    std::array<int, 6> nb{};
    const int n = l.neighbors(l.pos[kJoker], nb);
    for (int i = 0; i < n; ++i) search.source(nb[i]);  // next to a card: inside the frame
  }
  search.run();
  const int rem_d = 13 - std::popcount(l.placed() & kDiamondMask);
  std::vector<PlacementVerdict> out;
  out.reserve(cells.size());
  std::array<int, 6> nb{};
  for (const int e : cells) {
    PlacementVerdict v;
    const bool sure = relied[0] >= 0 && e != relied[0] && e != relied[1];
    v.diamond = v.other = static_cast<std::int8_t>(sure ? 1 : -1);
    const int n = l.neighbors(e, nb);
    if (joker) {
      // A♦ on e is a diamond: the path from it costs dist(e) - 1, against one diamond less.
      v.ace = static_cast<std::int8_t>(search.dist(e) <= rem_d ? 1 : 0);
    } else if (ace) {
      int best = kFar;
      bool framed = true;  // a neighbour outside the frame has no distance: ask build_feasible
      for (int i = 0; i < n; ++i) {
        framed = framed && f.holds(nb[i]);
        if (framed) best = std::min(best, search.dist(nb[i]));
      }
      v.joker = static_cast<std::int8_t>(!framed ? -1 : best <= rem_d ? 1 : 0);
    } else {
      bool open = false;
      for (int i = 0; i < n; ++i) open = open || l.at[nb[i]] < 0;
      v.ace = v.joker = static_cast<std::int8_t>(open ? 1 : -1);
    }
    out.push_back(v);
  }
  return out;
}

bool build_feasible(const Layout& l) {
  if (l.count == 0) return true;
  const int rem_d = 13 - std::popcount(l.placed() & kDiamondMask);
  const bool ace = l.pos[kAceOfDiamonds] >= 0;
  const bool joker = l.pos[kJoker] >= 0;
  if (!ace && !joker) return free_pair_on_rim(l, frame_of(l))[0] >= 0;
  // Fast paths: the missing endpoint can go right next to the placed one.
  std::array<int, 6> nb{};
  if (ace != joker) {
    const int n = l.neighbors(l.pos[ace ? kAceOfDiamonds : kJoker], nb);
    for (int i = 0; i < n; ++i) {
      if (l.at[nb[i]] < 0) return true;
    }
  }
  const Frame f = frame_of(l);
  Search search_value(l, f);
  Search* search = &search_value;
  if (ace) {
    search->source(l.pos[kAceOfDiamonds]);
  } else {
    const int n = l.neighbors(l.pos[kJoker], nb);
    for (int i = 0; i < n; ++i) {
      if (f.holds(nb[i])) search->source(nb[i]);
    }
  }
  // Only whether a distance is within the diamonds left is asked below.
  search->run(ace && !joker ? rem_d + 1 : rem_d);
  if (ace && joker) {
    const int n = l.neighbors(l.pos[kJoker], nb);
    for (int i = 0; i < n; ++i) {
      if (search->dist(nb[i]) <= rem_d) return true;
    }
    return false;
  }
  // One endpoint is still to be placed on an empty cell: the Joker needs the path to reach a
  // neighbour of its cell (dist <= rem_d + 1 counting the cell itself), A♦ is one of rem_d.
  const int limit = ace ? rem_d + 1 : rem_d;
  for (int y = f.y0; y <= f.y1; ++y) {
    for (int x = f.x0; x <= f.x1; ++x) {
      const int e = make_cell(x, y);
      if (l.at[e] < 0 && search->dist(e) <= limit) return true;
    }
  }
  return false;
}

}  // namespace mw::pathfinder_cards
