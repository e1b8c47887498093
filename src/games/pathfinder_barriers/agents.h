#pragma once
// Pathfinder's computer players: a maze builder (the setup) and a seeker (the questions), joined
// in one agent that plays a whole seat. docs/rules/pathfinder-barriers.md describes both.
#include <memory>

#include "core/agent.h"
#include "core/game.h"
#include "core/json.h"
#include "games/pathfinder_barriers/pathfinder_barriers.h"

namespace mw::pathfinder_barriers {

// Builder difficulty: 0 = random chips (like the random agent's setup, uniformly), 1..3 = a hill
// climb of growing length on the maze score below, the pawn starting in columns 4-6.
inline constexpr int kMaxDifficulty = 3;

// How hard a grid looks: 4 x the steps of the shortest route from outside to the pawn, plus the
// squares reachable from outside (room for false trails), plus 3 x the open entries that lead
// nowhere (dead ends near the entry); -1 when no route reaches the pawn (not a home grid).
int maze_score(const HomeGrid& grid);

// A valid home grid with at most `max_barriers` chips.
HomeGrid build_home_grid(int difficulty, int max_barriers, Rng& rng);

// The set-up prior of resample (a grid the other seat may be hiding): entry `index` of a fixed
// table of builder grids at the agents' difficulty, build_home_grid(kSetupPriorDifficulty,
// max_barriers, Rng(setup_prior_seed(max_barriers, index))), built once per process on first use.
// A search draws one per iteration: a table entry costs a lookup where a fresh grid costs 1,000
// hill-climb steps (~95% of a set-up search's time).
inline constexpr int kSetupPriorDifficulty = 2;
inline constexpr int kSetupPriorGrids = 1024;
std::uint64_t setup_prior_seed(int max_barriers, int index);
const HomeGrid& setup_prior_grid(int max_barriers, int index);

struct SeekerParams {
  int samples = 48;    // worlds drawn per new question
  int difficulty = 2;  // of the builder used for this seat's own grid
};

// Plays a whole seat: builds its grid with the builder, then asks, at each new state of
// knowledge, the frontier question that most often starts the shortest route to the pawn in
// `samples` grids drawn by sample_home_grid; free moves over known-open slots lead there.
class SeekerAgent final : public Agent {
 public:
  explicit SeekerAgent(SeekerParams params) : params_(params) {}
  // Reads "samples" (1..4096) and "difficulty" (0..3); throws Error(kUnknownAgent) otherwise.
  static std::unique_ptr<Agent> make(const Game& game, const Json& params);

  Action choose(const Observation& obs, Rng& rng) override;
  void reset() override { have_target_ = false; }

  // The decision on a concrete state (the agent's own sampled world), for tests and the bench.
  Action choose_in(const State& s, Player me, Rng& rng);

 private:
  Action setup_action(const State& s, Player me, Rng& rng);
  void plan_question(const State& s, Player me, Rng& rng);
  Action walk_to_target(const State& s, Player me, Rng& rng);

  SeekerParams params_;
  HomeGrid plan_;  // this seat's grid, built at the start of its setup
  bool have_target_ = false;
  SlotSet known_blocked_, known_open_;  // the knowledge the target was chosen with
  int target_slot_ = -1;                // -1: exit the grid
  int target_from_ = -1;                // the square in the free region it is asked from
};

// Only the builder for the setup (difficulty as a parameter), then uniformly random questions.
class BuilderAgent final : public Agent {
 public:
  explicit BuilderAgent(int difficulty) : difficulty_(difficulty) {}
  static std::unique_ptr<Agent> make(const Game& game, const Json& params);
  Action choose(const Observation& obs, Rng& rng) override;

 private:
  int difficulty_;
  HomeGrid plan_;
};

// Turns `agent` needs to step onto the pawn of `grid`, alone (the other seat passes); stops at
// `max_turns`.
int turns_to_find(const Game& game, const HomeGrid& grid, Agent& agent, Rng& rng,
                  int max_turns = 1000);

}  // namespace mw::pathfinder_barriers
