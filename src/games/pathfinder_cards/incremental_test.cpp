// The shortcuts that keep random play and resampling cheap give exactly the answers of the plain
// definitions, over thousands of random positions: the swap and move lists of the Ace alteration
// and the Mover (rearrangements.cpp) against the one-action checks, the Pathfinder's directions
// against one search per first step, and the swap classes the resampler and the alteration list
// rely on against the build constraint, the ten counts and the Pathfinder.
#include <algorithm>

#include "games/pathfinder_cards/aql.h"
#include "games/pathfinder_cards/maze_plan.h"
#include "games/pathfinder_cards/step_graph.h"
#include "games/pathfinder_cards/test_support.h"

namespace mw::pathfinder_cards {
namespace {

using test_support::load;

const std::vector<Json>& variants() {
  static const std::vector<Json> v = {Json::object(), Json{{"board", "hex"}},
                                      Json{{"advanced", true}},
                                      Json{{"makerMayMoveAceOfDiamondsOrFaceUpJoker", false}},
                                      Json{{"advanced", true}, {"board", "hex"}}};
  return v;
}

Layout planned(Rng& rng, const Config& c) {
  return plan_maze(rng, MazePlan{static_cast<int>(rng.below(5)), c.topo, c.advanced,
                                 ArtifactUse::kAuto, MazeShape::kAuto});
}

// Every swap and every move to a cell of the box grown by one (just outside it included) that
// illegal_reason accepts now, in ascending order: what the alteration or the Mover may propose.
ActionList accepted_rearrangements(const State& s) {
  const Layout& l = s.layout();
  ActionList out;
  std::vector<int> cells;
  for (int cell = 0; cell < kCells; ++cell) {
    if (l.at[cell] >= 0) cells.push_back(cell);
  }
  for (std::size_t i = 0; i < cells.size(); ++i) {
    for (std::size_t j = i + 1; j < cells.size(); ++j) {
      const Action a = kSwapBase + Action{cells[i]} * kCells + cells[j];
      if (s.illegal_reason(a).empty()) out.push_back(a);
    }
  }
  const CellBox box = grown_bounding_box(l, 1);
  for (const int from : cells) {
    for (int y = std::max(-1, box.y0 - 1); y <= std::min(kSide, box.y1 + 1); ++y) {
      for (int x = std::max(-1, box.x0 - 1); x <= std::min(kSide, box.x1 + 1); ++x) {
        if (in_box(x, y) && l.at[make_cell(x, y)] >= 0) continue;
        const Action a = encode_move(from, x, y);
        if (s.illegal_reason(a).empty()) out.push_back(a);
      }
    }
  }
  std::sort(out.begin(), out.end());
  return out;
}

TEST(PathfinderIncremental, RearrangementListsAreExactlyTheAcceptedProposals) {
  int checked = 0;
  for (const Json& options : variants()) {
    const Game game = load(options);
    const Config config = Config::from_options(game.options());
    Rng rng(11);
    int here = 0;
    for (int g = 0; g < 150 && here < 60; ++g) {
      State s = State::from_layout(planned(rng, config), game.options());
      ActionList legal;
      for (int step = 0; step < 400 && !s.is_terminal(); ++step) {
        if (s.current_player() == kChancePlayer) {
          s.apply_legal(s.sample_chance(rng));
          continue;
        }
        s.legal_actions(legal);
        const Decision d = s.decision();
        if (d == Decision::kAlteration || d == Decision::kMoverMove) {
          ASSERT_TRUE(std::is_sorted(legal.begin(), legal.end()));
          ActionList listed;
          for (const Action a : legal) {
            if (a >= kSwapBase && a != kPass && a != kContinue) listed.push_back(a);
          }
          ASSERT_EQ(listed, accepted_rearrangements(s)) << options.dump() << " game " << g;
          ++here;
        }
        s.apply_legal(legal[rng.below(legal.size())]);
      }
    }
    EXPECT_GT(here, 10) << options.dump();
    checked += here;
  }
  EXPECT_GT(checked, 100);
}

// The Pathfinder by its definition (A-G1-27): the labels of the steps from `cell` to a card of
// the diamond graph from which the Joker is reached without passing `cell` again.
std::uint32_t dirs_by_definition(const Layout& l, int cell) {
  std::array<Link, kMaxLinks> nb{};
  const int k = l.links(cell, 0, nullptr, nb);
  std::uint32_t out = 0;
  for (int q = 0; q < k; ++q) {
    const int start = nb[q].cell;
    if (!in_diamond_graph(l.at[start])) continue;
    std::vector<int> queue = {start};
    std::vector<bool> seen(kCells, false);
    seen[start] = true;
    bool joker = false;
    for (std::size_t head = 0; head < queue.size() && !joker; ++head) {
      joker = l.at[queue[head]] == kJoker;
      std::array<int, 6> next{};
      const int n = l.neighbors(queue[head], next);
      for (int i = 0; i < n; ++i) {
        const int c = next[i];
        if (c == cell || seen[c] || l.at[c] < 0 || !in_diamond_graph(l.at[c])) continue;
        seen[c] = true;
        queue.push_back(c);
      }
    }
    if (joker) out |= std::uint32_t{1} << nb[q].label;
  }
  return out;
}

// Random basic mazes, scrambled by random swaps so that many have no path or several.
Layout scrambled(Rng& rng, const Config& c) {
  Layout l = planned(rng, c);
  const int swaps = static_cast<int>(rng.below(12));
  for (int i = 0; i < swaps; ++i) {
    l.swap_cells(l.pos[rng.below(kNumCards)], l.pos[rng.below(kNumCards)]);
  }
  return l;
}

TEST(PathfinderIncremental, PathfinderDirectionsMatchTheirDefinition) {
  for (const Json& options : {Json::object(), Json{{"board", "hex"}}}) {
    const Config config = Config::from_options(load(options).options());
    Rng rng(5);
    for (int trial = 0; trial < 2000; ++trial) {
      const Layout l = scrambled(rng, config);
      for (int id = 0; id < kNumCards; ++id) {
        ASSERT_EQ(aql::pathfinder_dirs(l, l.pos[id]), dirs_by_definition(l, l.pos[id]))
            << options.dump() << " trial " << trial << " card " << card_code(id);
      }
    }
  }
}

// What a swap may change, all of it (the advanced game's closure and Pathfinder included).
struct Seen {
  bool maze_ok;
  std::vector<std::uint32_t> dirs;
  std::vector<int> counts;
  bool operator==(const Seen&) const = default;
};

Seen look(const Layout& l) {
  Seen s{l.maze_ok(), {}, {}};
  for (int cell = 0; cell < kCells; ++cell) {
    if (l.at[cell] < 0) continue;
    s.dirs.push_back(aql::pathfinder_dirs(l, cell));
    for (int suit = 0; suit < 3; ++suit) s.counts.push_back(l.count_in_area(cell, suit));
  }
  return s;
}

TEST(PathfinderIncremental, SwapsWithinAClassChangeNothingTheSamplerChecks) {
  for (const Json& options : variants()) {
    const Config config = Config::from_options(load(options).options());
    Rng rng(9);
    for (int trial = 0; trial < 400; ++trial) {
      Layout l = scrambled(rng, config);
      // Some cards face up (the advanced Pathfinder follows the chain); the sampler swaps only
      // face-down cards.
      l.up = (rng.next() & l.placed()) | (std::uint64_t{1} << kAceOfDiamonds);
      std::vector<int> down;
      for (int id = 0; id < kNumCards; ++id) {
        if (!l.face_up(id)) down.push_back(l.pos[id]);
      }
      if (down.size() < 2) continue;
      const Seen before = look(l);
      const int a = down[rng.below(down.size())];
      const int b = down[rng.below(down.size())];
      const int ca = l.at[a];
      const int cb = l.at[b];
      l.swap_cells(a, b);
      const Seen after = look(l);
      if (swap_class(ca, l.advanced) == swap_class(cb, l.advanced)) {
        ASSERT_EQ(before, after) << card_code(ca) << " <-> " << card_code(cb);
      } else if (!in_diamond_graph(ca) && !in_diamond_graph(cb)) {
        ASSERT_EQ(before.maze_ok, after.maze_ok) << card_code(ca) << " <-> " << card_code(cb);
        ASSERT_EQ(before.dirs, after.dirs) << card_code(ca) << " <-> " << card_code(cb);
      }
    }
  }
}

// The placed cards read eight at a time are the cards with a cell, on layouts of every size.
TEST(PathfinderIncremental, PlacedIsEveryCardWithACell) {
  Rng rng(19);
  const Config config = Config::from_options(load(Json::object()).options());
  for (int trial = 0; trial < 2000; ++trial) {
    Layout l = planned(rng, config);
    for (int id = 0; id < kNumCards; ++id) {
      if (rng.below(3) == 0) l.remove(id);
    }
    std::uint64_t expected = 0;
    for (int id = 0; id < kNumCards; ++id) {
      if (l.pos[id] >= 0) expected |= std::uint64_t{1} << id;
    }
    ASSERT_EQ(l.placed(), expected) << trial;
  }
}

// The graph the resample follows swap by swap answers as the layout's own searches, after every
// swap of a long random sequence (so its updates never drift), on both boards.
TEST(PathfinderIncremental, TheFollowedStepGraphAnswersAsTheLayout) {
  int paths = 0;
  for (const Json& options : {Json::object(), Json{{"board", "hex"}}}) {
    const Config config = Config::from_options(load(options).options());
    Rng rng(17);
    for (int trial = 0; trial < 100; ++trial) {
      Layout l = scrambled(rng, config);
      StepGraph graph(l);
      for (int swap = 0; swap < 60; ++swap) {
        ASSERT_EQ(graph.diamond_path(l), l.has_diamond_path()) << options.dump() << " " << trial;
        paths += l.has_diamond_path();
        for (int id = 0; id < kNumCards; ++id) {
          ASSERT_EQ(graph.pathfinder_dirs(l, l.pos[id]), aql::pathfinder_dirs(l, l.pos[id]))
              << options.dump() << " trial " << trial << " swap " << swap << " " << card_code(id);
        }
        // Mostly a card of G with one outside it: the swaps that change G's shape.
        const int a = l.pos[13 + rng.below(13)];
        const int b = l.pos[rng.below(2) == 0 ? rng.below(13) : rng.below(kNumCards)];
        if (a != b) graph.swap(l, a, b);
      }
    }
  }
  EXPECT_GT(paths, 1000);
}

// The mixing's early-stopping check agrees with the full count, with and without the followed
// graph, on the answers and ten counts of random games and on layouts scrambled from theirs.
TEST(PathfinderIncremental, KnowledgeHoldsExactlyWhenNothingIsContradicted) {
  int with_answers = 0;
  int contradicted = 0;
  for (const Json& options : variants()) {
    const Game game = load(options);
    const Config config = Config::from_options(game.options());
    Rng rng(13);
    for (int g = 0; g < 200; ++g) {
      State s = State::from_layout(planned(rng, config), game.options());
      ActionList legal;
      for (int step = 0; step < 300 && !s.is_terminal(); ++step) {
        if (s.current_player() == kChancePlayer) {
          s.apply_legal(s.sample_chance(rng));
          continue;
        }
        if (s.num_answers() > 0) {
          ++with_answers;
          Layout l = s.layout();
          for (int i = 0; i < 6; ++i) {
            const bool graph_kept = rng.below(2) == 0;
            const int v = s.knowledge_violation(l, graph_kept);
            ASSERT_EQ(s.knowledge_holds(l, graph_kept), v == 0) << options.dump() << " game " << g;
            if (!l.advanced) {
              const StepGraph graph(l);
              ASSERT_EQ(s.knowledge_violation(l, graph_kept, &graph), v) << options.dump();
              ASSERT_EQ(s.knowledge_holds(l, graph_kept, &graph), v == 0) << options.dump();
            }
            if (v > 1) {
              ASSERT_GT(s.knowledge_violation(l, graph_kept, nullptr, 0), 0);
            }
            contradicted += v > 0;
            l.swap_cells(l.pos[rng.below(kNumCards)], l.pos[rng.below(kNumCards)]);
          }
        }
        s.legal_actions(legal);
        s.apply_legal(legal[rng.below(legal.size())]);
      }
    }
  }
  EXPECT_GT(with_answers, 100);
  EXPECT_GT(contradicted, 100);
}

}  // namespace
}  // namespace mw::pathfinder_cards
