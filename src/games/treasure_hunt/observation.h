#pragma once
// The numeric observation of Treasure Hunt (core/observation.h; docs/rules/treasure-hunt.md,
// "Numeric observation"): 22 planes of 5x5 floats from one seat's view.
#include <vector>

#include "core/json.h"
#include "core/options.h"

namespace mw::treasure_hunt {

inline constexpr int kObservationPlanes = 22;

std::vector<int> observation_shape(const Options& options);
// `view` is State::view(seat); the planes are from that seat's side ("mine" first).
void encode_observation(const Json& view, const Options& options, std::vector<float>& out);

}  // namespace mw::treasure_hunt
