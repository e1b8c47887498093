#pragma once
// The numeric observation of MazeMakers (core/observation.h; layout in docs/python.md,
// "MazeMakers"): 53 + 21 * players planes of side x side floats from one seat's view, side 10 on
// the pentomino board and 18 on the No-Pentominos window.
#include <vector>

#include "core/json.h"
#include "core/options.h"

namespace mw::mazemakers {

inline constexpr int kObservationGlobalPlanes = 53;
inline constexpr int kObservationSeatPlanes = 21;  // per seat, "mine" first, then in seat order

std::vector<int> observation_shape(const Options& options);
// `view` is State::view(seat); seat planes are relative to that seat (it is seat block 0).
void encode_observation(const Json& view, const Options& options, std::vector<float>& out);

}  // namespace mw::mazemakers
