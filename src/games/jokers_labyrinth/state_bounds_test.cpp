// Issue 31: every document the engine writes reloads (counters stay inside the load bounds), and
// from_json refuses positions play cannot reach (the end and the winner follow from the Jokers).
#include <gtest/gtest.h>

#include <vector>

#include "games/jokers_labyrinth/test_support.h"

namespace mw::jokers_labyrinth {
namespace {

using namespace test_support;

// Indices into the body's "turn" array.
constexpr int kActionsLeft = 2, kPaidActions = 3, kRound = 8, kWinner = 9, kTurns = 11;

std::string rejection(const Json& body, const Game& game) {
  return error_of([&] { State::from_json(body, game.options()); }, ErrorCode::kBadState);
}

// A position in the main phase, reached by seeded random play.
Json main_body(const Game& game, std::uint64_t seed) {
  for (int actions = 20; actions < 2000; actions += 3) {
    const State s = random_position(game, seed, actions);
    if (s.phase() == Phase::kMain) return s.to_json();
  }
  ADD_FAILURE() << "no main phase reached";
  return Json::object();
}

// P1 (first, Diamonds, on a0) has turned up a Joker on a1 and must fight it at once.
State facing_a_joker() {
  State s = initial();
  play_script(s, "first P1; jack D; jack H; spot a0; spot g8; reveal down; card JK2");
  EXPECT_EQ(s.phase(), Phase::kCombatPrep);
  return s;
}

// The fight against that Joker with nothing played, P1 owing `debt` (and hindered if asked): every
// shown die is still to roll.
Json dice_body(int debt, bool hindered) {
  const Game game = load();
  Json body = facing_a_joker().to_json();
  body["players"][0][5] = hindered ? 1 : 0;
  body["players"][0][6] = debt;
  State s = State::from_json(body, game.options());
  play(s, "nocard");
  return s.to_json();
}

struct Edge {
  std::string name;
  Json options;
  Json body;
};

// Documents at the edge of every numeric bound from_json accepts: the last turn before the
// safeguard, the last round before roundLimit, the most rounds, the saturated debt, the most
// actions.
std::vector<Edge> edge_documents() {
  std::vector<Edge> out;
  for (int players : {2, 4}) {
    const Json options = {{"players", players}};
    const Game game = load(options);
    Json body = main_body(game, static_cast<std::uint64_t>(players));
    const std::string n = std::to_string(players) + " players: ";
    Json last_turn = body;
    last_turn["turn"][kTurns] = kSafetyTurns;
    out.push_back({n + "last turn before the safeguard", options, last_turn});
    Json rounds = body;
    rounds["turn"][kTurns] = kSafetyTurns;
    rounds["turn"][kRound] = 2 * kSafetyTurns;
    out.push_back({n + "the most rounds", options, rounds});
    Json debt = body;
    for (Json& p : debt["players"]) p[6] = kMaxDebt;
    out.push_back({n + "saturated debt", options, debt});
    Json almost = body;
    for (Json& p : almost["players"]) p[6] = kMaxDebt - 2;
    out.push_back({n + "debt below the bound", options, almost});
    Json actions = body;
    actions["turn"][kActionsLeft] = kMaxActions;
    out.push_back({n + "the most actions", options, actions});
    Json paid = body;
    paid["turn"][kActionsLeft] = 0;
    paid["turn"][kPaidActions] = kMaxActions;
    out.push_back({n + "the most paid actions", options, paid});
    const Json limited = {{"players", players}, {"roundLimit", 30}};
    Json last_round = main_body(load(limited), 9);
    last_round["turn"][kRound] = 29;
    last_round["turn"][kTurns] = 29 * players;
    out.push_back({n + "last round before roundLimit 30", limited, last_round});
  }
  // The most shown dice: 0 against a Joker (7), hindered (+1), the saturated debt (+15000).
  out.push_back({"2 players: the most dice", Json::object(), dice_body(kMaxDebt, true)});
  return out;
}

void expect_reloads_while_playing(const Edge& edge, std::uint64_t seed, int moves) {
  const Options options = load(edge.options).options();
  state_testing::expect_reloads_while_playing(State::from_json(edge.body, options), options, seed,
                                              moves, edge.name);
}

TEST(JokersLabyrinthBounds, RandomPlayFromEveryEdgeDocumentReloadsAfterEachMove) {
  for (const Edge& edge : edge_documents()) {
    EXPECT_EQ(rejection(edge.body, load(edge.options)), "") << edge.name;
    for (std::uint64_t seed = 0;
         seed < static_cast<std::uint64_t>(::mw::test_support::scaled_for_sanitizers(4)); ++seed) {
      expect_reloads_while_playing(edge, seed, 600);
    }
  }
}

// Issue 32: the dice count was 8 bits, so 256 dice (debt 498, reached by random play) wrapped to
// 0 and the fight was decided by the final die alone.
TEST(JokersLabyrinthBounds, AFightUnderHeavyDebtRollsEveryDie) {
  const Game game = load();
  State s = State::from_json(dice_body(498, false), game.options());
  EXPECT_EQ(s.combat().dice, 256);  // 0 against 14: 7 dice, + 249 pairs of debt
  for (int i = 0; i < 255; ++i) play(s, "die 1");
  play(s, "die 2");
  EXPECT_EQ(State::from_json(s.to_json(), game.options()).to_json(), s.to_json());
  play(s, "die 2");  // the final die shows the face of the 256th die: lost
  EXPECT_EQ(s.phase(), Phase::kJokerLoss);
  const State most = State::from_json(dice_body(kMaxDebt, true), game.options());
  EXPECT_EQ(most.combat().dice, kMaxDice);
}

// Once the shown dice show all six faces the fight is lost: without a possible King reroll the
// remaining dice are not rolled (a fight under heavy debt would otherwise roll hundreds).
TEST(JokersLabyrinthBounds, AFightShowingEveryFaceEndsThere) {
  const Game game = load();
  for (bool king : {false, true}) {
    Json body = dice_body(498, false);
    if (king) body["loc"][card("KH*")] = kLocHand + 0;  // from the Scavenger deck
    State s = State::from_json(body, game.options());
    for (const char* d : {"die 1", "die 2", "die 3", "die 4", "die 5", "die 6"}) play(s, d);
    if (king) {
      EXPECT_EQ(s.phase(), Phase::kDice);  // the King may still reroll: every die is rolled
      EXPECT_EQ(s.combat().rolled, 6);
    } else {
      EXPECT_EQ(s.phase(), Phase::kJokerLoss);
    }
  }
}

// The safeguard now holds whatever the roundLimit: 10000 rounds of 4 seats used to pass the
// 16-bit turn counter and the load bound of 1201 turns.
TEST(JokersLabyrinthBounds, TheSafeguardEndsGamesWithALargeRoundLimit) {
  const Json options = {{"players", 4}, {"roundLimit", 10000}};
  const Game game = load(options);
  Json body = main_body(game, 5);
  body["turn"][kTurns] = kSafetyTurns;
  State s = State::from_json(body, game.options());
  Rng rng(1);
  ActionList scratch;
  play_random_actions(s, rng, 1'000'000, scratch);
  EXPECT_TRUE(s.is_terminal());
  EXPECT_LE(s.turns(), kSafetyTurns + 1);
  EXPECT_EQ(State::from_json(s.to_json(), game.options()).to_json(), s.to_json());
}

TEST(JokersLabyrinthBounds, CountersPastWhatPlayReachesAreRefused) {
  const Game game = load();
  const Json body = main_body(game, 2);
  Json turns = body;
  turns["turn"][kTurns] = kSafetyTurns + 1;
  EXPECT_NE(rejection(turns, game).find("must be \"over\""), std::string::npos);
  Json debt = body;
  debt["players"][0][6] = 1000000;  // the error names the field (it said "player")
  EXPECT_EQ(rejection(debt, game),
            "jokers-labyrinth state: \"players[0] debt\" must be in 0..30000, got 1000000");
  debt["players"][0][6] = 0;
  debt["players"][1] = {1, 2};
  EXPECT_NE(rejection(debt, game).find("\"players\"[1] must be [pos, suit"), std::string::npos);
  Json actions = body;
  actions["turn"][kActionsLeft] = kMaxActions + 1;
  EXPECT_NE(rejection(actions, game).find("actions left"), std::string::npos);
  Json dice = dice_body(kMaxDebt, true);
  dice["combat"][4] = kMaxDice + 1;
  EXPECT_EQ(rejection(dice, game),
            "jokers-labyrinth state: \"combat\" must be in -2..15008, got 15009");
  dice = dice_body(kMaxDebt, false);  // one die fewer than hindered
  dice["combat"][4] = kMaxDice;
  EXPECT_EQ(rejection(dice, game),
            "jokers-labyrinth state: 15008 shown dice where the fight gives 15007 (G5.3.1)");
  const Game limited = load({{"roundLimit", 30}});
  Json past = main_body(limited, 2);
  past["turn"][kRound] = 30;
  past["turn"][kTurns] = 60;
  EXPECT_NE(rejection(past, limited).find("must be \"over\""), std::string::npos);
}

// The cases: "over" in mid-game, and a seat holding both Jokers while play goes on.
TEST(JokersLabyrinthRefusals, TheEndAndTheWinnerFollowFromTheJokers) {
  const Game game = load();
  const Json body = main_body(game, 4);
  Json over = body;
  over["phase"] = "over";
  EXPECT_EQ(rejection(over, game),
            "jokers-labyrinth state: phase \"over\" without a winner needs roundLimit rounds or "
            "the 1200-turn safeguard");
  over["turn"][kWinner] = 0;
  EXPECT_EQ(rejection(over, game),
            "jokers-labyrinth state: \"winner\" P1 does not hold two Jokers");
  Json both = body;
  both["loc"][52] = kLocHand + 0;   // the centre Joker (or wherever it is now)
  both["loc"][106] = kLocHand + 0;  // a Joker of the resource deck
  both["private"] = Json::array();
  const std::string held = rejection(both, game);
  EXPECT_NE(held.find("P1 holds two Jokers, which wins at once"), std::string::npos) << held;
  Json won = both;
  won["phase"] = "over";
  won["turn"][kWinner] = 0;
  EXPECT_EQ(rejection(won, game), "");
  won["turn"][kWinner] = 1;
  EXPECT_NE(rejection(won, game).find("P1 holds two Jokers"), std::string::npos);
}

// resample(seat) keeps every seat's information-state key on every edge document load accepts.
TEST(JokersLabyrinthResample, KeepsTheInformationStateKeyOnEdgeDocuments) {
  Rng rng(7);
  for (const Edge& edge : edge_documents()) {
    const Game game = load(edge.options);
    const State s = State::from_json(edge.body, game.options());
    for (Player seat = 0; seat < s.num_players(); ++seat) {
      EXPECT_EQ(s.resample(seat, rng).information_state_key(seat), s.information_state_key(seat))
          << edge.name << ", seat " << seat;
    }
  }
}

}  // namespace
}  // namespace mw::jokers_labyrinth
