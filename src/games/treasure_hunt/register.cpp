#include "games/treasure_hunt/register.h"

#include "core/state.h"
#include "games/treasure_hunt/evaluate.h"
#include "games/treasure_hunt/greedy_agent.h"
#include "games/treasure_hunt/observation.h"
#include "games/treasure_hunt/treasure_hunt.h"

namespace mw::treasure_hunt {

std::string render_view(const Json& view, const RenderStyle& style);
std::string describe_result(const Json& view, const Options& options);

GameEntry entry() {
  static_assert(GameState<State>);
  GameEntry e = make_game_entry<State>(GameInfo{
      /*id=*/"treasure-hunt",
      /*name=*/"Treasure Hunt",
      /*summary=*/"5x5 card grid: swap two cards, step, ride the forced moves, score the diamonds",
      /*min_players=*/2,
      /*max_players=*/2,
      /*perfect_information=*/true,
      /*has_chance=*/true,
      /*options=*/option_specs(),
      /*typing_help=*/"",
  });
  e.render_view = render_view;
  e.describe_result = describe_result;
  e.evaluate = evaluate;
  // Beats greedy 10 of 10 at 200 ms a move (docs/ai.md).
  e.strongest_agent = [](const Options&) { return std::string("alphabeta"); };
  e.observation_shape = observation_shape;
  e.encode_observation = encode_observation;
  e.agents.push_back({"greedy",
                      "best immediate score, then closeness to the treasure; among equals, a turn "
                      "that leaves the opponent no score (params: defend=true, defendLimit=16)",
                      GreedyAgent::make});
  return e;
}

}  // namespace mw::treasure_hunt
