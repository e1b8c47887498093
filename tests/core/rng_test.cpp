// Core layer: Rng, derive_seed and Hasher, pinned by golden values.
#include "core/rng.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <numeric>
#include <set>
#include <span>
#include <stdexcept>
#include <vector>

#include "core/hash.h"

namespace mw {
namespace {

// Golden values pin the algorithms: seeds are stored in records and keys between processes, so a
// changed number here is a compatibility break, not a detail.
// ---- Rng, derive_seed ---------------------------------------------------------------------------

TEST(core, RngSameSeedSameStream) {
  Rng a(7), b(7);
  for (int i = 0; i < 100; ++i) EXPECT_EQ(a.next(), b.next());
}

// The reference outputs of SplitMix64 and xoshiro256** (checked against an independent
// implementation of the published algorithms), and of Lemire's bounded draw built on them.
TEST(core, RngGoldenValues) {
  std::uint64_t x = 0;
  EXPECT_EQ(splitmix64(x), 0xe220a8397b1dcdafULL);
  EXPECT_EQ(splitmix64(x), 0x6e789e6aa1b965f4ULL);
  static_assert([] {
    Rng r(0);
    return r.next() == 0x99ec5f36cb75f2b4ULL && r.next() == 0xbf6e1f784956452aULL &&
           r.next() == 0x1a5f849d4933e6e0ULL;
  }());
  Rng below(42);
  std::vector<std::uint64_t> draws;
  for (int i = 0; i < 10; ++i) draws.push_back(below.below(10));
  EXPECT_EQ(draws, (std::vector<std::uint64_t>{0, 3, 6, 9, 9, 7, 7, 8, 7, 5}));
  EXPECT_DOUBLE_EQ(Rng(42).uniform(), 0.08386297105988216);
  std::vector<int> cards(10);
  std::iota(cards.begin(), cards.end(), 0);
  Rng shuffler(7);
  shuffler.shuffle(cards.begin(), cards.end());
  EXPECT_EQ(cards, (std::vector<int>{1, 8, 3, 0, 4, 5, 9, 6, 2, 7}));
}

TEST(core, RngBelowStaysInRangeAndIsRoughlyUniform) {
  Rng rng(1);
  constexpr int kBound = 6, kDraws = 60'000;
  std::array<int, kBound> counts{};
  for (int i = 0; i < kDraws; ++i) {
    const auto v = rng.below(kBound);
    ASSERT_LT(v, static_cast<std::uint64_t>(kBound));
    ++counts[v];
  }
  double chi2 = 0;
  for (int c : counts)
    chi2 += (c - kDraws / kBound) * (c - kDraws / kBound) / (kDraws / double{kBound});
  EXPECT_LT(chi2, 20.5);  // the 0.1% critical value for 5 degrees of freedom
  for (int i = 0; i < 100; ++i) EXPECT_EQ(rng.below(1), 0u);
  const std::uint64_t huge = (1ULL << 63) + 1;  // rejection sampling is exercised here
  for (int i = 0; i < 1000; ++i) EXPECT_LT(rng.below(huge), huge);
  for (int i = 0; i < 1000; ++i) {
    const double u = rng.uniform();
    EXPECT_TRUE(u >= 0.0 && u < 1.0) << u;
  }
}

TEST(core, RngShuffleIsAPermutation) {
  Rng rng(3);
  for (int n : {0, 1, 2, 25, 54}) {
    std::vector<int> v(static_cast<std::size_t>(n));
    std::iota(v.begin(), v.end(), 0);
    rng.shuffle(v.begin(), v.end());
    EXPECT_EQ(std::set<int>(v.begin(), v.end()).size(), static_cast<std::size_t>(n));
  }
}

TEST(core, DeriveSeedGivesIndependentStreams) {
  EXPECT_EQ(derive_seed(1, 2), 0xb2ffcc13bd6d4b83ULL);
  EXPECT_EQ(derive_seed(0, 0), 0x890acd8dd443c47cULL);
  std::set<std::uint64_t> seen;
  for (std::uint64_t seed = 0; seed < 50; ++seed) {
    for (std::uint64_t stream = 0; stream < 200; ++stream) {
      seen.insert(derive_seed(seed, stream));
      seen.insert(Rng(derive_seed(seed, stream)).next());
    }
  }
  EXPECT_EQ(seen.size(), 2u * 50 * 200) << "two (seed, stream) pairs collide";
}

// ---- Hasher -------------------------------------------------------------------------------------

TEST(core, HasherIsStableAndOrderSensitive) {
  static_assert(Hasher().add(1).add("abc").value() == 0x1e794aac16246088ULL);
  EXPECT_EQ(Hasher().value(), 0xa8e6d9f9d2146d73ULL);
  EXPECT_EQ(Hasher(7).add(std::uint64_t{0}).value(), 0x6e43946f0015e078ULL);
  EXPECT_EQ(mix64(1), 0xb456bcfc34c2cb2cULL);
  EXPECT_NE(Hasher().add(1).add(2).value(), Hasher().add(2).add(1).value());
  EXPECT_NE(Hasher().add("ab").add("c").value(), Hasher().add("abc").value());  // lengths count
  EXPECT_NE(Hasher(1).value(), Hasher(2).value());
}

TEST(core, HasherAddsBytesEightToAStepAndTheirCount) {
  constexpr std::array<std::uint8_t, 11> kBytes = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11};
  // The words as little-endian numbers, then the length.
  static_assert(Hasher().add_bytes(kBytes).value() ==
                Hasher().add(0x0807060504030201ULL).add(0x0b0a09ULL).add(11).value());
  std::array<std::uint8_t, 11> last_differs = kBytes;
  last_differs[10] = 12;
  EXPECT_NE(Hasher().add_bytes(kBytes).value(), Hasher().add_bytes(last_differs).value());
  const std::array<std::uint8_t, 1> zero = {0};
  EXPECT_NE(Hasher().add_bytes(zero).value(), Hasher().add_bytes({}).value());  // lengths count
  EXPECT_NE(Hasher().add_bytes(std::span(kBytes).first(8)).value(),
            Hasher().add_bytes(std::span(kBytes).first(9)).value());
}

TEST(core, HasherAddsThirtyTwoBytesAsOneStepThatKnowsTheirOrder) {
  std::array<std::uint8_t, 41> bytes{};
  for (std::size_t i = 0; i < bytes.size(); ++i) bytes[i] = static_cast<std::uint8_t>(i * 7 + 1);
  const auto block = std::span<const std::uint8_t>(bytes).first(32);
  // The block as one word, then the rest eight to a step, then the length.
  EXPECT_EQ(Hasher().add_bytes(bytes).value(),
            Hasher()
                .add(Hasher::block_of_four(block))
                .add(0x120b04fdf6efe8e1ULL)  // bytes 32-39: 225, 232, ... 18
                .add(0x19ULL)                // byte 40: 281 % 256
                .add(41)
                .value());
  for (std::size_t a = 0; a < 4; ++a) {
    for (std::size_t b = a + 1; b < 4; ++b) {  // two of the block's words trade places
      std::array<std::uint8_t, 41> swapped = bytes;
      std::swap_ranges(swapped.begin() + 8 * a, swapped.begin() + 8 * a + 8,
                       swapped.begin() + 8 * b);
      EXPECT_NE(Hasher().add_bytes(swapped).value(), Hasher().add_bytes(bytes).value()) << a << b;
    }
  }
  std::array<std::uint8_t, 41> last_of_block_differs = bytes;
  last_of_block_differs[31] ^= 1;
  EXPECT_NE(Hasher().add_bytes(last_of_block_differs).value(), Hasher().add_bytes(bytes).value());
}

TEST(core, KeyBytesHoldIntegersAsFourLittleEndianBytesAndRefuseMoreThanTheirRoom) {
  KeyBytes<9> k;
  const std::array<std::uint8_t, 1> seven = {7};
  k.add(-2).add_bytes(seven).add(0x01020304);
  EXPECT_EQ(std::vector<std::uint8_t>(k.bytes().begin(), k.bytes().end()),
            (std::vector<std::uint8_t>{0xfe, 0xff, 0xff, 0xff, 7, 4, 3, 2, 1}));
  EXPECT_THROW(k.add_bytes(seven), std::length_error);
  EXPECT_THROW(k.add(0), std::length_error);
  EXPECT_EQ(k.bytes().size(), 9U);  // a refused field changes nothing
  EXPECT_EQ(Hasher().add_bytes(k.bytes()).value(),
            Hasher().add(0x02030407fffffffeULL).add(1).add(9).value());
}

}  // namespace
}  // namespace mw
