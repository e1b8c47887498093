#pragma once
// How a Monte Carlo search finishes a sampled game: random actions (fast) or the game's own
// heuristic agent (stronger), optionally cut short and scored by the game's evaluation.
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/agent.h"
#include "core/game.h"
#include "core/state.h"

namespace mw {

enum class RolloutPolicy { kRandom, kHeuristic };

// Throws Error(kUnknownAgent) when `heuristic_spec` is not an agent of the game, or when a
// heuristic is `needed` (heuristic rollouts or prior) and the game has none of its own.
void check_heuristic(const Game& game, bool needed, const std::string& heuristic_spec,
                     std::string_view agent_name);

class Rollout {
 public:
  // `epsilon`: in heuristic rollouts, the chance that a step is a uniformly random action instead
  // (a deterministic heuristic would otherwise replay the same line from the same world).
  // `heuristic_spec`: the agent of heuristic rollouts (empty: the game's own first agent).
  Rollout(const Game& game, RolloutPolicy policy, double epsilon = 0,
          const std::string& heuristic_spec = "");
  // Plays `world` on to the end, or for `depth` actions when depth > 0, and returns each seat's
  // return; a game left unfinished is scored by the game's evaluate, or as a draw without one.
  std::vector<double> finish(State& world, int depth, Rng& rng);
  // The returns of a finished `world`; else the game's evaluation, or a draw without one.
  std::vector<double> score(const State& world) const;
  // Heuristic rollouts: seat p plays a uniformly random action with chance noise[p] (or epsilon
  // when that is more), so an opponent model that expects a seat to play at random holds in the
  // rollouts as in the tree.
  void set_seat_noise(std::vector<double> noise) { seat_noise_ = std::move(noise); }

 private:
  double noise_of(Player p) const;

  Game game_;
  std::unique_ptr<Agent> heuristic_;  // null: random rollouts
  double epsilon_;
  std::vector<double> seat_noise_;  // by seat; empty: epsilon for every seat
  ActionList legal_;
};

// The agent heuristic rollouts and priors use: `spec` if given, else the game's own first agent
// with default parameters; null for a game without one. Throws Error(kUnknownAgent) on a bad spec.
std::unique_ptr<Agent> make_heuristic_agent(const Game& game, const std::string& spec = "");

}  // namespace mw
