#include "batch.h"

#include "core/rng.h"
#include "core/state.h"

namespace mw::python {

RandomGames play_random_games(const Game& game, int n, std::uint64_t seed, int max_actions) {
  RandomGames out;
  out.returns.reserve(static_cast<std::size_t>(n));
  out.lengths.reserve(static_cast<std::size_t>(n));
  const State initial = game.new_initial_state();
  for (int i = 0; i < n; ++i) {
    State s = initial;
    Rng rng(derive_seed(seed, static_cast<std::uint64_t>(i)));
    const int length = s.play_random(rng, max_actions);
    out.actions += length;
    out.lengths.push_back(length);
    if (s.is_terminal()) {
      out.returns.push_back(s.returns());
    } else {
      ++out.truncated;
      out.returns.emplace_back(static_cast<std::size_t>(s.num_players()), 0.0);
    }
  }
  return out;
}

}  // namespace mw::python
