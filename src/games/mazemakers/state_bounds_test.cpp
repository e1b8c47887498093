// Issue 31: every document the engine writes reloads (the round counter saturates at the load
// bound), from_json refuses positions play cannot reach (artifacts, landings, exits, the end and
// the winners follow from play), and resample keeps the seat's information state on all of them.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "games/mazemakers/test_support.h"

namespace mw::mazemakers {
namespace {

using namespace test_support;

// Board coins in coin-id order for three and four players (all four suits).
const std::vector<std::string> kCoinsRows7And9 = {"a7", "b7", "c7", "d7", "e7", "f7",
                                                  "a9", "b9", "c9", "d9", "e9", "f9"};

const std::string kPrefix = "MazeMakers state: ";

// The first turn of the scripted setup (P1 to move, round 0), as a body.
Json start_body(const Json& options = Json::object()) {
  const int players = options.contains("players") ? options["players"].get<int>() : 2;
  return scripted(options, fixture_walls(), players == 2 ? kCoins2 : kCoinsRows7And9).to_json();
}

State from_body(const Json& body, const Json& options = Json::object()) {
  return State::from_json(body, load(options).options());
}

std::string rejection(const Json& body, const Json& options = Json::object()) {
  return error_of([&] { from_body(body, options); }, ErrorCode::kBadState);
}

Json with(Json body, const char* name, const Json& value) {
  body[name] = value;
  return body;
}

// A position reached by random play (chance included), taken at the first turn after setup.
Json played_body(const Json& options, std::uint64_t seed, int actions) {
  State s = fresh(options);
  Rng rng(seed);
  ActionList scratch;
  while (s.phase() < Phase::kWallAction) play_random_actions(s, rng, 1, scratch);
  play_random_actions(s, rng, actions, scratch);
  while (s.phase() != Phase::kWallAction || s.round() == 0) {
    if (s.is_terminal()) break;
    play_random_actions(s, rng, 1, scratch);
  }
  return s.to_json();
}

// Both players hold three artifacts; P1 (and P2 when `both`) exited in round `round` (1-based
// count of completed rounds), so the game is over or rolling off.
Json exited_body(bool both, int round) {
  Json b = start_body();
  give_artifacts(b, 0, 3);
  give_artifacts(b, 1, 3);
  b["pawns"] = {kStart, both ? kStart : parse_cell("h9")};
  b["exited"] = both ? 3 : 1;
  b["round"] = round;
  b["phase"] = "over";
  b["winners"] = b["exited"];
  return b;
}

// A block between two seats holding three artifacts each, both dice on their top face: the
// highest totals a combat reaches; the tie goes to the mover, who walks on.
Json top_combat(int die) {
  return {{"fighter", 0},        {"blocker", 1},       {"monster", 0},       {"cell", cell("i8")},
          {"fighter_die", die},  {"fighter_bonus", 3}, {"blocker_die", die}, {"blocker_bonus", 3},
          {"loser_died", false}, {"stopped_at", -1}};
}

struct Edge {
  const char* name;
  Json body;
  Json options;
};

// Documents at the edge of every numeric bound from_json accepts: the saturated round counter
// (roundLimit=0), the last round before the largest and the default roundLimit, the highest
// combat and roll-off totals of each die, the end at the round limit and after a roll-off, and
// hidden coins with landings and removals (for resample).
std::vector<Edge> edge_documents() {
  const Json no_limit = {{"roundLimit", 0}};
  const Json no_limit_4 = {{"roundLimit", 0}, {"players", 4}};
  const Json big_limit = {{"roundLimit", 100000}};
  const Json tiles = {{"roundLimit", 0}, {"board", "noPentominos"}, {"players", 3}};
  const Json d6 = {{"combatDie", "d6_1to6"}, {"tieBreak", "rolloff"}};
  const Json rolloff = {{"tieBreak", "rolloff"}};
  const Json removing = {{"removeDefeatedMonsters", true}, {"roundLimit", 0}};
  std::vector<Edge> out;
  out.push_back({"round at the bound", with(start_body(no_limit), "round", kMaxRound), no_limit});
  out.push_back(
      {"round before the bound", with(start_body(no_limit), "round", kMaxRound - 1), no_limit});
  out.push_back({"4 players, round at the bound", with(start_body(no_limit_4), "round", kMaxRound),
                 no_limit_4});
  out.push_back({"last round before roundLimit 100000", with(start_body(big_limit), "round", 99999),
                 big_limit});
  out.push_back(
      {"last round before roundLimit 100", with(start_body(), "round", 99), Json::object()});
  {
    Json b = with(played_body(tiles, 5, 150), "round", kMaxRound);
    out.push_back({"No-Pentominos, round at the bound", b, tiles});
  }
  {
    Json b = with(start_body(), "last_combat", top_combat(5));  // piecepack 5 + 3 artifacts
    give_artifacts(b, 0, 3);
    give_artifacts(b, 1, 3);
    out.push_back({"the highest piecepack combat totals", b, Json::object()});
  }
  for (const Json& o : {rolloff, Json{{"tieBreak", "health"}}}) {
    Json b = with(start_body(o), "pawns", {parse_cell("i8"), parse_cell("h9")});
    give_artifacts(b, 0, 3);
    give_artifacts(b, 1, 3);
    b["health"] = {4, 4};
    out.push_back({"both a step from exiting (tie-breaks)", b, o});
  }
  {
    Json b = with(start_body(d6), "last_combat", top_combat(6));  // d6 6 + 3 artifacts
    give_artifacts(b, 0, 3);
    give_artifacts(b, 1, 3);
    out.push_back({"the highest d6 combat totals", b, d6});
  }
  {
    Json b = with(exited_body(true, 1), "phase", "rolloff");
    b["rolloff"] = 3;
    b["rolloff_done"] = 1;
    b["rolloff_total"] = {9, 0, 0, 0};
    out.push_back({"a d6 roll-off at the highest total", b, d6});
  }
  {
    Json b = exited_body(true, kMaxRound);
    b["winners"] = 2;
    b["rolloff_total"] = {7, 8, 0, 0};
    out.push_back({"won a roll-off at the bound", b, {{"tieBreak", "rolloff"}, {"roundLimit", 0}}});
  }
  out.push_back({"a roll-off about to start",
                 with(with(exited_body(true, 3), "phase", "rolloff"), "rolloff", 3), rolloff});
  {
    Json b = with(with(start_body(big_limit), "round", 100000), "phase", "over");
    out.push_back({"drawn at roundLimit 100000", b, big_limit});
  }
  out.push_back({"won by the one exiter", exited_body(false, 1), Json::object()});
  {
    Json b = with(start_body(removing), "round", kMaxRound);
    b["landed"] = {(1 << 3) | (1 << 8), (1 << 1) | (1 << 8) | (1 << 6)};  // Crowns-4 for both
    b["removed"] = 1 << 8;
    b["coin_cells"][8] = -1;
    give_artifacts(b, 1, 1);  // Moons-2 taken: P1 landed on it first
    out.push_back({"landings, a removed monster and an artifact", b, removing});
  }
  return out;
}

TEST(MazeMakersBounds, EveryEdgeDocumentIsAccepted) {
  for (const Edge& edge : edge_documents()) {
    EXPECT_EQ(rejection(edge.body, edge.options), "") << edge.name;
  }
}

TEST(MazeMakersBounds, RandomPlayFromEveryEdgeDocumentReloadsAfterEachMove) {
  for (const Edge& edge : edge_documents()) {
    const Options options = load(edge.options).options();
    for (std::uint64_t seed = 0; seed < 8; ++seed) {
      state_testing::expect_reloads_while_playing(State::from_json(edge.body, options), options,
                                                  seed, 400, edge.name);
    }
  }
}

// The new refusals accept every position play reaches, under every rule option.
TEST(MazeMakersBounds, RandomGamesUnderEveryOptionReloadAfterEachMove) {
  const std::vector<Json> option_sets = {
      {{"players", 2}, {"tieBreak", "rolloff"}, {"roundLimit", 3}},
      {{"players", 3}, {"revival", true}, {"startHealing", true}, {"roundLimit", 20}},
      {{"players", 4}, {"removeDefeatedMonsters", true}, {"harshDamage", true}},
      {{"players", 2}, {"board", "noPentominos"}, {"tieBreak", "health"}, {"roundLimit", 5}},
      {{"players", 4},
       {"board", "noPentominos"},
       {"combatDie", "d6_1to6"},
       {"revival", true},
       {"removeDefeatedMonsters", true},
       {"roundLimit", 10}},
  };
  for (const Json& o : option_sets) {
    const Options options = load(o).options();
    for (std::uint64_t seed = 0; seed < 4; ++seed) {
      state_testing::expect_reloads_while_playing(State::initial(options), options, seed, 3000,
                                                  o.dump());
    }
  }
}

// The issue's case: with roundLimit=0, play from round 1073741824 went on to 1073741895, which
// load refused. The counter now saturates at the bound.
TEST(MazeMakersBounds, TheRoundCounterSaturatesAndTheDocumentReloads) {
  const Json no_limit = {{"roundLimit", 0}};
  State s = from_body(with(start_body(no_limit), "round", kMaxRound - 1), no_limit);
  for (int turn = 0; turn < 6; ++turn) {  // three whole rounds
    play(s, "pass");
    play(s, "stop");
  }
  EXPECT_EQ(s.round(), kMaxRound);
  EXPECT_FALSE(s.is_terminal());
  EXPECT_EQ(from_body(s.to_json(), no_limit).to_json(), s.to_json());
  EXPECT_EQ(rejection(with(start_body(no_limit), "round", kMaxRound + std::int64_t{1}), no_limit),
            kPrefix + "'round' = 1073741825 is outside 0..1073741824");
  // With a limit, the game ends at it: no document holds a later round.
  EXPECT_EQ(rejection(with(start_body(), "round", 101)),
            kPrefix + "'round' = 101 is outside 0..100");
  EXPECT_EQ(rejection(with(start_body(), "round", 100)), kPrefix + "past the round limit");
  Json setup = fresh().to_json();
  EXPECT_EQ(rejection(with(setup, "round", 3)), kPrefix + "'round' must be 0 during setup, got 3");
}

TEST(MazeMakersBounds, CombatTotalsPastTheDieAreRefused) {
  Json b = start_body();
  give_artifacts(b, 0, 3);
  give_artifacts(b, 1, 3);
  Json c = top_combat(6);
  EXPECT_EQ(rejection(with(b, "last_combat", c)),
            kPrefix + "'last_combat.fighter_die' = 6 is outside 0..5");
  c = top_combat(6);
  c["fighter_die"] = 0;
  EXPECT_EQ(rejection(with(start_body({{"combatDie", "d6_1to6"}}), "last_combat", c),
                      {{"combatDie", "d6_1to6"}}),
            kPrefix + "'last_combat.fighter_die' = 0 is outside 1..6");
}

// The issue's cases: "over" with nobody out, exits with one artifact, winners mid-game, a landing
// on one's own suit (which also left resample no candidate world).
TEST(MazeMakersRefusals, TheIssueCases) {
  Json over = with(with(start_body(), "phase", "over"), "round", 6);
  EXPECT_EQ(rejection(over),
            kPrefix + "phase 'over' needs an exit, nobody alive or roundLimit rounds played");
  Json one_each = with(with(over, "exited", 3), "winners", 3);
  give_artifacts(one_each, 0, 1);
  give_artifacts(one_each, 1, 1);
  one_each["pawns"] = {kStart, kStart};
  EXPECT_EQ(rejection(one_each), kPrefix +
                                     "'exited': P1 holds 1 artifact(s) and is on START; an "
                                     "exited player holds 3 and stays on START");
  EXPECT_EQ(rejection(with(start_body(), "winners", 1)),
            kPrefix + "'winners' must be 0 before the game is over");
  EXPECT_EQ(rejection(with(start_body(), "landed", {1, 0})),  // Suns-2, P1's own suit
            kPrefix + "'landed'[0]: coin 0 is P1's own suit, an artifact, not a monster");
}

TEST(MazeMakersRefusals, ArtifactsAreTheTakenCoinsOfTheirSuit) {
  EXPECT_EQ(rejection(with(start_body(), "artifacts", {1, 0})),
            kPrefix + "'artifacts'[0] = 1, but 'taken' holds 0 coin(s) of P1's suit");
  Json b = start_body();
  give_artifacts(b, 1, 2);
  EXPECT_EQ(rejection(b), "");
  EXPECT_EQ(rejection(with(b, "artifacts", {0, 3})),
            kPrefix + "'artifacts'[1] = 3, but 'taken' holds 2 coin(s) of P2's suit");
  Json crowns = with(start_body(), "taken", 1 << 6);  // the extra suit: nobody takes it
  crowns["coin_cells"][6] = -1;
  EXPECT_EQ(rejection(crowns), kPrefix + "'taken' holds a coin of no player's suit");
  Json on_board = start_body();
  give_artifacts(on_board, 0, 1);
  on_board["coin_cells"][0] = parse_cell("a7");
  EXPECT_EQ(rejection(on_board), kPrefix + "a coin that is not in play is on the board");
}

TEST(MazeMakersRefusals, LandingsAndRemovalsFollowPlay) {
  const Json removing = {{"removeDefeatedMonsters", true}};
  Json b = with(start_body(removing), "removed", 1 << 8);
  b["coin_cells"][8] = -1;
  EXPECT_EQ(rejection(b, removing), kPrefix + "'removed': a monster nobody landed on was defeated");
  b["landed"] = {1 << 8, 0};
  EXPECT_EQ(rejection(b, removing), "");
  EXPECT_EQ(rejection(b), kPrefix + "'removed' must be 0 without removeDefeatedMonsters");
  EXPECT_EQ(rejection(with(start_body(), "landed", {0, 1 << 9})),  // Arms: not in play
            kPrefix + "'landed'[1]: coin 9 is not in play");
  EXPECT_EQ(rejection(with(fresh().to_json(), "landed", {1 << 3, 0})),
            kPrefix + "'landed'[0] must be 0 during setup");
}

TEST(MazeMakersRefusals, TheEndAndTheWinnersFollowFromTheExits) {
  const Json health = {{"tieBreak", "health"}};
  Json both = exited_body(true, 2);
  both["health"] = {5, 4};
  EXPECT_EQ(rejection(both), "");  // no tie-break: both win
  EXPECT_EQ(rejection(both, health),
            kPrefix + "'winners' must be 1 (the exiters with the most health), got 3");
  EXPECT_EQ(rejection(with(both, "winners", 1), health), "");
  EXPECT_EQ(rejection(with(both, "winners", 1)),
            kPrefix + "'winners' must be 3 (the exiters), got 1");
  EXPECT_EQ(rejection(with(both, "winners", 0), {{"tieBreak", "rolloff"}}),
            kPrefix + "'winners' must be the one exiter who won the roll-off");
  EXPECT_EQ(rejection(with(with(both, "phase", "rolloff"), "rolloff", 3)),
            kPrefix + "a roll-off needs tieBreak=rolloff and two or more exiters");
  EXPECT_EQ(rejection(with(both, "order_index", 1)),
            kPrefix +
                "the game ends at the end of a round: 'order_index' must be 0 and 'round' at "
                "least 1");
  // A game in which P1 exited in an earlier round would be over: the round of an exit is the last.
  Json late = with(with(exited_body(false, 2), "phase", "wallAction"), "winners", 0);
  late["mover"] = 1;
  late["order_index"] = 1;
  EXPECT_EQ(rejection(late), "");  // P1 exited this round; P2 still moves
  EXPECT_EQ(rejection(with(late, "mover", 0)),
            kPrefix + "'mover' must be the seat at 'order_index' in playing order");
  late["first"] = 1;  // P2 moves first: P1's exit came in an earlier round
  late["order_index"] = 0;
  EXPECT_EQ(rejection(late), kPrefix +
                                 "'exited': P1 exited in an earlier round, which ended the "
                                 "game");
  Json dead = with(start_body({{"revival", true}}), "pawns", {kStart, -1});
  dead["health"] = {5, 0};
  EXPECT_EQ(rejection(dead, {{"revival", true}}),
            kPrefix + "'pawns'[1]: with revival nobody stays dead");
  EXPECT_EQ(rejection(with(start_body(), "rolloff_total", {3, 0, 0, 0})),
            kPrefix + "'rolloff_total'[0] must be 0: P1 rolled in no roll-off");
}

// What a move leaves (its target, blocker, steps, last free square, a die in waiting) is at rest
// between moves and after the end: one position, one document.
TEST(MazeMakersRefusals, NothingOfAMoveOutlivesIt) {
  const Json over = exited_body(true, 2);
  ASSERT_EQ(rejection(over), "");
  const std::string rest =
      kPrefix + "no move is under way: steps_left 0, last_free START, target and blocker -1";
  EXPECT_EQ(rejection(with(over, "target", parse_cell("h9"))), rest);
  EXPECT_EQ(rejection(with(over, "blocker", 1)), rest);
  EXPECT_EQ(rejection(with(over, "steps_left", 2)), rest);
  EXPECT_EQ(rejection(with(over, "last_free", parse_cell("h9"))), rest);
  EXPECT_EQ(rejection(with(start_body(), "target", parse_cell("h9"))), rest);
  EXPECT_EQ(rejection(with(over, "pending_roll", 4)), kPrefix + "a die waits only in a fight");
}

// resample(seat) redeals only what the seat has not seen: its information state is the same in
// every world drawn, for every document load accepts (a landing on one's own suit, which left
// no candidate world, is now refused).
TEST(MazeMakersResample, KeepsEveryInformationStateKeyOnEdgeDocuments) {
  Rng rng(3);
  for (const Edge& edge : edge_documents()) {
    const State s = from_body(edge.body, edge.options);
    for (Player seat = 0; seat < s.num_players(); ++seat) {
      for (int k = 0; k < 8; ++k) {
        EXPECT_EQ(s.resample(seat, rng).information_state_key(seat), s.information_state_key(seat))
            << edge.name << ", seat " << seat;
      }
    }
  }
}

}  // namespace
}  // namespace mw::mazemakers
