#pragma once
// Treasure Hunt's greedy computer player: the best immediate score, then closeness to the
// treasure. It looks one turn ahead only, so it is cheap and easy to read; search agents live
// in src/ai and must beat it.
#include <memory>

#include "core/agent.h"
#include "core/game.h"
#include "core/json.h"

namespace mw::treasure_hunt {

class GreedyAgent final : public Agent {
 public:
  struct Params {
    // Among equally good turns, prefer one after which the opponent cannot score at once.
    bool defend = true;
    // How many of those tied turns (sampled uniformly) the defence check examines.
    int defend_limit = 16;
  };

  explicit GreedyAgent(Params params) : params_(params) {}
  // Reads "defend" (bool) and "defendLimit" (int >= 1); throws Error(kUnknownAgent) otherwise.
  static std::unique_ptr<Agent> make(const Game& game, const Json& params);

  Action choose(const Observation& obs, Rng& rng) override;

 private:
  Params params_;
};

}  // namespace mw::treasure_hunt
