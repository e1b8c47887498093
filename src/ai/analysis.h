#pragma once
// The questions a game designer asks of a game (after Ludii's metrics): who wins from which seat,
// how often games are drawn or run out, how long they last, how many choices a turn offers, how
// much the first seat gains, and how much more a stronger player wins. Each game is played by
// play_match with a seed derived from the run seed and its index, so results do not depend on the
// thread count.
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "ai/selfplay.h"
#include "core/game.h"
#include "core/json.h"
#include "core/registry.h"

namespace mw {

// One game's figures.
struct GameFigures {
  int decisions = 0;
  int chance_actions = 0;
  bool truncated = false;
  Player winner = -1;    // -1: draw (or truncated)
  double branching = 0;  // mean legal actions over the decisions
};

struct SeatFigures {
  std::string name;  // from the game's view ("Maker", "Green") or "seat i"
  std::int64_t wins = 0;
  Interval win_interval;
  double mean_return = 0;
};

// One option set ("variant") played by the same agents.
struct VariantAnalysis {
  std::string label;  // "default" or "k=v,k=v"
  Json options;       // every option's value
  std::vector<std::string> agents;
  std::vector<GameFigures> games;
  std::vector<SeatFigures> seats;
  std::int64_t draws = 0, truncated = 0;
  Interval draw_interval, truncated_interval;
  double mean_decisions = 0, median_decisions = 0, mean_branching = 0;
  int min_decisions = 0, max_decisions = 0;
  // Seat 0's win rate minus the fair share 1/seats, with seat 0's interval shifted alike.
  double first_seat_advantage = 0;
  Interval first_seat_interval;
};

// A stronger agent against a weaker one, the strong one in each seat in turn.
struct SkillTrace {
  std::string strong, weak;
  std::int64_t games = 0, strong_wins = 0;
  double fair_share = 0;  // 1 / seats
  Interval interval;
};

struct AnalysisConfig {
  std::vector<std::string> agents;  // one per seat (or one for all)
  std::vector<Json> variants;       // option overrides, one per variant; empty: the defaults
  std::int64_t games = 200;         // per variant
  std::uint64_t seed = 1;
  int threads = 1;
  int max_actions = 1'000'000;
  std::string strong, weak;  // both set: the skill trace, with games / 2 per seat arrangement
  // Distributed runs: this process plays the games i with i % shards == shard (the others stay
  // zero), and `gather` (called alike on every process after each batch) fills in the rest.
  int shard = 0;
  int shards = 1;
  std::function<void(std::vector<GameFigures>&)> gather;
};

struct Analysis {
  std::string game_id;
  std::string game_name;
  std::vector<VariantAnalysis> variants;
  std::vector<SkillTrace> skill;  // per variant when asked for
  double seconds = 0;
};

using AnalysisProgress = SelfplayProgress;

// Throws Error(kUnknownGame / kBadOption / kUnknownAgent / kBadRequest) before playing anything.
Analysis run_analysis(const Registry& registry, const std::string& game_id,
                      const AnalysisConfig& config, const AnalysisProgress& progress = {});

Json analysis_json(const Analysis& analysis);
// One row per game: variant,game,seed,decisions,chance_actions,branching,winner,truncated.
std::string analysis_csv(const Analysis& analysis);

}  // namespace mw
