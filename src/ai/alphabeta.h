#pragma once
// Alpha-beta search for two-seat games of perfect information (Treasure Hunt): iterative
// deepening, a transposition table keyed by the state's key, the table's best move first and then
// the history heuristic for move ordering, and expectation at chance nodes. Positions at the depth
// limit are scored by the game's evaluate(); the agent refuses a game without one.
#include <cstdint>
#include <memory>
#include <vector>

#include "core/agent.h"
#include "core/game.h"
#include "core/json.h"

namespace mw {

struct AlphaBetaConfig {
  int max_depth = 0;  // > 0: search exactly to this depth (reproducible); else deepen until `ms`
  double ms = 1000;
  int table_bits = 20;  // 2^bits transposition-table entries

  static AlphaBetaConfig from_params(const Json& params);
};

struct AlphaBetaResult {
  Action action = 0;
  double value = 0;  // for the seat to move, in [-1, 1]
  int depth = 0;     // of the last completed iteration
  std::int64_t nodes = 0;
};

class AlphaBetaAgent final : public Agent {
 public:
  explicit AlphaBetaAgent(AlphaBetaConfig config);
  ~AlphaBetaAgent() override;
  static std::unique_ptr<Agent> make(const Game& game, const Json& params);
  Action choose(const Observation& obs, Rng& rng) override;
  AlphaBetaResult search(const State& state);

 private:
  struct Impl;
  AlphaBetaConfig config_;
  std::unique_ptr<Impl> impl_;
};

}  // namespace mw
