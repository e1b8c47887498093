#include "games/jokers_labyrinth/register.h"

#include "core/state.h"
#include "games/jokers_labyrinth/evaluate.h"
#include "games/jokers_labyrinth/heuristic_agent.h"
#include "games/jokers_labyrinth/jokers_labyrinth.h"
#include "games/jokers_labyrinth/observation.h"

namespace mw::jokers_labyrinth {

std::string render_view(const Json& view, const RenderStyle& style);
std::string describe_result(const Json& view, const Options& options);

GameEntry entry() {
  static_assert(GameState<State>);
  static_assert(FastChanceSampling<State>);
  static_assert(MultiActionParsing<State>);
  GameEntry e = make_game_entry<State>(GameInfo{
      /*id=*/"jokers-labyrinth",
      /*name=*/"The Joker's Labyrinth (Advanced)",
      /*summary=*/"2-4 Jacks explore a 7x7 dungeon of cards, fight by dice and hunt two Jokers",
      /*min_players=*/2,
      /*max_players=*/4,
      /*perfect_information=*/false,
      /*has_chance=*/true,
      /*options=*/option_specs(),
      /*typing_help=*/"",
  });
  e.render_view = render_view;
  e.describe_result = describe_result;
  e.evaluate = evaluate;
  e.observation_shape = observation_shape;
  e.encode_observation = encode_observation;
  e.agents.push_back({"heuristic",
                      "explores toward the Jokers, picks the value card with the fewest dice, "
                      "fights only at good odds, scavenges when safe",
                      HeuristicAgent::make});
  // Guided ISMCTS with the heuristic as its opponent model: 9/10 two-player games against the
  // heuristic (no loss), 79% alone against two (docs/ai.md#strength-table); ~0.4 s a move.
  e.strongest_agent = [](const Options&) {
    return std::string(
        "ismcts:iterations=4000,depth=20,opponents=policy,rollout=heuristic,prior=heuristic");
  };
  return e;
}

}  // namespace mw::jokers_labyrinth
