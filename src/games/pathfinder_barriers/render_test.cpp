// The terminal drawing of a view.
#include <gtest/gtest.h>

#include "games/pathfinder_barriers/test_support.h"

namespace mw::pathfinder_barriers {
namespace {

using namespace test_support;

TEST(PathfinderRender, DrawsBothGridsWithWhatTheObserverMaySee) {
  State s = figure3();
  play(s, "enter B-1");
  play(s, "B-1>B-2");
  play(s, "B-2>B-3");
  play(s, "B-3>B-4");
  const Game game = load();
  const std::string north = game.render(s.view(0), {false, false});
  EXPECT_NE(north.find("Pathfinder | South to ask"), std::string::npos) << north;
  EXPECT_NE(north.find("last: North asked B-3>B-4: No"), std::string::npos) << north;
  EXPECT_NE(north.find("South's grid (North tracking)"), std::string::npos) << north;
  // North's tracking row B: trail discs on B-1, B-2, the explorer on B-3, the light chip after it.
  EXPECT_NE(north.find("B   o   o   @ |"), std::string::npos) << north;
  const std::string all = game.render(s.view(kOmniscient), {false, false});
  EXPECT_NE(all.find(" P "), std::string::npos) << all;
  EXPECT_EQ(game.render(s.view(0), {false, false}).find("\x1b["), std::string::npos);
  EXPECT_NE(game.render(s.view(0), {true, true}).find("\x1b["), std::string::npos);
}

}  // namespace
}  // namespace mw::pathfinder_barriers
