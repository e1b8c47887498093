#include "games/pathfinder_cards/register.h"

#include "core/state.h"
#include "games/pathfinder_cards/agents.h"
#include "games/pathfinder_cards/pathfinder_cards.h"

namespace mw::pathfinder_cards {

std::string render_view(const Json& view, const RenderStyle& style);

GameEntry entry() {
  static_assert(GameState<State>);
  static_assert(MultiActionParsing<State>);
  GameEntry e = make_game_entry<State>(GameInfo{
      /*id=*/"pathfinder-cards",
      /*name=*/"Pathfinder (Thorin Tatge)",
      /*summary=*/
      "the Maze Maker builds a 40-card maze; the Runner explores it from A♦ to the "
      "Joker while spades and trials drain her hearts (basic game)",
      /*min_players=*/2,
      /*max_players=*/2,
      /*perfect_information=*/false,
      /*has_chance=*/true,
      /*options=*/option_specs(),
  });
  e.render_view = render_view;
  e.agents.push_back({"baseline",
                      "both seats: the Maker builds planned mazes and hurts the Runner in every "
                      "choice; the Runner explores by sampled likelihood of diamonds toward the "
                      "Joker (params: samples=8, difficulty=2)",
                      BaselineAgent::make});
  return e;
}

}  // namespace mw::pathfinder_cards
