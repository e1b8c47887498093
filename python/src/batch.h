#pragma once
// Many random games in one call (no Python per action): the batched helper behind
// Game.play_random_games, for data generation and for measuring the binding's overhead.
#include <cstdint>
#include <vector>

#include "core/game.h"

namespace mw::python {

struct RandomGames {
  std::int64_t actions = 0;  // chance outcomes included
  int truncated = 0;         // games cut at max_actions (their returns count as zeros)
  std::vector<std::vector<double>> returns;  // per game, per seat
  std::vector<int> lengths;                  // actions per game
};

// Game i draws from Rng(derive_seed(seed, i)): the same n and seed give the same games.
RandomGames play_random_games(const Game& game, int n, std::uint64_t seed, int max_actions);

}  // namespace mw::python
