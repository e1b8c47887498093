// Options, cell names and the action notation of MazeMakers (docs/rules/mazemakers.md).
#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <vector>

#include "core/error.h"
#include "games/mazemakers/mazemakers.h"

namespace mw::mazemakers {
namespace {

std::string lower(std::string_view text) {
  std::string out(text);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

bool separator(char c) {
  return std::isspace(static_cast<unsigned char>(c)) || c == ',' || c == '-' || c == '>';
}

std::vector<std::string> words(std::string_view text) {
  std::vector<std::string> out;
  std::size_t i = 0;
  while (i < text.size()) {
    while (i < text.size() && separator(text[i])) ++i;
    std::size_t j = i;
    while (j < text.size() && !separator(text[j])) ++j;
    if (j > i) out.push_back(lower(text.substr(i, j - i)));
    i = j;
  }
  return out;
}

int parse_suit(std::string_view w) {
  for (int s = 0; s < kNumSuits; ++s) {
    const std::string name = lower(kSuitNames[s]);
    if (w == name || w == name.substr(0, name.size() - 1)) return s;
  }
  return -1;
}

int parse_piece(std::string_view w) {
  if (w.size() != 1) return -1;
  const auto pos =
      kPieceLetters.find(static_cast<char>(std::toupper(static_cast<unsigned char>(w[0]))));
  return pos == std::string_view::npos ? -1 : static_cast<int>(pos);
}

[[noreturn]] void fail(std::string_view text) {
  throw Error(ErrorCode::kParse,
              fmt::format("'{}' is not a MazeMakers action: expected a wall placement like "
                          "'F2@c4' or 'F c4 d4 d5 e5 d6', 'coin F', 'pass', 'recover', a square "
                          "like 'h8' or 'start', 'stop', 'block', 'allow', a suit, No-Pentominos "
                          "'tile e5>c3', 'fill e5 c3', 'coin e5', or a chance outcome "
                          "('first P2', 'extra moons', 'coin@c4', 'shuffle 5', 'roll 3')",
                          text));
}

// "F2@c4": orientation 2 of F with its bounding box's top-left on c4.
Action parse_placement_code(const std::string& w) {
  const auto at = w.find('@');
  if (at == std::string::npos || at < 2) return kNoAction;
  const int piece = parse_piece(w.substr(0, 1));
  if (piece < 0) return kNoAction;
  int k = 0;
  for (std::size_t i = 1; i < at; ++i) {
    if (!std::isdigit(static_cast<unsigned char>(w[i]))) return kNoAction;
    k = k * 10 + (w[i] - '0');
    if (k > 99) return kNoAction;
  }
  const int cell = parse_cell(w.substr(at + 1));
  if (k < 1 || k > orientation_count(piece) || cell < 0 || cell >= kCells) return kNoAction;
  return kPlaceBase + (first_orientation(piece) + k - 1) * kCells + cell;
}

// "F c4 d4 d5 e5 d6": a piece and the five squares it covers.
Action parse_placement_cells(const std::vector<std::string>& ws) {
  if (ws.size() != 6) return kNoAction;
  const int piece = parse_piece(ws[0]);
  if (piece < 0) return kNoAction;
  Mask m = 0;
  for (std::size_t i = 1; i < 6; ++i) {
    const int c = parse_cell(ws[i]);
    if (c < 0 || c >= kCells) return kNoAction;
    m |= cell_bit(c);
  }
  for (int o = first_orientation(piece); o < first_orientation(piece) + orientation_count(piece);
       ++o) {
    for (int a = 0; a < kCells; ++a) {
      if (placement_mask(o, a) == m) return kPlaceBase + o * kCells + a;
    }
  }
  return kNoAction;
}

}  // namespace

std::vector<OptionSpec> option_specs() {
  return {
      OptionSpec::integer("players", 2, 2, 4, "number of players (2-4)"),
      OptionSpec::choice("board", "pentomino", {"pentomino", "noPentominos"},
                         "the walls: nine pentominoes on the 10x10 board, or the No-Pentominos "
                         "variant (tiles relocated at setup, holes as walls)"),  // G4.4
      OptionSpec::choice("combatDie", "piecepack0to5", {"piecepack0to5", "d6_1to6"},
                         "the combat die: a piecepack die 0-5 or a common d6 1-6"),  // A-G4-3
      OptionSpec::boolean(
          "exactMovement", false,
          "move exactly the health value where possible instead of up to it"),  // A-G4-4
      OptionSpec::boolean(
          "removeDefeatedMonsters", false,
          "a defeated monster coin leaves the board (default: it stays)"),  // A-G4-6
      OptionSpec::boolean(
          "revival", false,
          "variant 1: the dead restart on START with 2 health and lose their walls"),
      OptionSpec::boolean("startHealing", false,
                          "variant 2: +1 health for each whole turn spent on START"),
      OptionSpec::boolean("harshDamage", false,
                          "variant 3: a combat loser loses the difference of the rolls"),
      OptionSpec::choice("tieBreak", "none", {"none", "health", "rolloff"},
                         "players exiting in the same round: all win, or more health wins, or a "
                         "combat roll-off"),  // G4.3 E
      OptionSpec::integer("roundLimit", 100, 0, 100000,
                          "digital safeguard: the game is drawn after this many rounds without an "
                          "exit (0: no limit)"),
  };
}

Config Config::from_options(const Options& o) {
  Config c;
  c.players = static_cast<std::int8_t>(o.get_int("players"));
  c.board = o.get_string("board") == "noPentominos" ? BoardKind::kTiles : BoardKind::kPentomino;
  c.die = o.get_string("combatDie") == "d6_1to6" ? CombatDie::kD6 : CombatDie::kPiecepack;
  const std::string tb = o.get_string("tieBreak");
  c.tie_break = tb == "health"    ? TieBreak::kHealth
                : tb == "rolloff" ? TieBreak::kRolloff
                                  : TieBreak::kNone;
  c.exact_movement = o.get_bool("exactMovement");
  c.remove_defeated = o.get_bool("removeDefeatedMonsters");
  c.revival = o.get_bool("revival");
  c.start_healing = o.get_bool("startHealing");
  c.harsh_damage = o.get_bool("harshDamage");
  c.round_limit = static_cast<std::int32_t>(o.get_int("roundLimit"));
  return c;
}

// Written once per board: views name pawns, coins, walls and tiles by their squares.
std::string cell_name(int cell, BoardKind board) {
  static const auto kNames = [] {
    std::array<std::vector<std::string>, 2> names;
    for (const int side : {kSide, kMaxSide}) {
      std::vector<std::string>& list = names[side == kSide ? 0 : 1];
      for (int c = 0; c < side * side; ++c) {
        list.push_back(fmt::format("{}{}", static_cast<char>('a' + c % side), c / side + 1));
      }
    }
    return names;
  }();
  if (cell == kStart) return "start";
  const std::vector<std::string>& list = kNames[board == BoardKind::kTiles ? 1 : 0];
  if (cell < 0 || cell >= static_cast<int>(list.size())) return "?";
  return list[static_cast<std::size_t>(cell)];
}

int parse_cell(std::string_view text, BoardKind board) {
  const std::string t = lower(text);
  if (t == "start" || t == "s") return kStart;
  const int side = board == BoardKind::kTiles ? kMaxSide : kSide;
  if (t.size() < 2 || t.size() > 3 || t[0] < 'a' || t[0] >= 'a' + side) return -1;
  int row = 0;
  for (std::size_t i = 1; i < t.size(); ++i) {
    if (!std::isdigit(static_cast<unsigned char>(t[i]))) return -1;
    row = row * 10 + (t[i] - '0');
  }
  if (row < 1 || row > side) return -1;
  const int cell = (row - 1) * side + (t[0] - 'a');
  if (board == BoardKind::kPentomino && cell / kSide >= 8 && cell % kSide >= 8) {
    return -1;  // the START hole's four squares
  }
  return cell;
}

std::string State::action_to_string(Action a) const {
  if (a < 0 || a >= kNumActions) return fmt::format("?{}", a);
  if (a >= kRelocBase) {
    const int x = static_cast<int>(a >= kFillBase ? (a - kFillBase) / kTileSlots
                                                  : (a - kRelocBase) / kTileSlots);
    const int y = static_cast<int>(a >= kFillBase ? (a - kFillBase) % kTileSlots
                                                  : (a - kRelocBase) % kTileSlots);
    const auto tile = [&](int pos) { return cell_name(tile_corner(pos), BoardKind::kTiles); };
    if (a >= kHoleCoinBase)
      return fmt::format("coin {}", tile(static_cast<int>(a - kHoleCoinBase)));
    if (a >= kFillBase) return fmt::format("fill {} {}", tile(x), tile(y));
    return fmt::format("tile {}>{}", tile(x), tile(y));
  }
  if (a < kControlBase) {
    const auto& o = orientations()[a / kCells];
    return fmt::format("{}{}@{}", kPieceLetters[o.piece], o.index_in_piece + 1,
                       cell_name(static_cast<int>(a % kCells)));
  }
  if (a < kRecover) return fmt::format("coin {}", kPieceLetters[a - kControlBase]);
  if (a == kRecover) return "recover";
  if (a == kPass) return "pass";
  if (a < kStop) return name(static_cast<int>(a - kStepBase));
  if (a == kStop) return "stop";
  if (a == kBlock) return "block";
  if (a == kAllow) return "allow";
  if (a < kFirstBase) return lower(kSuitNames[a - kSuitBase]);
  if (a < kExtraSuitBase) return fmt::format("first P{}", a - kFirstBase + 1);
  if (a < kCoinCellBase) return fmt::format("extra {}", lower(kSuitNames[a - kExtraSuitBase]));
  if (a < kDieBase) return fmt::format("coin@{}", name(static_cast<int>(a - kCoinCellBase)));
  if (a < kPermBase) return fmt::format("roll {}", die_value(static_cast<int>(a - kDieBase)));
  return fmt::format("shuffle {}", a - kPermBase + 1);
}

// The suit permutation is the only secret outcome (nobody sees the suits dealt face down); its
// value group is public (values are dealt 2, 3, 4 in order).
bool State::sees_action_in_full(Player observer, Action a) const {
  return observer == current_player() || observer == kOmniscient || phase_ != Phase::kCoinSuits ||
         a < kPermBase || a >= kNumActions;
}

std::string State::action_to_string_for(Player observer, Action a) const {
  if (sees_action_in_full(observer, a)) return action_to_string(a);
  return fmt::format("the suits of the {}-coins are dealt face down", setup_count_ + 2);
}

Action State::parse_action(std::string_view text) const {
  const auto ws = words(text);
  if (ws.empty()) fail(text);
  const std::string& w = ws[0];
  if (ws.size() == 1) {
    if (w == "pass") return kPass;
    if (w == "recover") return kRecover;
    if (w == "stop") return kStop;
    if (w == "block") return kBlock;
    if (w == "allow") return kAllow;
    if (const int s = parse_suit(w); s >= 0) return kSuitBase + s;
    if (const int c = parse_cell(w, config_.board); c >= 0) return kStepBase + c;
    if (w.rfind("coin@", 0) == 0) {
      const int c = parse_cell(w.substr(5), config_.board);
      if (c >= 0 && c < num_cells()) return kCoinCellBase + c;
    }
    if (const Action p = parse_placement_code(w); p != kNoAction) return p;
  }
  if (ws.size() == 2) {
    if (w == "coin" || w == "take") {
      if (const int p = parse_piece(ws[1]); p >= 0) return kControlBase + p;
      if (const int c = parse_cell(ws[1], BoardKind::kTiles); c >= 0 && c < kMaxCells) {
        return kHoleCoinBase + tile_of(c);
      }
    }
    if (w == "first" && ws[1].size() == 2 && ws[1][0] == 'p' && ws[1][1] >= '1' &&
        ws[1][1] <= '4') {
      return kFirstBase + (ws[1][1] - '1');
    }
    if (w == "extra") {
      if (const int s = parse_suit(ws[1]); s >= 0) return kExtraSuitBase + s;
    }
    if (w == "shuffle" && ws[1].size() <= 2 && std::all_of(ws[1].begin(), ws[1].end(), [](char c) {
          return std::isdigit(static_cast<unsigned char>(c));
        })) {
      const int i = std::stoi(ws[1]);
      if (i >= 1 && i <= 24) return kPermBase + i - 1;
    }
    if (w == "roll" && ws[1].size() == 1 && std::isdigit(static_cast<unsigned char>(ws[1][0]))) {
      const int v = ws[1][0] - '0';
      const int face = config_.die == CombatDie::kD6 ? v - 1 : v;
      if (face >= 0 && face < 6) return kDieBase + face;
    }
  }
  if (ws.size() == 3 && (w == "tile" || w == "fill")) {
    const int x = parse_cell(ws[1], BoardKind::kTiles), y = parse_cell(ws[2], BoardKind::kTiles);
    if (x >= 0 && x < kMaxCells && y >= 0 && y < kMaxCells) {
      return (w == "tile" ? kRelocBase : kFillBase) + tile_of(x) * kTileSlots + tile_of(y);
    }
  }
  if (const Action p = parse_placement_cells(ws); p != kNoAction) return p;
  fail(text);
}

// A whole path ("h8 h7 g7"), optionally after the wall decision ("pass h8 h7"): the steps are
// applied on a copy and the sequence stops where another seat (a block decision) or chance (a
// coin, a combat) must act next, or where the mover's turn is over.
std::vector<Action> State::parse_actions(std::string_view text) const {
  try {
    return {parse_action(text)};
  } catch (const Error&) {
  }
  const auto ws = words(text);
  if (ws.size() < 2) fail(text);
  std::vector<Action> out;
  State copy = *this;
  const Player me = copy.current_player();
  std::size_t i = 0;
  if (ws.size() >= 7 && parse_piece(ws[0]) >= 0) {
    // A placement written as its cells, then the path.
    std::vector<std::string> six(ws.begin(), ws.begin() + 6);
    if (const Action p = parse_placement_cells(six); p != kNoAction) {
      out.push_back(p);
      i = 6;
    }
  } else if (ws[0] == "coin" || ws[0] == "take") {
    out.push_back(parse_action(ws[0] + " " + ws[1]));
    i = 2;
  } else if (ws[0] == "fill" && ws.size() >= 3) {
    out.push_back(parse_action(ws[0] + " " + ws[1] + " " + ws[2]));
    i = 3;
  }
  if (!out.empty()) {
    if (!copy.illegal_reason(out.back()).empty()) return out;
    copy.apply_legal(out.back());
  }
  for (; i < ws.size(); ++i) {
    if (copy.current_player() != me || copy.is_terminal()) break;
    const Action a = parse_action(ws[i]);
    out.push_back(a);
    if (!copy.illegal_reason(a).empty()) break;  // the caller reports it where it falls
    copy.apply_legal(a);
  }
  return out;
}

}  // namespace mw::mazemakers
