#pragma once
// The Joker's Labyrinth heuristic computer player: picks up what it can, fights Jokers and
// obstacles at good odds with the value card that rolls the fewest dice (for free with a Boost
// when it can), explores toward the centre, uses its Aces (Recon, Advanced Recon, Hazard Shift to
// pull a Joker next to it, Reality Shuffle to hide a Joker from a Jack about to win) and Queens
// (swap next to a Joker, Bolster, Hinder), scavenges when nothing better is in reach, and fights
// Jacks only when clearly ahead.
#include <memory>

#include "core/agent.h"
#include "core/game.h"
#include "core/json.h"

namespace mw::jokers_labyrinth {

class HeuristicAgent final : public Agent {
 public:
  struct Params {
    double joker_odds = 0.3;  // fight a Joker at this win probability or better
    // Fight a blocking card at this win probability or better. Measured (rules page): fighting
    // blockers at even 2-dice odds loses to exploring elsewhere, so by default only when nothing
    // else is left to do (the basic player fights them at 0.5).
    double hazard_odds = 0.9;
    // The basic player: no Boost fights, Queen swap, Hazard Shift, Reality Shuffle, Advanced Recon,
    // Portal or PvP Bolster/Hinder (kept to measure the full play against).
    bool basic = false;
    // Ablation bits, for measuring one feature at a time: 1 Boost fights, 2 Hazard Shift of a
    // Joker, 4 Queen swap, 8 Reality Shuffle, 16 Advanced Recon, 32 Portal, 64 PvP Bolster/Hinder,
    // 128 Hazard Shift of a blocker.
    int off = 0;
  };
  explicit HeuristicAgent(Params params) : params_(params) {}
  // Reads "jokerOdds" and "hazardOdds" (numbers in 0..1) and "basic" (bool); throws
  // Error(kUnknownAgent) otherwise.
  static std::unique_ptr<Agent> make(const Game& game, const Json& params);
  Action choose(const Observation& obs, Rng& rng) override;

 private:
  Params params_;
  ActionList legal_;  // reused from one choice to the next
};

}  // namespace mw::jokers_labyrinth
