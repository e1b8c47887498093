#pragma once
// The queue search of build.cpp (a 0-1 breadth-first search over the frame's cells, with
// distances and parents) and its frame: placement_verdicts reads its distances, and the tests
// hold build_feasible's search by rows to it.
#include <algorithm>
#include <array>
#include <cstdint>
#include <span>

#include "games/pathfinder_cards/layout.h"

namespace mw::pathfinder_cards::build_search {

constexpr int kFar = 1 << 14;

// The frame the searches stay in: the layout's bounding box grown by one (build.cpp says why).
using Frame = CellBox;

inline Frame frame_of(const Layout& l) {
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
  // most of placement_verdicts' time; build_feasible searches by rows, FrameRows below).
  void run() {
    const std::span<const std::array<int, 2>> steps = neighbor_steps(l_.topo);
    while (head_ != tail_) {
      const int cell = deque_[head_];
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
inline std::array<int, 2> free_pair_on_rim(const Layout& l, const Frame& f) {
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

}  // namespace mw::pathfinder_cards::build_search
