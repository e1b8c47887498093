// The involuntary-movement chain (G3.3 step 3) as the search runs it, one table lookup a hop and
// one test for every way a chain ends, agrees with a plain reading of the rules.
#include <gtest/gtest.h>

#include "games/treasure_hunt/test_support.h"

namespace mw::treasure_hunt {
namespace {

using namespace test_support;

// G3.3 read literally: the Treasure Card stops the pawn, a move that would leave the board does not
// happen (A-G3-8), and a move onto a card already visited ends the chain before or on it (A-G3-3).
int plain_destination(const State& s, int cell) {
  const Config& config = s.config();
  std::uint32_t visited = 1u << cell;
  for (;;) {
    const int card = s.card_at(cell);
    if (card == s.treasure()) return cell;
    const Cell to = Board::cell(cell).step(config.dir(card), card_value(config.deck, card));
    if (!Board::contains(to)) return cell;
    const int next = Board::index(to);
    if ((visited >> next & 1u) != 0) {
      return config.cycle_rule == CycleRule::kStopBeforeRepeat ? cell : next;
    }
    visited |= 1u << next;
    cell = next;
  }
}

TEST(TreasureHuntChain, EndsWhereThePlainReadingEndsFromEveryCellOfRandomPositions) {
  int chains = 0, moved = 0;
  for (const char* options :
       {"{}", R"({"cycleRule": "stopOnRepeat"})", R"({"mapKey": "RULD"})",
        R"({"mapKey": "UDLR", "cycleRule": "stopOnRepeat"})", R"({"deck": "specialized"})",
        R"({"deck": "specialized", "specializedKey": "DULR", "cycleRule": "stopOnRepeat"})"}) {
    const Game game = load(Json::parse(options));
    for (std::uint64_t seed = 0; seed < 60; ++seed) {
      // From just after the deal to deep into the game: many boards and treasure positions.
      const State s = random_position(game, seed, 26 + static_cast<int>(seed * 7 % 400));
      if (s.phase() != Phase::kSwap && s.phase() != Phase::kStep) continue;
      for (int cell = 0; cell < kCells; ++cell) {
        const int expected = plain_destination(s, cell);
        ASSERT_EQ(s.involuntary_destination(cell), expected)
            << options << " from " << cell_name(cell) << " in " << s.to_json().dump();
        ++chains;
        moved += expected != cell;
      }
    }
  }
  // The positions hold chains of every kind, not only pawns that stay put.
  EXPECT_GT(chains, 8'000);
  EXPECT_GT(moved, chains / 4);
}

}  // namespace
}  // namespace mw::treasure_hunt
