#pragma once
// Plays one game between agents with explicit seeding: the chance stream and each seat's stream
// are derived from the game's seed alone, so a game replays exactly whoever runs it.
#include <cstdint>
#include <vector>

#include "core/agent.h"
#include "core/record.h"
#include "core/state.h"

namespace mw {

struct MatchResult {
  std::vector<double> returns;  // per seat; all zero when truncated
  int decisions = 0;            // actions chosen by seats
  int chance_actions = 0;
  bool truncated = false;  // hit max_actions before the end
  std::int64_t legal_action_sum = 0;  // over the decisions, when count_branching
  GameRecord record;       // filled only when asked for
};

struct MatchConfig {
  std::uint64_t seed = 0;
  int max_actions = 1'000'000;
  bool keep_record = false;
  bool count_branching = false;  // sum the legal actions at each decision (costs a list a step)
};

// Seat i is played by seats[i]. Agents are reset() first.
MatchResult play_match(const Game& game, const std::vector<Agent*>& seats,
                       const MatchConfig& config);

// The chance stream and a seat's stream of a game seeded `seed`.
Rng chance_rng(std::uint64_t seed);
Rng seat_rng(std::uint64_t seed, Player seat);

}  // namespace mw
