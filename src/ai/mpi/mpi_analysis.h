#pragma once
// Balance analysis and tournaments over MPI ranks. Each batch of games is sharded by game index
// (rank r plays the games i with i % ranks == r); the per-game figures or per-block summaries are
// summed across ranks, where every game comes from exactly one rank and the others contribute
// zeros, so the result is bit-identical to a one-process run of the same seed.
#include <vector>

#include "ai/analysis.h"
#include "ai/mpi/mpi_selfplay.h"
#include "ai/tournament.h"

namespace mw {

// Sets shard, shards and gather so that run_analysis plays this rank's share of every batch and
// every rank ends with the figures of all the games.
void distribute_analysis(const MpiSession& mpi, AnalysisConfig& config);

// Sets the runner so that each seat arrangement is played by run_selfplay_mpi; only rank 0's
// result holds the games (the other ranks' summaries are empty).
void distribute_tournament(const MpiSession& mpi, TournamentConfig& config);

}  // namespace mw
