#include "ai/rollout.h"

#include <fmt/format.h>

#include <algorithm>
#include <limits>

#include "ai/agents.h"
#include "core/error.h"

namespace mw {

void check_heuristic(const Game& game, bool needed, const std::string& heuristic_spec,
                     std::string_view agent_name) {
  if (!heuristic_spec.empty()) {
    make_agent(game, heuristic_spec);  // throws on a bad spec
    return;
  }
  if (needed && game.entry().agents.empty()) {
    throw Error(ErrorCode::kUnknownAgent,
                fmt::format("{}: rollout=heuristic, prior=heuristic and opponents=policy need a "
                            "heuristic agent, and {} has none",
                            agent_name, game.id()));
  }
}

std::unique_ptr<Agent> make_heuristic_agent(const Game& game, const std::string& spec) {
  if (!spec.empty()) return make_agent(game, spec);
  if (game.entry().agents.empty()) return nullptr;
  return game.entry().agents.front().make(game, Json::object());
}

Rollout::Rollout(const Game& game, RolloutPolicy policy, double epsilon,
                 const std::string& heuristic_spec)
    : game_(game), epsilon_(epsilon) {
  if (policy == RolloutPolicy::kHeuristic) heuristic_ = make_heuristic_agent(game, heuristic_spec);
}

double Rollout::noise_of(Player p) const {
  const auto seat = static_cast<std::size_t>(p);
  return seat < seat_noise_.size() ? std::max(epsilon_, seat_noise_[seat]) : epsilon_;
}

std::vector<double> Rollout::finish(State& world, int depth, Rng& rng) {
  const int limit = depth > 0 ? depth : std::numeric_limits<int>::max();
  if (heuristic_ == nullptr) {
    world.play_random(rng, limit);
  } else {
    heuristic_->reset();
    for (int done = 0; done < limit && !world.is_terminal(); ++done) {
      const Player p = world.current_player();
      if (p == kChancePlayer) {
        world.apply_legal(world.sample_chance(rng));
      } else if (const double noise = noise_of(p); noise > 0 && rng.uniform() < noise) {
        world.legal_actions(legal_);
        world.apply_legal(legal_[rng.below(legal_.size())]);
      } else {
        world.apply_legal(heuristic_->choose(Observation(world, p), rng));
      }
    }
  }
  return score(world);
}

std::vector<double> Rollout::score(const State& world) const {
  if (world.is_terminal()) return world.returns();
  if (game_.entry().evaluate) return game_.entry().evaluate(world);
  return std::vector<double>(static_cast<std::size_t>(world.num_players()), 0.0);
}

}  // namespace mw
