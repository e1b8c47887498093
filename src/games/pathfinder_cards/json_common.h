#pragma once
// What the JSON body (state_json.cpp) and the views (view.cpp) of a Pathfinder state share: the
// names of the enums as they appear in JSON, and the small list forms.
#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>

#include "core/json.h"
#include "core/json_write.h"
#include "games/pathfinder_cards/layout.h"
#include "games/pathfinder_cards/pathfinder_cards.h"

namespace mw::pathfinder_cards {

inline constexpr std::array<const char*, 4> kPhaseNames = {"build", "compass", "play", "over"};
inline constexpr std::array<const char*, 4> kCompassNames = {"none", "table", "withdrawn", "used"};
inline constexpr std::array<const char*, 9> kTaskNames = {
    "encounter", "damage", "trial", "alteration", "advisor", "pathfinder", "seer", "mover", "wake"};
inline constexpr std::array<const char*, 6> kTrialNames = {"10S",  "10C",   "10D",
                                                           "jack", "queen", "king"};
inline constexpr std::array<const char*, 22> kDecisionNames = {
    "none",         "place",         "compass",   "explore",   "damage-window", "damage-pick",
    "save",         "trial-window",  "ten-flip",  "count",     "ten-suit",      "jack-predict",
    "queen-choose", "queen-predict", "king-flip", "king-name", "alteration",    "ask",
    "pathfinder",   "seer",          "mover",     "roles"};

inline Json cell_json(int cell) {
  return cell < 0 ? Json(nullptr) : Json(cell_name(cell));
}

inline Json hearts_json(std::uint16_t hand) {
  Json out = Json::array();
  for (int r = 1; r <= 13; ++r) {
    if ((hand >> r) & 1) out.push_back(heart_code(r));
  }
  return out;
}

// The cells holding cards, in cell order (views list cards by cell), from the cards' positions
// rather than a walk over every cell of the board. Returns how many.
inline int occupied_cells(const Layout& l, std::array<int, kNumCards>& out) {
  int n = 0;
  for (int id = 0; id < kNumCards; ++id) {
    if (l.pos[id] >= 0) out[n++] = l.pos[id];
  }
  std::sort(out.begin(), out.begin() + n);
  return n;
}

inline Json cells_json(const Layout& l, std::uint64_t cards) {
  std::array<int, kNumCards> cells;
  const int n = occupied_cells(l, cells);
  Json out = json_array(static_cast<std::size_t>(std::popcount(cards)));
  for (int i = 0; i < n; ++i) {
    if ((cards >> l.at[cells[i]]) & 1) out.push_back(cell_name(cells[i]));
  }
  return out;
}

inline Json powers_json(std::uint8_t used) {
  Json out = Json::array();
  for (int p = 0; p < 4; ++p) {
    if ((used >> p) & 1) out.push_back(kPowerNames[static_cast<std::size_t>(p)]);
  }
  return out;
}

}  // namespace mw::pathfinder_cards
