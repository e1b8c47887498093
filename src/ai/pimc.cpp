#include "ai/pimc.h"

#include <fmt/format.h>

#include <algorithm>

#include "ai/agent_params.h"
#include "ai/search_budget.h"
#include "core/error.h"
#include "core/hash.h"

namespace mw {
namespace {

// UCT in one fully known world. Nodes are keyed by the hash of the action path from the root
// (chance outcomes included), which is exact when nothing is hidden.
class WorldSearch {
 public:
  WorldSearch(const State& world, const PimcConfig& config, Rollout& rollout, Rng& rng)
      : world_(world), config_(config), rollout_(rollout), rng_(rng) {}

  void iterate() {
    State s = world_;
    path_.clear();
    Hasher path_key;
    bool added = false;
    while (!s.is_terminal()) {
      if (s.is_chance_node()) {
        const Action outcome = s.sample_chance(rng_);
        path_key.add(static_cast<std::uint64_t>(outcome)).add(0xc4a7ceULL);
        s.apply_legal(outcome);
        continue;
      }
      SearchNode* node = tree_.find(path_key.value());
      if (node == nullptr) {
        if (added) break;
        node = &tree_.insert(path_key.value());
        added = true;
      }
      s.legal_actions(legal_);
      bool untried = false;
      const std::size_t e = select_edge(*node, legal_, config_.search.exploration, rng_, untried);
      const Action a = node->edges[e].action;
      path_.push_back({node, e, s.current_player()});
      path_key.add(static_cast<std::uint64_t>(a));
      s.apply_legal(a);
      if (untried) break;
    }
    const std::vector<double> returns = rollout_.finish(s, config_.search.rollout_depth, rng_);
    for (const Step& step : path_) {
      step.node->back_up(step.edge, returns[static_cast<std::size_t>(step.actor)]);
    }
  }

  const SearchNode* root() { return tree_.find(Hasher().value()); }
  std::size_t nodes() const { return tree_.size(); }

 private:
  struct Step {
    SearchNode* node;
    std::size_t edge;
    Player actor;
  };
  const State& world_;
  const PimcConfig& config_;
  Rollout& rollout_;
  Rng& rng_;
  SearchTree tree_;
  std::vector<Step> path_;
  ActionList legal_;
};

}  // namespace

PimcConfig PimcConfig::from_params(const Json& params, const std::string& agent_name,
                                   int default_worlds) {
  Json search_params = params;
  PimcConfig c;
  AgentParams p(agent_name, params);
  c.worlds = static_cast<int>(p.get_int("worlds", default_worlds, 1, 100'000));
  search_params.erase("worlds");
  for (const char* unused : {"observer", "threads", "prior", "pw", "opponents"}) {
    if (search_params.contains(unused)) {
      throw Error(ErrorCode::kUnknownAgent,
                  fmt::format("{}: unknown parameter '{}'; known: iterations, ms, c, final, "
                              "rollout, depth, eps, policy, worlds",
                              agent_name, unused));
    }
  }
  c.search = IsmctsConfig::from_params(search_params, agent_name);
  return c;
}

RootStatistics pimc_search(const Observation& obs, const PimcConfig& config, Rng& rng) {
  RootStatistics stats;
  const ActionList legal = obs.legal_actions();
  for (const Action a : legal) stats.edges.push_back({a, 0, 0, 0.0});
  Rollout rollout(obs.game(), config.search.rollout, config.search.rollout_epsilon,
                  config.search.policy);
  const IsmctsConfig& budget = config.search;
  for (int w = 0; w < config.worlds; ++w) {
    if (w > 0 && budget.stop != nullptr && budget.stop->reached()) break;
    const State world = obs.sample_world(rng);
    WorldSearch search(world, config, rollout, rng);
    // Each world gets an equal share of the budget.
    const std::int64_t share = budget.iterations > 0 ? budget.iterations / config.worlds +
                                                           (w < budget.iterations % config.worlds)
                                                     : 0;
    SearchClock clock(share, budget.iterations > 0 ? 0.0 : budget.ms / config.worlds, budget.stop);
    std::int64_t done = 0;
    while (clock.more(done)) {
      search.iterate();
      ++done;
    }
    stats.iterations += done;
    stats.nodes += search.nodes();
    if (const SearchNode* root = search.root()) {
      for (SearchEdge& total : stats.edges) {
        if (const SearchEdge* e = root->find_edge(total.action)) {
          total.visits += e->visits;
          total.available += root->available(*e);
          total.reward += e->reward;
        }
      }
    }
  }
  return stats;
}

std::unique_ptr<Agent> PimcAgent::make_pimc(const Game& game, const Json& params) {
  PimcConfig c = PimcConfig::from_params(params, "pimc", 10);
  check_heuristic(game, c.search.rollout == RolloutPolicy::kHeuristic, c.search.policy, "pimc");
  return std::make_unique<PimcAgent>(c);
}

std::unique_ptr<Agent> PimcAgent::make_mcts(const Game& game, const Json& params) {
  PimcConfig c = PimcConfig::from_params(params, "mcts", 1);
  check_heuristic(game, c.search.rollout == RolloutPolicy::kHeuristic, c.search.policy, "mcts");
  return std::make_unique<PimcAgent>(c);
}

Action PimcAgent::choose(const Observation& obs, Rng& rng) {
  const ActionList legal = obs.legal_actions();
  if (legal.size() == 1) return legal.front();
  config_.search.stop = stop_signal();
  return final_move(pimc_search(obs, config_, rng), config_.search.final_move);
}

}  // namespace mw
