#pragma once
// MazeMakers' heuristic computer player (issue 5): it heads for reachable coins that may still be
// its artifacts, avoids fights it is likely to lose, moves its walls to lengthen the leader's way,
// returns to START with three artifacts, and blocks when the fight favours it. It reasons on its
// own view and on worlds sampled consistently with it, never on the true hidden suits.
#include <memory>

#include "core/agent.h"
#include "core/game.h"
#include "core/json.h"

namespace mw::mazemakers {

class HeuristicAgent final : public Agent {
 public:
  struct Params {
    double leader_weight = 0.6;  // how much lengthening the leader's way is worth
  };
  explicit HeuristicAgent(Params params) : params_(params) {}
  // Reads "leaderWeight" (number); throws Error(kUnknownAgent) otherwise.
  static std::unique_ptr<Agent> make(const Game& game, const Json& params);

  Action choose(const Observation& obs, Rng& rng) override;

 private:
  Params params_;
  ActionList legal_;  // reused from one choice to the next
};

}  // namespace mw::mazemakers
