#include "games/treasure_hunt/register.h"

#include "core/state.h"
#include "games/treasure_hunt/evaluate.h"
#include "games/treasure_hunt/greedy_agent.h"
#include "games/treasure_hunt/observation.h"
#include "games/treasure_hunt/treasure_hunt.h"

namespace mw::treasure_hunt {

std::string render_view(const Json& view, const RenderStyle& style);
std::string describe_result(const Json& view, const Options& options);

// What the terminal's `help rules` and the browser's "How to play" show.
constexpr const char* kHowToPlay =
    R"(Goal: score the most points. The diamonds are the treasure: each is worth its rank (A = 1 ...
K = 13), and the game ends when someone scores the K of diamonds.
The board: 25 cards in a 5 x 5 grid. Every card points a way by its suit (the key under the board
says which) and pushes a pawn as many cards as its rank. Both pawns start in the middle; the
Treasure Marker starts on the A of diamonds and moves to the next diamond each time one is scored.
Your turn, two steps:
  1. Swap two cards in the same row or column. Not a card with a pawn or the Treasure Marker on it,
     and not one of the two cards your opponent just swapped.
  2. Step your pawn to a neighbouring card (up, down, left or right). Then the card you land on
     carries you on, again and again, until you reach the treasure, would leave the board, or
     would come back to a card already passed in this move.
If your pawn ends on the treasure, you score it. Plan the swap so your step rides the cards there,
or so your opponent's path goes nowhere.
)";

GameEntry entry() {
  static_assert(GameState<State>);
  static_assert(SetupPhases<State>);
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
      /*how_to_play=*/kHowToPlay,
  });
  e.render_view = render_view;
  e.describe_result = describe_result;
  // A rematch hands the seat-bound choice to the other seat; "random" stays random.
  e.rematch_options = swap_option_values("firstPlayer", "green", "purple");
  e.evaluate = evaluate;
  // Depth 4 already beats greedy 198 of 200 (docs/ai.md#strength-table); 1 s a move goes deeper.
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
