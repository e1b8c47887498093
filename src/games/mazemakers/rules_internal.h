#pragma once
// What the MazeMakers rules files (mazemakers.cpp, legal.cpp) share beyond the state's header.
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

}  // namespace mw::mazemakers::detail
