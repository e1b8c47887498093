// The three ways of listing the legal swaps agree with a plain reading of rules 1-3.
#include "games/treasure_hunt/swap_kernels.h"

#include <gtest/gtest.h>

#include <array>
#include <vector>

#include "core/rng.h"
#include "games/treasure_hunt/treasure_hunt.h"

namespace mw::treasure_hunt {
namespace {

ActionList plain_reading(std::uint32_t blocked) {
  ActionList out;
  for (int a = 0; a < kCells; ++a) {
    for (int b = a + 1; b < kCells; ++b) {
      const bool same_line = a / kSize == b / kSize || a % kSize == b % kSize;
      if (same_line && ((blocked >> a | blocked >> b) & 1u) == 0) out.push_back(a * kCells + b);
    }
  }
  return out;
}

ActionList run(swap_kernels::Kernel kernel, std::uint32_t blocked) {
  ActionList out(kSwapBufferSize, -1);
  out.resize(kernel(blocked, out.data()));
  return out;
}

std::vector<std::uint32_t> masks() {
  std::vector<std::uint32_t> out = {0, kAllCells, 1u, 1u << 24, 0x1084210u /* column e */};
  for (int a = 0; a < kCells; ++a) {
    for (int b = a; b < kCells; ++b) out.push_back(1u << a | 1u << b);
  }
  Rng rng(99);
  for (int i = 0; i < 20'000; ++i) {
    std::uint32_t m = 0;
    const auto bits = 1 + rng.below(8);
    for (std::uint64_t k = 0; k < bits; ++k) m |= 1u << rng.below(kCells);
    out.push_back(m);
  }
  return out;
}

TEST(TreasureHuntSwapKernels, EveryAvailableKernelAgreesWithThePlainReading) {
  std::vector<std::pair<const char*, swap_kernels::Kernel>> kernels = {
      {"portable", swap_kernels::portable}};
  if (auto k = swap_kernels::avx2()) kernels.emplace_back("avx2", k);
  if (auto k = swap_kernels::avx512()) kernels.emplace_back("avx512", k);
  for (std::uint32_t blocked : masks()) {
    const ActionList expected = plain_reading(blocked);
    for (const auto& [name, kernel] : kernels) {
      ASSERT_EQ(run(kernel, blocked), expected) << name << " blocked=" << blocked;
    }
    ActionList chosen(kSwapBufferSize);
    chosen.resize(write_free_swaps(blocked, chosen.data()));
    ASSERT_EQ(chosen, expected) << "blocked=" << blocked;
  }
  RecordProperty("kernels", static_cast<int>(kernels.size()));
}

TEST(TreasureHuntSwapKernels, NothingBlockedMeansAllHundredPairs) {
  EXPECT_EQ(run(swap_kernels::portable, 0).size(), 100u);
  EXPECT_EQ(run(swap_kernels::portable, kAllCells).size(), 0u);
}

}  // namespace
}  // namespace mw::treasure_hunt
