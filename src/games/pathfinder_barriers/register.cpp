#include "games/pathfinder_barriers/register.h"

#include "core/state.h"
#include "games/pathfinder_barriers/agents.h"
#include "games/pathfinder_barriers/evaluate.h"
#include "games/pathfinder_barriers/observation.h"
#include "games/pathfinder_barriers/pathfinder_barriers.h"

namespace mw::pathfinder_barriers {

std::string render_view(const Json& view, const RenderStyle& style);
std::string describe_result(const Json& view, const Options& options);

// What the terminal's `help rules` and the browser's "How to play" show.
constexpr const char* kHowToPlay =
    R"(Goal: find your opponent's hidden pawn before they find yours.
Set-up: each player secretly builds a 6 x 6 home grid: place your pawn on any square, then up to
30 barriers between squares (or at the entry gaps on the left edge). The engine only allows grids
in which the pawn can still be reached from the left edge.
Your turn: you explore your opponent's grid from the left edge, one question at a time:
  - "May I enter at row B?" (enter B-1), then "May I move right?" (a step up, down, left or right),
    or "May I exit?" from the left column.
  - "Yes": your explorer moves, leaving a trail, and you ask again (after an exit, your turn ends).
  - "No": there is a barrier there. It is marked on your tracking grid, your explorer stays where
    it is and your turn ends.
The first explorer to step onto the other's pawn wins. Your tracking grid remembers every barrier
you have hit, so each turn you can go further.
)";

GameEntry entry() {
  static_assert(GameState<State>);
  static_assert(SetupPhases<State>);
  static_assert(MultiActionParsing<State>);
  static_assert(FastChanceSampling<State>);
  static_assert(PrivateActionText<State>);
  GameEntry e = make_game_entry<State>(GameInfo{
      /*id=*/"pathfinder-barriers",
      /*name=*/"Pathfinder (Milton Bradley)",
      /*summary=*/"hide a pawn behind up to 30 barriers on a 6x6 grid; find the other's first",
      /*min_players=*/2,
      /*max_players=*/2,
      /*perfect_information=*/false,
      /*has_chance=*/true,
      /*options=*/option_specs(),
      /*typing_help=*/
      "a whole home grid at once during your set-up: the pawn, then the barrier slots (e.g. "
      "'E-5: |C-1 E-1|F-1 E-2|F-2'); in play a whole path at once (e.g. 'B-1>B-2>B-3')",
      /*how_to_play=*/kHowToPlay,
  });
  e.render_view = render_view;
  e.describe_result = describe_result;
  // A rematch hands the seat-bound choice to the other seat; "random" stays random.
  e.rematch_options = swap_option_values("firstPlayer", "north", "south");
  e.evaluate = evaluate;
  // Designs the grid the simulated seeker finds hardest of 48 (each run 12 times), then seeks as
  // the seeker: 86% against the seeker (docs/ai.md#strength-table); ~10 s for the whole design.
  e.strongest_agent = [](const Options&) { return std::string("maker:candidates=48,sims=12"); };
  e.designing = [](const mw::State& s) { return s.as<State>().phase() == Phase::kSetup; };
  e.observation_shape = observation_shape;
  e.encode_observation = encode_observation;
  e.agents.push_back({"seeker",
                      "builds its grid with the maze builder, then asks the frontier question that "
                      "most often starts the shortest route to the pawn in sampled grids (params: "
                      "samples=48, difficulty=2 of its own grid, 0..3)",
                      SeekerAgent::make});
  e.agents.push_back({"builder",
                      "the maze builder for its grid (difficulty=0..3, default 2), then uniformly "
                      "random questions",
                      BuilderAgent::make});
  return e;
}

}  // namespace mw::pathfinder_barriers
