#pragma once
// `--mpi` of selfplay, tournament and analyze: what they say when this build has no MPI.
#include "core/error.h"

namespace mw::cli {

inline Error built_without_mpi() {
  return Error(ErrorCode::kBadRequest,
               "--mpi: this mazeworks was built without MPI (install libopenmpi-dev and rebuild)");
}

}  // namespace mw::cli
