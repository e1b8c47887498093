// Core layer: cards (names, aliases, junk) and the grid (directions, RectGrid).
#include <gtest/gtest.h>

#include <cctype>
#include <cstdlib>
#include <string>

#include "core/cards.h"
#include "core/grid.h"

namespace mw {
namespace {
// ---- Cards --------------------------------------------------------------------------------------

TEST(core, EveryCardRoundTripsThroughItsNames) {
  for (int code = 0; code < Card::kNumCodes; ++code) {
    const Card card = Card::from_code(static_cast<std::uint8_t>(code));
    for (CardStyle style : {CardStyle::kAscii, CardStyle::kUnicode}) {
      const std::string name = card_name(card, style);
      EXPECT_EQ(parse_card(name), card) << name;
    }
    std::string lower = card_name(card);
    for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    EXPECT_EQ(parse_card(lower), card) << lower;
  }
}

TEST(core, CardProperties) {
  const Card ten = Card::of(Suit::kDiamonds, 10);
  EXPECT_EQ(card_name(ten), "10D");
  EXPECT_EQ(card_name(ten, CardStyle::kUnicode), "10♦");
  EXPECT_EQ(ten.rank(), 10);
  EXPECT_EQ(ten.suit(), Suit::kDiamonds);
  EXPECT_TRUE(ten.is_red());
  EXPECT_FALSE(Card::of(Suit::kSpades, 1).is_red());
  EXPECT_FALSE(Card::of(Suit::kClubs, 13).is_red());
  EXPECT_TRUE(Card::joker(true).is_joker());
  EXPECT_TRUE(Card::joker(true).is_red());
  EXPECT_FALSE(Card::joker(false).is_red());
  EXPECT_EQ(Card::joker().rank(), 0);
  EXPECT_EQ(card_name(Card::joker(false)), "JK2");
  EXPECT_EQ(card_name(Card::joker(false), CardStyle::kUnicode), "Joker2");
  int reds = 0;
  for (int code = 0; code < 52; ++code)
    reds += Card::from_code(static_cast<std::uint8_t>(code)).is_red();
  EXPECT_EQ(reds, 26);
}

TEST(core, CardAliasesParse) {
  EXPECT_EQ(parse_card("TD"), Card::of(Suit::kDiamonds, 10));
  EXPECT_EQ(parse_card("td"), Card::of(Suit::kDiamonds, 10));
  EXPECT_EQ(parse_card("A♤"), Card::of(Suit::kSpades, 1));
  EXPECT_EQ(parse_card("Q♡"), Card::of(Suit::kHearts, 12));
  EXPECT_EQ(parse_card("joker"), Card::joker(true));
  EXPECT_EQ(parse_card("JK1"), Card::joker(true));
  EXPECT_EQ(parse_suit("Spades"), Suit::kSpades);
  EXPECT_EQ(parse_suit("club"), Suit::kClubs);
  EXPECT_EQ(parse_suit("♢"), Suit::kDiamonds);
}

TEST(core, JunkIsNotACard) {
  for (const char* junk : {"", "X", "D", "10", "1D", "11D", "0H", "AX", "A", "♦", "A♦x", "AD ",
                           " AD", "JK3", "Joker3", "KK", "10DD", "♦A"}) {
    EXPECT_FALSE(parse_card(junk).has_value()) << "'" << junk << "'";
  }
  for (const char* junk : {"", "X", "DD", "spade s", "♦♦"}) {
    EXPECT_FALSE(parse_suit(junk).has_value()) << "'" << junk << "'";
  }
}

// ---- Grid ---------------------------------------------------------------------------------------

TEST(core, DirectionsNameParseAndOppose) {
  for (Dir d : kAllDirs) {
    EXPECT_EQ(parse_dir(dir_name(d)), d);
    EXPECT_EQ(opposite(opposite(d)), d);
    EXPECT_EQ(row_delta(d) + row_delta(opposite(d)), 0);
    EXPECT_EQ(col_delta(d) + col_delta(opposite(d)), 0);
    EXPECT_EQ(std::abs(row_delta(d)) + std::abs(col_delta(d)), 1);
  }
  EXPECT_EQ(parse_dir("N"), Dir::kUp);
  EXPECT_EQ(parse_dir("east"), Dir::kRight);
  EXPECT_EQ(parse_dir("S"), Dir::kDown);
  EXPECT_EQ(parse_dir("l"), Dir::kLeft);
  for (const char* junk : {"", "x", "upp", "north-east", "2"}) {
    EXPECT_FALSE(parse_dir(junk).has_value()) << junk;
  }
}

TEST(core, RectGridIndexesRowMajor) {
  using Grid = RectGrid<3, 4>;
  static_assert(Grid::kCells == 12);
  for (int i = 0; i < Grid::kCells; ++i) {
    EXPECT_TRUE(Grid::contains(Grid::cell(i)));
    EXPECT_EQ(Grid::index(Grid::cell(i)), i);
  }
  EXPECT_EQ(Grid::cell(5), (Cell{1, 1}));
  EXPECT_EQ((Cell{1, 1}.step(Dir::kUp)), (Cell{0, 1}));
  EXPECT_EQ((Cell{1, 1}.step(Dir::kRight, 2)), (Cell{1, 3}));
  EXPECT_FALSE(Grid::contains(Cell{0, 0}.step(Dir::kLeft)));
  EXPECT_FALSE(Grid::contains(Cell{2, 0}.step(Dir::kDown)));
  EXPECT_FALSE(Grid::contains({0, 4}));
}

}  // namespace
}  // namespace mw
