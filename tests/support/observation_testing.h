#pragma once
// For the games' observation tests (GoogleTest, header-only): the checks every numeric
// observation (core/observation.h) must pass, over random games of one Game.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <set>
#include <vector>

#include "core/observation.h"
#include "core/rng.h"
#include "core/state.h"

namespace mw::observation_testing {

struct Tally {
  int positions = 0;       // positions checked (each seat encoded)
  int redrawn_worlds = 0;  // resampled worlds whose hidden data differ from the true state
  std::set<std::vector<float>> distinct;
};

// Every seat's tensor at `state`: the shape's size, finite, in [0, 1], and identical in `worlds`
// worlds resampled for that seat (so it holds nothing the seat may not see).
inline void check_position(const State& state, const std::vector<int>& shape, int worlds, Rng& rng,
                           Tally& tally) {
  ++tally.positions;
  for (Player p = 0; p < state.num_players(); ++p) {
    const std::vector<float> t = observation_tensor(state, p);
    ASSERT_EQ(t.size(), observation_tensor_size(shape));
    for (const float x : t) {
      ASSERT_TRUE(std::isfinite(x));
      ASSERT_GE(x, 0.0F);
      ASSERT_LE(x, 1.0F);
    }
    tally.distinct.insert(t);
    for (int w = 0; w < worlds; ++w) {
      const State world = state.resample(p, rng);
      ASSERT_EQ(world.information_state_key(p), state.information_state_key(p));
      if (world.to_json() != state.to_json()) ++tally.redrawn_worlds;
      ASSERT_EQ(observation_tensor(world, p), t) << "seat " << p << " world " << w;
    }
  }
}

// `games` random games from `seed`, checking every `every`-th position and the last one; the
// shape must be the same before and after every game (it depends on the options only).
inline Tally check_random_games(const Game& game, int games, std::uint64_t seed, int every,
                                int worlds) {
  Tally tally;
  const std::vector<int> shape = observation_tensor_shape(game);
  Rng rng(seed);
  for (int g = 0; g < games; ++g) {
    State state = game.new_initial_state();
    for (int n = 0; !state.is_terminal(); ++n) {
      if (n % every == 0) check_position(state, shape, worlds, rng, tally);
      if (::testing::Test::HasFatalFailure()) return tally;
      const ActionList legal = state.legal_actions();
      state.apply_legal(state.is_chance_node() ? state.sample_chance(rng)
                                               : legal[rng.below(legal.size())]);
    }
    check_position(state, shape, worlds, rng, tally);
    EXPECT_EQ(observation_tensor_shape(game), shape);
  }
  return tally;
}

}  // namespace mw::observation_testing
