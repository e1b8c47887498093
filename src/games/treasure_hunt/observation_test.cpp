// The numeric observation (observation.h): fixed shape, from the seat's view only.
#include "core/observation.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/error.h"
#include "games/all_games.h"
#include "support/observation_testing.h"

namespace mw::treasure_hunt {
namespace {

TEST(TreasureHuntObservation, SameInEveryWorldOfTheSeatFixedShapeFinite) {
  const Game game = builtin_games().load("treasure-hunt", Json::object());
  const auto tally = observation_testing::check_random_games(game, 3, 19, 29, 2);
  ASSERT_FALSE(HasFatalFailure());
  EXPECT_GT(tally.positions, 15);
  EXPECT_GT(tally.distinct.size(), 15U);
}

// The core checks (core/observation.h), on copies of this game's entry.
TEST(TreasureHuntObservation, CoreRefusesMissingOrBrokenEncoders) {
  const Game real = builtin_games().load("treasure-hunt", Json::object());
  GameEntry without = real.entry();
  without.encode_observation = nullptr;
  const Game bare(without, real.options());
  EXPECT_FALSE(has_observation_tensor(bare));
  try {
    observation_tensor(bare.new_initial_state(), 0);
    ADD_FAILURE() << "no error";
  } catch (const Error& e) {
    EXPECT_EQ(e.code(), ErrorCode::kBadRequest);
    EXPECT_NE(std::string(e.what()).find("no numeric observation"), std::string::npos);
  }
  GameEntry broken = real.entry();
  broken.encode_observation = [](const Json&, const Options&, std::vector<float>& out) {
    out.assign(3, 0.0F);
  };
  const Game wrong(broken, real.options());
  try {
    observation_tensor(wrong.new_initial_state(), 1);
    ADD_FAILURE() << "no error";
  } catch (const Error& e) {
    EXPECT_EQ(e.code(), ErrorCode::kInternal);
  }
  try {
    observation_tensor(real.new_initial_state(), kSpectator);
    ADD_FAILURE() << "no error";
  } catch (const Error& e) {
    EXPECT_EQ(e.code(), ErrorCode::kBadRequest);
  }
}

}  // namespace
}  // namespace mw::treasure_hunt
