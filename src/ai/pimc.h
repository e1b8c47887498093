#pragma once
// Perfect-information Monte Carlo ("determinize and search"): sample worlds consistent with what
// the seat has seen, run plain UCT in each as if everything were visible, and play the action with
// the most visits summed over the worlds. The baseline ISMCTS must beat where hidden information
// matters (it cannot value keeping information hidden or gathering it). With one world on a game
// of perfect information it is plain MCTS (UCT).
#include <cstdint>
#include <memory>

#include "ai/ismcts.h"
#include "core/agent.h"
#include "core/game.h"
#include "core/json.h"

namespace mw {

struct PimcConfig {
  IsmctsConfig search;  // budget (over all worlds), c, rollout, depth, threads are unused
  int worlds = 10;

  static PimcConfig from_params(const Json& params, const std::string& agent_name,
                                int default_worlds);
};

RootStatistics pimc_search(const Observation& obs, const PimcConfig& config, Rng& rng);

class PimcAgent final : public Agent {
 public:
  explicit PimcAgent(PimcConfig config) : config_(config) {}
  // "pimc" (10 worlds by default) and "mcts" (1 world: plain UCT on games of perfect information).
  static std::unique_ptr<Agent> make_pimc(const Game& game, const Json& params);
  static std::unique_ptr<Agent> make_mcts(const Game& game, const Json& params);
  Action choose(const Observation& obs, Rng& rng) override;

 private:
  PimcConfig config_;
};

}  // namespace mw
