// Card-by-card building (G1.2): the build check accepts the placements from which a valid maze
// can still be completed, in every variant, whatever the order the cards come in; every "yes" of
// the advanced search is a whole valid maze it built.
#include <gtest/gtest.h>

#include <bit>
#include <sstream>
#include <string>
#include <vector>

#include "core/bits.h"
#include "games/pathfinder_cards/build_search.h"
#include "games/pathfinder_cards/maze_plan.h"
#include "games/pathfinder_cards/test_support.h"

namespace mw::pathfinder_cards {
namespace {

using namespace test_support;

// A cell near `cell` (at most `r` away on each axis), empty, or -1.
int empty_cell_near(Rng& rng, const Layout& l, int cell, int r) {
  for (int tries = 0; tries < 50; ++tries) {
    const int x = cell_x(cell) + static_cast<int>(rng.below(2 * r + 1)) - r;
    const int y = cell_y(cell) + static_cast<int>(rng.below(2 * r + 1)) - r;
    if (in_box(x, y) && l.at[make_cell(x, y)] < 0) return make_cell(x, y);
  }
  return -1;
}

// A card of the closure's chain (all cards visible), drawn at random.
int chain_card(Rng& rng, const Layout& l) {
  std::vector<int> members;
  for (std::uint64_t m = l.chain(l.placed(), kArtifactMask, nullptr); m != 0; m &= m - 1) {
    members.push_back(std::countr_zero(m));
  }
  return members[rng.below(members.size())];
}

// An advanced maze that needs an artifact, grown without the engine's build check: diamonds
// dropped near the chain (up to three cells away, so Rope jumps, Veil steps and Mirror wraps
// join them), the Joker where the closure reaches it, then the other cards one by one next to
// the layout wherever the closure still reaches the Joker. False when the attempt fails.
bool grown_artifact_maze(Rng& rng, Topology board, Layout& out) {
  Layout l;
  l.topo = board;
  l.advanced = true;
  l.place(kAceOfDiamonds, make_cell(20, 20));
  std::vector<int> diamonds;
  for (int id = kAceOfDiamonds + 1; id < kAceOfDiamonds + 13; ++id) diamonds.push_back(id);
  for (std::size_t i = diamonds.size(); i > 1; --i)
    std::swap(diamonds[i - 1], diamonds[rng.below(i)]);
  const int chain_length = 2 + static_cast<int>(rng.below(10));
  for (int k = 0; k < chain_length; ++k) {
    const int id = diamonds[k];
    for (int tries = 0; tries < 40; ++tries) {
      const int before = std::popcount(l.chain(l.placed(), kArtifactMask, nullptr));
      const int e =
          empty_cell_near(rng, l, l.pos[chain_card(rng, l)], 1 + static_cast<int>(rng.below(3)));
      if (e < 0) continue;
      l.place(id, e);
      if (std::popcount(l.chain(l.placed(), kArtifactMask, nullptr)) > before) break;
      l.remove(id);
    }
  }
  const auto needs_artifact = [](const Layout& m) {
    return m.closure_reaches_joker(kArtifactMask) && !m.has_diamond_path();
  };
  for (int tries = 0; tries < 200 && l.pos[kJoker] < 0; ++tries) {
    const int e =
        empty_cell_near(rng, l, l.pos[chain_card(rng, l)], 1 + static_cast<int>(rng.below(3)));
    if (e < 0) continue;
    l.place(kJoker, e);
    if (!needs_artifact(l)) l.remove(kJoker);
  }
  if (l.pos[kJoker] < 0) return false;
  std::vector<int> rest;
  for (int id = 0; id < kNumCards; ++id) {
    if (l.pos[id] < 0) rest.push_back(id);
  }
  for (std::size_t i = rest.size(); i > 1; --i) std::swap(rest[i - 1], rest[rng.below(i)]);
  std::array<int, 6> nb{};
  for (const int id : rest) {
    bool placed = false;
    for (int tries = 0; tries < 300 && !placed; ++tries) {
      int c = 0;
      do {
        c = static_cast<int>(rng.below(kNumCards));
      } while (l.pos[c] < 0);
      const int e = nb[rng.below(l.neighbors(l.pos[c], nb))];
      if (l.at[e] >= 0) continue;
      l.place(id, e);
      placed = needs_artifact(l);
      if (!placed) l.remove(id);
    }
    if (!placed) return false;
  }
  if (!l.valid_maze() || l.has_diamond_path()) return false;
  out = l;
  return true;
}

// The mazes of many makers: the baseline Maker's plans (artifact-bridged, plain, both boards'
// shapes), random legal building through the engine and, in the advanced game, mazes grown
// without the build check.
std::vector<Layout> mazes(Topology board, bool advanced, int count, int grown = 0) {
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
  Layout maze;
  for (int made = 0; made < grown;) {
    if (grown_artifact_maze(rng, board, maze)) {
      out.push_back(maze);
      ++made;
    }
  }
  return out;
}

// The prefixes of `maze` in a random order, each card touching the cards before it.
std::vector<Layout> random_prefixes(const Layout& maze, Rng& rng) {
  std::vector<Layout> out;
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
    out.push_back(l);
  }
  return out;
}

// Places the maze's cards in random orders and counts the steps the build check refuses.
int refused_steps(const std::vector<Layout>& all, int orders, int& steps) {
  Rng rng(4);
  int refused = 0;
  for (const Layout& maze : all) {
    EXPECT_TRUE(maze.valid_maze()) << draw_maze(maze);
    for (int order = 0; order < orders; ++order) {
      for (const Layout& prefix : random_prefixes(maze, rng)) {
        ++steps;
        if (!completion_possible(prefix)) {
          ++refused;
          ADD_FAILURE() << "refused, although this maze completes it:\n"
                        << draw_maze(maze) << "after:\n"
                        << draw_maze(prefix);
        }
      }
    }
  }
  return refused;
}

TEST(PathfinderBuild, BasicMazesAreAcceptedInEveryOrder) {
  for (Topology board : {Topology::kSquare, Topology::kHex}) {
    int steps = 0;
    EXPECT_EQ(refused_steps(mazes(board, false, 12), 4, steps), 0);
  }
}

// The advanced game: whole valid mazes from every maker, their cards placed in random orders:
// no step is refused.
TEST(PathfinderBuild, ArtifactMazesAreAcceptedInEveryOrder) {
  for (Topology board : {Topology::kSquare, Topology::kHex}) {
    const std::vector<Layout> all = mazes(board, true, 24, 150);
    for (std::size_t i = 0; i < 24; ++i) EXPECT_TRUE(plan_buildable(all[i])) << draw_maze(all[i]);
    int steps = 0;
    EXPECT_EQ(refused_steps(all, ::mw::test_support::scaled_for_sanitizers(4), steps), 0)
        << "of " << steps;
  }
}

// Each "yes" of the advanced search is a whole valid maze that keeps every card where it lies.
TEST(PathfinderBuild, EveryAdvancedYesIsAWholeMazeBuiltOnTheLayout) {
  Rng rng(8);
  int searched = 0;
  for (Topology board : {Topology::kSquare, Topology::kHex}) {
    for (const Layout& maze : mazes(board, true, 0, 40)) {
      for (const Layout& prefix : random_prefixes(maze, rng)) {
        if (prefix.count == kNumCards || build_feasible(prefix)) continue;
        const CompletionAnswer answer = search_completion(prefix);
        ASSERT_TRUE(answer.found) << draw_maze(prefix);
        ++searched;
        EXPECT_TRUE(answer.witness.valid_maze()) << draw_maze(answer.witness);
        for (int id = 0; id < kNumCards; ++id) {
          if (prefix.pos[id] >= 0) {
            EXPECT_EQ(answer.witness.pos[id], prefix.pos[id]);
          }
        }
      }
    }
  }
  EXPECT_GT(searched, 100);  // the mazes need an artifact: most late prefixes need the search
}

// The legal list and the check of one placement agree, whichever card of a class is named: the
// list judges one card per class, a typed move the card itself (a bounded search must do the
// same for both).
TEST(PathfinderBuild, TheLegalListAndOnePlacementsCheckAgree) {
  for (const char* board : {"square", "hex"}) {
    const Game game = load({{"advanced", true}, {"board", board}});
    Rng rng(31);
    for (int g = 0; g < ::mw::test_support::scaled_for_sanitizers(6); ++g) {
      State s = State::initial(game.options());
      ActionList legal_list;
      while (s.phase() == Phase::kBuild) {
        s.legal_actions(legal_list);
        ASSERT_FALSE(legal_list.empty());
        for (int k = 0; k < 12; ++k) {
          const Action a = legal_list[rng.below(legal_list.size())];
          EXPECT_EQ(s.illegal_reason(a), "") << s.action_to_string(a) << "\n"
                                             << draw_maze(s.layout());
        }
        s.apply_legal(legal_list[rng.below(legal_list.size())]);
      }
    }
  }
}

// A layout drawn cell by cell ('.' empty), any number of cards.
Layout partial(const std::string& drawing, Topology board = Topology::kSquare) {
  Layout l;
  l.topo = board;
  l.advanced = true;
  std::istringstream rows(drawing);
  std::string row;
  for (int y = 0; std::getline(rows, row); ++y) {
    std::istringstream cells(row);
    std::string token;
    for (int x = 0; cells >> token; ++x) {
      if (token != ".") l.place(parse_card_code(token), make_cell(x + 10, y + 10));
    }
  }
  return l;
}

// K♦ (the Mirror) must go where no card touches yet: the cards that join it to the layout come
// after it in the search's maze (found in a random order of a grown maze).
TEST(PathfinderBuild, AcceptsACompletionWhoseDiamondTouchesNothingYet) {
  const Layout maze = partial(
      ".   .   .   .   .   .   .   5S  .   .\n"
      ".   .   .   .   .   .   6C  JC  .   .\n"
      ".   .   .   .   .   .   3S  2C  10D 3C\n"
      ".   .   .   .   QC  5C  7S  8D  7D  .\n"
      ".   .   AC  JS  4S  5D  2D  9S  .   .\n"
      ".   .   .   KD  .   .   QD  2S  .   .\n"
      ".   .   .   .   .   .   AD  9C  .   .\n"
      ".   .   .   .   10C 3D  4D  10S .   .\n"
      ".   .   AS  .   8S  QS  4C  JD  .   .\n"
      "9D  6S  8C  JK  7C  6D  KS  KC  .   .\n");
  ASSERT_TRUE(maze.valid_maze());
  const Layout prefix = partial(
      ".   .   .   .   .   .   .   .   .   .\n"
      ".   .   .   .   .   .   6C  .   .   .\n"
      ".   .   .   .   .   .   3S  .   10D .\n"
      ".   .   .   .   QC  5C  7S  8D  7D  .\n"
      ".   .   .   .   4S  5D  2D  9S  .   .\n"
      ".   .   .   .   .   .   QD  2S  .   .\n"
      ".   .   .   .   .   .   AD  9C  .   .\n"
      ".   .   .   .   10C 3D  4D  10S .   .\n"
      ".   .   AS  .   8S  QS  4C  JD  .   .\n"
      "9D  6S  8C  JK  7C  6D  KS  KC  .   .\n");
  ASSERT_TRUE(prefix.connected());
  EXPECT_FALSE(build_feasible(prefix));
  EXPECT_TRUE(completion_possible(prefix));
}

// A♦ walled in by clubs never joins anything, whatever comes: refused, and the search proves it
// (it tried everything rather than stopping at its bound).
TEST(PathfinderBuild, RefusesALayoutNoMazeCanComplete) {
  const Layout walled = partial(
      ".   AC  .   .\n"
      "2C  AD  3C  JK\n"
      ".   4C  .   .\n");
  EXPECT_FALSE(completion_possible(walled));
  const CompletionAnswer answer = search_completion(walled);
  EXPECT_FALSE(answer.found);
  EXPECT_FALSE(answer.exhausted);
}

// A layout from its placements (card, "x,y"), as a random legal build reached it: kept where it
// lies on the board, whose edges end the Mirror's lines and the search's frame.
Layout placed(std::initializer_list<std::pair<const char*, const char*>> cards,
              Topology board = Topology::kSquare) {
  Layout l;
  l.topo = board;
  l.advanced = true;
  for (const auto& [card, at] : cards) l.place(parse_card_code(card), parse_cell(at));
  return l;
}

// Questions of random legal building that the search used to leave at its bound of 50,000 steps
// (so the placement was refused either way; 200 random builds per board, 2026-11-28). With the
// bounds of completion_bounds.cpp it decides them within the bound: this one it completes (a search
// of 5,000,000 steps had found a maze too) ...
TEST(PathfinderBuild, CompletesWithinTheBoundAPlacementItUsedToRefuseAtTheBound) {
  const Layout prefix =
      placed({{"AC", "10,26"}, {"2C", "7,26"},  {"3C", "7,28"},  {"4C", "10,27"}, {"5C", "8,27"},
              {"6C", "6,28"},  {"7C", "11,26"}, {"8C", "9,27"},  {"9C", "8,24"},  {"10C", "10,24"},
              {"JC", "9,25"},  {"QC", "10,23"}, {"KC", "12,27"}, {"AD", "11,24"}, {"2D", "11,21"},
              {"5D", "12,23"}, {"6D", "10,28"}, {"7D", "9,24"},  {"8D", "11,28"}, {"9D", "12,22"},
              {"QD", "9,26"},  {"2S", "10,22"}, {"3S", "11,23"}, {"4S", "11,25"}, {"5S", "11,22"},
              {"6S", "11,27"}, {"7S", "8,28"},  {"8S", "7,24"},  {"10S", "7,27"}, {"JS", "13,27"},
              {"KS", "12,25"}, {"JK", "10,25"}});
  ASSERT_TRUE(prefix.connected());
  ASSERT_FALSE(build_feasible(prefix));
  const CompletionAnswer answer = search_completion(prefix);
  ASSERT_TRUE(answer.found) << (answer.exhausted ? "stopped at the bound" : "refused");
  EXPECT_TRUE(answer.witness.valid_maze()) << draw_maze(answer.witness);
  for (int id = 0; id < kNumCards; ++id) {
    if (prefix.pos[id] >= 0) {
      EXPECT_EQ(answer.witness.pos[id], prefix.pos[id]);
    }
  }
}

// ... and this one it proves impossible without reaching the bound, as a search of 5,000,000
// steps did (A♦ at the foot of the layout, the Veil Q♦ and the Mirror K♦ next to the Joker, five
// diamonds left with the Rope among them).
TEST(PathfinderBuild, ProvesWithinTheBoundARefusalItUsedToReachTheBoundOn) {
  const Layout prefix =
      placed({{"AC", "37,19"}, {"2C", "36,22"}, {"4C", "37,23"}, {"5C", "35,17"},  {"8C", "38,19"},
              {"9C", "39,23"}, {"JC", "39,20"}, {"KC", "39,24"}, {"AD", "37,24"},  {"2D", "34,21"},
              {"3D", "38,18"}, {"4D", "36,20"}, {"7D", "38,21"}, {"8D", "39,22"},  {"QD", "37,21"},
              {"KD", "38,20"}, {"AS", "38,22"}, {"2S", "33,21"}, {"3S", "38,23"},  {"4S", "39,21"},
              {"5S", "35,18"}, {"6S", "37,20"}, {"8S", "35,19"}, {"10S", "35,20"}, {"QS", "36,17"},
              {"KS", "35,21"}, {"JK", "36,21"}});
  ASSERT_TRUE(prefix.connected());
  ASSERT_FALSE(build_feasible(prefix));
  const CompletionAnswer answer = search_completion(prefix);
  EXPECT_FALSE(answer.found);
  EXPECT_FALSE(answer.exhausted);
}

// ---- build_feasible against the queue search it replaced ----------------------------------

// The reference: build_feasible as it was before it searched the frame by rows, with the queue
// search over the frame's cells that placement_verdicts still uses (its distances are exact, so
// "within the limit" is read off them).
namespace reference {

bool build_feasible(const Layout& l) {
  if (l.count == 0) return true;
  const int rem_d = 13 - std::popcount(l.placed() & kDiamondMask);
  const bool ace = l.pos[kAceOfDiamonds] >= 0;
  const bool joker = l.pos[kJoker] >= 0;
  const build_search::Frame f = build_search::frame_of(l);
  if (!ace && !joker) return build_search::free_pair_on_rim(l, f)[0] >= 0;
  std::array<int, 6> nb{};
  if (ace != joker) {
    const int n = l.neighbors(l.pos[ace ? kAceOfDiamonds : kJoker], nb);
    for (int i = 0; i < n; ++i) {
      if (l.at[nb[i]] < 0) return true;
    }
  }
  build_search::Search search(l, f);
  if (ace) {
    search.source(l.pos[kAceOfDiamonds]);
  } else {
    const int n = l.neighbors(l.pos[kJoker], nb);
    for (int i = 0; i < n; ++i) {
      if (f.holds(nb[i])) search.source(nb[i]);
    }
  }
  search.run();
  if (ace && joker) {
    const int n = l.neighbors(l.pos[kJoker], nb);
    for (int i = 0; i < n; ++i) {
      if (search.dist(nb[i]) <= rem_d) return true;
    }
    return false;
  }
  const int limit = ace ? rem_d + 1 : rem_d;
  for (int y = f.y0; y <= f.y1; ++y) {
    for (int x = f.x0; x <= f.x1; ++x) {
      const int e = make_cell(x, y);
      if (l.at[e] < 0 && search.dist(e) <= limit) return true;
    }
  }
  return false;
}

}  // namespace reference

// A card drawn for a random layout: often a diamond or the Joker while any is left (so paths
// A♦ .. Joker form, and are cut), else any card left.
int random_card_left(Rng& rng, std::uint64_t left) {
  const std::uint64_t path_cards = left & (kDiamondMask | std::uint64_t{1} << kJoker);
  const std::uint64_t from = path_cards != 0 && rng.below(2) == 0 ? path_cards : left;
  return nth_set_bit(from, rng.below(static_cast<std::uint64_t>(std::popcount(from))));
}

// A first cell anywhere, or against an edge or a corner of the box (where the frame is clipped
// and a row's mask reaches bit 39).
int random_first_cell(Rng& rng) {
  const auto coordinate = [&] {
    const auto k = static_cast<int>(rng.below(8));
    return k < 2 ? k : k < 4 ? kSide - 4 + k : static_cast<int>(rng.below(kSide));
  };
  return make_cell(coordinate(), coordinate());
}

// Random connected layouts grown card by card without the build check, on both boards: at every
// size, build_feasible answers as the queue search did. Both answers occur often, and the
// layouts with both endpoints placed (the full search) are counted apart.
TEST(PathfinderBuild, FeasibilityMatchesTheQueueSearchOnRandomLayouts) {
  Rng rng(77);
  int yes = 0;
  int no = 0;
  int both_endpoints_yes = 0;
  int both_endpoints_no = 0;
  for (int game = 0; game < 600; ++game) {
    Layout l;
    l.topo = game % 2 == 0 ? Topology::kSquare : Topology::kHex;
    std::uint64_t left = kAllCards;
    int id = random_card_left(rng, left);
    l.place(id, random_first_cell(rng));
    left &= ~(std::uint64_t{1} << id);
    std::array<int, 6> nb{};
    while (left != 0) {
      const bool expected = reference::build_feasible(l);
      ASSERT_EQ(build_feasible(l), expected) << draw_maze(l);
      (expected ? yes : no) += 1;
      if (l.pos[kAceOfDiamonds] >= 0 && l.pos[kJoker] >= 0) {
        (expected ? both_endpoints_yes : both_endpoints_no) += 1;
      }
      int e = -1;  // an empty cell next to the layout
      while (e < 0 || l.at[e] >= 0) {
        const auto cards = static_cast<std::uint64_t>(l.count);
        const int from = l.pos[nth_set_bit(l.placed(), rng.below(cards))];
        e = nb[rng.below(static_cast<std::uint64_t>(l.neighbors(from, nb)))];
      }
      id = random_card_left(rng, left);
      l.place(id, e);
      left &= ~(std::uint64_t{1} << id);
    }
  }
  EXPECT_GT(yes, 1000);
  EXPECT_GT(no, 1000);
  EXPECT_GT(both_endpoints_yes, 500);
  EXPECT_GT(both_endpoints_no, 500);
}

}  // namespace
}  // namespace mw::pathfinder_cards
