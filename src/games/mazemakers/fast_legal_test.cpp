// The fast legal-action generation (pentomino anchors found by shifts, pentomino.h) gives exactly
// the list of the plain from-scratch scan: every orientation at every anchor, tested square by
// square, in action order. Checked at every wall decision of thousands of random positions.
#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

#include "games/mazemakers/rules_internal.h"
#include "games/mazemakers/test_support.h"

namespace mw::mazemakers {
namespace {

using namespace test_support;

// The pentomino board's squares: the 10x10 window without the 2x2 START hole.
Mask board_squares() {
  Mask m = 0;
  for (int c = 0; c < kCells; ++c) {
    if (c / kSide < 8 || c % kSide < 8) m |= cell_bit(c);
  }
  return m;
}

// Every orientation of `piece` at every anchor that stays on the grid, covers nothing blocked and
// is not `current` (A-G4-14), by testing each placement's own mask.
void scan_placements(int piece, Mask blocked, Mask current, ActionList& out) {
  const int first = first_orientation(piece);
  for (int o = first; o < first + orientation_count(piece); ++o) {
    for (int a = 0; a < kCells; ++a) {
      const Mask m = placement_mask(o, a);
      if (m != 0 && (m & blocked) == 0 && m != current) out.push_back(kPlaceBase + o * kCells + a);
    }
  }
}

Mask placed_mask(const State& s, int piece) {
  const int pl = s.wall_placement(piece);
  return pl < 0 ? 0 : placement_mask(pl / kCells, pl % kCells);
}

// What a moved wall may not cover: the rest of the walls, pawns, board coins, off-board squares.
Mask blocked_for(const State& s, int piece) {
  Mask blocked = ~board_squares() | (s.walls() & ~placed_mask(s, piece));
  for (Player p = 0; p < s.num_players(); ++p) {
    if (s.pawn(p) >= 0 && s.pawn(p) < kCells) blocked |= cell_bit(s.pawn(p));
  }
  for (int c = 0; c < kNumCoins; ++c) {
    if (s.coin_cell(c) >= 0) blocked |= cell_bit(s.coin_cell(c));
  }
  return blocked;
}

int coins_in_hand(const State& s, Player p) {
  int on_walls = 0;
  for (int w = 0; w < kNumPieces; ++w) {
    if (s.wall_owner(w) == p) on_walls += s.wall_coins(w);
  }
  return 3 - on_walls;
}

// The legal actions of a wall decision (setup placement or a turn's part B), from scratch.
ActionList scanned_wall_actions(const State& s) {
  ActionList out;
  if (s.phase() == Phase::kWalls) {
    for (int w = 0; w < kNumPieces; ++w) {
      if (s.wall_placement(w) < 0) scan_placements(w, s.walls() | ~board_squares(), 0, out);
    }
    return out;
  }
  const Player me = s.mover();
  if (s.forced_wall()) {
    scan_placements(s.forced_piece(), blocked_for(s, s.forced_piece()),
                    placed_mask(s, s.forced_piece()), out);
    if (out.empty()) out.push_back(kRecover);
    return out;
  }
  for (int w = 0; w < kNumPieces; ++w) {
    if (s.wall_owner(w) == me) scan_placements(w, blocked_for(s, w), placed_mask(s, w), out);
  }
  for (int w = 0; w < kNumPieces; ++w) {
    if (s.wall_placement(w) < 0 || s.wall_owner(w) == me) continue;
    const int need = s.wall_owner(w) < 0 ? 1 : s.wall_coins(w) + 1;
    if (coins_in_hand(s, me) >= need) out.push_back(kControlBase + w);
  }
  out.push_back(kPass);
  return out;
}

TEST(MazeMakersFastLegal, WallActionsEqualTheSquareBySquareScan) {
  int checked = 0;
  for (int players = 2; players <= 4; ++players) {
    const Game game = load({{"players", players}});
    for (std::uint64_t seed = 0; seed < 40; ++seed) {
      State s = State::initial(game.options());
      Rng rng(seed);
      ActionList legal;
      while (!s.is_terminal()) {
        if (s.phase() == Phase::kWalls || s.phase() == Phase::kWallAction) {
          s.legal_actions(legal);
          ASSERT_EQ(legal, scanned_wall_actions(s)) << "players " << players << ", seed " << seed;
          ++checked;
        }
        play_random_actions(s, rng, 1, legal);
      }
    }
  }
  EXPECT_GT(checked, 5000);
}

// Random play draws what the list would: random_legal_action is legal_actions()[rng.below(its
// size)] and sample_chance at a coin deal is chance_outcomes()[rng.below(its size)], from the same
// random number, leaving the Rng in the same state (seeded games and searches do not change).
TEST(MazeMakersFastLegal, RandomDrawsPickWhatTheListWouldFromTheSameNumber) {
  int decisions = 0, deals = 0;
  for (const Json& options : {Json{{"players", 2}}, Json{{"players", 3}}, Json{{"players", 4}},
                              Json{{"players", 2}, {"board", "noPentominos"}}}) {
    const Game game = load(options);
    for (std::uint64_t seed = 0; seed < 30; ++seed) {
      State s = State::initial(game.options());
      Rng rng(seed);
      ActionList legal, scratch;
      while (!s.is_terminal()) {
        Rng fast(rng.next()), slow = fast;
        if (s.current_player() != kChancePlayer) {
          s.legal_actions(legal);
          ASSERT_EQ(s.random_legal_action(fast, scratch), legal[slow.below(legal.size())])
              << options.dump() << " seed " << seed;
          ++decisions;
        } else if (s.phase() == Phase::kCoins) {
          const auto outcomes = s.chance_outcomes();
          ASSERT_EQ(s.sample_chance(fast), outcomes[slow.below(outcomes.size())].action)
              << options.dump() << " seed " << seed;
          ++deals;
        }
        ASSERT_EQ(fast.next(), slow.next());
        play_random_actions(s, rng, 1, scratch);
      }
    }
  }
  EXPECT_GT(decisions, 20000);
  EXPECT_GT(deals, 1000);
}

// The steps listed by masks are the step actions illegal_reason accepts, in action order.
TEST(MazeMakersFastLegal, StepsAreTheStepActionsTheReasonsAccept) {
  int checked = 0;
  for (int players = 2; players <= 4; ++players) {
    const Game game = load({{"players", players}});
    for (std::uint64_t seed = 0; seed < 30; ++seed) {
      State s = State::initial(game.options());
      Rng rng(seed);
      ActionList legal;
      while (!s.is_terminal()) {
        if (s.phase() == Phase::kMove) {
          s.legal_actions(legal);
          ActionList accepted;
          for (Action a = kStepBase; a <= kStop; ++a) {
            if (s.illegal_reason(a).empty()) accepted.push_back(a);
          }
          ASSERT_EQ(legal, accepted) << "players " << players << ", seed " << seed;
          ++checked;
        }
        play_random_actions(s, rng, 1, legal);
      }
    }
  }
  EXPECT_GT(checked, 5000);
}

// A placement's mask (the orientation's shape shifted to the anchor) covers the squares of the
// orientation's cell offsets from the anchor, and nothing when its bounding box leaves the grid.
TEST(MazeMakersFastLegal, PlacementMasksAreTheShapesSquaresFromTheAnchor) {
  for (int o = 0; o < kNumOrientations; ++o) {
    const Orientation& shape = orientations()[static_cast<std::size_t>(o)];
    for (int a = 0; a < kCells; ++a) {
      const int r0 = a / kSide, c0 = a % kSide;
      Mask expected = 0;
      if (r0 + shape.height <= kSide && c0 + shape.width <= kSide) {
        for (int i = 0; i < 5; ++i)
          expected |= cell_bit((r0 + shape.dr[i]) * kSide + c0 + shape.dc[i]);
      }
      ASSERT_EQ(placement_mask(o, a), expected) << "orientation " << o << " at " << a;
    }
  }
}

// The walls' bytes tested twelve at a time (rules_internal.h) agree with a test per wall, over
// every value the owners (-1..3) and coin counts (0..3) take and beyond.
TEST(MazeMakersFastLegal, WallByteTestsMatchATestPerWall) {
  Rng rng(5);
  for (int trial = 0; trial < 20000; ++trial) {
    std::array<std::int8_t, kNumPieces> keys{}, counts{};
    const int spread = trial % 2 == 0 ? 5 : 256;  // the rules' values, or any byte at all
    for (int w = 0; w < kNumPieces; ++w) {
      keys[w] =
          static_cast<std::int8_t>(static_cast<int>(rng.below(spread)) - (spread == 5 ? 1 : 128));
      counts[w] = static_cast<std::int8_t>(rng.below(trial % 2 == 0 ? 4 : 32));
    }
    const int key = static_cast<int>(rng.below(5)) - 1;
    const int threshold = static_cast<int>(rng.below(trial % 2 == 0 ? 5 : 128));
    unsigned equal = 0, at_least = 0;
    int sum = 0;
    for (int w = 0; w < kNumPieces; ++w) {
      equal |= static_cast<unsigned>(keys[w] == key) << w;
      at_least |= static_cast<unsigned>(counts[w] >= threshold) << w;
      sum += keys[w] == key ? counts[w] : 0;
    }
    ASSERT_EQ(detail::walls_where_byte_is(keys, key), equal) << trial;
    ASSERT_EQ(detail::walls_where_byte_at_least(counts, threshold), at_least) << trial;
    ASSERT_EQ(detail::sum_where_byte_is(counts, keys, key), sum) << trial;
  }
}

// The coins in hand and the wall a turn must move (found from the walls' bytes) agree with a
// test per wall at every decision of random games.
TEST(MazeMakersFastLegal, HandsAndForcedWallsMatchATestPerWall) {
  int checked = 0;
  for (int players = 2; players <= 4; ++players) {
    const Game game = load({{"players", players}});
    for (std::uint64_t seed = 0; seed < 30; ++seed) {
      State s = State::initial(game.options());
      Rng rng(seed);
      ActionList scratch;
      while (!s.is_terminal()) {
        for (Player p = 0; p < players; ++p) ASSERT_EQ(s.hand(p), coins_in_hand(s, p));
        if (s.phase() == Phase::kWallAction) {
          int forced = -1;
          for (int w = 0; w < kNumPieces; ++w) {
            if (s.wall_owner(w) == s.mover() && s.wall_coins(w) >= 2) forced = w;
          }
          ASSERT_EQ(s.forced_piece(), forced) << "players " << players << ", seed " << seed;
          ++checked;
        }
        play_random_actions(s, rng, 1, scratch);
      }
    }
  }
  EXPECT_GT(checked, 5000);
}

// The shift test agrees with the masks for every orientation, anchor and a spread of blockers.
TEST(MazeMakersFastLegal, FittingAnchorsMatchThePlacementMasks) {
  Rng rng(11);
  for (int trial = 0; trial < 300; ++trial) {
    Mask blocked = 0;
    const int density = trial % 40;
    for (int c = 0; c < kCells; ++c) {
      if (static_cast<int>(rng.below(100)) < density) blocked |= cell_bit(c);
    }
    if (trial % 2 == 1) blocked |= ~board_squares();
    for (int o = 0; o < kNumOrientations; ++o) {
      Mask expected = 0;
      for (int a = 0; a < kCells; ++a) {
        const Mask m = placement_mask(o, a);
        if (m != 0 && (m & blocked) == 0) expected |= cell_bit(a);
      }
      ASSERT_EQ(fitting_anchors(o, blocked), expected) << "orientation " << o;
    }
  }
}

// add_placements leaves out a wall's own placement by its number: no other placement of the same
// piece covers the same squares.
TEST(MazeMakersFastLegal, PlacementsOfOnePieceCoverDifferentSquares) {
  for (int piece = 0; piece < kNumPieces; ++piece) {
    std::vector<Mask> seen;
    const int first = first_orientation(piece);
    for (int o = first; o < first + orientation_count(piece); ++o) {
      for (int a = 0; a < kCells; ++a) {
        const Mask m = placement_mask(o, a);
        if (m == 0) continue;
        EXPECT_EQ(std::count(seen.begin(), seen.end(), m), 0) << "orientation " << o << " at " << a;
        seen.push_back(m);
      }
    }
  }
}

}  // namespace
}  // namespace mw::mazemakers
