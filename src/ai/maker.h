#pragma once
// A designer of secret setups (a card maze, a barrier grid) that searches for hard ones: while its
// seat is designing (GameEntry::designing), it has the game's builder agent draw several complete
// candidate designs, plays each on to the end several times in worlds it cannot tell from the real
// one (the rest of the game by given agents), and keeps the design with the best mean return for
// its seat — the maze the simulated runners found hardest. Outside the design it plays with
// another agent. Generic: it sees the game only through the State API and the designing flag.
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "core/agent.h"
#include "core/game.h"
#include "core/json.h"

namespace mw {

struct MakerConfig {
  std::string build;   // agent spec drawing candidate designs
  std::string play;    // agent spec for this seat after the design (and in the simulations)
  std::string rivals;  // agent spec for the other seats in the simulations
  int candidates = 12;
  int sims = 6;  // simulated games per candidate (per round, with halving)
  // Successive halving: every candidate gets `sims` games, then the better half `sims` more, and
  // so on until one is left, so the simulations go to the promising designs.
  bool halving = false;
  double ms = 0;            // > 0: stop drawing candidates after this much time (at least two)
  int max_actions = 20000;  // a simulated game cut here is scored by the game's evaluation

  // Defaults: every agent spec is the game's own first agent (random if it has none). In a nested
  // spec, ';' stands for ',' ("build=seeker:difficulty=3;samples=16").
  static MakerConfig from_params(const Game& game, const Json& params);
};

class MakerAgent final : public Agent {
 public:
  MakerAgent(const Game& game, MakerConfig config);
  static std::unique_ptr<Agent> make(const Game& game, const Json& params);
  static bool applies(const Game& game) { return static_cast<bool>(game.entry().designing); }

  Action choose(const Observation& obs, Rng& rng) override;
  void reset() override;
  void set_stop(const StopSignal* stop) override;

  // The mean return of this seat over the simulations of the design chosen last (for reports).
  double last_design_score() const { return last_score_; }

 private:
  struct Design {
    std::vector<Action> actions;
    std::vector<std::uint64_t> keys;  // this seat's information key before each action
  };

  bool follows_plan(const Observation& obs) const;
  void plan(const Observation& obs, Rng& rng);
  Design draw_design(const Observation& obs, Rng& rng);
  // The best of `candidates` by mean return over `sims` games each; its mean in `score`.
  Design best_of(const Observation& obs, Rng& rng, const std::function<bool(int)>& out_of_time,
                 double& score);
  // The best of `candidates` by successive halving, its mean return in `score`.
  Design halve(const Observation& obs, Rng& rng, const std::function<bool(int)>& out_of_time,
               double& score);
  double total_return(const Observation& obs, const Design& design, int games, Rng& rng);
  std::vector<double> simulate(State world, Rng& rng);

  Game game_;
  MakerConfig config_;
  std::unique_ptr<Agent> build_;
  std::unique_ptr<Agent> play_;
  std::vector<std::unique_ptr<Agent>> simulated_;  // one per seat
  Design plan_;
  std::size_t next_ = 0;
  double last_score_ = 0;
};

}  // namespace mw
