#pragma once
// Ways over the board for the computer players and the search evaluation: how many steps a pawn
// needs to reach some squares, walls and coins included. Public facts only (walls, coins, pawns).
#include <array>
#include <bitset>
#include <cstdint>
#include <vector>

#include "games/mazemakers/mazemakers.h"
#include "games/mazemakers/pentomino.h"

namespace mw::mazemakers {

inline constexpr int kFar = 60;  // the cap, which also means "walled off"
// A coin ends the move that enters it: what walking through one costs, in steps.
inline constexpr int kCoinStop = 4;

using Dist = std::array<std::int8_t, kMaxCells + 1>;  // kStart last
using Cells = std::bitset<kMaxCells + 1>;

inline bool has(const Cells& m, int cell) {
  return m.test(static_cast<std::size_t>(cell));
}

Cells coin_mask(const State& s);

// Multi-source distances over open squares from `sources` (cells, or kStart), through pawns; a
// coin other than the sources stops the walker, so going on from it costs kCoinStop more.
// On the pentomino board a search over bit masks a layer at a time (the heuristic's rollouts ask
// for distances at most of their steps), on the tiles board distances_by_search.
Dist distances(const State& s, const std::vector<int>& sources);
// The same by a label-correcting search over the squares' neighbours (few coins, few re-visits):
// any board; the reference the tests hold the masks to.
Dist distances_by_search(const State& s, const std::vector<int>& sources);
// distances(s, sources)[to], searching no further than `to`.
int distance_between(const State& s, const std::vector<int>& sources, int to);

// How many squares distances(s, {kStart}) puts within kFar: what the set-up heuristic keeps
// large. On the pentomino board a search over bit masks a layer at a time (the same count; the
// heuristic's rollouts ask it 150 times a wall), on the tiles board distances_by_search.
int squares_reached_from_start(const State& s);

// Targets for player q as the public sees them: coins q has not landed on, of values q has not
// yet found; START once q holds three artifacts.
std::vector<int> public_targets(const State& s, Player q);

// Steps from q's pawn to its nearest public target (kFar: dead, none, or walled off).
int distance_to_targets(const State& s, Player q);

// Whether a pawn other than q's stands on `cell`, whoever is moving (State::occupant skips the
// mover): a coin held so is no place to land (A-G4-17).
bool held_by_other(const State& s, Player q, int cell);

// The public targets no other pawn stands on. A pawn may not land on an occupied square
// (A-G4-17), so a coin under a rival is out of reach until the rival leaves it; two pawns each on
// the other's coin in a walled pocket (issue 33) would otherwise count as one step from a target
// and never look for a way out.
std::vector<int> free_targets(const State& s, Player q);

// Steps from q's pawn to its nearest free target (kFar: dead, none, or walled off).
int distance_to_free_targets(const State& s, Player q);

// distance_to_targets and distance_to_free_targets for a caller that asks them of many positions
// differing only in walls (the heuristic weighs every wall move): a position whose walls differ
// from the last one searched (for that player and kind of target) only where that search never
// went (no node it reached walled, no wall beside them taken away) has the same answer, so the
// search is run again only when a change touched it. Pentomino board; on the tiles board every
// call searches.
class WayCache {
 public:
  int to_targets(const State& s, Player q) { return distance(s, q, false); }
  int to_free_targets(const State& s, Player q) { return distance(s, q, true); }

 private:
  struct Search {
    bool done = false;
    Player player = -1;
    Mask sources = 0, coins = 0, walls = 0;
    int from = -1;
    int steps = kFar;
    Mask reached = 0;  // every node the search reached
    Mask beside = 0;   // the nodes a step from those
  };
  int distance(const State& s, Player q, bool free_only);
  std::array<Search, 2> last_;  // all targets, free targets
};

}  // namespace mw::mazemakers
