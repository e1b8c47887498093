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
  std::vector<SearchEdge> edges;  // sorted by action; `available` leaves out shared_available
  Action hint = kNoAction;        // the prior policy's choice here, tried first and favoured
  // Visits in which the legal actions were exactly the edges, counted here once rather than in
  // every edge: the usual case (a seat's legal actions follow from what it knows), and a first
  // card may be placed 64,000 ways. Edges added later start from it (add_edges settles it first).
  std::uint32_t shared_available = 0;
  // The indices of the edges with visits, ascending, kept by back_up: a visit with every edge
  // legal reads these instead of every edge.
  std::vector<std::uint32_t> visited;
  // The edges' actions side by side (add_edges keeps them): a legal list is compared with them
  // as one block of memory rather than one edge at a time.
  std::vector<Action> actions;

  std::uint32_t available(const SearchEdge& e) const { return e.available + shared_available; }
  // Edge i with its availability in full.
  SearchEdge statistics(std::size_t i) const {
    SearchEdge e = edges[i];
    e.available = available(e);
    return e;
  }
  // Records one visit of edge i with the acting seat's return. Every visit goes through here.
  void back_up(std::size_t i, double reward) {
    SearchEdge& e = edges[i];
    if (e.visits++ == 0) {
      const auto index = static_cast<std::uint32_t>(i);
      visited.insert(std::upper_bound(visited.begin(), visited.end(), index), index);
    }
    e.reward += reward;
  }

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
    add_edges({a});
    return static_cast<std::size_t>(lower_edge(a) - edges.begin());
  }
  // Adds an edge for each action of `sorted_new` (ascending, none of them an edge yet), keeping
  // the edges sorted: one merge, not an insertion per action (inserting 64,000 one by one into a
  // sorted vector is quadratic).
  void add_edges(const std::vector<Action>& sorted_new) {
    if (sorted_new.empty()) return;
    for (SearchEdge& e : edges) e.available += shared_available;  // the new ones were not there
    shared_available = 0;
    const auto old = static_cast<std::ptrdiff_t>(edges.size());
    edges.reserve(edges.size() + sorted_new.size());
    for (const Action a : sorted_new) edges.push_back(SearchEdge{a, 0, 0, 0.0});
    std::inplace_merge(
        edges.begin(), edges.begin() + old, edges.end(),
        [](const SearchEdge& x, const SearchEdge& y) { return x.action < y.action; });
    visited.clear();  // the indices moved
    actions.clear();
    for (std::size_t i = 0; i < edges.size(); ++i) {
      if (edges[i].visits > 0) visited.push_back(static_cast<std::uint32_t>(i));
      actions.push_back(edges[i].action);
    }
  }
  // Whether `legal` lists exactly the edges' actions, in their order.
  bool legal_is_every_edge(const ActionList& legal) const {
    return legal.size() == actions.size() &&
           std::equal(legal.begin(), legal.end(), actions.begin());
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

// Adds an edge for each action of `legal` the node has not seen yet. `sorted`: legal is sorted.
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
  missing.erase(std::unique(missing.begin(), missing.end()), missing.end());
  node.add_edges(missing);
}

namespace search_detail {

// What select_edge reads of the legal edges: how many are untried, and the visits and summed
// rewards of the others.
struct Tally {
  std::size_t fresh = 0;
  double visited_reward = 0;
  double visits = 0;
};

// select_edge's choice once the legal edges are known: `untried_hint` is the hint's edge if it
// is legal and untried (else npos), `nth_untried(k)` the k-th untried legal edge in the legal
// order, `in_order` the legal edges in that order (the untried ones may be left out), `first`
// the first legal edge.
template <class RngT, class NthUntried, class Indices>
std::size_t choose_edge(const SearchNode& node, const Tally& tally, std::size_t untried_hint,
                        std::size_t first, const NthUntried& nth_untried, const Indices& in_order,
                        double exploration, RngT& rng, bool& untried, double hint_bias) {
  const bool guided = hint_bias > 0 && node.hint != kNoAction;
  if (guided && untried_hint != static_cast<std::size_t>(-1)) {
    untried = true;
    return untried_hint;
  }
  const auto pick_untried = [&] {
    untried = true;
    return nth_untried(rng.below(tally.fresh));
  };
  if (tally.fresh > 0 && (!guided || tally.visits == 0)) return pick_untried();
  untried = false;
  std::size_t best = first;
  double best_score = -1e300;
  for (const auto index : in_order) {
    const auto i = static_cast<std::size_t>(index);
    const SearchEdge& e = node.edges[i];
    if (e.visits == 0) continue;
    double score =
        e.mean() +
        exploration * std::sqrt(std::log(static_cast<double>(node.available(e))) / e.visits);
    if (e.action == node.hint) score += hint_bias / (e.visits + 1.0);
    if (score > best_score) {
      best_score = score;
      best = i;
    }
  }
  if (tally.fresh > 0) {
    const double first_play =
        tally.visited_reward / tally.visits + exploration * std::sqrt(std::log(tally.visits));
    if (first_play > best_score) return pick_untried();
  }
  return best;
}

// select_edge when the legal actions are exactly the node's edges: the same choice, reading
// only the visited edges.
template <class RngT>
std::size_t select_among_all_edges(SearchNode& node, double exploration, RngT& rng, bool& untried,
                                   double hint_bias) {
  ++node.shared_available;
  Tally tally;
  tally.fresh = node.edges.size() - node.visited.size();
  for (const std::uint32_t i : node.visited) {
    tally.visited_reward += node.edges[i].reward;
    tally.visits += node.edges[i].visits;
  }
  std::size_t untried_hint = static_cast<std::size_t>(-1);
  if (const SearchEdge* h = node.hint == kNoAction ? nullptr : node.find_edge(node.hint);
      h != nullptr && h->visits == 0) {
    untried_hint = static_cast<std::size_t>(h - node.edges.data());
  }
  // The k-th untried edge: k, moved past every visited edge at or before it.
  const auto nth_untried = [&node](std::size_t k) {
    for (const std::uint32_t v : node.visited) {
      if (v > k) break;
      ++k;
    }
    return k;
  };
  return choose_edge(node, tally, untried_hint, 0, nth_untried, node.visited, exploration, rng,
                     untried, hint_bias);
}

}  // namespace search_detail

// Marks every legal action of `node` available (adding edges for actions first seen) and returns
// the index of the edge to follow. `untried` tells the caller to stop descending and roll out.
// Unguided (no hint, or hint_bias 0): an untried action at random if any, else the best by UCB1
// over availability. Guided: the hint first; then UCB1 plus a progressive bias toward the hint,
// `hint_bias / (visits + 1)` (Chaslot et al. 2008), which fades as the hint's own results come
// in, and an untried action scores as one visit at the node's mean so far (a first-play value),
// so a small budget is not spread over every action before the hint has been looked at twice.
// The caller records the visit with SearchNode::back_up.
template <class RngT>
std::size_t select_edge(SearchNode& node, const ActionList& legal, double exploration, RngT& rng,
                        bool& untried, double hint_bias = 0) {
  if (!node.edges.empty() && node.legal_is_every_edge(legal)) {
    return search_detail::select_among_all_edges(node, exploration, rng, untried, hint_bias);
  }
  thread_local std::vector<std::size_t> candidates;
  candidates.clear();
  search_detail::Tally tally;
  // Insertions shift indices: add the actions first seen, then collect the candidates.
  const bool sorted = std::is_sorted(legal.begin(), legal.end());
  add_new_edges(node, legal, sorted);
  std::size_t walk = 0;  // sorted legal actions: a merge walk along the sorted edges
  std::size_t untried_hint = static_cast<std::size_t>(-1);
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
    tally.fresh += e.visits == 0;
    tally.visited_reward += e.reward;
    tally.visits += e.visits;
    if (a == node.hint && e.visits == 0 && untried_hint == static_cast<std::size_t>(-1)) {
      untried_hint = i;
    }
  }
  const auto nth_untried = [&node](std::size_t k) {
    for (const std::size_t i : candidates) {
      if (node.edges[i].visits == 0 && k-- == 0) return i;
    }
    return candidates.front();  // unreachable: k < the untried candidates
  };
  return search_detail::choose_edge(node, tally, untried_hint, candidates.front(), nth_untried,
                                    candidates, exploration, rng, untried, hint_bias);
}

}  // namespace mw
