#pragma once
// What the MazeMakers rules files (mazemakers.cpp, legal.cpp, apply.cpp) share beyond the state's
// header.
#include <array>
#include <bit>
#include <cstdint>
#include <cstring>

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

// ---- the walls' bytes, twelve at a time ---------------------------------------------------------
// Whose walls are whose, and how many coins each holds, are read at every turn of every rollout:
// loops of twelve tests were a tenth of a search. These read a per-wall array of bytes (owner_,
// owner_coins_) as two words and test every byte at once (no carry crosses a byte).

inline constexpr std::uint64_t kByteOnes = 0x0101010101010101ULL;
inline constexpr std::uint64_t kByteHighs = 0x8080808080808080ULL;
inline constexpr unsigned kAllWalls = (1u << kNumPieces) - 1;

// Walls 0-7 in the low word, walls 8-11 in the low half of the high word (the rest zero).
struct WallBytes {
  std::uint64_t low = 0, high = 0;
  explicit WallBytes(const std::array<std::int8_t, kNumPieces>& bytes) {
    static_assert(kNumPieces == 12);
    static_assert(std::endian::native == std::endian::little, "wall w is byte w % 8 of word w / 8");
    std::memcpy(&low, bytes.data(), 8);
    std::memcpy(&high, bytes.data() + 8, 4);
  }
};

// 0x80 in each byte of x that is zero, 0 in the others.
constexpr std::uint64_t zero_bytes(std::uint64_t x) {
  const std::uint64_t low7 = ~kByteHighs;
  return ~(((x & low7) + low7) | x | low7);
}

// The high bit of byte i of x as bit i.
constexpr unsigned high_bits_of_bytes(std::uint64_t x) {
  return static_cast<unsigned>((((x & kByteHighs) >> 7) * 0x0102040810204080ULL) >> 56);
}

// 0xFF in the bytes whose high bit is set, 0 in the others.
constexpr std::uint64_t spread_high_bits(std::uint64_t x) {
  return ((x & kByteHighs) >> 7) * 0xFF;
}

// The sum of the eight bytes of x, when it is below 256.
constexpr int sum_of_bytes(std::uint64_t x) {
  return static_cast<int>((x * kByteOnes) >> 56);
}

// Bit w set where bytes[w] == value.
inline unsigned walls_where_byte_is(const std::array<std::int8_t, kNumPieces>& bytes, int value) {
  const WallBytes b(bytes);
  const std::uint64_t v = static_cast<std::uint8_t>(value) * kByteOnes;
  const unsigned low = high_bits_of_bytes(zero_bytes(b.low ^ v));
  const unsigned high = high_bits_of_bytes(zero_bytes(b.high ^ v));
  return (low | high << 8) & kAllWalls;
}

// Bit w set where bytes[w] >= threshold, for bytes and threshold in 0..127.
inline unsigned walls_where_byte_at_least(const std::array<std::int8_t, kNumPieces>& bytes,
                                          int threshold) {
  const WallBytes b(bytes);
  const std::uint64_t t = static_cast<std::uint64_t>(threshold) * kByteOnes;
  // Each byte b | 0x80 minus t keeps its high bit exactly when b >= t, and borrows from no other.
  const unsigned low = high_bits_of_bytes((b.low | kByteHighs) - t);
  const unsigned high = high_bits_of_bytes((b.high | kByteHighs) - t);
  return (low | high << 8) & kAllWalls;
}

// The sum of counts[w] over the walls w with keys[w] == key, for counts of 0..31.
inline int sum_where_byte_is(const std::array<std::int8_t, kNumPieces>& counts,
                             const std::array<std::int8_t, kNumPieces>& keys, int key) {
  const WallBytes c(counts), k(keys);
  const std::uint64_t v = static_cast<std::uint8_t>(key) * kByteOnes;
  return sum_of_bytes(c.low & spread_high_bits(zero_bytes(k.low ^ v))) +
         sum_of_bytes(c.high & spread_high_bits(zero_bytes(k.high ^ v)));
}

}  // namespace mw::mazemakers::detail
