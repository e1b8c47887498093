#include "ai/ismcts.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <thread>

#include "ai/agent_params.h"
#include "ai/rollout.h"
#include "ai/search_budget.h"
#include "core/error.h"
#include "core/hash.h"

namespace mw {
namespace {

struct PathStep {
  SearchNode* node;
  std::size_t edge;
  Player actor;
};

class IsmctsWorker {
 public:
  IsmctsWorker(const Observation& obs, const IsmctsConfig& config, std::uint64_t seed)
      : obs_(obs),
        config_(config),
        rng_(seed),
        rollout_(obs.game(), config.rollout, config.rollout_epsilon, config.policy),
        prior_(config.heuristic_prior ? make_heuristic_agent(obs.game(), config.policy) : nullptr),
        opponent_(config.opponents_by_policy ? make_heuristic_agent(obs.game(), config.policy)
                                             : nullptr) {
    if (opponent_ != nullptr) {
      noise_ = modelled_noise();
      rollout_.set_seat_noise(noise_);
    }
  }

  void run(SearchClock& clock, std::int64_t max_iterations) {
    while (iterations_ < max_iterations && clock.more(iterations_)) {
      iterate();
      ++iterations_;
    }
  }

  std::int64_t iterations() const { return iterations_; }
  std::size_t nodes() const { return tree_.size(); }

  // The root's edges, restricted to the real legal actions.
  std::vector<SearchEdge> root_edges() {
    std::vector<SearchEdge> out;
    SearchNode* root = tree_.find(root_key_);
    for (const Action a : obs_.legal_actions()) {
      SearchEdge e{a, 0, 0, 0.0};
      if (root != nullptr) {
        if (const SearchEdge* seen = root->find_edge(a)) {
          e = root->statistics(static_cast<std::size_t>(seen - root->edges.data()));
        }
      }
      out.push_back(e);
    }
    return out;
  }

 private:
  std::uint64_t key(const State& world, Player actor, int depth) const {
    const Player observer = config_.multi_observer ? actor : obs_.player();
    return Hasher()
        .add(world.information_state_key(observer))
        .add(static_cast<std::uint64_t>(actor))
        .add(static_cast<std::uint64_t>(depth))
        .value();
  }

  // By seat: the chance that the opponent model plays a random move; none for the searcher.
  std::vector<double> modelled_noise() const {
    std::vector<double> noise(static_cast<std::size_t>(obs_.num_players()), 0.0);
    for (Player q = 0; q < obs_.num_players(); ++q) {
      if (q == obs_.player()) continue;
      noise[static_cast<std::size_t>(q)] = config_.noise_by_seat.empty()
                                               ? config_.opponent_epsilon
                                               : config_.noise_by_seat[static_cast<std::size_t>(q)];
    }
    return noise;
  }

  Action modelled_move(const State& world, Player actor) {
    const double noise = noise_[static_cast<std::size_t>(actor)];
    if (noise > 0 && rng_.uniform() < noise) {
      world.legal_actions(legal_);
      return legal_[rng_.below(legal_.size())];
    }
    return opponent_->choose(Observation(world, actor), rng_);
  }

  void iterate() {
    State world = obs_.sample_world(rng_);
    // A policy that remembers (a plan, a target) must not carry it over from another world.
    if (opponent_ != nullptr) opponent_->reset();
    path_.clear();
    int depth = 0;
    int modelled_in_a_row = 0;
    bool added = false;
    bool cut_off = false;
    while (!world.is_terminal()) {
      if (world.is_chance_node()) {
        world.apply_legal(world.sample_chance(rng_));
        continue;
      }
      const Player actor = world.current_player();
      if (opponent_ != nullptr && actor != obs_.player()) {
        // A searcher that no longer acts (a dead MazeMakers pawn) would otherwise watch the
        // model play to the very end, scored by the true result, while every line it lives in
        // is cut off and scored by the evaluation: against a model of random rivals, who never
        // finish, its death looked like a draw and better than living behind them.
        if (config_.rollout_depth > 0 && modelled_in_a_row >= config_.rollout_depth) {
          cut_off = true;
          break;
        }
        world.apply_legal(modelled_move(world, actor));
        ++depth;
        ++modelled_in_a_row;
        continue;
      }
      modelled_in_a_row = 0;
      // Every sampled world shows the searcher the same information state at the root (a game's
      // contract, tests/random_sim), so its key is computed once.
      const std::uint64_t k = depth == 0 && root_key_known_ ? root_key_ : key(world, actor, depth);
      if (depth == 0) {
        root_key_ = k;
        root_key_known_ = true;
      }
      SearchNode* node = tree_.find(k);
      if (node == nullptr) {
        if (added) break;  // one new node per iteration
        node = &tree_.insert(k);
        added = true;
        if (prior_ != nullptr) {
          prior_->reset();
          node->hint = prior_->choose(Observation(world, actor), rng_);
        }
      }
      bool untried = false;
      std::size_t e = 0;
      if (depth == 0 && node == full_root_) {
        // Every world offers the searcher her observation's actions, in its order (a game's
        // contract, tests/random_sim): the root need not list them again. A list of 64,000
        // placements (pathfinder-cards' first card), listed and compared on every iteration,
        // was a quarter of the search.
        e = search_detail::select_among_all_edges(*node, config_.exploration, rng_, untried,
                                                  config_.prior_weight);
      } else {
        world.legal_actions(legal_);
        e = select_edge(*node, legal_, config_.exploration, rng_, untried, config_.prior_weight);
        if (depth == 0) full_root_ = node->legal_is_every_edge(legal_) ? node : nullptr;
      }
      path_.push_back({node, e, actor});
      world.apply_legal(node->edges[e].action);
      ++depth;
      if (untried) break;
    }
    const std::vector<double> returns =
        cut_off ? rollout_.score(world) : rollout_.finish(world, config_.rollout_depth, rng_);
    for (const PathStep& s : path_) {
      s.node->back_up(s.edge, returns[static_cast<std::size_t>(s.actor)]);
    }
  }

  const Observation& obs_;
  const IsmctsConfig& config_;
  Rng rng_;
  Rollout rollout_;
  std::unique_ptr<Agent> prior_;     // null: no prior
  std::unique_ptr<Agent> opponent_;  // null: the other seats are searched too
  std::vector<double> noise_;        // by seat, with the opponent model: modelled_noise()
  SearchTree tree_;
  std::uint64_t root_key_ = 0;
  bool root_key_known_ = false;
  const SearchNode* full_root_ = nullptr;  // the root, once its edges are its legal actions
  std::vector<PathStep> path_;
  ActionList legal_;
  std::int64_t iterations_ = 0;
};

void merge_into(std::vector<SearchEdge>& total, const std::vector<SearchEdge>& part) {
  for (std::size_t i = 0; i < total.size(); ++i) {
    total[i].visits += part[i].visits;
    total[i].available += part[i].available;
    total[i].reward += part[i].reward;
  }
}

}  // namespace

IsmctsConfig IsmctsConfig::from_params(const Json& params, const std::string& agent_name) {
  AgentParams p(agent_name, params);
  IsmctsConfig c;
  c.iterations = p.get_int("iterations", 0, 0, 1'000'000'000);
  c.ms = p.get_double("ms", c.iterations > 0 ? 0.0 : 1000.0, 0, 86'400'000);
  if (c.iterations == 0 && c.ms <= 0) {
    throw Error(ErrorCode::kUnknownAgent,
                fmt::format("{}: give a budget: iterations > 0 or ms > 0", agent_name));
  }
  c.exploration = p.get_double("c", c.exploration, 0, 100);
  c.final_move = p.get_choice("final", "visits", {"visits", "mean"}) == "mean"
                     ? FinalMoveRule::kBestMean
                     : FinalMoveRule::kMostVisited;
  c.rollout = p.get_choice("rollout", "random", {"random", "heuristic"}) == "heuristic"
                  ? RolloutPolicy::kHeuristic
                  : RolloutPolicy::kRandom;
  c.rollout_depth = static_cast<int>(p.get_int("depth", 0, 0, 1'000'000));
  c.rollout_epsilon = p.get_double("eps", 0, 0, 1);
  c.heuristic_prior = p.get_choice("prior", "none", {"none", "heuristic"}) == "heuristic";
  c.prior_weight = p.get_double("pw", c.prior_weight, 0, 1000);
  c.policy = p.get_agent_spec("policy", "");
  c.opponents_by_policy = p.get_choice("opponents", "search", {"search", "policy"}) == "policy";
  if (p.has("oeps") && params.at("oeps").is_string()) {
    c.classify_opponents = p.get_choice("oeps", "learn", {"learn", "classify"}) == "classify";
    c.learn_opponent_noise = true;
    c.opponent_epsilon = IsmctsConfig::kNoisePrior;
  } else {
    c.opponent_epsilon = p.get_double("oeps", 0, 0, 1);
  }
  c.max_learned_noise = p.get_double("omax", 1, 0, 1);
  if (p.has("omax") && !c.learn_opponent_noise) {
    throw Error(ErrorCode::kUnknownAgent,
                fmt::format("{}: omax caps the learned noise: give oeps=learn or oeps=classify too",
                            agent_name));
  }
  if ((c.opponent_epsilon > 0 || c.learn_opponent_noise) && !c.opponents_by_policy) {
    throw Error(ErrorCode::kUnknownAgent,
                fmt::format("{}: oeps is the opponent model's noise: give opponents=policy too",
                            agent_name));
  }
  c.multi_observer = p.get_choice("observer", "multi", {"single", "multi"}) == "multi";
  c.threads = static_cast<int>(p.get_int("threads", 1, 1, 256));
  p.finish();
  return c;
}

RootStatistics ismcts_search(const Observation& obs, const IsmctsConfig& config, Rng& rng) {
  SearchClock clock(config.iterations, config.ms, config.stop);
  const int threads = std::max(1, config.threads);
  std::vector<std::unique_ptr<IsmctsWorker>> workers;
  for (int t = 0; t < threads; ++t) {
    workers.push_back(std::make_unique<IsmctsWorker>(obs, config, rng.next()));
  }
  RootStatistics stats;
  if (threads == 1) {
    workers[0]->run(clock, std::numeric_limits<std::int64_t>::max());
  } else {
    // An iteration budget is split evenly so the result does not depend on scheduling.
    std::vector<std::thread> pool;
    for (int t = 0; t < threads; ++t) {
      const std::int64_t share =
          config.iterations > 0 ? config.iterations / threads + (t < config.iterations % threads)
                                : std::numeric_limits<std::int64_t>::max();
      pool.emplace_back([&, t, share] {
        SearchClock own(config.iterations > 0 ? share : 0, config.ms, config.stop);
        workers[static_cast<std::size_t>(t)]->run(own, share);
      });
    }
    for (auto& th : pool) th.join();
  }
  for (auto& w : workers) {
    const auto edges = w->root_edges();
    if (stats.edges.empty()) {
      stats.edges = edges;
    } else {
      merge_into(stats.edges, edges);
    }
    stats.iterations += w->iterations();
    stats.nodes += w->nodes();
  }
  return stats;
}

Action final_move(const RootStatistics& stats, FinalMoveRule rule) {
  const auto better = [rule](const SearchEdge& a, const SearchEdge& b) {
    if (rule == FinalMoveRule::kBestMean && a.visits > 0 && b.visits > 0 && a.mean() != b.mean()) {
      return a.mean() > b.mean();
    }
    if (a.visits != b.visits) return a.visits > b.visits;
    return a.mean() > b.mean();
  };
  const SearchEdge* best = &stats.edges.front();
  for (const SearchEdge& e : stats.edges) {
    if (better(e, *best)) best = &e;
  }
  return best->action;
}

std::unique_ptr<Agent> IsmctsAgent::make(const Game& game, const Json& params) {
  const IsmctsConfig config = IsmctsConfig::from_params(params, "ismcts");
  check_heuristic(game,
                  config.rollout == RolloutPolicy::kHeuristic || config.heuristic_prior ||
                      config.opponents_by_policy,
                  config.policy, "ismcts");
  return std::make_unique<IsmctsAgent>(
      config, config.learn_opponent_noise ? make_heuristic_agent(game, config.policy) : nullptr);
}

double ObservedPlay::noise() const {
  // Moment estimate: a seat playing the policy with chance 1 - e and a random move with chance e
  // differs from the policy's samples in e * differing_if_random + (1 - e) * differing_if_policy
  // moves. The prior counts as moves seen.
  const double prior = IsmctsConfig::kNoisePriorMoves;
  const double beyond_policy = differing - differing_if_policy;
  const double random_beyond_policy = std::max(differing_if_random - differing_if_policy, 0.0);
  return std::clamp(
      (beyond_policy + prior * IsmctsConfig::kNoisePrior) / (random_beyond_policy + prior), 0.0,
      1.0);
}

double ObservedPlay::random_chance() const {
  return 1.0 / (1.0 + std::exp(-random_log_odds));
}

void ObservedPlay::add(bool differs, double would_differ_at_random, double policy_unsampled) {
  differing += differs ? 1.0 : 0.0;
  differing_if_random += would_differ_at_random;
  differing_if_policy += policy_unsampled;
  // A random player differs with chance d. A policy player differs with chance m * d, or by
  // playing one of its own moves that the samples missed (chance g).
  const double d = would_differ_at_random;
  const double m = IsmctsConfig::kPolicyMismatch;
  const double policy_same = (1.0 - policy_unsampled) * (1.0 - m * d);
  random_log_odds +=
      differs ? std::log(d / (1.0 - policy_same)) : std::log((1.0 - d) / policy_same);
}

double IsmctsAgent::expected_noise(Player seat) const {
  if (!config_.learn_opponent_noise) return config_.opponent_epsilon;
  std::lock_guard lock(seen_mutex_);
  const auto s = static_cast<std::size_t>(seat);
  const ObservedPlay nothing_seen;
  const ObservedPlay& play = s < seen_.size() ? seen_[s] : nothing_seen;  // no copy of seen_[s]
  const double learned = config_.classify_opponents ? play.random_chance() : play.noise();
  return std::min(learned, config_.max_learned_noise);
}

void IsmctsAgent::reset() {
  std::lock_guard lock(seen_mutex_);
  seen_.clear();
}

constexpr int kPolicySamples = 8;

void IsmctsAgent::observe(const Observation& before, Action action) {
  if (watcher_ == nullptr) return;
  const Player actor = before.to_act();
  // Seeded by what this seat saw: the same game gives the same estimate, replay stays exact.
  Rng rng(
      Hasher().add(before.information_state_key()).add(static_cast<std::uint64_t>(action)).value());
  const State world = before.sample_world(rng);
  const ActionList legal = world.legal_actions();
  if (legal.size() < 2 || std::find(legal.begin(), legal.end(), action) == legal.end()) {
    return;  // a forced move tells nothing; an action this world does not allow, nothing sure
  }
  // A policy that breaks ties at random has several moves of its own: the move differs from the
  // policy only if it is none of them (a random seat hits one of them by luck).
  std::vector<Action> policy_moves;
  std::vector<int> times_chosen;
  for (int i = 0; i < kPolicySamples; ++i) {
    watcher_->reset();
    const Action a = watcher_->choose(Observation(world, actor), rng);
    const auto it = std::find(policy_moves.begin(), policy_moves.end(), a);
    if (it == policy_moves.end()) {
      policy_moves.push_back(a);
      times_chosen.push_back(1);
    } else {
      ++times_chosen[static_cast<std::size_t>(it - policy_moves.begin())];
    }
  }
  const bool differs =
      std::find(policy_moves.begin(), policy_moves.end(), action) == policy_moves.end();
  // Good-Turing: the policy's chance of a move none of the samples hit is about the share of
  // samples that hit a move once. A policy that takes the best of 150 placements sampled from
  // thousands (MazeMakers' setup walls) seldom plays a wall its own samples hit.
  const auto once = std::count(times_chosen.begin(), times_chosen.end(), 1);
  const double policy_unsampled = static_cast<double>(once) / (kPolicySamples + 1);
  std::lock_guard lock(seen_mutex_);
  if (seen_.size() <= static_cast<std::size_t>(actor)) {
    seen_.resize(static_cast<std::size_t>(actor) + 1);
  }
  ObservedPlay& play = seen_[static_cast<std::size_t>(actor)];
  play.add(differs,
           1.0 - static_cast<double>(policy_moves.size()) / static_cast<double>(legal.size()),
           policy_unsampled);
}

Action IsmctsAgent::choose(const Observation& obs, Rng& rng) {
  const ActionList legal = obs.legal_actions();
  if (legal.size() == 1) return legal.front();  // nothing to think about
  config_.stop = stop_signal();
  if (!config_.learn_opponent_noise) {
    last_ = ismcts_search(obs, config_, rng);
  } else {
    IsmctsConfig config = config_;
    for (Player q = 0; q < obs.num_players(); ++q)
      config.noise_by_seat.push_back(expected_noise(q));
    last_ = ismcts_search(obs, config, rng);
  }
  return final_move(last_, config_.final_move);
}

}  // namespace mw
