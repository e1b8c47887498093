// The greedy agent: takes a score when one exists, beats random play, defends among equals.
#include "games/treasure_hunt/greedy_agent.h"

#include <gtest/gtest.h>

#include <cstdlib>

#include "ai/agents.h"
#include "core/match.h"
#include "games/treasure_hunt/test_support.h"

namespace mw::treasure_hunt {
namespace {

using namespace test_support;

// Lets the agent play one whole turn (swap, then step) of the seat to move.
void agent_turn(mw::State& s, Agent& agent, Rng& rng) {
  for (int decision = 0; decision < 2; ++decision) {
    s.apply(agent.choose(Observation(s, s.current_player()), rng));
  }
}

TEST(TreasureHuntGreedy, IsRegisteredWithTheGame) {
  const Game game = load();
  const auto agents = list_agents(game);
  const auto greedy = std::find_if(agents.begin(), agents.end(),
                                   [](const AgentListing& a) { return a.name == "greedy"; });
  ASSERT_NE(greedy, agents.end());
  EXPECT_TRUE(greedy->game_specific);
  EXPECT_NE(make_agent(game, "greedy"), nullptr);
  EXPECT_NE(make_agent(game, "greedy:defend=false,defendLimit=4"), nullptr);
}

TEST(TreasureHuntGreedy, RejectsUnknownOrIllTypedParameters) {
  const Game game = load();
  EXPECT_EQ(error_of([&] { make_agent(game, "greedy:depth=2"); }, ErrorCode::kUnknownAgent),
            "greedy: unknown parameter 'depth'; known: defend, defendLimit");
  EXPECT_EQ(error_of([&] { make_agent(game, "greedy:defend=3"); }, ErrorCode::kUnknownAgent),
            "greedy: defend expects true or false, got 3");
  EXPECT_EQ(error_of([&] { make_agent(game, "greedy:defendLimit=0"); }, ErrorCode::kUnknownAgent),
            "greedy: defendLimit expects an integer in 1..10000, got 0");
}

TEST(TreasureHuntGreedy, TakesTheImmediateScoreOfFigure2) {
  const Game game = load();
  for (const char* spec : {"greedy", "greedy:defend=false"}) {
    for (std::uint64_t seed = 0; seed < 5; ++seed) {
      mw::State s = game.state_from_json(fixture_body());
      auto agent = make_agent(game, spec);
      Rng rng(seed);
      agent_turn(s, *agent, rng);
      EXPECT_EQ(s.as<State>().score(0), 1 + 4) << spec << " seed " << seed;
      EXPECT_EQ(s.as<State>().treasure(), parse_card_code(DeckKind::kStandard, "5D"));
    }
  }
}

TEST(TreasureHuntGreedy, TheStepCompletesTheChosenSwap) {
  const Game game = load();
  mw::State s = game.state_from_json(fixture_body());
  s.apply(s.parse_action("2D-3D"));
  auto agent = make_agent(game, "greedy");
  Rng rng(1);
  EXPECT_EQ(s.action_to_string(agent->choose(Observation(s, 0), rng)), "up");
}

TEST(TreasureHuntGreedy, BeatsRandomInAtLeastNinetyPercentOfGames) {
  const Game game = load();
  auto greedy = make_agent(game, "greedy");
  auto random = make_agent(game, "random");
  constexpr int kGames = 200;
  int wins = 0;
  for (int g = 0; g < kGames; ++g) {
    const int seat = g % 2;  // greedy plays both colours
    std::vector<Agent*> seats = {random.get(), random.get()};
    seats[seat] = greedy.get();
    const MatchResult r = play_match(game, seats, {.seed = static_cast<std::uint64_t>(g)});
    ASSERT_FALSE(r.truncated);
    wins += r.returns[seat] > 0;
  }
  RecordProperty("greedy_wins", wins);
  EXPECT_GE(wins, kGames * 9 / 10);
}

// ---- the defence among equals, checked against brute force ------------------------------------

struct Turn {
  Action swap;
  Action step;
  int gain;
  int distance;
};

int manhattan(int a, int b) {
  return std::abs(a / kSize - b / kSize) + std::abs(a % kSize - b % kSize);
}

State after(const State& s, Action swap, Action step) {
  State t = s;
  t.apply_legal(swap);
  t.apply_legal(step);
  return t;
}

std::vector<Turn> all_turns(const State& s) {
  std::vector<Turn> out;
  ActionList swaps, steps;
  s.legal_actions(swaps);
  const Player me = s.current_player();
  for (Action swap : swaps) {
    State t = s;
    t.apply_legal(swap);
    t.legal_actions(steps);
    for (Action step : steps) {
      const State u = after(s, swap, step);
      out.push_back(
          {swap, step, u.score(me) - s.score(me), manhattan(u.pawn(me), u.treasure_cell())});
    }
  }
  return out;
}

bool opponent_can_score(const State& s) {
  if (s.is_terminal()) return false;
  for (const Turn& t : all_turns(s)) {
    if (t.gain > 0) return true;
  }
  return false;
}

TEST(TreasureHuntGreedy, PrefersABestTurnThatLeavesTheOpponentNoScore) {
  const Game game = load();
  auto agent = make_agent(game, "greedy:defendLimit=10000");
  int positions_with_a_choice = 0;
  for (std::uint64_t seed = 0; seed < 40 && positions_with_a_choice < 8; ++seed) {
    State s = random_position(game, seed, 26 + 2 * static_cast<int>(seed % 7));
    if (s.phase() != Phase::kSwap) continue;
    const std::vector<Turn> turns = all_turns(s);
    auto key_less = [](const Turn& a, const Turn& b) {
      return a.gain != b.gain ? a.gain > b.gain : a.distance < b.distance;
    };
    const Turn best = *std::min_element(turns.begin(), turns.end(), key_less);
    bool some_safe = false, some_unsafe = false;
    for (const Turn& t : turns) {
      if (key_less(best, t)) continue;
      (opponent_can_score(after(s, t.swap, t.step)) ? some_unsafe : some_safe) = true;
    }
    if (!(some_safe && some_unsafe)) continue;
    ++positions_with_a_choice;
    mw::State erased = make_state(game, s);
    Rng rng(seed);
    const Player me = s.current_player();
    agent_turn(erased, *agent, rng);
    const State& played = erased.as<State>();
    EXPECT_EQ(played.score(me) - s.score(me), best.gain) << seed;
    EXPECT_EQ(manhattan(played.pawn(me), played.treasure_cell()), best.distance) << seed;
    EXPECT_FALSE(opponent_can_score(played)) << seed;
  }
  EXPECT_GT(positions_with_a_choice, 0);
}

}  // namespace
}  // namespace mw::treasure_hunt
