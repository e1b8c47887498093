// Draws a Joker's Labyrinth view for the terminal: the 9x9 board (Dungeon and outside ring) with
// the Jacks, then each player's line, the piles, any fight in progress and the last fight. Input is
// a view.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <array>
#include <string>
#include <vector>

#include "core/cards.h"
#include "core/game.h"
#include "core/seats.h"
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

// The card a Jack fought: a Joker by name, since "JK" reads as no card at all.
std::string foe_words(const Json& f, bool unicode) {
  const std::string foe = f.at("foe").get<std::string>();
  return foe.rfind("JK", 0) == 0 ? "the Joker" : pretty(foe, unicode);
}

std::string card_or_none(const Json& card, bool unicode) {
  return card.is_string() ? pretty(card.get<std::string>(), unicode) : "no card";
}

// The shown dice of a fight against a card: each face when few ("6+6"), else the count alone
// (a fight under heavy debt shows hundreds).
std::string pve_dice(const Json& f) {
  std::vector<int> shown;
  int count = 0;
  for (int face = 1; face <= 6; ++face) count += f.at("faces")[face - 1].get<int>();
  if (count <= 10) {
    for (int face = 1; face <= 6; ++face) {
      for (int k = 0; k < f.at("faces")[face - 1].get<int>(); ++k) shown.push_back(face);
    }
  }
  const int dice = f.at("dice").get<int>();
  std::string out = count < dice ? fmt::format("{} of {} dice", count, dice)
                                 : fmt::format("{} {}", dice, dice == 1 ? "die" : "dice");
  if (!shown.empty()) out += " " + fmt::format("{}", fmt::join(shown, "+"));
  const int final_die = f.at("final_die").get<int>();
  return out + (final_die > 0 ? fmt::format(", final die {}", final_die)
                              : std::string(", all six faces showed"));
}

// What the fight cost or won, in the words of G5.3.1 / G5.3.2.
std::string consequence_words(const Json& f, bool unicode) {
  const std::string who = player_name(f.at("attacker").get<int>());
  const std::string c = f.at("consequence").get<std::string>();
  const std::string foe = f.contains("foe") ? foe_words(f, unicode) : "";
  if (c == "hazard_discarded" || c == "npc_discarded") return foe + " is discarded";
  if (c == "ace_taken") return "the Guardian goes back and " + who + " takes the Ace";
  if (c == "joker_taken") return who + " takes the Joker";
  if (c == "npc_kept") return who + " keeps " + foe;
  if (c == "blocked") return who + " stays put";
  if (c == "hand_discarded") return who + " discards the hand";
  if (c == "turn_lost") return who + " loses the next turn";
  if (c == "debt_taken") return who + " takes 2 debt";
  if (c == "debt_paid") {
    return fmt::format("{} pays {} and {}", who,
                       pretty(f.at("paid")[0].get<std::string>(), unicode),
                       pretty(f.at("paid")[1].get<std::string>(), unicode));
  }
  if (f.contains("defender")) {
    const bool won = f.at("winner").get<std::string>() == "attacker";
    const std::string loser = player_name(f.at(won ? "defender" : "attacker").get<int>());
    std::string out = loser + (f.at("joker_dropped").get<bool>() ? " drops a Joker and" : "");
    if (c == "relocated") out += " goes to " + f.at("cell").get<std::string>();
    if (c == "stayed") out += " stays (no free spot)";
    if (c == "pending") out += " is relocated next";
    if (f.at("moved_in").get<bool>()) out += "; " + who + " moves in";
    return out;
  }
  return c == "pending" && f.at("winner").get<std::string>() == "attacker"
             ? who + " keeps or discards " + foe
             : who + " pays two cards or takes 2 debt";  // pending after losing to a Joker
}

// "Player 1 fought 8♠ with 8♦ — 8 against 8, 2 dice 6+6, final die 2: Player 1 wins; 8♠ is
// discarded." from a lastFight record.
std::string fight_words(const Json& f, bool unicode) {
  const std::string who = player_name(f.at("attacker").get<int>());
  const Json& cards = f.at("cards");
  const Json& totals = f.at("totals");
  const bool won = f.at("winner").get<std::string>() == "attacker";
  std::string out;
  if (f.contains("defender")) {
    const std::string other = player_name(f.at("defender").get<int>());
    out = fmt::format("{} fought {}, {} against {} — dice {} and {}, {} against {}: {}", who, other,
                      card_or_none(cards[0], unicode), card_or_none(cards[1], unicode),
                      f.at("dice")[0].get<int>(), f.at("dice")[1].get<int>(), totals[0].get<int>(),
                      totals[1].get<int>(), won ? who : other);
  } else {
    const std::string foe = foe_words(f, unicode);
    out = fmt::format("{} fought {} with {} — {} against {}, {}: {}", who, foe,
                      card_or_none(cards[0], unicode), totals[0].get<int>(), totals[1].get<int>(),
                      pve_dice(f), won ? who : foe);
  }
  return out + " wins; " + consequence_words(f, unicode) + ".";
}

// What a PvP side has put in so far: nothing yet, a hidden card, no card or the card.
std::string commit_words(const Json& commit, bool unicode) {
  if (commit.is_null()) return "has not chosen a card yet";
  const std::string c = commit.get<std::string>();
  if (c == "committed") return "has chosen a card (hidden)";
  return c == "none" ? "fights with no card" : "fights with " + pretty(c, unicode);
}

// A fight between Jacks under way: the cards chosen, the dice so far, what is still to come.
std::string pvp_in_progress(const Json& view, const Json& c, bool unicode) {
  const std::string phase = view.at("phase").get<std::string>();
  const int side = c.at("side").get<int>();
  const std::array<std::string, 2> name = {player_name(c.at("attacker").get<int>()),
                                           player_name(c.at("defender").get<int>())};
  std::string out = fmt::format("{} fights {} on {}: {} {}, {} {}", name[0], name[1],
                                c.at("target").get<std::string>(), name[0],
                                commit_words(c.at("commit")[0], unicode), name[1],
                                commit_words(c.at("commit")[1], unicode));
  if (phase == "pvp_prep") return out + fmt::format("; {} to choose, then the dice", name[side]);
  const auto die = [&](int s) {
    const int d = c.at("dice")[static_cast<std::size_t>(s)].get<int>();
    return fmt::format("{}'s die {}", name[static_cast<std::size_t>(s)],
                       d > 0 ? std::to_string(d) : std::string("to roll"));
  };
  out += "; " + die(0) + ", " + die(1);
  if (phase == "reroll") return out + fmt::format("; {} may reroll with a King", name[side]);
  if (phase == "relocate") {
    return out + fmt::format("; {} is relocated next", player_name(c.at("loser").get<int>()));
  }
  return out;
}

// The fight under way from the view's "combat", in words: who fights whom, with what, the dice
// so far and what is still to roll ("Player 1 fights 8♠ on c3 with 9♦, 9 against 8: 2 of 4 dice
// rolled, 6+3; 2 more dice, then the final die").
std::string fight_in_progress(const Json& view, bool unicode) {
  const Json& c = view.at("combat");
  if (c.contains("defender")) return pvp_in_progress(view, c, unicode);
  const std::string who = player_name(c.at("attacker").get<int>());
  const std::string phase = view.at("phase").get<std::string>();
  const std::string cell = c.at("target").get<std::string>();
  const int at = parse_cell(cell);
  const std::string label = at < 0 ? std::string()
                                   : view.at("board")[static_cast<std::size_t>(row_of(at))]
                                                     [static_cast<std::size_t>(col_of(at))]
                                                         .get<std::string>();
  const std::string foe = label.rfind("JK", 0) == 0 ? "the Joker"
                          : label.empty()           ? "the card"
                                                    : pretty(label, unicode);
  const int defence = c.at("defender_value").get<int>();
  std::string out = fmt::format("{} fights {} on {}", who, foe, cell);
  if (phase == "combat_prep") {
    return out + fmt::format(" (value {}): choosing a value card, then the dice", defence);
  }
  const std::string card = c.at("value_card").get<std::string>();
  const int phys = card.empty() ? -1 : parse_phys(card);
  out += fmt::format(" with {}, {} against {}", card.empty() ? "no card" : pretty(card, unicode),
                     phys >= 0 ? value_of(phys) : 0, defence);
  if (phase == "keep_npc") return out + ": won; " + who + " keeps or discards it";
  if (phase == "joker_loss") return out + ": lost; " + who + " pays two cards or takes 2 debt";
  int rolled = 0;
  std::vector<int> shown;
  for (int face = 1; face <= 6; ++face) {
    const int n = c.at("faces")[static_cast<std::size_t>(face - 1)].get<int>();
    rolled += n;
    for (int k = 0; k < n && shown.size() <= 10; ++k) shown.push_back(face);
  }
  const int dice = c.at("dice").get<int>();
  const int final_die = c.at("final_die").get<int>();
  out += fmt::format(": {} of {} {} rolled", rolled, dice, dice == 1 ? "die" : "dice");
  if (rolled > 0 && rolled <= 10) out += " " + fmt::format("{}", fmt::join(shown, "+"));
  if (c.contains("set_aside")) {
    out +=
        fmt::format(", {} set aside for a King's reroll", c.at("set_aside").at("dice").get<int>());
  }
  if (final_die > 0) out += fmt::format(", final die {}", final_die);
  if (phase == "reroll") return out + "; " + who + " may reroll with a King";
  if (rolled < dice) {
    return out + fmt::format("; {} more {}, then the final die", dice - rolled,
                             dice - rolled == 1 ? "die" : "dice");
  }
  return out + (final_die > 0 ? std::string() : std::string("; the final die to roll"));
}

}  // namespace

// "Last fight: Player 1 fought 8♠ with 8♦ — 8 against 8, 2 dice 6+6, final die 2: Player 1
// wins; 8♠ is discarded." Built from the view's lastFight only.
std::string last_fight_sentence(const Json& view, bool unicode) {
  return "Last fight: " + fight_words(view.at("lastFight"), unicode);
}

// An action's outcome (State::outcome_of) for the terminal: "Fight: Player 1 fought …".
std::string describe_outcome(const Json& outcome, const RenderStyle& style) {
  if (!outcome.is_object() || !outcome.contains("fight")) return "";
  return "Fight: " + fight_words(outcome.at("fight"), style.unicode);
}

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
      "  legend: # face down (#KC you peeked: KC)  . empty  [P1] Player 1's Jack  AS/8C* an Ace\n"
      "  and its Guardian  9H* a card of the resource deck  JK a Joker (JK! dropped)  rows 0, 8\n"
      "  and columns z, h: the ring outside the Dungeon\n",
      "2");
  out += "\n";
  int seat = 0;
  for (const Json& p : players) {
    std::string hand;
    for (const Json& c : p.at("hand")) hand += pretty(c.get<std::string>(), style.unicode) + " ";
    if (p.at("hidden").get<int>() > 0) hand += fmt::format("+{} hidden", p.at("hidden").get<int>());
    out += fmt::format("  {} Jack {} at {:3} jokers {} debt {}{}{}{}  hand: {}\n",
                       player_name(seat++), pretty(p.at("jack").get<std::string>(), style.unicode),
                       p.at("cell").get<std::string>(), p.at("jokers").get<int>(),
                       p.at("debt").get<int>(), p.at("skip").get<bool>() ? " skip" : "",
                       p.at("bolster").get<bool>() ? " bolster" : "",
                       p.at("hindered").get<bool>() ? " hindered" : "", hand);
  }
  const Json& turn = view.at("turn");
  out += fmt::format("\n  phase {} | turn of {} | actions left {} | round {}\n",
                     view.at("phase").get<std::string>(), player_name(turn.at("seat").get<int>()),
                     turn.at("actions_left").get<int>(), turn.at("round").get<int>());
  out += fmt::format("  unseen dungeon cards {} | scavenger deck {} | main discard {} cards\n",
                     view.at("unseen_dungeon").get<int>(), view.at("scavenger_deck").get<int>(),
                     view.at("main_discard").size());
  if (view.contains("combat")) {
    out += "  Fight under way: " + fight_in_progress(view, style.unicode) + ".\n";
  }
  if (view.contains("lastFight")) out += "  " + last_fight_sentence(view, style.unicode) + "\n";
  if (view.contains("held"))
    out +=
        "  card in question: " + pretty(view.at("held").get<std::string>(), style.unicode) + "\n";
  if (view.contains("winner")) {
    const int w = view.at("winner").get<int>();
    out += w >= 0 ? fmt::format("  {} holds both Jokers and wins!\n", player_name(w))
                  : std::string("  the game ends in a draw\n");
  }
  return out;
}

// The end in the game's words: the first to hold both Jokers wins; a round limit (or the
// safeguard on endless games) ends it in a draw, told with the Jokers each holds.
std::string describe_result(const Json& view, const Options& options) {
  const Json& players = view.value("players", Json());
  if (view.value("phase", "") != "over" || !players.is_array()) return "";
  std::string jokers;
  for (const Json& p : players) {
    jokers += (jokers.empty() ? "" : "–") + std::to_string(p.value("jokers", 0));
  }
  const Json winner = view.value("winner", Json());
  if (winner.is_number_integer() && winner.get<int>() >= 0 &&
      winner.get<std::size_t>() < players.size()) {
    return fmt::format("{} holds both Jokers and wins", player_name(winner.get<int>()));
  }
  const std::int64_t limit = options.get_int("roundLimit");
  const int round = view.value("turn", Json::object()).value("round", 0);
  if (limit > 0 && round >= limit) {
    return fmt::format("a draw: round limit {} reached, Jokers {}", limit, jokers);
  }
  return fmt::format("a draw: the game ran too long and was stopped, Jokers {}", jokers);
}

}  // namespace mw::jokers_labyrinth
