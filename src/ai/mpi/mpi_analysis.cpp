#include "ai/mpi/mpi_analysis.h"

#include <mpi.h>

#include <cstdint>

namespace mw {
namespace {

// One game's figures as five doubles; `winner + 1` and `truncated` so that an unplayed slot (all
// zeros) adds nothing. Integers below 2^53 are exact in a double.
constexpr std::size_t kFields = 5;

void gather_figures(std::vector<GameFigures>& figures) {
  std::vector<double> mine(figures.size() * kFields, 0.0), all(figures.size() * kFields, 0.0);
  for (std::size_t i = 0; i < figures.size(); ++i) {
    const GameFigures& f = figures[i];
    double* d = &mine[i * kFields];
    d[0] = f.decisions;
    d[1] = f.chance_actions;
    d[2] = f.truncated ? 1.0 : 0.0;
    d[3] = static_cast<double>(f.winner + 1);  // an unplayed slot has winner -1
    d[4] = f.branching;
  }
  MPI_Allreduce(mine.data(), all.data(), static_cast<int>(all.size()), MPI_DOUBLE, MPI_SUM,
                MPI_COMM_WORLD);
  for (std::size_t i = 0; i < figures.size(); ++i) {
    const double* d = &all[i * kFields];
    GameFigures& f = figures[i];
    f.decisions = static_cast<int>(d[0]);
    f.chance_actions = static_cast<int>(d[1]);
    f.truncated = d[2] > 0.5;
    f.winner = static_cast<Player>(d[3]) - 1;
    f.branching = d[4];
  }
}

}  // namespace

void distribute_analysis(const MpiSession& mpi, AnalysisConfig& config) {
  config.shard = mpi.rank();
  config.shards = mpi.size();
  config.gather = gather_figures;
}

void distribute_tournament(const MpiSession& mpi, TournamentConfig& config) {
  config.runner = [&mpi](const Game& game, const SelfplayConfig& run, const SelfplayProgress&) {
    return run_selfplay_mpi(mpi, game, run);
  };
}

}  // namespace mw
