// The terminal drawing: columns line up in every style, ASCII mode is plain ASCII.
#include <gtest/gtest.h>

#include <regex>
#include <sstream>

#include "games/treasure_hunt/test_support.h"

namespace mw::treasure_hunt {
namespace {

using namespace test_support;

std::string render(const State& s, bool color, bool unicode) {
  return load(s.config().deck == DeckKind::kStandard ? Json::object() : specialized_options())
      .render(s.view(0), RenderStyle{.color = color, .unicode = unicode});
}

std::vector<std::u32string> lines_of(const std::string& text) {
  std::vector<std::u32string> out;
  std::u32string line;
  for (std::size_t i = 0; i < text.size();) {
    const auto c = static_cast<unsigned char>(text[i]);
    const int len = c < 0x80 ? 1 : c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4;
    char32_t cp = len == 1 ? c : c & (0xFF >> (len + 1));
    for (int k = 1; k < len; ++k) cp = cp << 6 | (static_cast<unsigned char>(text[i + k]) & 0x3F);
    i += static_cast<std::size_t>(len);
    if (cp == U'\n') {
      out.push_back(line);
      line.clear();
    } else {
      line += cp;
    }
  }
  return out;
}

std::string strip_ansi(const std::string& text) {
  return std::regex_replace(text, std::regex("\x1b\\[[0-9;]*m"), "");
}

// Lines 2..6 are the board rows under the column letters of line 1.
void expect_aligned(const std::string& text) {
  const auto lines = lines_of(text);
  ASSERT_GE(lines.size(), 7u) << text;
  const std::u32string& header = lines[1];
  for (int c = 0; c < kSize; ++c) {
    const std::size_t column = 5 + 7 * static_cast<std::size_t>(c);
    ASSERT_GT(header.size(), column);
    EXPECT_EQ(header[column], static_cast<char32_t>(U'a' + c)) << text;
    for (int r = 0; r < kSize; ++r) {
      const std::u32string& row = lines[2 + static_cast<std::size_t>(r)];
      ASSERT_GT(row.size(), column) << text;
      EXPECT_NE(row[column], U' ') << "row " << r + 1 << " column " << c << "\n" << text;
      EXPECT_EQ(row[column - 1], U' ') << "row " << r + 1 << " column " << c << "\n" << text;
    }
  }
}

TEST(TreasureHuntRender, ColumnsLineUpInEveryStyle) {
  std::vector<State> positions = {fixture(), random_position(load(), 1, 10),
                                  random_position(load(specialized_options()), 2, 80)};
  Json crowded = fixture_body();  // both pawns on the Treasure: three marks in one cell
  crowded["pawns"] = {"d3", "d3"};
  positions.push_back(from_body(crowded));
  for (const State& s : positions) {
    for (bool unicode : {true, false}) {
      const std::string plain = render(s, false, unicode);
      expect_aligned(plain);
      EXPECT_EQ(strip_ansi(render(s, true, unicode)), plain) << "colours never shift the grid";
    }
  }
}

TEST(TreasureHuntRender, AsciiStyleIsPlainAscii) {
  for (const State& s : {fixture(), random_position(load(), 1, 10)}) {
    const std::string text = render(s, false, false);
    for (unsigned char c : text) EXPECT_LT(c, 0x80) << text;
    EXPECT_EQ(text.find('\x1b'), std::string::npos);
  }
}

TEST(TreasureHuntRender, FixtureShowsPawnsMarkerKeyAndLockedCards) {
  const std::string text = render(fixture(), false, false);
  EXPECT_NE(text.find("Treasure Hunt | turn 7 | Green to swap    Green 1  Purple 5"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("  2  AC     3C     2H     AH     2C G\n"), std::string::npos) << text;
  EXPECT_NE(text.find("  3  3S     4H     QD     4D *   10D\n"), std::string::npos) << text;
  EXPECT_NE(text.find("  5  4S P   9D"), std::string::npos) << text;
  EXPECT_NE(text.find("key: D=down C=left H=up S=right | treasure 4D (4 points) | locked by "
                      "rule 3: 7D KD"),
            std::string::npos)
      << text;
  const std::string fancy = render(fixture(), false, true);
  EXPECT_NE(fancy.find("  3  3♠     4♥     Q♦     4♦ *   10♦\n"), std::string::npos) << fancy;
  EXPECT_NE(fancy.find("key: ♦=down ♣=left ♥=up ♠=right · treasure 4♦"), std::string::npos)
      << fancy;
}

TEST(TreasureHuntRender, DealingAndGameOver) {
  const std::string dealing = render(random_position(load(), 1, 7), false, false);
  EXPECT_NE(dealing.find("dealing"), std::string::npos);
  EXPECT_NE(dealing.find(".."), std::string::npos) << dealing;  // cells not dealt yet
  Json over = fixture_body();
  over["phase"] = "over";
  over["winner"] = 1;  // the fixture's turn 6 ends a game of turnLimit=6; Purple leads 5-1
  EXPECT_NE(
      render(from_body(over, {{"turnLimit", 6}}), false, false).find("game over: Purple wins"),
      std::string::npos);
}

}  // namespace
}  // namespace mw::treasure_hunt
