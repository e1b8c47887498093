#include "ai/rollout.h"

#include <fmt/format.h>

#include <limits>

#include "core/error.h"

namespace mw {

void check_rollout_policy(const Game& game, RolloutPolicy policy, std::string_view agent_name) {
  if (policy == RolloutPolicy::kHeuristic && game.entry().agents.empty()) {
    throw Error(ErrorCode::kUnknownAgent,
                fmt::format("{}: rollout=heuristic needs a heuristic agent, and {} has none",
                            agent_name, game.id()));
  }
}

Rollout::Rollout(const Game& game, RolloutPolicy policy) : game_(game) {
  if (policy == RolloutPolicy::kHeuristic && !game.entry().agents.empty()) {
    heuristic_ = game.entry().agents.front().make(game, Json::object());
  }
}

std::vector<double> Rollout::finish(State& world, int depth, Rng& rng) {
  const int limit = depth > 0 ? depth : std::numeric_limits<int>::max();
  if (heuristic_ == nullptr) {
    world.play_random(rng, limit);
  } else {
    heuristic_->reset();
    for (int done = 0; done < limit && !world.is_terminal(); ++done) {
      const Player p = world.current_player();
      world.apply_legal(p == kChancePlayer ? world.sample_chance(rng)
                                           : heuristic_->choose(Observation(world, p), rng));
    }
  }
  if (world.is_terminal()) return world.returns();
  if (game_.entry().evaluate) return game_.entry().evaluate(world);
  return std::vector<double>(static_cast<std::size_t>(world.num_players()), 0.0);
}

}  // namespace mw
