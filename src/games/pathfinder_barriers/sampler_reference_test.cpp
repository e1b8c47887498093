// sample_home_grid is the resample of every play-phase search, so its speed-ups must not change
// what it draws: against the straightforward version kept here (every slot visited in turn, known
// ones skipped, a branch on each draw), the same knowledge and seed give the same grid and leave
// the Rng in the same state.
#include <gtest/gtest.h>

#include <array>
#include <bit>

#include "games/pathfinder_barriers/test_support.h"

namespace mw::pathfinder_barriers {
namespace {

using namespace test_support;

// The repair of resample.cpp, unchanged (0-1 BFS from the outside: known chips are walls).
void reference_repair(HomeGrid& g, const SlotSet& known_blocked) {
  constexpr int kOutside = kSquares;
  std::array<int, kSquares + 1> dist{}, via_slot{}, via_node{};
  dist.fill(1 << 20);
  std::array<int, 4 * (kSquares + 1) * 2> deque{};
  int head = static_cast<int>(deque.size()) / 2, tail = head;
  dist[kOutside] = 0;
  deque[tail++] = kOutside;
  auto relax = [&](int from, int to, int slot) {
    if (known_blocked.contains(slot)) return;
    const int w = g.barriers.contains(slot) ? 1 : 0;
    if (dist[from] + w >= dist[to]) return;
    dist[to] = dist[from] + w;
    via_slot[to] = slot;
    via_node[to] = from;
    if (w == 0) {
      deque[--head] = to;
    } else {
      deque[tail++] = to;
    }
  };
  while (head < tail) {
    const int node = deque[head++];
    if (node == kOutside) {
      for (int r = 0; r < kSize; ++r) relax(node, r * kSize, kFirstL + r);
      continue;
    }
    for (Dir d : kAllDirs) {
      const int nb = neighbour(node, d);
      if (nb >= 0) relax(node, nb, slot_between(node, d));
    }
  }
  for (int node = g.pawn; node != kOutside && dist[node] < (1 << 20); node = via_node[node]) {
    g.barriers.remove(via_slot[node]);
  }
}

HomeGrid reference_sample_home_grid(const Tracking& t, int max_barriers, Rng& rng) {
  HomeGrid g;
  const std::uint64_t reach = reachable_from_entries(t.blocked);
  std::uint64_t candidates = reach & ~t.visited;
  if (candidates == 0) candidates = reach != 0 ? reach : kAllSquares;
  g.pawn = static_cast<std::int8_t>(
      nth_set_bit(candidates, rng.below(static_cast<std::uint64_t>(std::popcount(candidates)))));
  g.barriers = t.blocked;
  const SlotSet known = t.blocked | t.open;
  int count = t.blocked.count();
  const int start = static_cast<int>(rng.below(kSlots));
  for (int i = 0; i < kSlots && count < max_barriers; ++i) {
    const int slot = (start + i) % kSlots;
    if (known.contains(slot) || rng.uniform() >= kChipDensity) continue;
    g.barriers.add(slot);
    ++count;
  }
  if (!g.valid()) reference_repair(g, t.blocked);
  return g;
}

// Knowledge of every kind: random games' tracking grids at many points, and random answers
// (each slot known blocked, known open or unknown) under caps that bind.
TEST(PathfinderSamplerReference, TheSameKnowledgeAndSeedDrawTheSameGrid) {
  const Game game = load();
  int compared = 0;
  for (std::uint64_t seed = 0; seed < 200; ++seed) {
    Rng pick(seed);
    const State s = random_position(game, seed, 40 + static_cast<int>(pick.below(300)));
    Tracking random_answers;
    for (int slot = 0; slot < kSlots; ++slot) {
      const auto answer = pick.below(4);
      if (answer == 0) random_answers.blocked.add(slot);
      if (answer == 1) random_answers.open.add(slot);
    }
    for (const Tracking& t : {s.tracking(0), s.tracking(1), random_answers}) {
      for (int cap : {0, 8, 20, 30, kSlots}) {
        for (int draw = 0; draw < 4; ++draw) {
          Rng fast(seed * 1000 + static_cast<std::uint64_t>(cap * 10 + draw)), slow = fast;
          const HomeGrid got = sample_home_grid(t, cap, fast);
          ASSERT_EQ(got, reference_sample_home_grid(t, cap, slow))
              << "seed " << seed << " cap " << cap << " draw " << draw;
          ASSERT_EQ(fast.next(), slow.next()) << "seed " << seed << " cap " << cap;
          ++compared;
        }
      }
    }
  }
  EXPECT_EQ(compared, 200 * 3 * 5 * 4);
}

}  // namespace
}  // namespace mw::pathfinder_barriers
