// The position estimate searches use: it favours the seat that is clearly ahead.
#include "games/jokers_labyrinth/evaluate.h"

#include <gtest/gtest.h>

#include <cmath>
#include <numeric>

#include "games/jokers_labyrinth/test_support.h"

namespace mw::jokers_labyrinth {
namespace {

using namespace test_support;

std::vector<double> eval(const State& s, const Json& options = Json::object()) {
  return evaluate(make_state(load(options), s));
}

TEST(JokersLabyrinthEvaluate, FavoursTheSeatThatIsAhead) {
  State s = setup("H", "a0", "S", "h7");
  const auto even = eval(s);
  EXPECT_NEAR(even[0], 0.0, 1e-9);  // the same position for both
  EXPECT_NEAR(even[0] + even[1], 0.0, 1e-9);
  give(s, 0, "JK2");  // P1 holds the second Joker
  const auto ahead = eval(s);
  EXPECT_GT(ahead[0], 0.5);
  EXPECT_LT(ahead[1], -0.5);
  EXPECT_NEAR(ahead[0] + ahead[1], 0.0, 1e-9);
  s.mutable_player(0).debt = 2;  // debt and an opponent's good card narrow it
  give(s, 1, "KS");
  const auto narrower = eval(s);
  EXPECT_LT(narrower[0], ahead[0]);
  EXPECT_GT(narrower[0], 0.0);
}

// Four Jacks on their start spots, the first turn about to begin.
State four_seats_placed() {
  State s = initial({{"players", 4}});
  play(s, "first P2");
  for (const char* t :
       {"jack H", "jack S", "jack D", "jack C", "spot a0", "spot z1", "spot g0", "spot h1"})
    play(s, t);
  return s;
}

TEST(JokersLabyrinthEvaluate, FourSeatsAddUpAndStayInRange) {
  State s = four_seats_placed();
  give(s, 3, "JK2");
  s.mutable_player(2).debt = 2;
  const auto v = eval(s, {{"players", 4}});
  ASSERT_EQ(v.size(), 4u);
  EXPECT_NEAR(std::accumulate(v.begin(), v.end(), 0.0), 0.0, 1e-9);
  for (double x : v) {
    EXPECT_GT(x, -1.0);
    EXPECT_LT(x, 1.0);
  }
  EXPECT_EQ(std::max_element(v.begin(), v.end()) - v.begin(), 3);
  EXPECT_EQ(std::min_element(v.begin(), v.end()) - v.begin(), 2);
}

// Seat 0's estimate in a four-player game where it holds `jokers` Jokers and owes `debt`.
double estimate_of_first_seat(int debt, int jokers) {
  State s = four_seats_placed();
  if (jokers > 0) give(s, 0, "JK2");
  s.mutable_player(0).debt = static_cast<std::uint16_t>(debt);
  return eval(s, {{"players", 4}})[0];
}

// A Joker fight without a value card: won, the seat holds a Joker; lost, it owes 2 more debt.
double expected_after_joker_fight(int debt, int dice) {
  const double win = std::pow(5.0 / 6.0, dice);  // the final die shows none of the dice's faces
  return win * estimate_of_first_seat(debt, 1) + (1 - win) * estimate_of_first_seat(debt + 2, 0);
}

TEST(JokersLabyrinthEvaluate, AJokerFightAtLongOddsUnderDebtIsNotWorthItsRisk) {
  // Without debt, 7 dice (28%): worth it. Owing 8, 7 + 4 dice (13%): a fight lost is 2 debt more,
  // and a Joker won under debt is soon lost to a rival's attack, so not worth it; the estimate
  // that valued a held Joker alike at any debt took that fight, and the next, as the debt grew.
  EXPECT_GT(expected_after_joker_fight(0, 7), estimate_of_first_seat(0, 0));
  EXPECT_LT(expected_after_joker_fight(8, 11), estimate_of_first_seat(8, 0));
}

}  // namespace
}  // namespace mw::jokers_labyrinth
