#pragma once
// The statistics of a Monte Carlo search: nodes found by a 64-bit key (an information-state key or
// a path hash, never a string), each with one edge per action seen there. Edges count how often
// they were available as well as taken (Cowling et al. 2012: in information-set search the legal
// actions differ between sampled worlds, so UCB divides by availability, not by parent visits).
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <deque>
#include <unordered_map>
#include <vector>

#include "core/types.h"

namespace mw {

struct SearchEdge {
  Action action = 0;
  std::uint32_t visits = 0;
  std::uint32_t available = 0;
  double reward = 0;  // sum of the returns of the seat acting at the node
  double mean() const { return visits == 0 ? 0.0 : reward / visits; }
};

struct SearchNode {
  std::vector<SearchEdge> edges;  // sorted by action
  Action hint = kNoAction;        // the prior policy's choice here, tried first and favoured

  // The first edge whose action is not below `a`.
  std::vector<SearchEdge>::const_iterator lower_edge(Action a) const {
    return std::lower_bound(edges.begin(), edges.end(), a,
                            [](const SearchEdge& e, Action x) { return e.action < x; });
  }
  const SearchEdge* find_edge(Action a) const {
    const auto it = lower_edge(a);
    return it != edges.end() && it->action == a ? &*it : nullptr;
  }
  std::size_t edge_index(Action a) {
    const auto it = lower_edge(a);
    if (it != edges.end() && it->action == a) return static_cast<std::size_t>(it - edges.begin());
    return static_cast<std::size_t>(edges.insert(it, SearchEdge{a, 0, 0, 0.0}) - edges.begin());
  }
};

class SearchTree {
 public:
  SearchNode* find(std::uint64_t key) {
    const auto it = index_.find(key);
    return it == index_.end() ? nullptr : &nodes_[it->second];
  }
  SearchNode& insert(std::uint64_t key) {
    const auto [it, inserted] = index_.try_emplace(key, static_cast<std::uint32_t>(nodes_.size()));
    if (inserted) nodes_.emplace_back();
    return nodes_[it->second];
  }
  std::size_t size() const { return nodes_.size(); }
  void clear() {
    index_.clear();
    nodes_.clear();
  }

 private:
  std::unordered_map<std::uint64_t, std::uint32_t> index_;
  std::deque<SearchNode> nodes_;  // a deque: node pointers stay valid as nodes are added
};

// Adds an edge for each action of `legal` the node has not seen yet, keeping the edges sorted by
// action: one merge, not an insertion per action (a first card may be placed 64,000 ways, and
// inserting them one by one into a sorted vector is quadratic). `sorted`: legal is sorted.
inline void add_new_edges(SearchNode& node, const ActionList& legal, bool sorted) {
  thread_local std::vector<Action> missing;
  missing.clear();
  if (sorted) {
    auto it = node.edges.begin();
    for (const Action a : legal) {
      while (it != node.edges.end() && it->action < a) ++it;
      if (it == node.edges.end() || it->action != a) missing.push_back(a);
    }
  } else {
    for (const Action a : legal) {
      if (node.find_edge(a) == nullptr) missing.push_back(a);
    }
    std::sort(missing.begin(), missing.end());
  }
  if (missing.empty()) return;
  missing.erase(std::unique(missing.begin(), missing.end()), missing.end());
  const auto old = static_cast<std::ptrdiff_t>(node.edges.size());
  node.edges.reserve(node.edges.size() + missing.size());
  for (const Action a : missing) node.edges.push_back(SearchEdge{a, 0, 0, 0.0});
  std::inplace_merge(node.edges.begin(), node.edges.begin() + old, node.edges.end(),
                     [](const SearchEdge& x, const SearchEdge& y) { return x.action < y.action; });
}

// Marks every legal action of `node` available (adding edges for actions first seen) and returns
// the index of the edge to follow. `untried` tells the caller to stop descending and roll out.
// Unguided (no hint, or hint_bias 0): an untried action at random if any, else the best by UCB1
// over availability. Guided: the hint first; then UCB1 plus a progressive bias toward the hint,
// `hint_bias / (visits + 1)` (Chaslot et al. 2008), which fades as the hint's own results come
// in, and an untried action scores as one visit at the node's mean so far (a first-play value),
// so a small budget is not spread over every action before the hint has been looked at twice.
template <class RngT>
std::size_t select_edge(SearchNode& node, const ActionList& legal, double exploration, RngT& rng,
                        bool& untried, double hint_bias = 0) {
  thread_local std::vector<std::size_t> candidates;
  candidates.clear();
  std::size_t fresh = 0;
  double visited_reward = 0;
  double visits = 0;
  // Insertions shift indices: add the actions first seen, then collect the candidates.
  const bool sorted = std::is_sorted(legal.begin(), legal.end());
  add_new_edges(node, legal, sorted);
  std::size_t walk = 0;  // sorted legal actions: a merge walk along the sorted edges
  for (const Action a : legal) {
    std::size_t i = 0;
    if (sorted) {
      while (node.edges[walk].action < a) ++walk;
      i = walk;
    } else {
      i = node.edge_index(a);
    }
    SearchEdge& e = node.edges[i];
    ++e.available;
    candidates.push_back(i);
    fresh += e.visits == 0;
    visited_reward += e.reward;
    visits += e.visits;
  }
  const bool guided = hint_bias > 0 && node.hint != kNoAction;
  if (guided) {
    for (const std::size_t i : candidates) {
      if (node.edges[i].action == node.hint && node.edges[i].visits == 0) {
        untried = true;
        return i;
      }
    }
  }
  const auto pick_untried = [&] {
    untried = true;
    std::size_t pick = rng.below(fresh);
    for (const std::size_t i : candidates) {
      if (node.edges[i].visits == 0 && pick-- == 0) return i;
    }
    return candidates.front();  // unreachable: fresh counts the untried candidates
  };
  if (fresh > 0 && (!guided || visits == 0)) return pick_untried();
  untried = false;
  std::size_t best = candidates.front();
  double best_score = -1e300;
  for (const std::size_t i : candidates) {
    const SearchEdge& e = node.edges[i];
    if (e.visits == 0) continue;
    double score =
        e.mean() + exploration * std::sqrt(std::log(static_cast<double>(e.available)) / e.visits);
    if (e.action == node.hint) score += hint_bias / (e.visits + 1.0);
    if (score > best_score) {
      best_score = score;
      best = i;
    }
  }
  if (fresh > 0) {
    const double first_play = visited_reward / visits + exploration * std::sqrt(std::log(visits));
    if (first_play > best_score) return pick_untried();
  }
  return best;
}

}  // namespace mw
