// select_edge counts a visit in which every edge is legal once per node (shared_available) and
// reads only the visited edges then. These tests hold it to the plain definition, every legal
// edge counted on every visit, written out below as the search had it: the same choices from the
// same random numbers, the same availability of every edge.
#include "ai/search_tree.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <vector>

#include "core/rng.h"

namespace mw {
namespace {

struct PlainEdge {
  std::uint32_t visits = 0;
  std::uint32_t available = 0;
  double reward = 0;
  double mean() const { return visits == 0 ? 0.0 : reward / visits; }
};

// The plain definition: each legal action's edge counted available, the candidates in the legal
// order, an untried one drawn by rng.below(untried).
struct PlainNode {
  std::map<Action, PlainEdge> edges;
  Action hint = kNoAction;

  Action select(const ActionList& legal, double c, Rng& rng, bool& untried, double bias) {
    std::size_t fresh = 0;
    double visited_reward = 0;
    double visits = 0;
    for (const Action a : legal) {
      PlainEdge& e = edges[a];
      ++e.available;
      fresh += e.visits == 0;
      visited_reward += e.reward;
      visits += e.visits;
    }
    const bool guided = bias > 0 && hint != kNoAction;
    if (guided && std::find(legal.begin(), legal.end(), hint) != legal.end() &&
        edges[hint].visits == 0) {
      untried = true;
      return hint;
    }
    const auto pick_untried = [&] {
      untried = true;
      std::size_t pick = rng.below(fresh);
      for (const Action a : legal) {
        if (edges[a].visits == 0 && pick-- == 0) return a;
      }
      return legal.front();
    };
    if (fresh > 0 && (!guided || visits == 0)) return pick_untried();
    untried = false;
    Action best = legal.front();
    double best_score = -1e300;
    for (const Action a : legal) {
      const PlainEdge& e = edges[a];
      if (e.visits == 0) continue;
      double score =
          e.mean() + c * std::sqrt(std::log(static_cast<double>(e.available)) / e.visits);
      if (a == hint) score += bias / (e.visits + 1.0);
      if (score > best_score) {
        best_score = score;
        best = a;
      }
    }
    if (fresh > 0 && visited_reward / visits + c * std::sqrt(std::log(visits)) > best_score) {
      return pick_untried();
    }
    return best;
  }
};

// Legal lists of one node: mostly all of `universe` in order (every edge legal), sometimes a
// random part of it, sometimes shuffled.
ActionList next_legal(const ActionList& universe, Rng& rng) {
  ActionList legal;
  const auto kind = rng.below(8);
  if (kind < 5) return universe;
  for (const Action a : universe) {
    if (rng.below(3) != 0) legal.push_back(a);
  }
  if (legal.empty()) legal.push_back(universe[rng.below(universe.size())]);
  if (kind == 7) {
    for (std::size_t i = legal.size(); i > 1; --i) std::swap(legal[i - 1], legal[rng.below(i)]);
  }
  return legal;
}

void expect_same_statistics(const SearchNode& node, const PlainNode& plain) {
  for (const auto& [a, p] : plain.edges) {
    const SearchEdge* e = node.find_edge(a);
    ASSERT_NE(e, nullptr) << a;
    EXPECT_EQ(node.available(*e), p.available) << a;
    EXPECT_EQ(e->visits, p.visits) << a;
    EXPECT_EQ(e->reward, p.reward) << a;
  }
  EXPECT_EQ(node.edges.size(), plain.edges.size());
}

void compare_on(const ActionList& universe, Action hint, double bias, std::uint64_t seed,
                int visits) {
  SearchNode node;
  PlainNode plain;
  node.hint = plain.hint = hint;
  Rng lists(seed);
  Rng rewards(seed + 1);
  Rng fast(seed + 2);
  Rng slow(seed + 2);
  for (int v = 0; v < visits; ++v) {
    const ActionList legal = next_legal(universe, lists);
    bool untried_fast = false;
    bool untried_slow = false;
    const std::size_t e = select_edge(node, legal, 0.7, fast, untried_fast, bias);
    const Action expected = plain.select(legal, 0.7, slow, untried_slow, bias);
    ASSERT_EQ(node.edges[e].action, expected) << "visit " << v;
    ASSERT_EQ(untried_fast, untried_slow) << "visit " << v;
    const double reward = static_cast<double>(rewards.below(201)) / 100.0 - 1.0;
    node.back_up(e, reward);
    PlainEdge& p = plain.edges[expected];
    ++p.visits;
    p.reward += reward;
  }
  expect_same_statistics(node, plain);
}

TEST(SearchTree, SharedAvailabilityMakesTheChoicesOfThePlainDefinition) {
  ActionList small;
  for (Action a = 3; a < 60; a += 3) small.push_back(a);
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    compare_on(small, kNoAction, 0, seed * 10, 400);
    compare_on(small, 27, 1.0, seed * 10 + 5, 400);
  }
}

TEST(SearchTree, SharedAvailabilityHoldsOnAWideNode) {
  ActionList wide;
  for (Action a = 0; a < 1500; ++a) wide.push_back(a * 7);
  compare_on(wide, kNoAction, 0, 77, 2000);
  compare_on(wide, 700, 1.0, 78, 2000);
}

TEST(SearchTree, EdgesFirstSeenLaterAreNotCountedForEarlierVisits) {
  SearchNode node;
  Rng rng(3);
  bool untried = false;
  for (int v = 0; v < 5; ++v) {
    node.back_up(select_edge(node, ActionList{1, 2}, 0.7, rng, untried), 0.0);
  }
  EXPECT_EQ(node.shared_available, 4U);  // the first visit added the edges
  select_edge(node, ActionList{1, 2, 3}, 0.7, rng, untried);
  ASSERT_EQ(node.edges.size(), 3U);
  EXPECT_EQ(node.available(node.edges[0]), 6U);
  EXPECT_EQ(node.available(node.edges[1]), 6U);
  EXPECT_EQ(node.available(node.edges[2]), 1U);
  EXPECT_EQ(node.visited.size(), 2U);  // re-indexed after the insertion
}

}  // namespace
}  // namespace mw
