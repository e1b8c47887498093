// The computer Maker's mazes (maze_plan.h): valid by the engine's own checks in every variant,
// buildable card by card, artifact bridges in the advanced game, hex shapes on a hex board, and
// the baseline agent building them through the real rules.
#include "games/pathfinder_cards/maze_plan.h"

#include <gtest/gtest.h>

#include <bit>
#include <cstdlib>

#include "ai/agents.h"
#include "core/match.h"
#include "games/pathfinder_cards/test_support.h"

namespace mw::pathfinder_cards {
namespace {

using namespace test_support;

struct Variant {
  Topology board;
  bool advanced;
};
constexpr std::array<Variant, 4> kVariants = {{{Topology::kSquare, false},
                                               {Topology::kSquare, true},
                                               {Topology::kHex, false},
                                               {Topology::kHex, true}}};

// Which single artifact (bit per card) suffices for the closure to reach the Joker.
std::uint64_t bridging_artifacts(const Layout& l) {
  std::uint64_t out = 0;
  for (int a : {kRopeCard, kVeilCard, kMirrorCard}) {
    if (l.closure_reaches_joker(std::uint64_t{1} << a)) out |= std::uint64_t{1} << a;
  }
  return out;
}

// Whether the maze leans on the hex board's own adjacency: it is not one piece, or has no diamond
// path, under square adjacency alone.
bool needs_hex_adjacency(Layout l) {
  l.topo = Topology::kSquare;
  return !l.connected() || !l.has_diamond_path();
}

TEST(PathfinderMazePlan, EveryPlanIsValidAndBuildableInEveryVariant) {
  for (const Variant& v : kVariants) {
    for (ArtifactUse use : {ArtifactUse::kAuto, ArtifactUse::kNever, ArtifactUse::kAlways}) {
      for (MazeShape shape : {MazeShape::kAuto, MazeShape::kRect}) {
        Rng rng(11);
        for (int i = 0; i < 40; ++i) {
          const MazePlan plan{i % 5, v.board, v.advanced, use, shape};
          const Layout l = plan_maze(rng, plan);
          ASSERT_EQ(l.topo, v.board);
          ASSERT_EQ(l.advanced, v.advanced);
          EXPECT_TRUE(l.valid_maze());
          EXPECT_TRUE(plan_buildable(l));
          // A basic game never gets an artifact maze, whatever the parameter says.
          if (!v.advanced || use == ArtifactUse::kNever) {
            EXPECT_TRUE(l.has_diamond_path());
          } else if (use == ArtifactUse::kAlways) {
            EXPECT_FALSE(l.has_diamond_path());
          }
        }
      }
    }
  }
}

// auto: about half of the advanced mazes need an artifact, and each of the three bridges some.
TEST(PathfinderMazePlan, AdvancedMazesNeedEachArtifactSomeOfTheTime) {
  for (Topology board : {Topology::kSquare, Topology::kHex}) {
    Rng rng(5);
    int bridged = 0;
    std::uint64_t seen = 0;
    for (int i = 0; i < 120; ++i) {
      const Layout l =
          plan_maze(rng, MazePlan{2, board, true, ArtifactUse::kAuto, MazeShape::kAuto});
      if (l.has_diamond_path()) continue;
      ++bridged;
      const std::uint64_t arts = bridging_artifacts(l);
      EXPECT_NE(arts, 0u);  // one artifact suffices: the planner bridges with one
      seen |= arts;
    }
    EXPECT_GE(bridged, 40);
    EXPECT_LE(bridged, 80);
    EXPECT_EQ(seen, kArtifactMask);
  }
}

// The spades and clubs next to a diamond (the cards a Runner may have to explore).
std::array<int, 4> frontier_suits(const Layout& l) {
  std::array<int, 4> count{};
  std::array<int, 6> nb{};
  for (int id = 0; id < kNumCards; ++id) {
    if (is_diamond(id) || id == kJoker) continue;
    bool near = false;
    const int k = l.neighbors(l.pos[id], nb);
    for (int i = 0; i < k; ++i) near |= l.at[nb[i]] >= 0 && is_diamond(l.at[nb[i]]);
    count[static_cast<std::size_t>(card_suit(id))] += near;
  }
  return count;
}

// difficulty=4: every diamond on the one path, the Joker at least 7 steps from A♦ on the empty
// board, and no club next to a diamond while a spade lies elsewhere.
TEST(PathfinderMazePlan, HardestPlansLineTheLongestPathWithSpadesAndPutTheJokerFar) {
  for (Topology board : {Topology::kSquare, Topology::kHex}) {
    Rng rng(17);
    for (int i = 0; i < 30; ++i) {
      const Layout l =
          plan_maze(rng, MazePlan{4, board, false, ArtifactUse::kAuto, MazeShape::kAuto});
      ASSERT_TRUE(l.valid_maze());
      const int ace = l.pos[kAceOfDiamonds];
      const int joker = l.pos[kJoker];
      const int dx = cell_x(joker) - cell_x(ace);
      const int dy = cell_y(joker) - cell_y(ace);
      const int far = board == Topology::kHex
                          ? (std::abs(dx) + std::abs(dy) + std::abs(dx + dy)) / 2
                          : std::abs(dx) + std::abs(dy);
      EXPECT_GE(far, 7) << i;
      const std::array<int, 4> near = frontier_suits(l);
      if (near[kClubs] > 0) {
        EXPECT_EQ(near[kSpades], 13) << i;
      }
      EXPECT_GE(near[kSpades], 8) << i;
    }
  }
}

// The first planner's mazes are what a basic square game still gets: the same draws give the same
// maze (a fixed seed's layout, drawn here).
TEST(PathfinderMazePlan, SquareBasicMazesAreTheFirstPlannersRectangles) {
  Rng rng(3);
  for (int i = 0; i < 30; ++i) {
    const Layout l =
        plan_maze(rng, MazePlan{2, Topology::kSquare, false, ArtifactUse::kAuto, MazeShape::kAuto});
    int x1 = 0;
    int y1 = 0;
    for (int id = 0; id < kNumCards; ++id) {
      x1 = std::max(x1, cell_x(l.pos[id]));
      y1 = std::max(y1, cell_y(l.pos[id]));
    }
    EXPECT_EQ((x1 + 1) * (y1 + 1), 40);  // a full rectangle at the corner
  }
}

// board=hex: the board's own shapes use the six neighbours; shape=rect keeps square walks.
TEST(PathfinderMazePlan, HexMazesUseTheHexNeighbours) {
  Rng rng(9);
  int hex_only = 0;
  for (int i = 0; i < 60; ++i) {
    hex_only += needs_hex_adjacency(
        plan_maze(rng, MazePlan{2, Topology::kHex, false, ArtifactUse::kAuto, MazeShape::kAuto}));
  }
  EXPECT_GE(hex_only, 30);
  for (int i = 0; i < 30; ++i) {
    EXPECT_FALSE(needs_hex_adjacency(
        plan_maze(rng, MazePlan{2, Topology::kHex, false, ArtifactUse::kAuto, MazeShape::kRect})));
  }
}

// The baseline Maker builds its plan through the engine's legal placements: under
// artifacts=always every advanced maze it finishes needs an artifact (a random legal build keeps a
// basic path possible to the last card, so it would hardly ever give one), on either board.
TEST(PathfinderMazePlan, BaselineMakerBuildsArtifactMazesThroughTheRules) {
  for (const char* board : {"square", "hex"}) {
    const Game game = load({{"advanced", true}, {"board", board}});
    auto maker = make_agent(game, "baseline:artifacts=always");
    for (std::uint64_t seed = 0; seed < 6; ++seed) {
      maker->reset();
      mw::State s = game.new_initial_state();
      Rng rng(seed);
      while (s.as<State>().phase() == Phase::kBuild) {
        s.apply(maker->choose(Observation(s, s.current_player()), rng));
      }
      const Layout& l = s.as<State>().layout();
      EXPECT_TRUE(l.valid_maze());
      EXPECT_FALSE(l.has_diamond_path()) << board << " seed " << seed;
    }
  }
}

TEST(PathfinderMazePlan, AgentParametersNameTheirChoices) {
  const Game game = load({{"advanced", true}});
  EXPECT_NE(make_agent(game, "baseline:artifacts=never,shape=rect"), nullptr);
  EXPECT_NE(make_agent(game, "baseline:artifacts=always,shape=auto,difficulty=4"), nullptr);
  EXPECT_NE(
      error_of([&] { make_agent(game, "baseline:artifacts=sometimes"); }, ErrorCode::kUnknownAgent)
          .find("artifacts=auto|never|always"),
      std::string::npos);
  EXPECT_THROW(make_agent(game, "baseline:shape=round"), Error);
}

}  // namespace
}  // namespace mw::pathfinder_cards
