#pragma once
// A cheap position estimate for searches (GameEntry::evaluate, used when an ISMCTS rollout is
// cut short): who is fewer risky questions away from the other's pawn.
#include <vector>

#include "core/state.h"
#include "games/pathfinder_barriers/pathfinder_barriers.h"

namespace mw::pathfinder_barriers {

// The fewest questions seat p still has to risk to reach the other seat's pawn in this (possibly
// sampled) world: a 0-1 BFS over the true grid where a slot p already heard "Yes" for costs 0
// and any other open slot 1. -1 if no route (never in a valid state).
int unknown_slots_to_pawn(const State& s, Player p);

std::vector<double> evaluate(const mw::State& state);

}  // namespace mw::pathfinder_barriers
