// Draws a Joker's Labyrinth view for the terminal: the 9x9 board (Dungeon and outside ring) with
// the Jacks, then each player's line, the piles and any fight in progress. Input is a view.
#include <fmt/format.h>

#include <string>

#include "core/cards.h"
#include "core/game.h"
#include "games/jokers_labyrinth/jokers_labyrinth.h"

namespace mw::jokers_labyrinth {
namespace {

constexpr int kWidth = 8;  // terminal columns per board cell

struct Paint {
  bool on;
  std::string operator()(std::string_view text, const char* code) const {
    return on ? fmt::format("\x1b[{}m{}\x1b[0m", code, text) : std::string(text);
  }
};

// Unicode suit symbols for the card codes inside a cell label ("AS/9C*" -> "A♠/9♣*").
std::string pretty(const std::string& text, bool unicode) {
  if (!unicode) return text;
  std::string out;
  for (char c : text) {
    switch (c) {
      case 'C':
        out += "♣";
        break;
      case 'D':
        out += "♦";
        break;
      case 'H':
        out += "♥";
        break;
      case 'S':
        out += "♠";
        break;
      default:
        out += c;
    }
  }
  return out;
}

int display_width(const std::string& s) {
  int n = 0;
  for (unsigned char c : s) n += (c & 0xC0) != 0x80 ? 1 : 0;
  return n;
}

std::string pad(const std::string& s, int width) {
  return s + std::string(static_cast<std::size_t>(std::max(0, width - display_width(s))), ' ');
}

}  // namespace

std::string render_view(const Json& view, const RenderStyle& style) {
  const Paint paint{style.color};
  std::string out;
  const Json& board = view.at("board");
  const Json& players = view.at("players");
  out += "     ";
  for (const char* col : {"z", "a", "b", "c", "d", "e", "f", "g", "h"}) out += pad(col, kWidth);
  out += "\n";
  for (int r = 0; r < kSide; ++r) {
    out += fmt::format("  {}  ", r);
    for (int c = 0; c < kSide; ++c) {
      std::string label =
          board[static_cast<std::size_t>(r)][static_cast<std::size_t>(c)].get<std::string>();
      const std::string name = cell_name(cell_at(r, c));
      std::string jack;
      for (const Json& p : players) {
        if (p.at("cell").get<std::string>() == name) jack = p.at("seat").get<std::string>();
      }
      const bool grid = in_grid(cell_at(r, c));
      std::string shown = label.empty() ? (grid ? "." : " ") : pretty(label, style.unicode);
      if (!jack.empty()) shown = "[" + jack + "]";
      const int w = display_width(shown);
      const char* colour =
          !jack.empty()                                                                  ? "1;36"
          : label.rfind('#', 0) == 0                                                     ? "2"
          : label.find('H') != std::string::npos || label.find('D') != std::string::npos ? "31"
          : label.rfind("JK", 0) == 0                                                    ? "1;35"
                                                                                         : "0";
      out += paint(shown, colour) +
             std::string(static_cast<std::size_t>(std::max(0, kWidth - w)), ' ');
    }
    out += "\n";
  }
  out += paint(
      "  legend: # face down (#KC you peeked: KC)  . empty  [P1] a Jack  AS/8C* an Ace and its\n"
      "  Guardian  9H* a card of the resource deck  JK a Joker (JK! dropped)  rows 0, 8 and "
      "columns\n"
      "  z, h: the ring outside the Dungeon\n",
      "2");
  out += "\n";
  for (const Json& p : players) {
    std::string hand;
    for (const Json& c : p.at("hand")) hand += pretty(c.get<std::string>(), style.unicode) + " ";
    if (p.at("hidden").get<int>() > 0) hand += fmt::format("+{} hidden", p.at("hidden").get<int>());
    out += fmt::format(
        "  {} Jack {} at {:3} jokers {} debt {}{}{}{}  hand: {}\n", p.at("seat").get<std::string>(),
        pretty(p.at("jack").get<std::string>(), style.unicode), p.at("cell").get<std::string>(),
        p.at("jokers").get<int>(), p.at("debt").get<int>(), p.at("skip").get<bool>() ? " skip" : "",
        p.at("bolster").get<bool>() ? " bolster" : "",
        p.at("hindered").get<bool>() ? " hindered" : "", hand);
  }
  const Json& turn = view.at("turn");
  out += fmt::format("\n  phase {} | turn of P{} | actions left {} | round {}\n",
                     view.at("phase").get<std::string>(), turn.at("seat").get<int>() + 1,
                     turn.at("actions_left").get<int>(), turn.at("round").get<int>());
  out += fmt::format("  unseen dungeon cards {} | scavenger deck {} | main discard {} cards\n",
                     view.at("unseen_dungeon").get<int>(), view.at("scavenger_deck").get<int>(),
                     view.at("main_discard").size());
  if (view.contains("combat")) out += "  fight: " + view.at("combat").dump() + "\n";
  if (view.contains("held"))
    out +=
        "  card in question: " + pretty(view.at("held").get<std::string>(), style.unicode) + "\n";
  if (view.contains("winner")) {
    const int w = view.at("winner").get<int>();
    out += w >= 0 ? fmt::format("  P{} holds two Jokers and wins!\n", w + 1)
                  : std::string("  the game ends in a draw\n");
  }
  return out;
}

}  // namespace mw::jokers_labyrinth
