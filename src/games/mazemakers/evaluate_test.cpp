// The search's evaluation: a lead is not a win, since only an exit before the round limit wins.
#include "games/mazemakers/evaluate.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "games/mazemakers/mazemakers.h"
#include "games/mazemakers/test_support.h"

namespace mw::mazemakers {
namespace {

using namespace test_support;

const std::vector<std::string> kCoins = {"a7", "b7", "c7", "g9", "b9", "c9", "a10", "g7", "i7"};

void kill(Json& body, int seat) {
  body["pawns"][seat] = -1;
  body["health"][seat] = 0;
}

// Two players after setup; P2 is dead unless `rival_alive`; P1 holds `artifacts` in `round`.
State position(bool rival_alive, int artifacts, int round) {
  const Json options = Json::object();
  return edited(scripted(options, fixture_walls(), kCoins), options, [&](Json& b) {
    if (!rival_alive) kill(b, 1);
    give_artifacts(b, 0, artifacts);
    b["round"] = round;
  });
}

double value_of(const State& s, Player p) {
  return evaluate(make_state(load({{"revival", s.config().revival}}), s))[p];
}

TEST(MazeMakersEvaluate, OutlivingTheRivalsIsNotYetAWin) {
  // The old evaluation scored any lead over a dead rival as 0.95 and the agent stood still
  // until the round limit: a death there is a draw, not a loss, and only an exit wins.
  const double one = value_of(position(false, 1, 10), 0);
  const double two = value_of(position(false, 2, 10), 0);
  EXPECT_GT(one, 0.0);
  EXPECT_LT(one, 0.8);
  EXPECT_GT(two, one + 0.1) << "an artifact more must be worth the risk of fetching it";
}

TEST(MazeMakersEvaluate, ALeadFadesAsTheRoundLimitNears) {
  const double early = value_of(position(false, 2, 10), 0);
  const double late = value_of(position(false, 2, 95), 0);
  const double last = value_of(position(false, 2, 99), 0);
  EXPECT_LT(late, early);
  EXPECT_LT(last, late);
  EXPECT_LT(last, 0.05);
  const double racing_early = value_of(position(true, 2, 10), 0);
  const double racing_late = value_of(position(true, 2, 95), 0);
  EXPECT_GT(racing_early, 0.5);
  EXPECT_LT(racing_late, racing_early);
}

TEST(MazeMakersEvaluate, TheClockPressesSoonerOnASeatWithMoreToDo) {
  // A replayed draw held two artifacts from round 45 to 96 against a rival who never found one.
  EXPECT_LT(value_of(position(true, 1, 60), 0), value_of(position(true, 1, 10), 0));
  EXPECT_LT(value_of(position(false, 2, 70), 0), value_of(position(false, 2, 10), 0));
  // With all three only the way home is left: 20 rounds before the limit are time enough.
  EXPECT_EQ(value_of(position(true, 3, 75), 0), value_of(position(true, 3, 10), 0));
  // A trailing seat does not gain by waiting while its rival still has time to finish.
  const double trailing = value_of(position(true, 2, 60), 1);
  EXPECT_LT(trailing, -0.5);
  EXPECT_EQ(trailing, value_of(position(true, 2, 10), 1));
}

TEST(MazeMakersEvaluate, ADeadSeatLosesUnlessItComesBack) {
  EXPECT_LT(value_of(position(false, 0, 10), 1), -0.9);
  // With revival a seat is never dead: it is back on START with 2 health (A-G4-20), still in
  // the race, only behind. (This used to load a dead seat under revival, which play never leaves.)
  const Json options = {{"revival", true}};
  const State back = edited(scripted(options, fixture_walls(), kCoins), options,
                            [](Json& b) { b["health"][1] = 2; });
  const double revived = value_of(back, 1);
  EXPECT_GT(revived, -0.9);
  EXPECT_LT(revived, 0.0);
}

}  // namespace
}  // namespace mw::mazemakers
