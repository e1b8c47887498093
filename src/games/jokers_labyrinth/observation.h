#pragma once
// The numeric observation of The Joker's Labyrinth (core/observation.h; layout in docs/python.md,
// "Joker's Labyrinth"): a flat vector of four sections built from one seat's view — board planes
// (9x9), a location table of the 108 physical cards, one block per seat ("mine" first) and the
// turn's globals. Its length depends on the players count only.
#include <vector>

#include "core/json.h"
#include "core/options.h"

namespace mw::jokers_labyrinth {

// Section sizes for n players (81 cells, 108 physical cards; docs/python.md has the fields).
struct ObservationLayout {
  int board_planes = 0;    // planes of 81 cells (9x9, row-major)
  int card_locations = 0;  // locations per physical card
  int seat_fields = 0;     // per seat
  int global_fields = 0;
  int board_offset() const { return 0; }
  int cards_offset() const { return board_planes * 81; }
  int seats_offset() const { return cards_offset() + 108 * card_locations; }
  int globals_offset(int players) const { return seats_offset() + players * seat_fields; }
  int size(int players) const { return globals_offset(players) + global_fields; }
};
ObservationLayout observation_layout(int players);

std::vector<int> observation_shape(const Options& options);
// `view` is State::view(seat); seat-relative parts put that seat first.
void encode_observation(const Json& view, const Options& options, std::vector<float>& out);

}  // namespace mw::jokers_labyrinth
