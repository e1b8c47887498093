#pragma once
// Shared by the libFuzzer targets (fuzz/<name>_fuzz.cpp): what every target checks on whatever
// the engine accepts. A violated invariant aborts, which libFuzzer reports as a crash with the
// input that caused it.
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "core/json.h"
#include "core/rng.h"
#include "core/state.h"

namespace mw::fuzz {

[[noreturn]] inline void violated(const char* what, const std::string& detail) {
  std::fprintf(stderr, "invariant violated: %s\n%s\n", what, detail.substr(0, 2000).c_str());
  std::abort();
}

inline std::string_view as_text(const std::uint8_t* data, std::size_t size) {
  return {reinterpret_cast<const char*>(data), size};
}

// What holds for every state the engine accepted: its document reloads to the same state, every
// observer's view is built, and a seat's resampled world keeps what that seat has seen.
inline void check_accepted_state(const State& state) {
  const Json document = state.to_document();
  const State again = state.game().state_from_json(document["state"]);
  if (again.to_json() != state.to_json()) {
    violated("a document reloads to the same state", document.dump());
  }
  (void)state.view(kSpectator);
  (void)state.view(kOmniscient);
  for (Player p = 0; p < state.num_players(); ++p) (void)state.view(p);
  if (state.is_terminal()) return;
  Rng rng(7);
  for (Player p = 0; p < state.num_players(); ++p) {
    const State world = state.resample(p, rng);
    if (world.information_state_key(p) != state.information_state_key(p)) {
      violated("resample(seat) keeps information_state_key(seat)", document.dump());
    }
  }
}

// Plays random legal moves to the end (or `limit` moves), checking each move's document.
inline void play_out(State state, std::uint64_t seed, int limit) {
  Rng rng(seed);
  for (int n = 0; n < limit && !state.is_terminal(); ++n) {
    if (state.is_chance_node()) {
      state.apply(state.sample_chance(rng));
      continue;
    }
    const ActionList legal = state.legal_actions();
    if (legal.empty()) {
      violated("a state that is not over has a legal action", state.to_json().dump());
    }
    state.apply(legal[rng.below(legal.size())]);
    if (n % 16 == 0) check_accepted_state(state);
  }
}

}  // namespace mw::fuzz
