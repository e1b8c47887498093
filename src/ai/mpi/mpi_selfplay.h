#pragma once
// Self-play over MPI ranks (`mpirun -np K mazeworks selfplay ... --mpi`). Rank r plays the blocks
// b with b % K == r, on its own threads; the per-block summaries are summed onto rank 0, where
// every block comes from exactly one rank (the others contribute zeros, and x + 0 is exact), and
// merged in block order. So the summary is bit-identical to a one-process run of the same seed.
#include "ai/selfplay.h"
#include "core/game.h"

namespace mw {

// MPI_Init on construction, MPI_Finalize on destruction; one per process.
class MpiSession {
 public:
  MpiSession();
  ~MpiSession();
  MpiSession(const MpiSession&) = delete;
  MpiSession& operator=(const MpiSession&) = delete;
  int rank() const { return rank_; }
  int size() const { return size_; }

 private:
  int rank_ = 0;
  int size_ = 1;
};

// On rank 0: the whole run's summary (seconds: wall time of the run, threads: rank 0's, ranks:
// the number of ranks). On other ranks: an empty summary.
SelfplaySummary run_selfplay_mpi(const MpiSession& mpi, const Game& game, SelfplayConfig config);

}  // namespace mw
