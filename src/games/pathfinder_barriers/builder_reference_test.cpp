// The maze builder is the prior of every set-up resample, so its speed-ups must not change what it
// draws: against the straightforward version kept here (validity then a score of nine floods, the
// chips listed to pick one), the same seed gives the same grid and leaves the Rng in the same
// state, at every difficulty and cap.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <vector>

#include "games/pathfinder_barriers/agents.h"
#include "games/pathfinder_barriers/pathfinder_barriers.h"

namespace mw::pathfinder_barriers {
namespace {

std::uint64_t reference_step_out(std::uint64_t x, const SlotSet& barriers) {
  const std::uint64_t r = kHasRight & ~barriers.v, d = kHasBelow & ~barriers.h;
  return (((x & r) << 1) | ((x >> 1) & r) | ((x & d) << kSize) | ((x >> kSize) & d)) & ~x;
}

int reference_maze_score(const HomeGrid& g) {
  const std::uint8_t open_rows = static_cast<std::uint8_t>(~g.barriers.l & 0x3f);
  std::uint64_t layer = entry_squares(open_rows), seen = layer;
  int dist = 0;
  while ((seen & sq_bit(g.pawn)) == 0 && layer != 0) {
    layer = reference_step_out(seen, g.barriers) & ~seen;
    seen |= layer;
    ++dist;
  }
  const std::uint64_t reach = flood(seen, g.barriers);
  int dead = 0;
  for (int r = 0; r < kSize; ++r) {
    if (((open_rows >> r) & 1) && (flood(sq_bit(r * kSize), g.barriers) & sq_bit(g.pawn)) == 0) {
      ++dead;
    }
  }
  return 4 * dist + std::popcount(reach) + 3 * dead;
}

int reference_random_bit(std::uint64_t m, Rng& rng) {
  return nth_set_bit(m, rng.below(static_cast<std::uint64_t>(std::popcount(m))));
}

HomeGrid reference_random_grid(int max_barriers, Rng& rng, std::uint64_t pawn_squares) {
  HomeGrid g;
  g.pawn = static_cast<std::int8_t>(reference_random_bit(pawn_squares, rng));
  const int target =
      max_barriers / 2 +
      static_cast<int>(rng.below(static_cast<std::uint64_t>(max_barriers - max_barriers / 2 + 1)));
  std::array<int, kSlots> order{};
  for (int i = 0; i < kSlots; ++i) order[i] = i;
  rng.shuffle(order.begin(), order.end());
  for (int slot : order) {
    if (g.barriers.count() >= target) break;
    HomeGrid with = g;
    with.barriers.add(slot);
    if (with.valid()) g = with;
  }
  return g;
}

HomeGrid reference_build_home_grid(int difficulty, int max_barriers, Rng& rng) {
  constexpr std::uint64_t kFar = 0xE38E38E38ULL;
  if (difficulty <= 0) return reference_random_grid(max_barriers, rng, kAllSquares);
  static constexpr std::array<int, kMaxDifficulty + 1> kIterations = {0, 250, 1000, 4000};
  HomeGrid best = reference_random_grid(max_barriers, rng, kFar);
  int best_score = reference_maze_score(best);
  const int iterations = kIterations[std::min(difficulty, kMaxDifficulty)];
  for (int i = 0; i < iterations; ++i) {
    HomeGrid g = best;
    const auto kind = rng.below(10);
    if (kind == 0) {
      g.pawn = static_cast<std::int8_t>(reference_random_bit(kFar, rng));
    } else {
      const std::vector<int> have = g.barriers.slots();
      if (!have.empty() && (kind >= 4 || g.barriers.count() >= max_barriers)) {
        g.barriers.remove(have[rng.below(have.size())]);
      }
      if (kind >= 2) g.barriers.add(static_cast<int>(rng.below(kSlots)));
    }
    if (g.barriers.count() > max_barriers || !g.valid()) continue;
    const int score = reference_maze_score(g);
    if (score >= best_score) {
      best = g;
      best_score = score;
    }
  }
  return best;
}

// Any grid: a pawn anywhere, each slot a chip with probability `density` (often invalid).
HomeGrid any_grid(Rng& rng, double density) {
  HomeGrid g;
  g.pawn = static_cast<std::int8_t>(rng.below(kSquares));
  for (int slot = 0; slot < kSlots; ++slot) {
    if (rng.uniform() < density) g.barriers.add(slot);
  }
  return g;
}

TEST(PathfinderBuilderReference, TheSameSeedBuildsTheSameGridAndLeavesTheSameRng) {
  for (int d = 0; d <= kMaxDifficulty; ++d) {
    for (int cap : {0, 1, 5, 12, 20, 30}) {
      for (std::uint64_t seed = 0; seed < (d == 3 ? 8u : 40u); ++seed) {
        Rng fast(seed * 131 + static_cast<std::uint64_t>(d)), slow = fast;
        const HomeGrid got = build_home_grid(d, cap, fast);
        const HomeGrid want = reference_build_home_grid(d, cap, slow);
        ASSERT_EQ(got, want) << "difficulty " << d << " cap " << cap << " seed " << seed;
        ASSERT_EQ(fast.next(), slow.next()) << "difficulty " << d << " cap " << cap;
      }
    }
  }
}

TEST(PathfinderBuilderReference, MazeScoreMatchesOnValidGridsAndIsNegativeOnInvalidOnes) {
  Rng rng(7);
  int valid = 0, invalid = 0;
  for (int i = 0; i < 20000; ++i) {
    const HomeGrid g = any_grid(rng, 0.1 + 0.6 * rng.uniform());
    if (g.valid()) {
      ASSERT_EQ(maze_score(g), reference_maze_score(g)) << home_grid_text(g);
      ++valid;
    } else {
      ASSERT_EQ(maze_score(g), -1) << home_grid_text(g);
      ++invalid;
    }
  }
  EXPECT_GT(valid, 1000);  // both kinds were tried
  EXPECT_GT(invalid, 1000);
}

TEST(PathfinderSlotSet, RemoveNthRemovesTheListsKthSlot) {
  Rng rng(3);
  for (int i = 0; i < 2000; ++i) {
    const SlotSet set = any_grid(rng, rng.uniform()).barriers;
    const std::vector<int> listed = set.slots();
    for (int k = 0; k < static_cast<int>(listed.size()); ++k) {
      SlotSet fewer = set, expected = set;
      fewer.remove_nth(k);
      expected.remove(listed[k]);
      ASSERT_EQ(fewer, expected) << "k " << k;
    }
  }
}

}  // namespace
}  // namespace mw::pathfinder_barriers
