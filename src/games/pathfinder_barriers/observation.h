#pragma once
// The numeric observation of Pathfinder (core/observation.h; docs/rules/pathfinder-barriers.md,
// "Numeric observation"): 37 planes of 6x6 floats from one seat's view.
#include <vector>

#include "core/json.h"
#include "core/options.h"

namespace mw::pathfinder_barriers {

inline constexpr int kObservationPlanes = 37;

std::vector<int> observation_shape(const Options& options);
// `view` is State::view(seat); the planes are from that seat's side ("mine" first).
void encode_observation(const Json& view, const Options& options, std::vector<float>& out);

}  // namespace mw::pathfinder_barriers
