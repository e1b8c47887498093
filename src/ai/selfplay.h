#pragma once
// Self-play: many games between agents, spread over threads, with results that depend only on the
// run's seed. Game i is seeded derive_seed(seed, i) and played by play_match; games are grouped in
// fixed blocks whose totals are added in block order, so even the floating-point sums are the same
// whatever the thread count.
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "core/game.h"
#include "core/json.h"
#include "core/match.h"
#include "core/types.h"

namespace mw {

struct SelfplayConfig {
  std::vector<std::string> agents;  // one spec per seat
  std::int64_t games = 100;
  std::uint64_t seed = 1;
  int threads = 1;
  int max_actions = 1'000'000;  // per game; a longer game counts as truncated
  // Distributed runs: this process plays only the blocks b with b % shards == shard.
  int shard = 0;
  int shards = 1;
};

inline constexpr std::size_t kListedGames = 100;

struct SelfplaySummary {
  std::int64_t games = 0;
  int threads = 0;                 // the threads actually used (per rank)
  int ranks = 1;                   // MPI processes
  std::vector<std::int64_t> wins;  // per seat: its return strictly above every other seat's
  std::int64_t draws = 0;          // finished games without a single best seat
  // per seat: the drawn games it won together with others (a best return shared, above 0), as
  // when several MazeMakers players leave the maze in the same round
  std::vector<std::int64_t> shared_wins;
  // per seat: 1 for each game it won alone, 1/k for each it won with k - 1 others
  std::vector<double> win_shares;
  std::int64_t truncated = 0;       // games stopped at max_actions
  std::int64_t decisions = 0;       // actions chosen by seats
  std::int64_t chance_actions = 0;  // chance outcomes sampled
  std::vector<double> return_sums;  // per seat
  // Indices of the first kListedGames drawn and truncated games, in game order, so that a
  // designer can watch them again: game i is `play --seed derive_seed(seed, i)` with the same
  // seats.
  std::vector<std::int64_t> drawn_games;
  std::vector<std::int64_t> truncated_games;
  std::vector<std::vector<std::int64_t>> won_games;  // per seat: the first games it won
  double seconds = 0;

  double mean_actions() const;
  double mean_chance_actions() const;
  double games_per_sec() const;
  double actions_per_sec() const;  // decisions per second
};

// Called from the calling thread, a few times a second and once at the end.
using SelfplayProgress = std::function<void(std::int64_t done, std::int64_t total)>;

// Throws Error(kUnknownAgent) for a bad spec, Error(kBadRequest) for a bad configuration, and
// rethrows the first error a game raised.
SelfplaySummary run_selfplay(const Game& game, const SelfplayConfig& config,
                             const SelfplayProgress& progress = {});

// The per-block summaries of this shard's blocks (the others stay empty), in block order: a
// distributed run gathers them and merges them in that order, which keeps every sum identical to
// a one-process run. Games are played in blocks of kSelfplayBlock consecutive indices.
inline constexpr std::int64_t kSelfplayBlock = 16;
std::vector<SelfplaySummary> run_selfplay_blocks(const Game& game, const SelfplayConfig& config,
                                                 const SelfplayProgress& progress = {});
SelfplaySummary merge_blocks(int num_players, const std::vector<SelfplaySummary>& blocks);

// The seat whose return is strictly above every other's; -1 when none. Alone at the table, a
// seat wins with a positive return.
Player sole_winner(const std::vector<double>& returns);

// Adds game `index`, which ended with `result`, to `summary` (of a run of result.returns.size()
// seats, made by merge_blocks or run_selfplay).
void count_game(SelfplaySummary& summary, std::int64_t index, const MatchResult& result);

// The JSON report of `mazeworks selfplay --json` (docs/cli.md lists the fields).
Json selfplay_json(const Game& game, const SelfplayConfig& config, const SelfplaySummary& summary);

// The seeds of games (indices) of a run seeded run_seed.
std::vector<std::uint64_t> seeds_of(std::uint64_t run_seed, const std::vector<std::int64_t>& games);

// "a,b" to {"a", "b"}. A piece "key=value" without a name continues the previous spec's
// parameters, so "mcts:iters=100,c=1.4,random" is {"mcts:iters=100,c=1.4", "random"}.
std::vector<std::string> split_agent_specs(std::string_view text);

// The 95% Wilson score interval of a proportion wins/n: {low, high}, {0, 1} when n is 0.
struct Interval {
  double low = 0;
  double high = 1;
};
Interval wilson_interval(std::int64_t wins, std::int64_t n, double z = 1.959963984540054);

}  // namespace mw
