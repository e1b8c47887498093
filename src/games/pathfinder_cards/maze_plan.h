#pragma once
// The computer Maze Maker's mazes (the `baseline` agent's builder): a winding diamond path from A♦
// to a far Joker, decoy diamond branches, spades and trial cards along the diamonds, clubs
// elsewhere; on the board's own shapes, and in the advanced game sometimes a path that only an
// artifact bridges (G1.4). Every maze returned passes the engine's build check card by card.
#include <array>
#include <cstdint>

#include "core/rng.h"
#include "games/pathfinder_cards/layout.h"

namespace mw::pathfinder_cards {

// Whether the diamond path is broken and an artifact bridges it (advanced game only; a basic
// game always gets a plain diamond path).
enum class ArtifactUse : std::uint8_t {
  kAuto,    // half of the advanced game's mazes
  kNever,   // plain diamond paths only (the first planner's mazes)
  kAlways,  // every advanced maze
};
inline constexpr std::array<const char*, 3> kArtifactUseNames = {"auto", "never", "always"};

// The outline the maze is drawn in.
enum class MazeShape : std::uint8_t {
  kAuto,  // the board's own: rectangles on a square board; hexagons and honeycomb rows on hex
  kRect,  // square-grid rectangles 8x5, 5x8, 10x4, 4x10 on either board (the first planner's)
};
inline constexpr std::array<const char*, 2> kMazeShapeNames = {"auto", "rect"};

struct MazePlan {
  // 0..3: longer, more winding paths, spades along them as it grows; 4: all 13 diamonds on the
  // path, every spade beside it first, the Joker far from A♦
  int difficulty = 2;
  Topology board = Topology::kSquare;
  bool advanced = false;
  ArtifactUse artifacts = ArtifactUse::kAuto;
  MazeShape shape = MazeShape::kAuto;
};

// A complete valid maze of the plan's game (its topo and advanced flag set), drawn from `rng`.
Layout plan_maze(Rng& rng, const MazePlan& plan);

// Whether the engine accepts the maze's placement_order card by card (State's build check).
bool plan_buildable(const Layout& maze);

}  // namespace mw::pathfinder_cards
