// Random play ends: every seat to move has a legal action and no game loops for ever, under every
// option set, except the one endless case the rules allow (docs/rules/mazemakers.md, "Random play
// and the end of the game").
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "games/mazemakers/test_support.h"

namespace mw::mazemakers {
namespace {

using namespace test_support;

// Fifty times the longest game of this test (19,997 actions, No-Pentominos with variants 1-3 and
// no round limit): a game still going at the cap is caught in a loop.
constexpr int kActionCap = 1'000'000;

// Every option at each of its values, on both boards and for 2, 3 and 4 players: the defaults,
// each non-default value alone, and variants 1-3 together.
std::vector<Json> option_sets(int round_limit) {
  const std::vector<Json> changes = {
      Json::object(),
      {{"combatDie", "d6_1to6"}},
      {{"exactMovement", true}},
      {{"removeDefeatedMonsters", true}},
      {{"revival", true}},
      {{"startHealing", true}},
      {{"harshDamage", true}},
      {{"tieBreak", "health"}},
      {{"tieBreak", "rolloff"}},
      {{"revival", true}, {"startHealing", true}, {"harshDamage", true}}};
  std::vector<Json> sets;
  for (const char* board : {"pentomino", "noPentominos"}) {
    for (int players = 2; players <= 4; ++players) {
      for (const Json& change : changes) {
        Json options = {{"board", board}, {"players", players}, {"roundLimit", round_limit}};
        for (auto it = change.begin(); it != change.end(); ++it) options[it.key()] = it.value();
        sets.push_back(options);
      }
    }
  }
  return sets;
}

void expect_random_games_end(const Json& options, int games) {
  state_testing::expect_random_games_end<State>(load(options), games, kActionCap);
}

// With the default roundLimit (100) the round counter ends every game; what is checked is that
// play never gets stuck on the way.
TEST(MazeMakersRandomPlay, EveryGameEndsUnderEveryOptionSet) {
#ifdef NDEBUG
  constexpr int kGamesPerSet = 40;  // 60 sets: 2,400 games
#else
  constexpr int kGamesPerSet = 4;
#endif
  for (const Json& options : option_sets(100)) expect_random_games_end(options, kGamesPerSet);
}

// Without a round limit only an exit or the death of everyone ends a game, and random play still
// gets there: every set but removeDefeatedMonsters (see the next test).
TEST(MazeMakersRandomPlay, WithoutARoundLimitEveryGameEndsUnlessDefeatedMonstersLeave) {
#ifdef NDEBUG
  constexpr int kGamesPerSet = 10;  // 54 sets: 540 games
#else
  constexpr int kGamesPerSet = 1;
#endif
  for (const Json& options : option_sets(0)) {
    if (options.contains("removeDefeatedMonsters")) continue;
    expect_random_games_end(options, kGamesPerSet);
  }
}

// A-G4-6's warning: a defeated monster that leaves the board may be another player's artifact.
// Here P2 is dead, P1 (Suns) holds two artifacts and P2 defeated and removed Suns-4, and every
// monster is gone: P1 can neither exit nor die, so with roundLimit=0 nothing ends the game.
TEST(MazeMakersRandomPlay, WithoutARoundLimitARemovedArtifactCanMakeTheGameEndless) {
  const Json options = {{"removeDefeatedMonsters", true}, {"roundLimit", 0}};
  const std::vector<std::string> coins = {"a7", "b7", "c7", "g9", "b9", "c9", "a10", "g7", "i7"};
  State s = edited(scripted(options, fixture_walls(), coins), options, [](Json& b) {
    b["pawns"][1] = -1;
    b["health"][1] = 0;
    for (int w = 0; w < kNumPieces; ++w) {
      if (b["owners"][w] == 1) {
        b["owners"][w] = -1;
        b["owner_coins"][w] = 0;
      }
    }
    give_artifacts(b, 0, 2);  // Suns-2, Suns-3
    int removed = 0;
    for (int c = 2; c < 9; ++c) {  // Suns-4, landed on by P2; Moons and Crowns, by P1
      b["coin_cells"][c] = -1;
      removed |= 1 << c;
    }
    b["removed"] = removed;
    b["landed"] = {removed & ~(1 << 2), 1 << 2};
  });
  Rng rng(1);
  ActionList scratch;
  EXPECT_EQ(play_random_actions(s, rng, 20'000, scratch), 20'000);
  EXPECT_FALSE(s.is_terminal());
  EXPECT_EQ(s.artifacts(0), 2);
  EXPECT_GT(s.round(), 1000);
}

}  // namespace
}  // namespace mw::mazemakers
