// Notation of The Joker's Labyrinth (docs/rules/jokers-labyrinth.md): one short command per
// action, e.g. "reveal up", "use 8H", "pay 5D 7H*", "shift AS c3 left", "die 4".
#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <sstream>

#include "core/error.h"
#include "core/seats.h"
#include "games/jokers_labyrinth/jokers_labyrinth.h"

namespace mw::jokers_labyrinth {
namespace {

constexpr std::array<const char*, 4> kDirWords = {"up", "right", "down", "left"};
constexpr const char* kColumns = "zabcdefgh";

std::string lower(std::string_view text) {
  std::string out(text);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

std::vector<std::string> words(std::string_view text) {
  std::vector<std::string> out;
  std::istringstream in{std::string(text)};
  for (std::string w; in >> w;) out.push_back(w);
  return out;
}

[[noreturn]] void expected(std::string_view text, std::string_view what) {
  throw Error(ErrorCode::kParse,
              fmt::format("jokers-labyrinth: cannot read '{}': expected {}", text, what));
}

// After dice were set aside (reroll one <face>), mask 0 rerolls just those: "roll".
std::string reroll_text(int mask, bool pvp, bool set_aside) {
  if (mask == 0) return set_aside ? "roll" : "noreroll";
  if (pvp) return "reroll";
  std::string out = "reroll ";
  for (int f = 0; f < 6; ++f) {
    if ((mask & (1 << f)) != 0) out += static_cast<char>('1' + f);
  }
  if ((mask & (1 << 6)) != 0) out += 'f';
  return out;
}

}  // namespace

// Written once: every view names cells and cards many times.
std::string cell_name(int cell) {
  static const auto kNames = [] {
    std::array<std::string, kCells> names;
    for (int c = 0; c < kCells; ++c) names[c] = fmt::format("{}{}", kColumns[col_of(c)], row_of(c));
    return names;
  }();
  if (cell >= 0 && cell < kCells) return kNames[cell];
  return fmt::format("{}{}", kColumns[col_of(cell)], row_of(cell));
}

int parse_cell(std::string_view text) {
  const std::string t = lower(text);
  if (t.size() != 2) return -1;
  const char* col = std::char_traits<char>::find(kColumns, 9, t[0]);
  if (col == nullptr || t[1] < '0' || t[1] > '8') return -1;
  return cell_at(t[1] - '0', static_cast<int>(col - kColumns));
}

std::string phys_name(int phys, CardStyle style) {
  static const auto kAscii = [] {
    std::array<std::string, kNumPhys> names;
    for (int p = 0; p < kNumPhys; ++p) {
      names[p] = card_name(card_of(p), CardStyle::kAscii) + (deck_of(p) == 1 ? "*" : "");
    }
    return names;
  }();
  if (style == CardStyle::kAscii && phys >= 0 && phys < kNumPhys) return kAscii[phys];
  return card_name(card_of(phys), style) + (deck_of(phys) == 1 ? "*" : "");
}

int parse_phys(std::string_view text) {
  int deck = 0;
  if (!text.empty() && text.back() == '*') {
    deck = 1;
    text.remove_suffix(1);
  }
  const auto card = parse_card(text);
  return card ? phys_of(deck, *card) : -1;
}

std::string_view dir_word(int d) {
  return kDirWords[static_cast<std::size_t>(d)];
}

int parse_dir_word(std::string_view text) {
  const std::string t = lower(text);
  for (int d = 0; d < 4; ++d) {
    if (t == kDirWords[static_cast<std::size_t>(d)] ||
        t == std::string(1, kDirWords[static_cast<std::size_t>(d)][0])) {
      return d;
    }
  }
  return -1;
}

std::string State::action_to_string(Action a) const {
  auto card = [](Action x) { return phys_name(static_cast<int>(x)); };
  auto suit_ace = [](Action s) { return phys_name(phys_of(0, Card::of(static_cast<Suit>(s), 1))); };
  if (a == kEndTurn) return "end";
  if (a >= kReveal && a < kScavenge) {
    const char* verb = a < kMove ? "reveal" : a < kFight ? "move" : "fight";
    return fmt::format("{} {}", verb, dir_word(static_cast<int>((a - kReveal) % 4)));
  }
  if (a == kScavenge) return "scavenge";
  if (a == kNoCard) return "nocard";
  if (a == kDone) return "done";
  if (a == kKeep) return "keep";
  if (a == kDiscard) return "discard";
  if (a == kTakeDebt) return "debt";
  if (a >= kSuit && a < kSpot)
    return fmt::format("jack {}", suit_symbol(static_cast<Suit>(a - kSuit)));
  if (a >= kSpot && a < kCorner) return fmt::format("spot {}", cell_name(kStartSpots[a - kSpot]));
  if (a >= kCorner && a < kPeek) return fmt::format("corner {}", cell_name(kCorners[a - kCorner]));
  if (a >= kPeek && a < kAceRecon)
    return fmt::format("peek {}", cell_name(grid_cell(static_cast<int>(a - kPeek))));
  if (a >= kAceRecon && a < kAceAdvRecon) return fmt::format("recon {}", suit_ace(a - kAceRecon));
  if (a >= kAceAdvRecon && a < kAceShuffle)
    return fmt::format("advrecon {}", suit_ace(a - kAceAdvRecon));
  if (a >= kAceShuffle && a < kAceShift) {
    const int c = static_cast<int>((a - kAceShuffle) % 25);
    return fmt::format("shuffle {} {}", suit_ace((a - kAceShuffle) / 25),
                       cell_name(cell_at(c / 5 + 2, c % 5 + 2)));
  }
  if (a >= kAceShift && a < kReroll) {
    const int i = static_cast<int>((a - kAceShift) % 196 / 4);
    return fmt::format("shift {} {} {}", suit_ace((a - kAceShift) / 196), cell_name(grid_cell(i)),
                       dir_word(static_cast<int>((a - kAceShift) % 4)));
  }
  if (a >= kReroll && a < kValueCard)
    return reroll_text(static_cast<int>(a - kReroll), combat_.defender >= 0,
                       combat_.set_aside != 0);
  if (a >= kRerollOne && a < kDecisionEnd) return fmt::format("reroll one {}", a - kRerollOne + 1);
  if (a >= kValueCard && a < kKingGain) return "use " + card(a - kValueCard);
  if (a >= kKingGain && a < kBolster) return "gain " + card(a - kKingGain);
  if (a >= kBolster && a < kHinder) return "bolster " + card(a - kBolster);
  if (a >= kHinder && a < kBoost)
    return fmt::format("hinder {} {}", card((a - kHinder) / 4), kSeatNames[(a - kHinder) % 4]);
  if (a >= kBoost && a < kPortal)
    return fmt::format("boost {} {}", card((a - kBoost) / 4),
                       dir_word(static_cast<int>((a - kBoost) % 4)));
  if (a >= kPortal && a < kRelocate)
    return fmt::format("portal {} {}", card((a - kPortal) / 4),
                       dir_word(static_cast<int>((a - kPortal) % 4)));
  if (a >= kRelocate && a < kPay) {
    const int x = static_cast<int>((a - kRelocate) % 16 / 4),
              y = static_cast<int>((a - kRelocate) % 4);
    return fmt::format("swap {} {} {}", card((a - kRelocate) / 16), kSeatNames[x], kSeatNames[y]);
  }
  if (a >= kPay && a < kPayEnd)
    return fmt::format("pay {} {}", card((a - kPay) / kNumPhys), card((a - kPay) % kNumPhys));
  if (a >= kChanceFirst && a < kChanceCard)
    return fmt::format("first {}", kSeatNames[a - kChanceFirst]);
  if (a >= kChanceCard && a < kChanceDie) return "card " + card(a - kChanceCard);
  if (a >= kChanceDie && a < kChanceItem) return fmt::format("die {}", a - kChanceDie + 1);
  if (a >= kChanceItem && a < kNumActions) return fmt::format("item {}", a - kChanceItem);
  return fmt::format("action {}", a);
}

// Hidden from a non-acting observer: the first PvP commitment (A secret until both are in; the
// second is revealed at once with the first), a Scavenger draw the drawer may keep (private until
// played or discarded), a card dealt for another seat's Advanced Recon peek, and where each item
// of a Reality Shuffle lands (face down; only a Jack lands face up). Everything else is played
// face up and told in full.
State::Told State::told_of(Player observer, Action a) const {
  if (observer == kOmniscient || phase_ == Phase::kOver) return Told::kFull;
  const Player acting = current_player();
  if (acting >= 0) {
    const bool commit =
        phase_ == Phase::kPvpPrep && (a == kNoCard || (a >= kValueCard && a < kKingGain));
    const bool first = combat_.commit[0] == -2 && combat_.commit[1] == -2;
    return observer != acting && commit && first ? Told::kHiddenCommit : Told::kFull;
  }
  const int drawer = to_move_;
  if (phase_ == Phase::kScavDraw && a >= kChanceCard && a < kChanceDie &&
      keepable_by(drawer, static_cast<int>(a - kChanceCard)) && observer != drawer) {
    return Told::kHiddenScavenge;
  }
  if (phase_ == Phase::kDeal && after_ == After::kPeeked && observer != drawer) {
    return Told::kPeekDeal;
  }
  if (phase_ == Phase::kShuffleDeal && a >= kChanceItem && a < kNumActions) {
    return Told::kShuffleDeal;
  }
  return Told::kFull;
}

std::string State::action_to_string_for(Player observer, Action a) const {
  const int drawer = to_move_;
  switch (told_of(observer, a)) {
    case Told::kFull:
      return action_to_string(a);
    // Told to players as they name the seats ("Player 2"); "P2" is the notation's name.
    case Told::kHiddenCommit:
      return player_name(current_player()) + " commits a value card (hidden)";
    case Told::kHiddenScavenge:
      return player_name(drawer) + " draws a Scavenger card (hidden)";
    case Told::kPeekDeal:
      return fmt::format("a card is dealt face down to {} for {}'s peek (hidden)",
                         cell_name(after_target_), player_name(drawer));
    case Told::kShuffleDeal:
      break;
  }
  const int item = rs_items_[static_cast<std::size_t>(a - kChanceItem)];
  const int c =
      cell_at(row_of(rs_centre_) + rs_next_ / 3 - 1, col_of(rs_centre_) + rs_next_ % 3 - 1);
  if (item >= 200 && item < 300) {
    return fmt::format("{}'s Jack lands on {}", kSeatNames[item - 200], cell_name(c));
  }
  return fmt::format("a face-down card lands on {}", cell_name(c));
}

Action State::parse_action(std::string_view text) const {
  const std::vector<std::string> w = words(text);
  if (w.empty()) expected(text, "an action such as 'reveal up', 'move left', 'use 8H', 'end'");
  const std::string verb = lower(w[0]);
  auto need = [&](std::size_t n, std::string_view form) {
    if (w.size() != n) expected(text, form);
  };
  auto card_at = [&](std::size_t i, std::string_view form) {
    const int phys = i < w.size() ? parse_phys(w[i]) : -1;
    if (phys < 0) expected(text, form);
    return phys;
  };
  auto dir_at = [&](std::size_t i, std::string_view form) {
    const int d = i < w.size() ? parse_dir_word(w[i]) : -1;
    if (d < 0) expected(text, form);
    return d;
  };
  auto seat_at = [&](std::size_t i, std::string_view form) {
    const std::string s = i < w.size() ? lower(w[i]) : "";
    if (s.size() != 2 || s[0] != 'p' || s[1] < '1' || s[1] > '4') expected(text, form);
    return s[1] - '1';
  };
  auto ace_suit = [&](std::size_t i, std::string_view form) {
    const int phys = card_at(i, form);
    if (!is_ace(phys) || deck_of(phys) != 0) expected(text, form);
    return suit_of(phys);
  };
  auto grid_at = [&](std::size_t i, std::string_view form) {
    const int cell = i < w.size() ? parse_cell(w[i]) : -1;
    if (cell < 0 || !in_grid(cell)) expected(text, form);
    return cell;
  };
  if (verb == "end") return need(1, "'end'"), kEndTurn;
  for (const auto& [name, base] :
       {std::pair{"reveal", kReveal}, {"move", kMove}, {"fight", kFight}}) {
    if (verb == name) {
      const std::string form = fmt::format("'{} <up|right|down|left>'", name);
      need(2, form);
      return base + dir_at(1, form);
    }
  }
  for (const auto& [name, action] : {std::pair{"scavenge", kScavenge},
                                     {"nocard", kNoCard},
                                     {"done", kDone},
                                     {"keep", kKeep},
                                     {"discard", kDiscard},
                                     {"debt", kTakeDebt},
                                     {"noreroll", kReroll},
                                     {"roll", kReroll}}) {
    if (verb == name) return need(1, fmt::format("'{}'", name)), action;
  }
  if (verb == "jack") {
    need(2, "'jack <suit>' (C D H S)");
    const auto s = parse_suit(w[1]);
    if (!s) expected(text, "'jack <suit>' (C D H S)");
    return kSuit + static_cast<int>(*s);
  }
  if (verb == "spot" || verb == "corner") {
    const std::string form =
        verb == "spot" ? "'spot <start cell>' (a0 z1 g0 h1 z7 a8 h7 g8)" : "'corner <a1|g1|a7|g7>'";
    need(2, form);
    const int cell = parse_cell(w[1]);
    if (verb == "spot") {
      for (int i = 0; i < kNumStartSpots; ++i) {
        if (kStartSpots[i] == cell) return kSpot + i;
      }
    } else {
      for (int i = 0; i < 4; ++i) {
        if (kCorners[i] == cell) return kCorner + i;
      }
    }
    expected(text, form);
  }
  if (verb == "peek")
    return need(2, "'peek <cell>'"), kPeek + grid_index(grid_at(1, "'peek <cell>'"));
  if (verb == "recon") return need(2, "'recon <ace>'"), kAceRecon + ace_suit(1, "'recon <ace>'");
  if (verb == "advrecon")
    return need(2, "'advrecon <ace>'"), kAceAdvRecon + ace_suit(1, "'advrecon <ace>'");
  if (verb == "shuffle") {
    const char* form = "'shuffle <ace> <centre cell b2..f6>'";
    need(3, form);
    const int s = ace_suit(1, form);
    const int c = grid_at(2, form);
    if (row_of(c) < 2 || row_of(c) > 6 || col_of(c) < 2 || col_of(c) > 6) expected(text, form);
    return kAceShuffle + s * 25 + (row_of(c) - 2) * 5 + col_of(c) - 2;
  }
  if (verb == "shift") {
    const char* form = "'shift <ace> <cell> <direction>'";
    need(4, form);
    return kAceShift + ace_suit(1, form) * 196 + grid_index(grid_at(2, form)) * 4 + dir_at(3, form);
  }
  if (verb == "reroll") {
    if (w.size() == 1) return kReroll + 1;
    if (w.size() == 3 && lower(w[1]) == "one") {
      if (w[2].size() != 1 || w[2][0] < '1' || w[2][0] > '6') expected(text, "'reroll one <1-6>'");
      return kRerollOne + (w[2][0] - '1');
    }
    need(2, "'reroll', 'reroll <faces>[f]' (e.g. 'reroll 36f') or 'reroll one <face>'");
    int mask = 0;
    for (char ch : lower(w[1])) {
      if (ch >= '1' && ch <= '6') {
        mask |= 1 << (ch - '1');
      } else if (ch == 'f') {
        mask |= 1 << 6;
      } else {
        expected(text, "'reroll <faces>[f]' with faces 1-6 and f for the final die");
      }
    }
    return kReroll + mask;
  }
  if (verb == "use") return need(2, "'use <card>'"), kValueCard + card_at(1, "'use <card>'");
  if (verb == "gain") return need(2, "'gain <king>'"), kKingGain + card_at(1, "'gain <king>'");
  if (verb == "bolster")
    return need(2, "'bolster <queen>'"), kBolster + card_at(1, "'bolster <queen>'");
  if (verb == "hinder") {
    const char* form = "'hinder <queen> <P1..P4>'";
    need(3, form);
    return kHinder + card_at(1, form) * 4 + seat_at(2, form);
  }
  if (verb == "boost" || verb == "portal") {
    const std::string form = fmt::format("'{} <card> <direction>'", verb);
    need(3, form);
    return (verb == "boost" ? kBoost : kPortal) + card_at(1, form) * 4 + dir_at(2, form);
  }
  if (verb == "swap") {
    const char* form = "'swap <queen> <Pa> <Pb>' with a < b";
    need(4, form);
    const int x = seat_at(2, form), y = seat_at(3, form);
    if (x >= y) expected(text, form);
    return kRelocate + card_at(1, form) * 16 + x * 4 + y;
  }
  if (verb == "pay") {
    const char* form = "'pay <card> <card>'";
    need(3, form);
    int x = card_at(1, form), y = card_at(2, form);
    if (x == y) expected(text, "two different cards");
    if (x > y) std::swap(x, y);
    return kPay + x * kNumPhys + y;
  }
  if (verb == "first")
    return need(2, "'first <P1..P4>'"), kChanceFirst + seat_at(1, "'first <P1..P4>'");
  if (verb == "card") return need(2, "'card <card>'"), kChanceCard + card_at(1, "'card <card>'");
  if (verb == "die") {
    need(2, "'die <1-6>'");
    if (w[1].size() != 1 || w[1][0] < '1' || w[1][0] > '6') expected(text, "'die <1-6>'");
    return kChanceDie + (w[1][0] - '1');
  }
  if (verb == "item") {
    need(2, "'item <0-8>'");
    if (w[1].size() != 1 || w[1][0] < '0' || w[1][0] > '8') expected(text, "'item <0-8>'");
    return kChanceItem + (w[1][0] - '0');
  }
  expected(
      text,
      "an action: end, reveal/move/fight <dir>, scavenge, use <card>, nocard, pay <c> <c>, "
      "boost <card> <dir>, portal <card> <dir>, gain <king>, bolster <queen>, hinder <queen> "
      "<Pn>, swap <queen> <Pa> <Pb>, recon/advrecon <ace>, shuffle <ace> <cell>, shift <ace> "
      "<cell> <dir>, peek <cell>, done, keep, discard, debt, reroll [..], noreroll, roll, jack "
      "<suit>, spot <cell>, corner <cell>");
}

// A turn written at once, its decisions separated by ';' or ',' ("move right; move right; end",
// "pay 5D 7H; boost 3H up; fight up"): applied on a copy in order; the sequence stops where chance
// (a card turned up, a die) or another seat must act next, or at an illegal decision (the caller
// reports it where it falls, State::apply_all).
std::vector<Action> State::parse_actions(std::string_view text) const {
  std::vector<std::string> pieces(1);
  for (char ch : text) {
    if (ch == ';' || ch == ',') {
      pieces.emplace_back();
    } else {
      pieces.back() += ch;
    }
  }
  if (pieces.size() == 1) return {parse_action(text)};
  std::vector<Action> out;
  State copy = *this;
  const Player me = copy.current_player();
  for (const std::string& piece : pieces) {
    if (copy.current_player() != me || copy.is_terminal()) break;
    const Action a = parse_action(piece);
    out.push_back(a);
    if (!copy.illegal_reason(a).empty()) break;
    copy.apply_legal(a);
  }
  return out;
}

}  // namespace mw::jokers_labyrinth
