#pragma once
// Pathfinder's computer player for both seats.
//  - As the Maze Maker it builds a maze from a plan (maze_plan.h: a winding diamond path from A♦
//    to a far Joker, decoy diamond branches, spades along the diamonds, clubs elsewhere; the
//    board's own shapes; in the advanced game artifact bridges) and makes every Maker choice to
//    hurt the Runner (Queen card, 10♦ suit, King flip, Ace alteration).
//  - As the Maze Runner it reasons on worlds sampled consistently with her view (resample): it
//    explores the frontier card most likely to be a diamond leading to the Joker, guesses counts
//    and suits by their sampled frequencies, uses the Compass as soon as it can and keeps hearts.
#include <memory>
#include <vector>

#include "core/agent.h"
#include "core/game.h"
#include "core/json.h"
#include "games/pathfinder_cards/layout.h"
#include "games/pathfinder_cards/maze_plan.h"

namespace mw::pathfinder_cards {

class State;

class BaselineAgent final : public Agent {
 public:
  struct Params {
    int samples = 8;     // sampled worlds per Runner decision
    int difficulty = 2;  // the Maker's maze plan
    ArtifactUse artifacts = ArtifactUse::kAuto;  // advanced game: mazes an artifact bridges
    MazeShape shape = MazeShape::kAuto;          // the board's own shapes, or square rectangles
    // The Runner's memory in the King trial (G1.6.2 aiMemoryModel): perfect, or noisy with this
    // percentage of remembered face-up identities forgotten (then guessed uniformly).
    bool noisy_memory = false;
    bool powers = true;  // the Runner uses the special hearts (off: only as A♥ saves)
    int forget_percent = 25;
  };
  explicit BaselineAgent(Params params) : params_(params) {}
  // Reads "samples" (1..256), "difficulty" (0..4), "artifacts" (auto | never | always), "shape"
  // (auto | rect), "memory" (perfect | noisy) and "forget" (0..100, percent, for noisy), "powers"
  // (true | false); throws Error(kUnknownAgent) otherwise.
  static std::unique_ptr<Agent> make(const Game& game, const Json& params);

  Action choose(const Observation& obs, Rng& rng) override;
  void reset() override { plan_.clear(); }

 private:
  Action maker(const Observation& obs, const State& s, Rng& rng);
  Action king_answer(const State& s, const ActionList& legal, Rng& rng) const;
  Action runner(const Observation& obs, const State& s, Rng& rng);
  // A special heart worth using now in MAIN, or kNoAction.
  Action power_choice(const State& s, const ActionList& legal,
                      const std::vector<State>& worlds) const;
  Params params_;
  std::vector<Action> plan_;  // the Maker's placements, in order
};

}  // namespace mw::pathfinder_cards
