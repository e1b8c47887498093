#pragma once
// `--mpi` of selfplay, tournament and analyze: one session per process, or what they say when
// this build has no MPI.
#include "core/error.h"

#ifdef MAZEWORKS_HAVE_MPI
#include "ai/mpi/mpi_analysis.h"
#include "ai/mpi/mpi_selfplay.h"
#endif

namespace mw::cli {

inline Error built_without_mpi() {
  return Error(ErrorCode::kBadRequest,
               "--mpi: this mazeworks was built without MPI (install libopenmpi-dev and rebuild)");
}

// Runs `distributed(mpi)` in this rank's MPI session; returns the exit code 0. `distributed`
// takes its session as `const auto&`: its calls of the MPI functions then stay uncompiled in a
// build without MPI, which refuses instead.
template <typename Distributed>
int run_under_mpi(Distributed&& distributed) {
#ifdef MAZEWORKS_HAVE_MPI
  const MpiSession mpi;
  distributed(mpi);
  return 0;
#else
  (void)distributed;
  throw built_without_mpi();
#endif
}

}  // namespace mw::cli
