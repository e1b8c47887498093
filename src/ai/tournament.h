#pragma once
// Round-robin tournaments: every pair of agents meets in every seat arrangement (in a game for k
// seats, one agent in one seat and the other in the k-1 others, both ways round), each arrangement
// a self-play run seeded from the tournament seed and its index alone, so results do not depend on
// the thread count. Standings carry Wilson intervals and Bradley-Terry (Elo-scale) ratings.
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "ai/selfplay.h"
#include "core/game.h"
#include "core/json.h"

namespace mw {

struct TournamentConfig {
  std::vector<std::string> agents;  // at least two specs
  std::int64_t games = 20;          // per seat arrangement
  std::uint64_t seed = 1;
  int threads = 1;
  int max_actions = 1'000'000;
  // Plays one arrangement's games; empty: run_selfplay in this process. Under MPI every rank
  // calls it for every arrangement (run_selfplay_mpi), and only rank 0 gets the real summaries.
  std::function<SelfplaySummary(const Game&, const SelfplayConfig&, const SelfplayProgress&)>
      runner;
};

struct SeatArrangement {
  std::vector<int> agent_of_seat;  // index into TournamentConfig::agents
  SelfplaySummary summary;
};

struct HeadToHead {
  int a = 0, b = 0;  // agent indices, a < b
  std::int64_t games = 0, wins_a = 0, wins_b = 0, draws = 0;
};

struct Standing {
  std::string agent;
  std::int64_t games = 0, wins = 0, draws = 0, losses = 0, truncated = 0;
  double score = 0;  // (wins + draws / 2) / games
  Interval win_interval;
  double elo = 0;  // Bradley-Terry rating on the Elo scale, mean 0 over the agents
};

struct TournamentResult {
  std::vector<SeatArrangement> arrangements;
  std::vector<HeadToHead> pairs;
  std::vector<Standing> standings;  // in the order of the agents given
  double seconds = 0;
};

// The arrangements of a tournament, in the order they are played and seeded.
std::vector<std::vector<int>> seat_arrangements(int agents, int seats);

// `progress` is called with games done and total. Throws like run_selfplay.
TournamentResult run_tournament(const Game& game, const TournamentConfig& config,
                                const SelfplayProgress& progress = {});

// Ratings from pairwise results: each pair's wins + draws/2 out of its games, with one virtual
// draw per pair so that an unbeaten agent still gets a finite rating.
std::vector<double> bradley_terry_elo(int agents, const std::vector<HeadToHead>& pairs);

Json tournament_json(const Game& game, const TournamentConfig& config,
                     const TournamentResult& result);

}  // namespace mw
