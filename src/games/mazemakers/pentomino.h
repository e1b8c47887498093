#pragma once
// The 12 free pentominoes F I L N P T U V W X Y Z and their 63 fixed orientations (rotations and
// reflections counted as distinct; RULINGS section 0), with placement masks on the 10x10 board of
// small squares. Orientation ids are stable: grouped by piece in the order above, and within a
// piece sorted by their normalized cell lists (the order of ../shared/rules-tools/pento.py's sets).
#include <array>
#include <bit>
#include <cstdint>
#include <string_view>
#include <utility>

#include "core/bits.h"
#include "core/rng.h"

namespace mw::mazemakers {

inline constexpr int kSide = 10;              // small squares per board side
inline constexpr int kCells = kSide * kSide;  // cell = row * 10 + col, row 0 at the top
inline constexpr int kNumPieces = 12;
inline constexpr int kNumOrientations = 63;
inline constexpr std::string_view kPieceLetters = "FILNPTUVWXYZ";

using Mask = Uint128;  // bit i = cell i

constexpr Mask cell_bit(int cell) {
  return Mask{1} << cell;
}

struct Orientation {
  std::int8_t piece = 0;
  std::int8_t index_in_piece = 0;  // 0-based; notation shows it 1-based
  std::int8_t height = 0;
  std::int8_t width = 0;
  std::array<std::int8_t, 5> dr{};
  std::array<std::int8_t, 5> dc{};
};

const std::array<Orientation, kNumOrientations>& orientations();
// The first orientation id of a piece and how many it has (F8 I2 L8 N8 P8 T4 U4 V4 W4 X1 Y8 Z4).
int first_orientation(int piece);
int orientation_count(int piece);
// The squares covered by orientation `o` with its bounding box's top-left at `anchor`; 0 when the
// box leaves the 10x10 grid. Inline below: moving a wall asks it twice, every turn of a rollout.
inline Mask placement_mask(int o, int anchor);
// The anchors (bit a) at which orientation `o` stays on the 10x10 grid and covers none of the
// squares of `blocked`: every anchor a with placement_mask(o, a) != 0 and
// (placement_mask(o, a) & blocked) == 0, found from shifted copies of `blocked` (ShiftedSquares)
// instead of 100 mask tests (legal wall moves are most of the work of a random MazeMakers game).
Mask fitting_anchors(int o, Mask blocked);

// Every offset (row * 10 + col) of a square from its orientation's anchor, over the 63
// orientations.
inline constexpr std::array<int, 15> kSquareOffsets = {0,  1,  2,  3,  4,  10, 11, 12,
                                                       13, 20, 21, 22, 30, 31, 40};

// Squares shifted down by each of kSquareOffsets, once for every orientation tested against
// them: an orientation's anchors are then five loads rather than five shifts (all 63
// orientations share one set of squares at a set-up placement; a wall's 8 share 12 offsets).
struct ShiftedSquares {
  std::array<Mask, kSquareOffsets.size()> by_offset;
  explicit ShiftedSquares(Mask blocked)
      : by_offset(shifted(blocked, std::make_index_sequence<kSquareOffsets.size()>{})) {}

 private:
  template <std::size_t... I>
  static std::array<Mask, sizeof...(I)> shifted(Mask m, std::index_sequence<I...>) {
    return {(m >> kSquareOffsets[I])...};  // constant shifts: two instructions each
  }
};

// What fitting_anchors reads, for loops over many orientations: the table looked up once, the
// test inlined.
struct AnchorTable {
  std::array<int, kNumPieces + 1> first;  // first_orientation, and its end for the last piece
  // Per orientation: its squares as offsets from the anchor (row * 10 + col), the same as
  // indices into kSquareOffsets, and the anchors at which its bounding box stays on the grid.
  std::array<std::array<std::int8_t, 5>, kNumOrientations> offsets;
  std::array<std::array<std::uint8_t, 5>, kNumOrientations> offset_slots;
  std::array<Mask, kNumOrientations> on_grid;
  // Per orientation: its squares with the anchor at cell 0 (a placement is this shifted by its
  // anchor: 16 bytes an orientation rather than a 100 KB table of every placement's mask).
  std::array<Mask, kNumOrientations> shape;
};
const AnchorTable& anchor_table();

inline Mask fitting_anchors(const AnchorTable& t, int o, const ShiftedSquares& blocked) {
  // Square anchor + k is blocked exactly when bit `anchor` of blocked >> k is set.
  const auto& k = t.offset_slots[static_cast<std::size_t>(o)];
  const auto& by = blocked.by_offset;
  const Mask hit = by[k[0]] | by[k[1]] | by[k[2]] | by[k[3]] | by[k[4]];
  return t.on_grid[static_cast<std::size_t>(o)] & ~hit;
}

inline Mask placement_mask(int o, int anchor) {
  const AnchorTable& t = anchor_table();
  const auto i = static_cast<std::size_t>(o);
  return ((t.on_grid[i] >> anchor) & 1) != 0 ? t.shape[i] << anchor : Mask{0};
}

// How many squares (bits) a mask has.
inline int cells_in(Mask m) {
  return std::popcount(static_cast<std::uint64_t>(m)) +
         std::popcount(static_cast<std::uint64_t>(m >> 64));
}

// The lowest set bit of a non-zero mask.
inline int lowest_cell(Mask m) {
  const auto low = static_cast<std::uint64_t>(m);
  return low != 0 ? std::countr_zero(low)
                  : 64 + std::countr_zero(static_cast<std::uint64_t>(m >> 64));
}

// The cell of the set bit of `m` with `k` set bits below it (k < cells_in(m)): a uniform pick
// among the cells when k is drawn below their count.
inline int nth_cell(Mask m, int k) {
  return nth_set_bit(static_cast<std::uint64_t>(m), static_cast<std::uint64_t>(m >> 64), k);
}

}  // namespace mw::mazemakers
