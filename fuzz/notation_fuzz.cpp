// Notation text typed by a player, in every game, at a few positions of each: parsed into actions
// or refused with an Error; what parses applies (all or none) or is refused likewise.
#include <cstdint>
#include <vector>

#include "core/error.h"
#include "fuzz_support.h"
#include "games/all_games.h"

namespace {

// A handful of positions per game: the start and a few random plies in.
const std::vector<mw::State>& positions() {
  static const std::vector<mw::State> all = [] {
    std::vector<mw::State> out;
    for (const mw::GameEntry* entry : mw::builtin_games().entries()) {
      const mw::Game game = mw::builtin_games().load(entry->info.id);
      for (int plies : {0, 3, 25}) {
        mw::State s = game.new_initial_state();
        mw::Rng rng(static_cast<std::uint64_t>(plies) + 1);
        s.play_random(rng, plies);
        if (!s.is_terminal()) out.push_back(std::move(s));
      }
    }
    return out;
  }();
  return all;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace mw;
  if (size == 0) return 0;
  const auto& all = positions();
  const State& position = all[data[0] % all.size()];
  const std::string_view text = fuzz::as_text(data + 1, size - 1);
  try {
    const std::vector<Action> actions = position.parse_actions(text);
    State copy = position;
    try {
      copy.apply_all(actions);
    } catch (const Error&) {
      if (copy.to_json() != position.to_json()) {
        fuzz::violated("a refused apply_all changes nothing", std::string(text));
      }
    }
  } catch (const Error&) {
  }
  try {
    (void)position.parse_action(text);
  } catch (const Error&) {
  }
  return 0;
}
