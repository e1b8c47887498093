// Draws a Treasure Hunt view for the terminal: the 5x5 board with pawns, Treasure Marker and the
// cards locked by rule 3, the scores and the map key. Input is a view, never the state.
//
// Every board column is 7 terminal columns wide: the card label (3, e.g. "10♦"), its marks (3:
// G and P for the pawns, * for the Treasure Marker) and a space. Widths are counted in code
// points, so the one-column suit symbols and the ANSI colour codes never shift the grid; with
// RenderStyle{.unicode = false} the output is plain ASCII.
#include <fmt/format.h>

#include <algorithm>
#include <string>

#include "core/cards.h"
#include "core/game.h"
#include "games/treasure_hunt/treasure_hunt.h"

namespace mw::treasure_hunt {
namespace {

constexpr int kLabelWidth = 3;
constexpr int kMarksWidth = 3;

struct Paint {
  bool on;
  std::string operator()(std::string_view text, const char* code) const {
    return on ? fmt::format("\x1b[{}m{}\x1b[0m", code, text) : std::string(text);
  }
};

std::string pretty_card(const std::string& code, bool unicode) {
  if (!unicode) return code;
  if (auto card = parse_card(code)) return card_name(*card, CardStyle::kUnicode);
  return code;
}

const char* card_colour(const std::string& code) {
  if (code.empty()) return "0";
  switch (code.back()) {
    case 'D':
    case 'H':
      return "31";  // red suits
    default:
      break;
  }
  switch (code.front()) {
    case 'R':
      return "31";
    case 'B':
      return "34";
    case 'Y':
      return "33";
    case 'G':
      return "32";
    case 'T':
      return "33;1";
    default:
      return "0";
  }
}

bool contains(const Json& list, const std::string& code) {
  for (const auto& c : list) {
    if (c == code) return true;
  }
  return false;
}

// Terminal columns of plain (uncoloured) text: one per code point.
int display_width(std::string_view text) {
  int width = 0;
  for (unsigned char c : text) width += (c & 0xC0) != 0x80;
  return width;
}

std::string padding(int width, int used) {
  return std::string(static_cast<std::size_t>(std::max(width - used, 0)), ' ');
}

std::string status_line(const Json& view, const Paint& paint, std::string_view sep) {
  const std::string phase = view.value("phase", "");
  std::string status;
  if (phase == "over") {
    const Json& winner = view["winner"];
    status = winner.is_null() ? "game over: a draw"
                              : fmt::format("game over: {} wins", kSeatNames[winner.get<int>()]);
  } else if (phase == "swap" || phase == "step") {
    status = fmt::format("turn {} {} {} to {}", view.value("turn", 0) + 1, sep,
                         kSeatNames[view.value("to_move", 0)], phase);
  } else {
    status = "dealing";
  }
  const Json scores = view.value("scores", Json::array({0, 0}));
  return fmt::format("Treasure Hunt {} {}    {} {}  {} {}\n", sep, status, paint("Green", "32;1"),
                     scores[0].dump(), paint("Purple", "35;1"), scores[1].dump());
}

std::string cell_text(const Json& view, int cell, const RenderStyle& style) {
  const Paint paint{style.color};
  const Json& card = view["board"][cell / kSize][cell % kSize];
  const std::string code = card.is_null() ? "" : card.get<std::string>();
  const std::string label = card.is_null() ? ".." : pretty_card(code, style.unicode);
  const Json pawns = view.value("pawns", Json::array());
  const std::string name = cell_name(cell);
  std::string marks;
  int mark_count = 0;
  auto mark = [&](bool on, const char* text, const char* colour) {
    if (!on) return;
    marks += paint(text, colour);
    ++mark_count;
  };
  mark(pawns.size() == 2 && pawns[0] == name, "G", "42;30");
  mark(pawns.size() == 2 && pawns[1] == name, "P", "45;30");
  mark(!code.empty() && code == view.value("treasure", ""), "*", "33;1");
  const char* colour =
      contains(view.value("locked", Json::array()), code) ? "2" : card_colour(code);
  return paint(label, colour) + padding(kLabelWidth, display_width(label)) + marks +
         padding(kMarksWidth, mark_count);
}

std::string key_line(const Json& view, const RenderStyle& style, std::string_view sep) {
  std::string key;
  const Json key_map = view.value("key", Json::object());  // items() must not outlive it
  for (const auto& [group, dir] : key_map.items()) {
    const auto suit = group.size() == 1 ? parse_suit(group) : std::nullopt;
    const std::string label =
        suit && style.unicode ? std::string(suit_symbol(*suit, CardStyle::kUnicode)) : group;
    key += fmt::format("{}={} ", label, dir.get<std::string>());
  }
  const int value = view.value("treasure_value", 0);
  std::string out = fmt::format("  key: {}{} treasure {} ({} point{})", key, sep,
                                pretty_card(view.value("treasure", ""), style.unicode), value,
                                value == 1 ? "" : "s");
  const Json locked = view.value("locked", Json::array());
  if (!locked.empty()) {
    std::string names;
    for (const auto& c : locked) names += " " + pretty_card(c.get<std::string>(), style.unicode);
    out += fmt::format(" {} locked by rule 3:{}", sep, names);
  }
  return out + "\n";
}

}  // namespace

std::string render_view(const Json& view, const RenderStyle& style) {
  const std::string_view sep = style.unicode ? "·" : "|";
  std::string out = status_line(view, Paint{style.color}, sep);
  out += "     a      b      c      d      e\n";
  for (int r = 0; r < kSize; ++r) {
    std::string row = fmt::format("  {}  ", r + 1);
    for (int c = 0; c < kSize; ++c) {
      row += cell_text(view, r * kSize + c, style);
      if (c + 1 < kSize) row += ' ';
    }
    while (!row.empty() && row.back() == ' ') row.pop_back();
    out += row + "\n";
  }
  return out + key_line(view, style, sep);
}

namespace {

// Why the game ended: the King of Diamonds scored (the standard deck's 13 diamonds hold 91 points,
// so both scores add up to 91 only then), a player at the target score (specialized deck), or the
// turn limit.
std::string end_reason(const Json& view, const Options& options, int a, int b) {
  if (view.value("deck", "standard") == "specialized") {
    const int target = view.value("target_score", 0);
    if (std::max(a, b) >= target) return fmt::format("the target of {} points was reached", target);
  } else if (a + b == 91) {
    return "the King of Diamonds was scored";
  }
  return fmt::format("the turn limit of {} was reached", options.get_int("turnLimit"));
}

}  // namespace

// The end in the game's words: the most points (diamonds' ranks) wins, and why the game ended
// (docs/rules/treasure-hunt.md).
std::string describe_result(const Json& view, const Options& options) {
  const Json& scores = view.value("scores", Json());
  if (view.value("phase", "") != "over" || !scores.is_array() || scores.size() != 2) return "";
  const int a = scores[0].get<int>();
  const int b = scores[1].get<int>();
  const std::string why = end_reason(view, options, a, b);
  const Json winner = view.value("winner", Json());
  if (!winner.is_number_integer()) return fmt::format("a draw, {}–{} points: {}", a, b, why);
  const int w = winner.get<int>();
  return fmt::format("{} wins {}–{} points: {}", kSeatNames[w], w == 0 ? a : b, w == 0 ? b : a,
                     why);
}

}  // namespace mw::treasure_hunt
