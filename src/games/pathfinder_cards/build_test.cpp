// Card-by-card building (G1.2): the build check accepts the placements from which a valid maze
// can still be completed, in every variant, whatever the order the cards come in.
#include <gtest/gtest.h>

#include <bit>
#include <vector>

#include "games/pathfinder_cards/maze_plan.h"
#include "games/pathfinder_cards/test_support.h"

namespace mw::pathfinder_cards {
namespace {

using namespace test_support;

// The mazes of many makers: the baseline Maker's plans (artifact-bridged, plain, both boards'
// shapes) and random legal building through the engine.
std::vector<Layout> mazes(Topology board, bool advanced, int count) {
  std::vector<Layout> out;
  Rng rng(21);
  for (int i = 0; i < count; ++i) {
    const ArtifactUse use = !advanced    ? ArtifactUse::kNever
                            : i % 3 == 2 ? ArtifactUse::kNever
                                         : ArtifactUse::kAlways;
    out.push_back(plan_maze(rng, MazePlan{i % 5, board, advanced, use, MazeShape::kAuto}));
  }
  const Game game =
      load({{"advanced", advanced}, {"board", board == Topology::kHex ? "hex" : "square"}});
  for (int g = 0; g < 3; ++g) {
    State s = State::initial(game.options());
    ActionList legal_list;
    while (s.phase() == Phase::kBuild) {
      s.legal_actions(legal_list);
      if (legal_list.empty()) {
        ADD_FAILURE() << "random building reached a dead end at card " << s.layout().count + 1;
        break;
      }
      s.apply_legal(legal_list[rng.below(legal_list.size())]);
    }
    EXPECT_TRUE(s.layout().valid_maze());
    out.push_back(s.layout());
  }
  return out;
}

// Places the maze's cards in a random order, each touching the cards before it, and checks each
// step; returns the steps refused with at most `few` diamonds left to place (and counts all).
int refused_orders(const Layout& maze, Rng& rng, int few, int& refused_any) {
  int refused = 0;
  Layout l;
  l.topo = maze.topo;
  l.advanced = maze.advanced;
  std::uint64_t left = kAllCards;
  const int first = static_cast<int>(rng.below(kNumCards));
  l.place(first, maze.pos[first]);
  left &= ~(std::uint64_t{1} << first);
  std::vector<int> next;
  while (left != 0) {
    next.clear();
    for (std::uint64_t m = left; m != 0; m &= m - 1) {
      const int id = std::countr_zero(m);
      if (l.touches_card(maze.pos[id])) next.push_back(id);
    }
    const int id = next[rng.below(next.size())];
    l.place(id, maze.pos[id]);
    left &= ~(std::uint64_t{1} << id);
    if (!completion_possible(l)) {
      ++refused_any;
      if (13 - std::popcount(l.placed() & kDiamondMask) <= few) ++refused;
    }
  }
  return refused;
}

TEST(PathfinderBuild, BasicMazesAreAcceptedInEveryOrder) {
  for (Topology board : {Topology::kSquare, Topology::kHex}) {
    Rng rng(4);
    int refused_any = 0;
    for (const Layout& maze : mazes(board, false, 12)) {
      for (int order = 0; order < 4; ++order) refused_orders(maze, rng, 13, refused_any);
    }
    EXPECT_EQ(refused_any, 0);
  }
}

// The advanced game: an artifact maze needs no basic completion before its last card. Every
// placement is accepted in the order of the whole-maze text (the Joker last) and, in random
// orders, whenever at most two diamonds are left to place (a search bounded for speed may miss a
// completion earlier; it never accepts a placement with none: each yes is a whole maze it built).
TEST(PathfinderBuild, ArtifactMazesAreAcceptedCardByCard) {
  for (Topology board : {Topology::kSquare, Topology::kHex}) {
    Rng rng(4);
    int refused_any = 0;
    int steps = 0;
    for (const Layout& maze : mazes(board, true, 24)) {
      ASSERT_TRUE(maze.valid_maze());
      EXPECT_TRUE(plan_buildable(maze)) << draw_maze(maze);
      for (int order = 0; order < 4; ++order) {
        EXPECT_EQ(refused_orders(maze, rng, 2, refused_any), 0) << draw_maze(maze);
        steps += kNumCards - 1;
      }
    }
    // Measured: about 2 in 1,000 steps refused (in random orders with 4 to 9 diamonds left).
    EXPECT_LE(refused_any * 100, steps) << refused_any << " of " << steps;
  }
}

}  // namespace
}  // namespace mw::pathfinder_cards
