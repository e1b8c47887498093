// Core layer: the k-th set bit that the games' random draws use.
#include "core/bits.h"

#include <gtest/gtest.h>

#include <bit>
#include <cstdint>

#include "core/rng.h"

namespace mw {
namespace {

// The plain reading: clear the k lowest set bits, then the lowest left.
int nth_set_bit_by_clearing(std::uint64_t x, std::uint64_t k) {
  for (; k > 0; --k) x &= x - 1;
  return std::countr_zero(x);
}

static_assert(nth_set_bit(0b1011'0100, 0) == 2 && nth_set_bit(0b1011'0100, 3) == 7);
static_assert(nth_set_bit(0, 1, 0) == 64);  // a 128-bit set's high word starts at 64

TEST(core, NthSetBitIsTheBitWithKSetBitsBelowIt) {
  Rng rng(7);
  for (int trial = 0; trial < 20'000; ++trial) {
    // Sparse, dense and single-byte masks: the byte search and the table both get exercised.
    std::uint64_t x = rng.next();
    if (trial % 3 == 1) x &= rng.next() & rng.next();
    if (trial % 3 == 2) x = (x & 0xFF) << (8 * (trial % 8));
    if (x == 0) continue;
    for (std::uint64_t k = 0; k < static_cast<std::uint64_t>(std::popcount(x)); ++k) {
      ASSERT_EQ(nth_set_bit(x, k), nth_set_bit_by_clearing(x, k)) << std::hex << x << " k " << k;
    }
  }
  EXPECT_EQ(nth_set_bit(~std::uint64_t{0}, 63), 63);
  EXPECT_EQ(nth_set_bit(std::uint64_t{1} << 63, 0), 63);
}

TEST(core, NthSetBitOfTwoWordsCountsTheLowWordFirst) {
  Rng rng(8);
  for (int trial = 0; trial < 2'000; ++trial) {
    const std::uint64_t low = trial % 4 == 0 ? 0 : rng.next();
    const std::uint64_t high = trial % 4 == 1 ? 0 : rng.next();
    const int in_low = std::popcount(low), total = in_low + std::popcount(high);
    for (int k = 0; k < total; ++k) {
      const int expected =
          k < in_low ? nth_set_bit_by_clearing(low, static_cast<std::uint64_t>(k))
                     : 64 + nth_set_bit_by_clearing(high, static_cast<std::uint64_t>(k - in_low));
      ASSERT_EQ(nth_set_bit(low, high, static_cast<std::uint64_t>(k)), expected) << trial;
    }
  }
}

}  // namespace
}  // namespace mw
