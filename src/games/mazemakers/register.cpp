#include "games/mazemakers/register.h"

#include "core/state.h"
#include "games/mazemakers/evaluate.h"
#include "games/mazemakers/heuristic_agent.h"
#include "games/mazemakers/mazemakers.h"
#include "games/mazemakers/observation.h"

namespace mw::mazemakers {

std::string render_view(const Json& view, const RenderStyle& style);
std::string describe_result(const Json& view, const Options& options);
std::string describe_outcome(const Json& outcome, const RenderStyle& style);

// What the terminal's `help rules` and the browser's "How to play" show.
constexpr const char* kHowToPlay =
    R"(Goal: find your three artifacts in the maze and get back out through START (the corner square).
The maze: a 10 x 10 board with pentomino walls that the players place and move, and face-down
coins: coins of your suit are your artifacts; the others are monsters.
Set-up: each player picks a suit, then the players place the walls, and each takes control of one
wall with a coin.
Your turn:
  A. if you hold a wall with two coins, you must move it;
  B. you may move a wall you control, or put coins on a wall to take it over, or pass;
  C. move your pawn up to your health in steps (up, down, left, right). Landing on a coin ends the
     move: your own suit is an artifact (+1 to your rolls, +1 health); any other is a monster you
     fight with the die plus your artifacts, taking 1 damage if you lose.
Passing through another pawn: its owner may block; you both roll and the lower total takes 1
damage. At 0 health you are out.
Enter START with three artifacts to exit: whoever exits in a round wins at the end of it.
)";

GameEntry entry() {
  static_assert(GameState<State>);
  static_assert(SetupPhases<State>);
  static_assert(ActionOutcome<State>);
  static_assert(MultiActionParsing<State>);
  static_assert(PrivateActionText<State>);
  GameEntry e = make_game_entry<State>(GameInfo{
      /*id=*/"mazemakers",
      /*name=*/"MazeMakers",
      /*summary=*/"piecepack maze of movable pentomino walls: find your three artifacts, exit",
      /*min_players=*/2,
      /*max_players=*/4,
      /*perfect_information=*/false,
      /*has_chance=*/true,
      /*options=*/option_specs(),
      /*typing_help=*/"",
      /*how_to_play=*/kHowToPlay,
  });
  e.render_view = render_view;
  e.describe_result = describe_result;
  e.describe_outcome = describe_outcome;
  e.evaluate = evaluate;
  e.observation_shape = observation_shape;
  e.encode_observation = encode_observation;
  e.agents.push_back({"heuristic",
                      "heads for coins not known to be monsters, avoids likely-lost fights, moves "
                      "walls against the leader, returns to START with three artifacts",
                      HeuristicAgent::make});
  // Guided ISMCTS with the heuristic as opponent model (docs/ai.md#strength-table); ~0.4 s a
  // move on one core. The opponent model wins more than searched opponents (18/20 against 14/20
  // in two players; docs/experiments/ai.md). With 3 and 4 players, judging each rival random or
  // heuristic (`oeps=classify`) meets both targets; with 4 the plain model drew 1 game in 10
  // against random seats (90%, aim 95%).
  e.strongest_agent = [](const Options& options) {
    std::string spec =
        "ismcts:iterations=1000,depth=20,opponents=policy,rollout=heuristic,prior=heuristic";
    if (options.get_int("players") >= 3) spec += ",oeps=classify";
    return spec;
  };
  return e;
}

}  // namespace mw::mazemakers
