// Draws a Treasure Hunt view for the terminal: the 5x5 board with pawns, Treasure Marker and the
// cards locked by rule 3, the scores and the map key. Input is a view, never the state.
#include <fmt/format.h>

#include <string>

#include "core/cards.h"
#include "core/game.h"
#include "games/treasure_hunt/treasure_hunt.h"

namespace mw::treasure_hunt {
namespace {

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
    case 'H': return "31";  // red suits
    default: break;
  }
  switch (code.front()) {
    case 'R': return "31";
    case 'B': return "34";
    case 'Y': return "33";
    case 'G': return "32";
    case 'T': return "33;1";
    default: return "0";
  }
}

bool contains(const Json& list, const std::string& code) {
  for (const auto& c : list) {
    if (c == code) return true;
  }
  return false;
}

// Display width of a card label: the suit symbols are one column wide each.
int label_width(const std::string& label, bool unicode) {
  if (!unicode) return static_cast<int>(label.size());
  int width = 0;
  for (unsigned char c : label) width += (c & 0xC0) != 0x80;
  return width;
}

}  // namespace

std::string render_view(const Json& view, const RenderStyle& style) {
  const Paint paint{style.color};
  const Json& board = view["board"];
  const Json pawns = view.value("pawns", Json::array());
  const std::string treasure = view.value("treasure", "");
  const Json locked = view.value("locked", Json::array());
  std::string out;

  const std::string phase = view.value("phase", "");
  const int to_move = view.value("to_move", 0);
  const std::string mover = kSeatNames[to_move];
  const auto scores = view.value("scores", Json::array({0, 0}));
  std::string status;
  if (phase == "over") {
    const Json& winner = view["winner"];
    status = winner.is_null() ? "game over: a draw" : fmt::format("game over: {} wins", kSeatNames[winner.get<int>()]);
  } else if (phase == "swap" || phase == "step") {
    status = fmt::format("turn {} · {} to {}", view.value("turn", 0) + 1, mover, phase);
  } else {
    status = "dealing";
  }
  out += fmt::format("Treasure Hunt · {}    {} {}  {} {}\n", status, paint("Green", "32;1"), scores[0].dump(),
                     paint("Purple", "35;1"), scores[1].dump());
  out += "      a      b      c      d      e\n";
  for (int r = 0; r < kSize; ++r) {
    out += fmt::format("  {} ", r + 1);
    for (int c = 0; c < kSize; ++c) {
      const Json& cell = board[r][c];
      const std::string name = cell_name(r * kSize + c);
      std::string code = cell.is_null() ? "" : cell.get<std::string>();
      std::string label = cell.is_null() ? "··" : pretty_card(code, style.unicode);
      std::string marks;
      if (pawns.size() == 2 && pawns[0] == name) marks += paint("G", "42;30");
      if (pawns.size() == 2 && pawns[1] == name) marks += paint("P", "45;30");
      if (!code.empty() && code == treasure) marks += paint("*", "33;1");
      const int mark_width = (pawns.size() == 2 && pawns[0] == name) + (pawns.size() == 2 && pawns[1] == name) +
                             (!code.empty() && code == treasure);
      const char* colour = contains(locked, code) ? "2" : card_colour(code);
      std::string text = paint(label, colour) + marks;
      const int pad = 7 - label_width(label, style.unicode) - mark_width;
      out += " " + text + std::string(static_cast<std::size_t>(std::max(pad - 1, 1)), ' ');
    }
    out += "\n";
  }
  std::string key;
  const Json key_map = view.value("key", Json::object());
  for (const auto& [group, dir] : key_map.items()) {
    const auto suit = group.size() == 1 ? parse_suit(group) : std::nullopt;
    const std::string label = suit && style.unicode ? std::string(suit_symbol(*suit, CardStyle::kUnicode)) : group;
    key += fmt::format("{}={} ", label, dir.get<std::string>());
  }
  out += fmt::format("  key: {}· treasure {} ({} points)", key, pretty_card(treasure, style.unicode), view.value("treasure_value", 0));
  if (!locked.empty()) {
    std::string names;
    for (const auto& c : locked) names += " " + pretty_card(c.get<std::string>(), style.unicode);
    out += fmt::format(" · locked by rule 3:{}", names);
  }
  out += "\n";
  return out;
}

}  // namespace mw::treasure_hunt
