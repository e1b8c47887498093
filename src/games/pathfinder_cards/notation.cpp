// Notation (docs/rules/pathfinder-cards.md): one short command per decision, case-insensitive,
// cells as "x,y" (x east, y south), cards as "10D", "JK", hearts as "7H"; and the whole-maze text
// form, a drawing of the grid with one card code (or ".") per cell.
#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <bit>
#include <cctype>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <utility>

#include "core/error.h"
#include "games/pathfinder_cards/pathfinder_cards.h"

namespace mw::pathfinder_cards {
namespace {

[[noreturn]] void parse_error(const std::string& what) {
  throw Error(ErrorCode::kParse, "pathfinder-cards: " + what);
}

std::vector<std::string> tokens(std::string_view text) {
  std::vector<std::string> out;
  std::string cur;
  for (char c : text) {
    if (std::isspace(static_cast<unsigned char>(c))) {
      if (!cur.empty()) out.push_back(cur);
      cur.clear();
    } else {
      cur += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    }
  }
  if (!cur.empty()) out.push_back(cur);
  return out;
}

int need_cell(const std::string& t) {
  const int c = parse_cell(t);
  if (c < 0) parse_error(fmt::format("'{}' is not a cell; expected x,y with 0 <= x, y < 40", t));
  return c;
}

int need_card(const std::string& t) {
  const int c = parse_card_code(t);
  if (c < 0) parse_error(fmt::format("'{}' is not a maze card (e.g. AD, 10C, JS, JK)", t));
  return c;
}

int need_heart(const std::string& t) {
  const int r = parse_heart_code(t);
  if (r < 0) parse_error(fmt::format("'{}' is not a heart (e.g. 7H, AH, KH)", t));
  return r;
}

int need_suit(const std::string& t, bool joker) {
  const int s = parse_suit_code(t);
  if (s < 0 || (!joker && s == kNoSuit)) {
    parse_error(fmt::format("'{}' is not a suit; expected C, D, S{}", t, joker ? " or JK" : ""));
  }
  return s;
}

int need_int(const std::string& t) {
  if (t.empty() || t.size() > 2 || !std::all_of(t.begin(), t.end(), [](char c) {
        return std::isdigit(static_cast<unsigned char>(c));
      })) {
    parse_error(fmt::format("'{}' is not a count 0..8", t));
  }
  return std::stoi(t);
}

constexpr const char* kForms =
    "expected one of: AD@x,y | compass 7H | explore x,y | withdraw | use-compass | continue | pass "
    "| pick 7H | save 10H | save 3H+5H | flip x,y | choose x,y | suit S | count S 3 | "
    "predict x,y D | predict D | name x,y 7C | swap x,y x,y | move x,y x,y | advisor | "
    "pathfinder | seer | mover | recall seer 2H+3H+4H | ask <question> | q <token> | stop | "
    "stand x,y | see x,y | maker P1 | maker P2";

std::string recall_text(Action a) {
  const int power = static_cast<int>((a - kRecallBase) / 4096);
  const auto mask = static_cast<unsigned>((a - kRecallBase) % 4096);
  std::string hearts;
  for (int r = 2; r <= 13; ++r) {
    if ((mask >> (r - 2)) & 1) hearts += (hearts.empty() ? "" : "+") + heart_code(r);
  }
  return fmt::format("recall {} {}", kPowerNames[power], hearts);
}

int power_of(const std::string& word) {
  for (int p = 0; p < 4; ++p) {
    if (word == kPowerNames[p]) return p;
  }
  return word == "portal" ? kMover : -1;  // K♥'s other name (A-G1-4)
}

}  // namespace

void State::write_action_text(Action a, JsonTextWriter& w) const {
  if (a < 0 || a >= kCompassBase) return w.string(action_to_string(a));
  // "AD@3,12": a card code (at most 3 characters), '@' and a cell name (at most 5).
  std::array<char, 16> text{};
  const std::string_view code = card_code_view(static_cast<int>(a / kCells));
  const std::string_view cell = cell_name_view(static_cast<int>(a % kCells));
  char* end = std::copy(code.begin(), code.end(), text.begin());
  *end++ = '@';
  end = std::copy(cell.begin(), cell.end(), end);
  w.string(std::string_view(text.data(), static_cast<std::size_t>(end - text.data())));
}

std::string State::action_to_string(Action a) const {
  if (a < kCompassBase) {  // the Maker's first placement lists every card on every cell
    std::string out = card_code(static_cast<int>(a / kCells));
    out += '@';
    out += cell_name(static_cast<int>(a % kCells));
    return out;
  }
  if (a < kExploreBase) return "compass " + heart_code(static_cast<int>(a - kCompassBase));
  if (a < kWithdraw) return "explore " + cell_name(static_cast<int>(a - kExploreBase));
  if (a == kWithdraw) return "withdraw";
  if (a == kUseCompass) return "use-compass";
  if (a == kContinue) return "continue";
  if (a == kPass) return "pass";
  if (a >= kUsePowerBase && a < kUsePowerBase + 4) return kPowerNames[a - kUsePowerBase];
  if (a >= kRecallBase && a < kTokenBase) return recall_text(a);
  if (a >= kTokenBase && a < kTokenEnd)
    return "q " + aql::token_text(static_cast<int>(a - kTokenBase));
  if (a >= kPickBase && a < kSaveOneBase)
    return "pick " + heart_code(static_cast<int>(a - kPickBase));
  if (a >= kSaveOneBase && a < kSavePairBase) {
    return "save " + heart_code(static_cast<int>(a - kSaveOneBase));
  }
  if (a == kRolesBase || a == kRolesBase + 1) {
    return fmt::format("maker P{}", a - kRolesBase + 1);  // chance: the first maze's Maker
  }
  if (a >= kSavePairBase && a < kCellBase) {
    const int i = static_cast<int>(a - kSavePairBase);
    return "save " + heart_code(i / 14) + "+" + heart_code(i % 14);
  }
  if (a >= kCellBase && a < kSuitBase) {
    const Decision d = decision();
    const char* verb = d == Decision::kQueenPick        ? "choose"
                       : d == Decision::kPathfinderPick ? "stand"
                       : d == Decision::kSeerPick       ? "see"
                                                        : "flip";
    return verb + (' ' + cell_name(static_cast<int>(a - kCellBase)));
  }
  if (a >= kSuitBase && a < kGuessBase) return "suit " + suit_code(static_cast<int>(a - kSuitBase));
  if (a >= kGuessBase && a < kPredictAtBase) {
    const int i = static_cast<int>(a - kGuessBase);
    return fmt::format("count {} {}", suit_code(i / 16), i % 16);
  }
  if (a >= kPredictAtBase && a < kPredictBase) {
    const int i = static_cast<int>(a - kPredictAtBase);
    return "predict " + cell_name(i / 4) + ' ' + suit_code(i % 4);
  }
  if (a >= kPredictBase && a < kNameBase) {
    return "predict " + suit_code(static_cast<int>(a - kPredictBase));
  }
  if (a >= kNameBase && a < kSwapBase) {
    const int i = static_cast<int>(a - kNameBase);
    return "name " + cell_name(i / kNumCards) + ' ' + card_code(i % kNumCards);
  }
  if (a >= kSwapBase && a < kMoveBase) {
    const auto i = a - kSwapBase;
    return "swap " + cell_name(static_cast<int>(i / kCells)) + ' ' +
           cell_name(static_cast<int>(i % kCells));
  }
  if (const std::optional<MoveSpec> m = decode_move(a)) {
    return "move " + cell_name(m->from) + ' ' + xy_name(m->x, m->y);
  }
  return fmt::format("action {}", a);
}

std::string State::action_to_string_shifted(Action a, const Shift& since) const {
  if (a >= kSwapBase && a < kMoveBase) {
    const auto i = a - kSwapBase;
    return fmt::format("swap {} {}", shifted_cell_name(static_cast<int>(i / kCells), since),
                       shifted_cell_name(static_cast<int>(i % kCells), since));
  }
  if (const std::optional<MoveSpec> m = decode_move(a)) {
    return fmt::format("move {} {}", shifted_cell_name(m->from, since),
                       xy_name(m->x + since.dx, m->y + since.dy));
  }
  return action_to_string(a);
}

// The Runner's actions and the damage pick are public; the 10♦ suit and the Queen's card are
// announced. The Runner is not told the Maker's placements, King flips and Ace alterations.
bool State::sees_action_in_full(Player observer, Action /*a*/) const {
  const Player actor = role_to_act();
  const Player role = role_of(observer);
  if (role == kMaker || observer == kOmniscient || role == actor || actor != kMaker) return true;
  const Decision d = decision();
  return d != Decision::kPlace && d != Decision::kKingFlip && d != Decision::kAlteration;
}

std::string State::action_to_string_for(Player observer, Action a) const {
  if (sees_action_in_full(observer, a)) return action_to_string(a);
  switch (decision()) {
    case Decision::kPlace:
      // The Runner is out of the room while the maze is built (G1.2): she learns only how many
      // cards are down, which is all her view shows.
      return fmt::format("Maker places a card ({} of {})", layout_.count + 1, kNumCards);
    case Decision::kKingFlip:
      return "Maker flips a card while the Runner looks away (King trial)";  // G1.6.2
    default:                                                                 // the Ace alteration
      return alteration_seen(a);
  }
}

// The Ace alteration as the Runner sees it: only the before and after of the cells whose look
// changed (G1.6.3); a pass and a swap of two face-down cards look the same. A move outside the
// box shifts the layout back in (A-G1-48): she sees that too, and the cells are named after it.
std::string State::alteration_seen(Action a) const {
  const auto look = [](const Layout& l, int card) {
    return card < 0          ? std::string("empty")
           : l.face_up(card) ? card_code(card)
                             : std::string("face-down");
  };
  Layout after;
  Shift shift;
  if (!rearranged(a, after, shift)) return "Maker makes the Ace alteration: no change you can see";
  // The cells whose card changed, named after the move; before: the cell shifted back.
  std::string changes;
  for (int cell = 0; cell < kCells; ++cell) {
    const int x = cell_x(cell) - shift.dx;
    const int y = cell_y(cell) - shift.dy;
    const int before = in_box(x, y) ? layout_.at[make_cell(x, y)] : -1;
    const std::string was = look(layout_, before);
    const std::string is = look(after, after.at[cell]);
    if (was == is) continue;
    changes += fmt::format("{}{} {} -> {}", changes.empty() ? "" : ", ", cell_name(cell), was, is);
  }
  // The cell the moved card left, when the shift takes it out of the box.
  if (const std::optional<MoveSpec> m = decode_move(a)) {
    const int x = cell_x(m->from) + shift.dx;
    const int y = cell_y(m->from) + shift.dy;
    if (!in_box(x, y)) {
      changes += fmt::format("{}{} {} -> empty", changes.empty() ? "" : ", ", xy_name(x, y),
                             look(layout_, layout_.at[m->from]));
    }
  }
  std::string moved;
  if (!shift.none()) {
    moved =
        fmt::format(" (the maze shifts by {},{} to stay at 0,0)", shift.dx, shift.dy);  // A-G1-48
  }
  if (changes.empty()) return "Maker makes the Ace alteration: no change you can see";
  return "Maker makes the Ace alteration" + moved + ": " + changes;
}

Action State::parse_action(std::string_view text) const {
  std::vector<std::string> t = tokens(text);
  if (t.empty()) parse_error(std::string("empty move; ") + kForms);
  // "AD@3,2" = "AD 3,2" = "place AD 3,2".
  if (t.size() == 1 && t[0].find('@') != std::string::npos) {
    const auto at = t[0].find('@');
    t = {t[0].substr(0, at), t[0].substr(at + 1)};
  }
  if (t[0] == "place" && t.size() == 3) t.erase(t.begin());
  const std::string& v = t[0];
  const std::size_t n = t.size();
  if (n == 2 && parse_card_code(v) >= 0 && parse_cell(t[1]) >= 0) {
    return kPlaceBase + Action{need_card(v)} * kCells + need_cell(t[1]);
  }
  if (n == 1 && parse_cell(v) >= 0) return kExploreBase + need_cell(v);
  if (n == 1) {
    if (v == "withdraw") return kWithdraw;
    if (v == "use-compass" || v == "use") return kUseCompass;
    if (v == "continue" || v == "c" || v == "stop") return kContinue;
    if (v == "pass") return kPass;
    if (power_of(v) >= 0) return kUsePowerBase + power_of(v);
  }
  if (v == "q" && n >= 2) {
    if (decision() != Decision::kAdvisorAsk) {
      parse_error("'q <token>' adds to an Advisor question; none is being asked");
    }
    const aql::Pending p = aql::pending(q_.data(), q_len_);
    if (!p.ok || p.n == 0) parse_error("start a new question with ask <question>");
    const aql::Slot slot = p.slot[p.n - 1];
    const std::string_view rest =
        text.substr(text.find_first_not_of(" \t", text.find_first_of("qQ") + 1));
    const int id = aql::parse_token(rest, slot);
    if (id < 0)
      parse_error(fmt::format("'{}' is not {} (the question so far: {})", rest,
                              aql::slot_name(slot), aql::question_text(q_.data(), q_len_)));
    return kTokenBase + id;
  }
  if (v == "recall" && n == 3) {
    const int power = power_of(t[1]);
    if (power < 0)
      parse_error(fmt::format("'{}' is not a power (advisor, pathfinder, seer, mover)", t[1]));
    unsigned mask = 0;
    std::string_view rest = t[2];
    int count = 0;
    while (!rest.empty()) {
      const auto plus = rest.find('+');
      const int r = need_heart(std::string(rest.substr(0, plus)));
      if (r == 1) parse_error("a recall never discards A♥");  // A-G1-23
      mask |= 1u << (r - 2);
      ++count;
      rest = plus == std::string_view::npos ? std::string_view() : rest.substr(plus + 1);
    }
    if (count != 3 || std::popcount(mask) != 3) {
      parse_error("a recall discards three different hearts, e.g. recall seer 2H+3H+4H");
    }
    return kRecallBase + power * 4096 + static_cast<Action>(mask);
  }
  if (n == 2) {
    if (v == "compass") return kCompassBase + need_heart(t[1]);
    if (v == "explore") return kExploreBase + need_cell(t[1]);
    if (v == "pick") return kPickBase + need_heart(t[1]);
    if (v == "maker") {
      if (t[1] != "p1" && t[1] != "p2") parse_error("maker P1 or maker P2: the first maze's Maker");
      return kRolesBase + (t[1] == "p2" ? 1 : 0);
    }
    if (v == "flip" || v == "choose" || v == "card" || v == "stand" || v == "see") {
      return kCellBase + need_cell(t[1]);
    }
    if (v == "suit") return kSuitBase + need_suit(t[1], false);
    if (v == "predict") return kPredictBase + need_suit(t[1], true);
    if (v == "save") {
      const auto plus = t[1].find('+');
      if (plus == std::string::npos) {
        const int r = need_heart(t[1]);
        if (r < 10) parse_error("a single-heart save is 10H, JH, QH or KH; two hearts: save 3H+5H");
        return kSaveOneBase + r;
      }
      int a = need_heart(t[1].substr(0, plus));
      int b = need_heart(t[1].substr(plus + 1));
      if (a == b || a == 1 || b == 1) parse_error("a pair save names two different non-Ace hearts");
      if (a > b) std::swap(a, b);
      return kSavePairBase + a * 14 + b;
    }
  }
  if (n == 3) {
    if (v == "count") {
      const int k = need_int(t[2]);
      if (k > 8) parse_error(fmt::format("count {} is out of range 0..8", k));
      return kGuessBase + need_suit(t[1], false) * 16 + k;
    }
    if (v == "predict") return kPredictAtBase + Action{need_cell(t[1])} * 4 + need_suit(t[2], true);
    if (v == "name") return kNameBase + Action{need_cell(t[1])} * kNumCards + need_card(t[2]);
    if (v == "swap") {
      int a = need_cell(t[1]);
      int b = need_cell(t[2]);
      if (a == b) parse_error("swap names two different cells");
      if (a > b) std::swap(a, b);
      return kSwapBase + Action{a} * kCells + b;
    }
    if (v == "move") {
      // The target may lie just outside the box, west or north of the maze (A-G1-48).
      int x = 0;
      int y = 0;
      if (!parse_frame_xy(t[2], x, y)) {
        parse_error(
            fmt::format("'{}' is not a cell to move to; expected x,y with -1 <= x, y <= 40", t[2]));
      }
      return encode_move(need_cell(t[1]), x, y);
    }
  }
  parse_error(fmt::format("cannot read '{}'; {}", text, kForms));
}

// ---- The whole-maze text form ------------------------------------------------------------------

Layout parse_maze(std::string_view text, Topology topo, bool advanced) {
  std::vector<std::vector<std::string>> rows;
  std::string line;
  std::string all;
  for (char c : text) all += c == '/' ? '\n' : c;
  std::istringstream lines(all);
  while (std::getline(lines, line)) {
    auto hash = line.find('#');
    if (hash != std::string::npos) line = line.substr(0, hash);
    std::vector<std::string> row = tokens(line);
    if (!row.empty()) rows.push_back(row);
  }
  if (rows.empty()) parse_error("the maze drawing is empty");
  if (rows.size() > kSide) parse_error("the maze drawing has more than 40 rows");
  Layout l;
  l.topo = topo;
  l.advanced = advanced;
  std::array<int, kNumCards> row_of{};
  for (int y = 0; y < static_cast<int>(rows.size()); ++y) {
    if (rows[y].size() > kSide) parse_error(fmt::format("row {} is wider than 40 cells", y));
    for (int x = 0; x < static_cast<int>(rows[y].size()); ++x) {
      const std::string& tok = rows[y][x];
      if (tok.find_first_not_of(".-_") == std::string::npos) continue;
      const int card = parse_card_code(tok);
      if (card < 0) {
        const bool heart = parse_heart_code(tok) >= 0;
        parse_error(fmt::format("cell {},{}: '{}' is {}", x, y, tok,
                                heart ? "a heart; the hearts are the Runner's hand"
                                      : "not a maze card (clubs, diamonds, spades, JK) or '.'"));
      }
      if (l.pos[card] >= 0) {
        parse_error(fmt::format("{} appears twice (at {} and {},{})", card_code(card),
                                cell_name(l.pos[card]), x, y));
      }
      l.place(card, make_cell(x, y));
      row_of[card] = y;
    }
  }
  std::string missing;
  for (int id = 0; id < kNumCards; ++id) {
    if (l.pos[id] < 0) missing += (missing.empty() ? "" : " ") + card_code(id);
  }
  if (!missing.empty()) {
    parse_error(
        fmt::format("the maze needs all 40 cards (clubs, diamonds, spades and one Joker); "
                    "missing: {}",
                    missing));
  }
  if (!l.connected())
    parse_error("the cards are not all joined edge to edge in one piece");  // G1.1
  if (advanced && !l.maze_ok()) {
    parse_error(
        "the Joker cannot be reached from A♦, even collecting the artifacts (J♦ Rope, Q♦ Veil, "
        "K♦ Mirror) in any order");  // G1.2 advanced game
  }
  if (!advanced && !l.has_diamond_path()) {
    parse_error(
        "no path of edge-adjacent diamonds leads from A♦ to a card next to the Joker");  // G1.2
  }
  return l;
}

std::string draw_maze(const Layout& l) {
  int x1 = -1;
  int y1 = -1;
  for (int id = 0; id < kNumCards; ++id) {
    if (l.pos[id] < 0) continue;
    x1 = std::max(x1, cell_x(l.pos[id]));
    y1 = std::max(y1, cell_y(l.pos[id]));
  }
  // Written row by row into one string: every view of the Maker's draws it.
  std::string out;
  out.reserve(static_cast<std::size_t>((y1 + 1) * (4 * (x1 + 1) + 2 * y1 + 1)));
  for (int y = 0; y <= y1; ++y) {
    const std::size_t row_start = out.size();
    // A hex board is drawn sheared: row r starts r half-cells right (axial q = column).
    if (l.topo == Topology::kHex) out.append(static_cast<std::size_t>(2 * y), ' ');
    for (int x = 0; x <= x1; ++x) {
      const int c = l.at[make_cell(x, y)];
      const std::string code = c < 0 ? "." : card_code(c);  // at most 3 characters: padded to 4
      out += code;
      out.append(4 - code.size(), ' ');
    }
    while (out.size() > row_start && out.back() == ' ') out.pop_back();
    out += '\n';
  }
  return out;
}

namespace {

std::vector<Action> placement_order_from(const Layout& l, std::vector<int> queue,
                                         std::array<bool, kNumCards> seen) {
  std::vector<Action> out;
  std::array<int, 6> nb{};
  for (std::size_t i = 0; i < queue.size(); ++i) {
    const int cell = queue[i];
    out.push_back(kPlaceBase + Action{l.at[cell]} * kCells + cell);
    const int n = l.neighbors(cell, nb);
    for (int k = 0; k < n; ++k) {
      const int c = l.at[nb[k]];
      if (c >= 0 && !seen[c]) {
        seen[c] = true;
        queue.push_back(nb[k]);
      }
    }
  }
  return out;
}

}  // namespace

std::vector<Action> placement_order(const Layout& l) {
  // Breadth first from the first card in reading order, so every card touches the ones before.
  // In the advanced game the Joker goes last when the others are one piece without it: until the
  // last card a placement must keep a basic completion possible (State::build_ok).
  std::array<bool, kNumCards> seen{};
  std::vector<int> queue;
  const bool joker_last = l.advanced && l.pos[kJoker] >= 0 && [&] {
    Layout rest = l;
    rest.remove(kJoker);
    return rest.connected();
  }();
  if (joker_last) seen[kJoker] = true;
  for (int cell = 0; cell < kCells && queue.empty(); ++cell) {
    if (l.at[cell] >= 0 && !seen[l.at[cell]]) {
      queue.push_back(cell);
      seen[l.at[cell]] = true;
    }
  }
  if (joker_last) {
    auto order = placement_order_from(l, queue, seen);
    order.push_back(kPlaceBase + Action{kJoker} * kCells + l.pos[kJoker]);
    return order;
  }
  return placement_order_from(l, queue, seen);
}

namespace {

// "ask <question>" (optionally after "recall advisor 2H+3H+4H"): the whole question is parsed
// before anything is spent (A-G1-41).
bool starts_with_word(std::string_view text, std::string_view word) {
  const auto b = text.find_first_not_of(" \t");
  if (b == std::string_view::npos || text.size() < b + word.size()) return false;
  for (std::size_t i = 0; i < word.size(); ++i) {
    if (std::tolower(static_cast<unsigned char>(text[b + i])) != word[i]) return false;
  }
  return text.size() == b + word.size() ||
         std::isspace(static_cast<unsigned char>(text[b + word.size()]));
}

}  // namespace

std::vector<Action> State::parse_question(std::string_view text) const {
  std::vector<Action> out;
  const auto ask = text.find("ask");
  std::string_view head = text.substr(0, ask);
  const std::string_view question = text.substr(ask + 3);
  const Decision d = decision();
  if (starts_with_word(head, "recall")) {
    if (d != Decision::kMain) parse_error("a recall is made from MAIN, with no effect pending");
    out.push_back(parse_action(head));
    if ((out[0] - kRecallBase) / 4096 != kAdvisor)
      parse_error("only the Advisor answers questions");
  } else if (d == Decision::kMain) {
    if (!in_hand(10)) {
      parse_error("asking needs the Advisor (10H) in hand, or 'recall advisor 2H+3H+4H ask ...'");
    }
    out.push_back(kUsePowerBase + kAdvisor);
  } else if (d != Decision::kAdvisorAsk || q_len_ != 0) {
    parse_error(d == Decision::kAdvisorAsk ? "a question is under way: continue it with q <token>"
                                           : "questions are asked with the Advisor, from MAIN");
  }
  for (std::uint16_t id : aql::parse_question(question, layout_.topo))
    out.push_back(kTokenBase + id);
  return out;
}

std::vector<Action> State::parse_actions(std::string_view text) const {
  if (starts_with_word(text, "ask") ||
      (starts_with_word(text, "recall") && text.find(" ask ") != std::string_view::npos)) {
    return parse_question(text);
  }
  const bool drawing = text.find('\n') != std::string_view::npos ||
                       text.find('/') != std::string_view::npos || tokens(text).size() > 3;
  if (decision() == Decision::kPlace && drawing) {
    if (layout_.count > 0) parse_error("a whole maze can be given only before any card is placed");
    return placement_order(parse_maze(text, config_.topo, config_.advanced));
  }
  return {parse_action(text)};
}

}  // namespace mw::pathfinder_cards
