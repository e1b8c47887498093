// The card sets kept beside loc_ (State::cards_at, updated by put) always hold exactly the cards
// at their location, as a scan of loc_ finds them: through random play under every option, in
// resampled worlds and in states read back from their documents.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "games/jokers_labyrinth/test_support.h"

namespace mw::jokers_labyrinth {
namespace {

using namespace test_support;

// Where the sets disagree with a scan of loc_, or "" when they agree.
std::string pile_mismatch(const State& s) {
  for (int where = kCells; where < kNumLocs; ++where) {
    const CardSet& set = s.cards_at(static_cast<std::uint8_t>(where));
    std::vector<int> scanned, listed;
    for (int phys = 0; phys < kNumPhys; ++phys) {
      if (s.loc(phys) == where) scanned.push_back(phys);
    }
    set.for_each([&](int phys) { listed.push_back(phys); });
    if (scanned != listed || set.count() != static_cast<int>(scanned.size())) {
      return "location " + std::to_string(where);
    }
    for (int k = 0; k < set.count(); ++k) {
      if (set.nth(k) != scanned[static_cast<std::size_t>(k)]) {
        return "nth(" + std::to_string(k) + ") at location " + std::to_string(where);
      }
    }
  }
  return "";
}

TEST(JokersLabyrinthCardSets, AgreeWithTheLocationsThroughRandomPlay) {
  const std::vector<Json> option_sets = {
      {{"players", 2}},
      {{"players", 3}, {"startingGear", true}},
      {{"players", 4}, {"queenLossDiscardsJokers", true}},
      {{"players", 2}, {"jokerPickupWithoutFight", "always"}, {"aceUseCostsAction", false}},
      {{"players", 3}, {"pvpRelocation", "cornerCellIfEmpty"}}};
  int checked = 0;
  for (const Json& options : option_sets) {
    const Game game = load(options);
    for (std::uint64_t seed = 0; seed < 12; ++seed) {
      State s = State::initial(game.options());
      Rng rng(seed);
      ActionList scratch;
      for (int step = 0; !s.is_terminal(); ++step) {
        ASSERT_EQ(pile_mismatch(s), "") << options.dump() << ", seed " << seed << ", step " << step;
        if (step % 50 == 0 && s.current_player() >= 0) {
          const State world = s.resample(s.current_player(), rng);
          ASSERT_EQ(pile_mismatch(world), "") << "resampled, seed " << seed << ", step " << step;
          const State back = State::from_json(s.to_json(), game.options());
          ASSERT_EQ(pile_mismatch(back), "") << "from_json, seed " << seed << ", step " << step;
        }
        play_random_actions(s, rng, 1, scratch);
        ++checked;
      }
    }
  }
  EXPECT_GT(checked, 10000);
}

TEST(JokersLabyrinthCardSets, NthWalksBothWords) {
  CardSet set;
  for (int phys : {0, 5, 63, 64, 70, 107}) set.add(phys);
  const std::vector<int> expected = {0, 5, 63, 64, 70, 107};
  ASSERT_EQ(set.count(), 6);
  for (int k = 0; k < 6; ++k) EXPECT_EQ(set.nth(k), expected[static_cast<std::size_t>(k)]);
  set.remove(63);
  EXPECT_FALSE(set.has(63));
  EXPECT_EQ(set.nth(2), 64);
}

TEST(JokersLabyrinthCardSets, KindsMatchTheCardPredicates) {
  for (int phys = 0; phys < kNumPhys; ++phys) {
    EXPECT_EQ(kValueCards.has(phys), is_equipment(phys) || is_npc(phys)) << phys;
    EXPECT_EQ(kKings.has(phys), is_king(phys)) << phys;
    EXPECT_EQ(kJokers.has(phys), is_joker(phys)) << phys;
    EXPECT_EQ(std::count(kAces.begin(), kAces.end(), phys), is_ace(phys) ? 1 : 0) << phys;
  }
}

// The tables legal_main, enter_kind and fight_target read instead of computing.
TEST(JokersLabyrinthLookups, CardTraitsMatchTheCardPredicates) {
  for (int phys = 0; phys < kNumPhys; ++phys) {
    const CardTraits& t = kCardTraits[static_cast<std::size_t>(phys)];
    EXPECT_EQ(t.suit, suit_of(phys)) << phys;
    EXPECT_EQ(t.main_deck, deck_of(phys) == 0) << phys;
    EXPECT_EQ(t.joker, is_joker(phys)) << phys;
    EXPECT_EQ(t.ace, is_ace(phys)) << phys;
    EXPECT_EQ(t.equipment, is_equipment(phys)) << phys;
    EXPECT_EQ(t.hazard, is_hazard_card(phys)) << phys;
    EXPECT_EQ(t.npc, is_npc(phys)) << phys;
  }
}

TEST(JokersLabyrinthLookups, CellLinksMatchTheBoardGeometry) {
  for (int cell = 0; cell < kCells; ++cell) {
    const CellLinks& links = kCellLinks[static_cast<std::size_t>(cell)];
    EXPECT_EQ(links.grid, in_grid(cell)) << cell;
    for (int d = 0; d < 4; ++d) {
      EXPECT_EQ(links.next[static_cast<std::size_t>(d)], neighbour(cell, d)) << cell << " " << d;
    }
  }
}

}  // namespace
}  // namespace mw::jokers_labyrinth
