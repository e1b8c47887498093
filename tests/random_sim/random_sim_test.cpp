// The shared randomized suite (after OpenSpiel's RandomSimTest): its tests, over every game.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <exception>
#include <set>
#include <vector>

#include "ai/random_agent.h"
#include "core/error.h"
#include "core/match.h"
#include "core/record.h"
#include "games/all_games.h"
#include "random_sim_support.h"

namespace mw {
namespace {

using namespace random_sim;

// Every registered game, under its default options and under each declared variant, is played at
// random to the end while the contract of the state API (core/state.h) is checked. It uses the
// erased API only, so a game is covered the moment it is registered. docs/testing.md lists the
// invariants and the knobs.
class RandomSimTest : public ::testing::TestWithParam<SimCase> {
 protected:
  Game load() const { return builtin_games().load(GetParam().game, GetParam().options); }
};

TEST_P(RandomSimTest, RandomGamesKeepTheStateContract) {
  const SimCase& sim = GetParam();
  const Game game = load();
  check_descriptor(sim, game);
  KeyBook keys;
  Where at{&sim};
  const auto one = only_seed();
  const int games = one ? 1 : sim.games;
  for (int i = 0; i < games && !HasFailure(); ++i) {
    at.seed = one ? *one : static_cast<std::uint64_t>(i);
    try {
      play_and_check(at, game, one.has_value() || i < sim.fully_checked, keys);
    } catch (const std::exception& e) {
      ADD_FAILURE() << "unexpected exception: " << e.what() << at;
    }
  }
}

// play_match is a pure function of (game, agents, seed); its record replays to its result and
// survives a trip through its JSON form.
// Random play ends under every option set: a game that can loop for ever under some option (a
// seeker offered only redundant questions, a counter that never runs out) shows up here.
TEST_P(RandomSimTest, ThousandsOfRandomGamesEnd) {
  const SimCase& sim = GetParam();
  const Game game = load();
  constexpr std::uint64_t kFirstSeed = 1'000'000;  // other streams than the contract test's
  std::size_t longest = 0;
  ActionList scratch;
  for (int g = 0; g < kEndingGames; ++g) {
    const std::uint64_t seed = kFirstSeed + static_cast<std::uint64_t>(g);
    Rng play(derive_seed(seed, kPlayStream));
    State s = game.new_initial_state();
    std::size_t n = 0;
    // The games' own uniform draw (random_legal_action: without listing every placement of an
    // advanced pathfinder-cards build); the contract tests below walk the listed actions.
    for (; !s.is_terminal() && n < kActionCap; ++n) {
      s.apply(s.is_chance_node() ? s.sample_chance(play) : s.random_legal_action(play, scratch));
    }
    ASSERT_TRUE(s.is_terminal()) << "no end within " << kActionCap << " random actions in "
                                 << sim.game << " [" << sim.label << "], play seed " << seed;
    longest = std::max(longest, n);
  }
  RecordProperty("longest_game", static_cast<int>(longest));
}

TEST_P(RandomSimTest, MatchesAreDeterministicAndReplay) {
  const Game game = load();
  const Registry& registry = builtin_games();
  const int matches = GetParam().label == "default" ? 8 : 2;
  auto run = [&](std::uint64_t seed) {
    std::vector<RandomAgent> agents(static_cast<std::size_t>(game.num_players()));
    std::vector<Agent*> seats;
    for (auto& agent : agents) seats.push_back(&agent);
    return play_match(game, seats, {seed, kActionCap, true});
  };
  std::set<ActionList> distinct;
  for (std::uint64_t seed = 0; seed < static_cast<std::uint64_t>(matches); ++seed) {
    SCOPED_TRACE(testing::Message() << game.id() << " [" << GetParam().label << "] seed " << seed);
    const MatchResult a = run(seed);
    const MatchResult b = run(seed);
    EXPECT_EQ(a.record.actions, b.record.actions);
    EXPECT_EQ(a.returns, b.returns);
    EXPECT_FALSE(a.truncated);
    EXPECT_EQ(static_cast<std::size_t>(a.decisions + a.chance_actions), a.record.actions.size());
    if (!game.info().has_chance) {
      EXPECT_EQ(a.chance_actions, 0);
    }
    const State end = replay(registry, a.record);
    EXPECT_TRUE(end.is_terminal());
    EXPECT_EQ(end.returns(), a.returns);

    const Json json = Json::parse(a.record.to_json(registry).dump());
    EXPECT_EQ(json["notation"].size(), a.record.actions.size());
    EXPECT_EQ(json["returns"].get<std::vector<double>>(), a.returns);
    const GameRecord back = GameRecord::from_json(json);
    EXPECT_EQ(back.game, a.record.game);
    EXPECT_EQ(back.options, a.record.options);
    EXPECT_EQ(back.seed, a.record.seed);
    EXPECT_EQ(back.actions, a.record.actions);
    EXPECT_EQ(replay(registry, back).to_json(), end.to_json());
    distinct.insert(a.record.actions);
  }
  if (matches >= 4) {
    EXPECT_GT(distinct.size(), 1u) << "every seed played the same game";
  }
}

// A damaged body (a member dropped or of the wrong type) is refused with kBadState, or yields a
// position that is itself well-formed and playable: never a crash or another kind of error.
TEST_P(RandomSimTest, DamagedStateJsonIsRefusedCleanly) {
  const Game game = load();
  for (const Json& junk : {Json(nullptr), Json(42), Json("state"), Json::array()}) {
    try {
      game.state_from_json(junk);
      ADD_FAILURE() << "accepted " << junk.dump() << " as a state body";
    } catch (const Error& e) {
      EXPECT_EQ(e.code(), ErrorCode::kBadState) << e.what();
    }
  }
  const SimCase& sim = GetParam();
  const Json junk_values[] = {nullptr, -1, 12345, "junk", Json::array(), Json::object(), true};
  const int positions = sim.label == "default" ? 4 : 1;
  for (int seed = 0; seed < positions; ++seed) {
    Rng rng(derive_seed(static_cast<std::uint64_t>(seed), kCheckStream));
    State s = game.new_initial_state();
    s.play_random(rng, static_cast<int>(rng.below(400)));
    const Json body = s.to_json();
    ASSERT_TRUE(body.is_object()) << sim.game;
    std::vector<Json> damaged;
    for (const auto& [name, value] : body.items()) {
      Json without = body;
      without.erase(name);
      damaged.push_back(without);
      for (const Json& junk : junk_values) {
        Json copy = body;
        copy[name] = junk;
        damaged.push_back(copy);
        if (value.is_array() && !value.empty()) {
          copy = body;
          copy[name][0] = junk;
          damaged.push_back(copy);
        }
      }
    }
    Where at{&sim, static_cast<std::uint64_t>(seed)};
    for (const Json& d : damaged) {
      try {
        const State loaded = game.state_from_json(d);
        State played = loaded;
        at.action = 0;
        check_node(at, game, played);
        EXPECT_EQ(game.state_from_json(loaded.to_json()).to_json(), loaded.to_json()) << d.dump();
        played.play_random(rng, kActionCap);
        EXPECT_TRUE(played.is_terminal())
            << "an accepted body does not play to the end: " << d.dump();
      } catch (const Error& e) {
        EXPECT_EQ(e.code(), ErrorCode::kBadState) << e.what() << "\n  body: " << d.dump();
      } catch (const std::exception& e) {
        ADD_FAILURE() << "unexpected exception: " << e.what() << "\n  body: " << d.dump();
      }
    }
  }
}

// ctest selects these by the "random_sim" prefix (ctest -R random_sim).
INSTANTIATE_TEST_SUITE_P(random_sim, RandomSimTest, ::testing::ValuesIn(all_cases()),
                         [](const auto& param) { return param.param.test_name; });

}  // namespace
}  // namespace mw
