#include "games/jokers_labyrinth/register.h"

#include <string>

#include "core/state.h"
#include "games/jokers_labyrinth/evaluate.h"
#include "games/jokers_labyrinth/heuristic_agent.h"
#include "games/jokers_labyrinth/jokers_labyrinth.h"
#include "games/jokers_labyrinth/observation.h"

namespace mw::jokers_labyrinth {

std::string render_view(const Json& view, const RenderStyle& style);
std::string describe_result(const Json& view, const Options& options);
std::string describe_outcome(const Json& outcome, const RenderStyle& style);

// What the terminal's `help rules` and the browser's "How to play" show.
constexpr const char* kHowToPlay =
    R"(Goal: be the first to hold both Jokers. One starts face up in the centre of a 7 x 7 dungeon of
face-down cards; the other is hidden somewhere in it.
Your pawn is a Jack. You start on the ring around the dungeon and walk in.
Your turn: two actions, in any order, then end the turn:
  - reveal: turn up the card next to you;
  - move: step onto a free cell, or onto a card you may take (equipment, friendly characters,
    an Ace of your suit, a Joker you have beaten);
  - fight: attack a hazard (black 2-10), a guardian, a hostile Queen or King, a Joker, or another
    player next to you;
  - scavenge: draw from the scavenger deck when standing on an empty cell;
  - and the powers of the cards you hold (portals, swaps, a look at the 3 x 3 around you).
Fights: you fight with a card's value and dice; the higher total wins. Losing costs you: a debt,
your next turn, or your place. The log and the panel tell each fight in one sentence.
Jokers: beat a Joker to take it; a player holding a Joker can be fought for it (the loser drops
one).
)";

GameEntry entry() {
  static_assert(GameState<State>);
  static_assert(SetupPhases<State>);
  static_assert(ActionOutcome<State>);
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
      /*how_to_play=*/kHowToPlay,
  });
  e.render_view = render_view;
  e.describe_result = describe_result;
  e.describe_outcome = describe_outcome;
  e.evaluate = evaluate;
  e.observation_shape = observation_shape;
  e.encode_observation = encode_observation;
  e.agents.push_back({"heuristic",
                      "explores toward the Jokers, picks the value card with the fewest dice, "
                      "fights only at good odds, scavenges when safe",
                      HeuristicAgent::make});
  // Guided ISMCTS with the heuristic as its opponent model (docs/ai.md#strength-table). With 3
  // and 4 players it needs four times the budget of 2 (on the campaign's deals, 4000 iterations
  // won 7 of 20 four-player games that 16000 won 14 of); 16000 is about a third of a second a move
  // on one core.
  e.strongest_agent = [](const Options& options) {
    const std::string iterations = options.get_int("players") == 2 ? "4000" : "16000";
    return "ismcts:iterations=" + iterations +
           ",depth=20,opponents=policy,rollout=heuristic,prior=heuristic";
  };
  return e;
}

}  // namespace mw::jokers_labyrinth
