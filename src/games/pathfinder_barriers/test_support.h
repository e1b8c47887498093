#pragma once
// Shared by the Pathfinder tests: the Figure 3/4 fixture of RULINGS G2.7
// (rules-tools/mb_fixture.py) and small helpers.
#include <gtest/gtest.h>

#include <string>

#include "core/error.h"
#include "core/state.h"
#include "games/all_games.h"
#include "games/pathfinder_barriers/pathfinder_barriers.h"
#include "support/state_testing.h"

namespace mw::pathfinder_barriers::test_support {

using state_testing::error_of;
using state_testing::play;
using state_testing::reason;

inline Game load(const Json& options = Json::object()) {
  return builtin_games().load("pathfinder-barriers", options);
}

// Figure 3 (pawn E-5, one route F-1 .. F-5 > E-5, C-1 closed) plus the Figure 4 chip B-3|B-4.
inline constexpr const char* kFigure3 =
    "E-5: |C-1 E-1|F-1 E-2|F-2 E-3|F-3 E-4|F-4 F-5|F-6 D-5|E-5 E-4|E-5 E-5|E-6 B-3|B-4";
// An open grid for the other seat: the pawn far away, nothing in the way.
inline constexpr const char* kOpenGrid = "F-6:";

inline State from_grids(const char* north, const char* south, Player first = 0,
                        const Json& options = Json::object()) {
  Json o = options;
  o["firstPlayer"] = first == 0 ? "north" : "south";
  State s = State::initial(load(o).options());
  for (const char* grid : {north, south}) {
    for (Action a : s.parse_actions(grid)) {
      EXPECT_EQ(s.illegal_reason(a), "") << grid;
      s.apply_legal(a);
    }
  }
  return s;
}

// North searches South's Figure 3 grid; North asks first.
inline State figure3(const Json& options = Json::object()) {
  return from_grids(kOpenGrid, kFigure3, 0, options);
}

inline int sq(const char* name) {
  return parse_square(name);
}

// A random position reached by seeded uniform play (chance included), stopped after `actions`.
inline State random_position(const Game& game, std::uint64_t seed, int actions) {
  return state_testing::random_position<State>(game, seed, actions);
}

}  // namespace mw::pathfinder_barriers::test_support
