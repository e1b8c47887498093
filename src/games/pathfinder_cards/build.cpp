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
#include <algorithm>
#include <array>
#include <bit>

#include "games/pathfinder_cards/layout.h"

namespace mw::pathfinder_cards {
namespace {

constexpr int kFar = 1 << 14;

struct Frame {
  int x0 = kSide;
  int y0 = kSide;
  int x1 = -1;
  int y1 = -1;
};

Frame frame_of(const Layout& l) {
  Frame f;
  for (int id = 0; id < kNumCards; ++id) {
    if (l.pos[id] < 0) continue;
    f.x0 = std::min(f.x0, cell_x(l.pos[id]));
    f.y0 = std::min(f.y0, cell_y(l.pos[id]));
    f.x1 = std::max(f.x1, cell_x(l.pos[id]));
    f.y1 = std::max(f.y1, cell_y(l.pos[id]));
  }
  f.x0 = std::max(0, f.x0 - 1);
  f.y0 = std::max(0, f.y0 - 1);
  f.x1 = std::min(kSide - 1, f.x1 + 1);
  f.y1 = std::min(kSide - 1, f.y1 + 1);
  return f;
}

bool in_frame(const Frame& f, int cell) {
  const int x = cell_x(cell);
  const int y = cell_y(cell);
  return x >= f.x0 && x <= f.x1 && y >= f.y0 && y <= f.y1;
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
    relax(cell, c >= 0 ? 0 : 1, c >= 0);
  }
  void run() {
    std::array<int, 6> nb{};
    while (head_ != tail_) {
      const int cell = deque_[head_];
      head_ = (head_ + 1) % kRing;
      const int n = l_.neighbors(cell, nb);
      for (int i = 0; i < n; ++i) {
        if (!in_frame(f_, nb[i])) continue;
        const int c = l_.at[nb[i]];
        if (c >= 0 && !is_diamond(c)) continue;
        relax(nb[i], dist_[cell] + (c >= 0 ? 0 : 1), c >= 0);
      }
    }
  }
  int dist(int cell) const { return dist_[cell]; }

 private:
  static constexpr int kRing = 2 * kCells;
  void relax(int cell, int d, bool front) {
    if (d >= dist_[cell]) return;
    dist_[cell] = static_cast<std::int16_t>(d);
    if (front) {
      head_ = (head_ + kRing - 1) % kRing;
      deque_[head_] = static_cast<std::int16_t>(cell);
    } else {
      deque_[tail_] = static_cast<std::int16_t>(cell);
      tail_ = (tail_ + 1) % kRing;
    }
  }
  const Layout& l_;
  Frame f_;
  std::array<std::int16_t, kCells> dist_;
  std::array<std::int16_t, kRing> deque_;
  int head_ = 0;
  int tail_ = 0;
};

bool free_pair_on_rim(const Layout& l, const Frame& f) {
  std::array<int, 6> nb{};
  for (int y = f.y0; y <= f.y1; ++y) {
    for (int x = f.x0; x <= f.x1; ++x) {
      const int e = make_cell(x, y);
      if (l.at[e] >= 0 || !l.touches_card(e)) continue;
      const int n = l.neighbors(e, nb);
      for (int i = 0; i < n; ++i) {
        if (l.at[nb[i]] < 0) return true;
      }
    }
  }
  return false;
}

}  // namespace

bool build_feasible(const Layout& l) {
  if (l.count == 0) return true;
  const int rem_d = 13 - std::popcount(l.placed() & kDiamondMask);
  const bool ace = l.pos[kAceOfDiamonds] >= 0;
  const bool joker = l.pos[kJoker] >= 0;
  const Frame f = frame_of(l);
  if (!ace && !joker) return free_pair_on_rim(l, f);
  // Fast paths: the missing endpoint can go right next to the placed one.
  std::array<int, 6> nb{};
  if (ace != joker) {
    const int n = l.neighbors(l.pos[ace ? kAceOfDiamonds : kJoker], nb);
    for (int i = 0; i < n; ++i) {
      if (l.at[nb[i]] < 0) return true;
    }
  }
  Search search_value(l, f);
  Search* search = &search_value;
  if (ace) {
    search->source(l.pos[kAceOfDiamonds]);
  } else {
    const int n = l.neighbors(l.pos[kJoker], nb);
    for (int i = 0; i < n; ++i) {
      if (in_frame(f, nb[i])) search->source(nb[i]);
    }
  }
  search->run();
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
