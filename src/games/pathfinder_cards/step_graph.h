#pragma once
// The diamond graph G of a basic layout (the cells of the diamonds and the Joker, joined by steps),
// followed swap by swap. The Runner's resample asks, for each swap it tries, whether the diamond
// path still exists and whether her Pathfinder answers still hold; one search over the board's
// cells per question was most of its time. Swaps keep the occupied cells, so the graph numbers
// them once (at most 40: one bit each), keeps each one's occupied step neighbours as a mask, and
// a swap only changes which of them hold a card of G: a search is a few word operations a cell.
#include <array>
#include <cstdint>

#include "games/pathfinder_cards/layout.h"

namespace mw::pathfinder_cards {

class StepGraph {
 public:
  // `l` is a basic layout (no artifact edges: l.advanced is false).
  explicit StepGraph(const Layout& l);

  // Swaps the cards on the occupied cells `a` and `b` of `l`, the layout this graph follows.
  void swap(Layout& l, int a, int b);

  // Layout::has_diamond_path() of the layout followed (`l`).
  bool diamond_path(const Layout& l) const;
  // aql::pathfinder_dirs(l, cell) of the layout followed (`l`).
  std::uint32_t pathfinder_dirs(const Layout& l, int cell) const;

 private:
  // The slots of `allowed` reached from those of `from` by steps within `allowed`.
  std::uint64_t closure(std::uint64_t from, std::uint64_t allowed) const;
  void mark(const Layout& l, int cell);

  std::array<std::int8_t, kCells> slot_;          // slot of each occupied cell (others never read)
  std::array<std::uint64_t, kNumCards> steps_{};  // per slot: its occupied step neighbours
  std::array<std::array<std::int8_t, 6>, kNumCards> to_{};      // per slot: those slots, as listed
  std::array<std::array<std::uint8_t, 6>, kNumCards> label_{};  // ... and their step labels
  std::array<std::int8_t, kNumCards> degree_{};
  std::uint64_t graph_ = 0;     // slots holding a diamond or the Joker
  std::uint64_t diamonds_ = 0;  // slots holding a diamond
};

}  // namespace mw::pathfinder_cards
