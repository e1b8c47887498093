// Successive halving (ai/halving.h): the budget goes to the candidates that still look best, the
// best one is kept, and a time limit stops it between batches.
#include "ai/halving.h"

#include <gtest/gtest.h>

#include <vector>

namespace mw {
namespace {

TEST(SuccessiveHalving, KeepsTheBestAndHalvesTheFieldEachRound) {
  const std::vector<double> value = {0.1, 0.7, 0.3, 0.9, 0.2, 0.8, 0.4, 0.0};
  std::vector<int> batches(value.size(), 0);
  const HalvingResult r = successive_halving(
      value.size(),
      [&](std::size_t i) {
        ++batches[i];
        return BatchTotal{2 * value[i], 2};
      },
      [] { return false; });
  EXPECT_EQ(r.best, 3u);
  EXPECT_DOUBLE_EQ(r.mean, 0.9);
  EXPECT_EQ(r.batches, 3);
  // 8 + 4 + 2 batches: the best four get a second, the best two a third.
  EXPECT_EQ(batches, (std::vector<int>{1, 2, 1, 3, 1, 3, 2, 1}));
}

TEST(SuccessiveHalving, LaterBatchesCanOvertakeAnEarlyLeader) {
  // Candidate 0 is lucky in its first batch; candidate 1 is better over two.
  const HalvingResult r = successive_halving(
      4,
      [n = std::vector<int>(4, 0)](std::size_t i) mutable {
        const int k = n[i]++;
        if (i == 0) return BatchTotal{k == 0 ? 1.0 : -1.0, 1};
        if (i == 1) return BatchTotal{0.5, 1};
        return BatchTotal{-0.5, 1};
      },
      [] { return false; });
  EXPECT_EQ(r.best, 1u);
  EXPECT_EQ(r.batches, 2);
}

TEST(SuccessiveHalving, StopsWhenOutOfTimeAndKeepsTheMostPlayedBest) {
  int asked = 0;
  // Five batches allowed: the first round's four, then one of the second round.
  const HalvingResult r = successive_halving(
      4,
      [](std::size_t i) {
        return BatchTotal{i == 2 ? 1.0 : 0.0, 1};
      },
      [&] { return ++asked > 5; });
  EXPECT_EQ(r.best, 2u);
  EXPECT_EQ(r.batches, 2);
  const HalvingResult none = successive_halving(
      3,
      [](std::size_t) {
        return BatchTotal{1, 1};
      },
      [] { return true; });
  EXPECT_EQ(none.best, 0u);
  EXPECT_EQ(none.batches, 0);
  EXPECT_EQ(successive_halving(0, {}, {}).batches, 0);
}

}  // namespace
}  // namespace mw
