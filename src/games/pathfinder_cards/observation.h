#pragma once
// The numeric observation of Pathfinder with cards (core/observation.h; layout in docs/python.md,
// "Pathfinder with cards"): a flat vector, 15 planes over the 40x40 board box then the globals,
// built from one seat's view. Its length is fixed.
#include <vector>

#include "core/json.h"
#include "core/options.h"

namespace mw::pathfinder_cards {

inline constexpr int kObservationBoardPlanes = 15;  // each 40x40, row-major (y, x)
inline constexpr int kObservationGlobals = 132;

std::vector<int> observation_shape(const Options& options);
// `view` is State::view(seat). Seat-relative fields say "me" / "the other seat".
void encode_observation(const Json& view, const Options& options, std::vector<float>& out);

}  // namespace mw::pathfinder_cards
