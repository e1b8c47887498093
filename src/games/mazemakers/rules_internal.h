#pragma once
// What the MazeMakers rules files (mazemakers.cpp, legal.cpp) share beyond the state's header.
#include <array>

#include "games/mazemakers/mazemakers.h"

namespace mw::mazemakers::detail {

// The pentomino board's squares: the 10x10 window without the 2x2 START hole.
inline constexpr Mask kBoard = [] {
  Mask m = 0;
  for (int c = 0; c < kCells; ++c) {
    if (c / kSide < 8 || c % kSide < 8) m |= cell_bit(c);  // the START hole is rows/cols 8-9
  }
  return m;
}();

// The squares orthogonally bordering START (A-G4-2, G4.7 example 7), in cell order.
inline constexpr std::array<int, 4> kStartNeighbours = {78, 79, 87, 97};

constexpr bool borders_start(int cell) {
  return cell == 78 || cell == 79 || cell == 87 || cell == 97;
}

inline constexpr Mask kStartNeighbourSquares = [] {
  Mask m = 0;
  for (int cell : kStartNeighbours) m |= cell_bit(cell);
  return m;
}();

}  // namespace mw::mazemakers::detail
