#include "core/match.h"

#include <fmt/format.h>

#include "core/error.h"

namespace mw {

Rng chance_rng(std::uint64_t seed) { return Rng(derive_seed(seed, 0)); }
Rng seat_rng(std::uint64_t seed, Player seat) {
  return Rng(derive_seed(seed, 1 + static_cast<std::uint64_t>(seat)));
}

MatchResult play_match(const Game& game, const std::vector<Agent*>& seats,
                       const MatchConfig& config) {
  if (static_cast<int>(seats.size()) != game.num_players()) {
    throw Error(ErrorCode::kBadRequest, fmt::format("{} needs {} agents, got {}", game.id(),
                                                    game.num_players(), seats.size()));
  }
  State state = game.new_initial_state();
  Rng chance = chance_rng(config.seed);
  std::vector<Rng> rngs;
  for (Player p = 0; p < game.num_players(); ++p) rngs.push_back(seat_rng(config.seed, p));
  for (Agent* agent : seats) agent->reset();

  MatchResult result;
  if (config.keep_record) {
    result.record.game = game.id();
    result.record.options = game.options().to_json();
    result.record.seed = config.seed;
  }
  int applied = 0;
  while (!state.is_terminal() && applied < config.max_actions) {
    const Player p = state.current_player();
    Action a;
    if (p == kChancePlayer) {
      a = state.sample_chance(chance);
      ++result.chance_actions;
    } else {
      if (config.count_branching) {
        result.legal_action_sum += static_cast<std::int64_t>(state.legal_actions().size());
      }
      a = seats[p]->choose(Observation(state, p), rngs[p]);
      ++result.decisions;
      for (Player q = 0; q < static_cast<Player>(seats.size()); ++q) {
        if (q != p && seats[q] != seats[p]) observe_action(*seats[q], q, state, a);
      }
    }
    // Agents choose from legal_actions(): their moves are trusted, as a search trusts its own.
    // Builds with assertions (debug, the sanitizer preset) still check every one, so that an
    // agent's bad action is a bug we hear about; moves from outside always take the checked apply.
#ifdef NDEBUG
    state.apply_legal(a);
#else
    state.apply(a);
#endif
    if (config.keep_record) result.record.actions.push_back(a);
    ++applied;
  }
  result.truncated = !state.is_terminal();
  result.returns = result.truncated ? std::vector<double>(game.num_players(), 0.0) : state.returns();
  return result;
}

}  // namespace mw
