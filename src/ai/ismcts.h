#pragma once
// Information-set Monte Carlo tree search (Cowling, Powley & Whitehouse 2012), written once for
// every game. Each iteration samples a world the searching seat cannot tell from the real one
// (Observation::sample_world, i.e. the game's resample), descends a tree of information sets by
// UCB1 over availability, adds one node, rolls out, and backs up each seat's own return.
//
// Single-observer (SO): every node is keyed by the searching seat's information state, so the
// opponents' choices in the tree cannot depend on what only they know. Multiple-observer (MO): a
// node where seat q acts is keyed by q's own information state, so in each sampled world the
// opponents act on their (sampled) private knowledge. Nodes also carry the decision depth, so a
// run of moves the searcher cannot see does not fold onto one node.
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "ai/rollout.h"
#include "ai/search_tree.h"
#include "core/agent.h"
#include "core/game.h"
#include "core/json.h"

namespace mw {

enum class FinalMoveRule { kMostVisited, kBestMean };

struct IsmctsConfig {
  std::int64_t iterations = 0;  // > 0: exactly this many (reproducible); else the time budget
  double ms = 1000;
  const StopSignal* stop = nullptr;  // from outside: ends the search early (Agent::set_stop)
  double exploration = 0.7;          // UCB1 constant, for returns in [-1, 1]
  FinalMoveRule final_move = FinalMoveRule::kMostVisited;
  RolloutPolicy rollout = RolloutPolicy::kRandom;
  int rollout_depth = 0;       // > 0: stop rollouts after this many actions and evaluate
  double rollout_epsilon = 0;  // heuristic rollouts: the chance of a random step instead
  // The game's heuristic agent as a prior: its choice at each new node is tried first and gets
  // a progressive bias of prior_weight / (visits + 1) in the UCB score.
  bool heuristic_prior = false;
  double prior_weight = 1.0;
  std::string policy;  // the agent of heuristic rollouts and the prior; empty: the game's own
  // Opponents modelled by the policy: inside the tree the other seats play the policy's move (on
  // their own view of the sampled world) instead of being searched, so every iteration deepens
  // the searcher's own choices. A best response to that policy; off by default.
  bool opponents_by_policy = false;
  // With the opponent model: the chance that a modelled seat plays a uniformly random legal
  // action instead, so the search does not count on opponents who play worse than the policy
  // (a random seat blocks a passing pawn as often as not; the heuristic rarely does).
  double opponent_epsilon = 0;
  // oeps=learn: each opponent's noise is estimated from the moves the agent saw it play (how often
  // they differ from the policy's choice), from a prior of kNoisePrior at kNoisePriorMoves moves,
  // so one agent expects a random seat to play at random and a heuristic seat to play well.
  bool learn_opponent_noise = false;
  static constexpr double kNoisePrior = 0.5;
  static constexpr double kNoisePriorMoves = 4;
  // oeps=classify: each opponent is judged either a policy player or a random one, from the same
  // moves, and modelled as the policy or as uniformly random with the chance (Bayes, even prior)
  // that it is random. A policy seat still differs from the watcher's policy in some moves (it
  // knows what the watcher does not), which the learned noise counts against it as randomness;
  // the judgement counts kPolicyMismatch of that as the policy's own.
  bool classify_opponents = false;
  static constexpr double kPolicyMismatch = 0.3;
  // The most noise learned for any seat: the model is also the search's picture of how fast the
  // rivals progress, and one that expects them never to progress counts a lead as a win.
  double max_learned_noise = 1;
  // Per seat, overriding opponent_epsilon when not empty (what the learning agent hands its
  // search).
  std::vector<double> noise_by_seat;
  bool multi_observer = true;
  int threads = 1;  // root parallel: one tree per thread, root statistics summed

  // From an agent spec's parameters: iterations, ms, c, final=visits|mean,
  // rollout=random|heuristic, depth, eps, prior=none|heuristic, pw, policy,
  // opponents=search|policy, oeps (a number, learn or classify), omax, observer=single|multi,
  // threads. Throws Error(kUnknownAgent) on a bad parameter.
  static IsmctsConfig from_params(const Json& params, const std::string& agent_name);
};

struct RootStatistics {
  std::vector<SearchEdge> edges;  // the root's legal actions
  std::int64_t iterations = 0;
  std::size_t nodes = 0;
};

// Searches from the position of `obs`, for obs.player(). Deterministic for an iteration budget:
// the result depends only on the observation and the Rng.
RootStatistics ismcts_search(const Observation& obs, const IsmctsConfig& config, Rng& rng);
Action final_move(const RootStatistics& stats, FinalMoveRule rule);

// What an opponent was seen to do: how many of its observed moves differ from the policy's, how
// many would differ if it played uniformly at random (sum of 1 - policy moves/legal moves), and
// how many if it played the policy (sum of the chances that it plays a move the samples missed).
struct ObservedPlay {
  double differing = 0;
  double differing_if_random = 0;
  double differing_if_policy = 0;
  // log P(moves | random player) - log P(moves | policy player), the policy player differing by
  // kPolicyMismatch of a random one's chance or by a move of its own that the samples missed.
  double random_log_odds = 0;
  // The chance of a random move that best explains the moves seen, from the prior.
  double noise() const;
  // The chance that the seat plays at random rather than the policy, from an even prior.
  double random_chance() const;
  // `policy_unsampled`: the chance that the policy itself plays a move its samples missed.
  void add(bool differs, double would_differ_at_random, double policy_unsampled = 0);
};

class IsmctsAgent final : public Agent {
 public:
  // `watcher`: the policy the opponents' moves are compared with (needed for oeps=learn only).
  explicit IsmctsAgent(IsmctsConfig config, std::unique_ptr<Agent> watcher = nullptr)
      : config_(std::move(config)), watcher_(std::move(watcher)) {}
  static std::unique_ptr<Agent> make(const Game& game, const Json& params);
  Action choose(const Observation& obs, Rng& rng) override;
  void reset() override;
  void observe(const Observation& before, Action action) override;
  // Only a search that learns its opponents (oeps=learn or classify) has a watcher.
  bool observes_moves() const override { return watcher_ != nullptr; }
  const RootStatistics& last_search() const { return last_; }
  // The noise the search expects of `seat` now.
  double expected_noise(Player seat) const;

 private:
  IsmctsConfig config_;
  std::unique_ptr<Agent> watcher_;
  mutable std::mutex seen_mutex_;   // the server tells moves while a search may run
  std::vector<ObservedPlay> seen_;  // by seat
  RootStatistics last_;
};

}  // namespace mw
