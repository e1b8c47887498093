// Bit tricks the games' random draws share: picking the k-th member of a set held as bits.
#pragma once

#include <array>
#include <bit>
#include <cstdint>

namespace mw {

namespace bits_detail {

// For each byte value and k, the position of its k-th set bit (0 past its last).
inline constexpr std::array<std::array<std::uint8_t, 8>, 256> kNthBitOfByte = [] {
  std::array<std::array<std::uint8_t, 8>, 256> out{};
  for (int byte = 0; byte < 256; ++byte) {
    int k = 0;
    for (int bit = 0; bit < 8; ++bit) {
      if ((byte >> bit & 1) != 0) out[byte][k++] = static_cast<std::uint8_t>(bit);
    }
  }
  return out;
}();

}  // namespace bits_detail

// The position of the set bit of x with k set bits below it (k < popcount(x)): a uniform pick
// among x's bits when k is drawn below their count. Without a branch, since a random draw's k is
// unpredictable and a search by halves would mispredict about three branches a draw: the bytes'
// running counts are compared with k all at once (each lane 0x80 + k - count keeps its high bit
// exactly when count <= k), which finds the byte; a table finds the bit within it.
constexpr int nth_set_bit(std::uint64_t x, std::uint64_t k) {
  constexpr std::uint64_t kOnes = 0x0101010101010101ULL;
  constexpr std::uint64_t kHighs = 0x8080808080808080ULL;
  std::uint64_t counts = x - ((x >> 1) & 0x5555555555555555ULL);
  counts = (counts & 0x3333333333333333ULL) + ((counts >> 2) & 0x3333333333333333ULL);
  counts = (counts + (counts >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
  const std::uint64_t running = counts * kOnes;  // byte i: the set bits in bytes 0..i
  const std::uint64_t at_most_k = ((k * kOnes | kHighs) - running) & kHighs;
  const int byte = std::popcount(at_most_k);  // the bytes wholly before the k-th bit
  const std::uint64_t before = (running << 8) >> (8 * byte) & 0xFF;
  return 8 * byte + bits_detail::kNthBitOfByte[x >> (8 * byte) & 0xFF][k - before];
}

// The same for a 128-bit set held as two words, low first (k below both words' count).
constexpr int nth_set_bit(std::uint64_t low, std::uint64_t high, std::uint64_t k) {
  const auto in_low = static_cast<std::uint64_t>(std::popcount(low));
  return k < in_low ? nth_set_bit(low, k) : 64 + nth_set_bit(high, k - in_low);
}

}  // namespace mw
