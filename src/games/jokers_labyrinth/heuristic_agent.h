#pragma once
// The Joker's Labyrinth heuristic computer player: picks up what it can, fights Jokers and
// obstacles at good odds with the value card that rolls the fewest dice, explores toward the
// centre, scavenges when nothing better is in reach, and fights Jacks only when clearly ahead.
#include <memory>

#include "core/agent.h"
#include "core/game.h"
#include "core/json.h"

namespace mw::jokers_labyrinth {

class HeuristicAgent final : public Agent {
 public:
  struct Params {
    double joker_odds = 0.3;   // fight a Joker at this win probability or better
    double hazard_odds = 0.5;  // fight a blocking card at this win probability or better
  };
  explicit HeuristicAgent(Params params) : params_(params) {}
  // Reads "jokerOdds" and "hazardOdds" (numbers in 0..1); throws Error(kUnknownAgent) otherwise.
  static std::unique_ptr<Agent> make(const Game& game, const Json& params);
  Action choose(const Observation& obs, Rng& rng) override;

 private:
  Params params_;
};

}  // namespace mw::jokers_labyrinth
