// Square and slot names, the action notation, and the text forms of a whole home grid and a whole
// path (docs/rules/pathfinder-barriers.md, "Notation").
#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cctype>

#include "core/error.h"
#include "core/json_depth.h"
#include "core/json_write.h"
#include "games/pathfinder_barriers/pathfinder_barriers.h"

namespace mw::pathfinder_barriers {
namespace {

std::string lower(std::string_view text) {
  std::string out(text);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

std::string trim(std::string_view text) {
  std::size_t a = 0, b = text.size();
  while (a < b && std::isspace(static_cast<unsigned char>(text[a]))) ++a;
  while (b > a && std::isspace(static_cast<unsigned char>(text[b - 1]))) --b;
  return std::string(text.substr(a, b - a));
}

// Splits on any of `seps`, trimming and dropping empty pieces.
std::vector<std::string> split(std::string_view text, std::string_view seps) {
  std::vector<std::string> out;
  std::size_t i = 0;
  while (i <= text.size()) {
    std::size_t j = i;
    while (j < text.size() && seps.find(text[j]) == std::string_view::npos) ++j;
    std::string piece = trim(text.substr(i, j - i));
    if (!piece.empty()) out.push_back(std::move(piece));
    i = j + 1;
  }
  return out;
}

bool starts_with(const std::string& s, std::string_view prefix) {
  return s.rfind(prefix, 0) == 0;
}

[[noreturn]] void parse_error(const std::string& what) {
  throw Error(ErrorCode::kParse, what);
}

// The direction of a step from a to b, or nullopt when they are not orthogonal neighbours.
std::optional<Dir> step_dir(int a, int b) {
  for (Dir d : kAllDirs) {
    if (neighbour(a, d) == b) return d;
  }
  return std::nullopt;
}

std::string not_adjacent(int a, int b) {
  const bool diagonal =
      std::abs(row_of(a) - row_of(b)) == 1 && std::abs(col_of(a) - col_of(b)) == 1;
  if (diagonal) {
    return fmt::format("{} to {} is a diagonal move: diagonal movement is not allowed",  // rule 4
                       square_name(a), square_name(b));
  }
  return fmt::format("{} and {} are not next to each other: move one square at a time",  // rule 4
                     square_name(a), square_name(b));
}

// "RULINGS" slot names: L(C), V(B,3) (between B-3 and B-4), H(E,1) (between E-1 and F-1).
int parse_ruling_slot(const std::string& t) {
  if (t.size() == 4 && t[0] == 'l' && t[1] == '(' && t[3] == ')') {
    const int r = t[2] - 'a';
    return r >= 0 && r < kSize ? kFirstL + r : -1;
  }
  if (t.size() == 6 && (t[0] == 'v' || t[0] == 'h') && t[1] == '(' && t[3] == ',' && t[5] == ')') {
    const int r = t[2] - 'a', c = t[4] - '1';
    if (r < 0 || r >= kSize || c < 0 || c >= kSize) return -1;
    if (t[0] == 'v') return c < kSize - 1 ? r * 5 + c : -1;
    return r < kSize - 1 ? kFirstH + r * kSize + c : -1;
  }
  return -1;
}

}  // namespace

// Written once: every view and every question's text name squares and slots.
std::string square_name(int sq) {
  static const auto kNames = [] {
    std::array<std::string, kSquares> names;
    for (int i = 0; i < kSquares; ++i) {
      names[i] = fmt::format("{}-{}", static_cast<char>('A' + row_of(i)), col_of(i) + 1);
    }
    return names;
  }();
  if (sq < 0 || sq >= kSquares) return "off";
  return kNames[sq];
}

int parse_square(std::string_view text) {
  std::string t = lower(trim(text));
  t.erase(std::remove(t.begin(), t.end(), '-'), t.end());
  if (t.size() != 2) return -1;
  const int r = t[0] - 'a', c = t[1] - '1';
  if (r < 0 || r >= kSize || c < 0 || c >= kSize) return -1;
  return r * kSize + c;
}

namespace {
std::string make_slot_name(int slot) {
  if (slot >= kFirstL) return "|" + square_name((slot - kFirstL) * kSize);
  if (slot >= kFirstH) {
    const int sq = slot - kFirstH;
    return square_name(sq) + "|" + square_name(sq + kSize);
  }
  const int sq = slot / 5 * kSize + slot % 5;
  return square_name(sq) + "|" + square_name(sq + 1);
}
}  // namespace

std::string slot_name(int slot) {
  static const auto kNames = [] {
    std::array<std::string, kSlots> names;
    for (int i = 0; i < kSlots; ++i) names[i] = make_slot_name(i);
    return names;
  }();
  if (slot < 0 || slot >= kSlots) return "?";
  return kNames[slot];
}

namespace {
// A name as its JSON string: the game's names and fixed words need no escape.
std::string json_quoted(const std::string& text) {
  return '"' + text + '"';
}

template <std::size_t N>
std::array<std::string, N> quoted(std::string (*name)(int)) {
  std::array<std::string, N> out;
  for (std::size_t i = 0; i < N; ++i) out[i] = json_quoted(name(static_cast<int>(i)));
  return out;
}
}  // namespace

std::string_view square_json(int sq) {
  static const auto kQuoted = quoted<kSquares>(square_name);
  return sq >= 0 && sq < kSquares ? std::string_view(kQuoted[sq]) : "\"off\"";
}

std::string_view slot_json(int slot) {
  static const auto kQuoted = quoted<kSlots>(slot_name);
  return slot >= 0 && slot < kSlots ? std::string_view(kQuoted[slot]) : "\"?\"";
}

int parse_slot(std::string_view text) {
  const std::string t = lower(trim(text));
  if (const int s = parse_ruling_slot(t); s >= 0) return s;
  const auto bar = t.find_first_of("|/");
  if (bar == std::string::npos) return -1;
  const std::string left = trim(t.substr(0, bar)), right = trim(t.substr(bar + 1));
  const int b = parse_square(right);
  if (left.empty()) return b >= 0 && col_of(b) == 0 ? kFirstL + row_of(b) : -1;
  const int a = parse_square(left);
  if (a < 0 || b < 0) return -1;
  const auto d = step_dir(a, b);
  return d ? slot_between(a, *d) : -1;
}

// ---- whole home grids ----

std::string home_grid_text(const HomeGrid& grid) {
  std::string out = square_name(grid.pawn) + ":";
  for (int slot : grid.barriers.slots()) out += " " + slot_name(slot);
  return out;
}

Json home_grid_json(const HomeGrid& grid) {
  Json barriers = json_array(static_cast<std::size_t>(grid.barriers.count()));
  for (int slot : grid.barriers.slots()) barriers.push_back(slot_name(slot));
  Json j = json_object(2);
  add_member(j, "pawn", grid.pawn < 0 ? Json(nullptr) : Json(square_name(grid.pawn)));
  add_member(j, "barriers", std::move(barriers));
  return j;
}

namespace {
void add_barrier(HomeGrid& g, int slot, const std::string& text) {
  if (slot < 0) {
    parse_error(fmt::format("'{}' is not a slot; write 'B-3|B-4', 'E-1|F-1' or '|C-1'", text));
  }
  if (g.barriers.contains(slot)) parse_error(fmt::format("slot {} is listed twice", text));
  g.barriers.add(slot);
}
}  // namespace

HomeGrid home_grid_from_json(const Json& j) {
  if (!j.is_object() || !j.contains("pawn") || !j.contains("barriers") ||
      !j["barriers"].is_array()) {
    parse_error(R"(a home grid in JSON is {"pawn": "E-5", "barriers": ["|C-1", "E-1|F-1", ...]})");
  }
  HomeGrid g;
  const Json& pawn = j["pawn"];
  g.pawn = static_cast<std::int8_t>(pawn.is_string() ? parse_square(pawn.get<std::string>()) : -1);
  if (g.pawn < 0)
    parse_error(fmt::format("the pawn must be a square A-1..F-6, got {}", json_excerpt(pawn)));
  for (const Json& b : j["barriers"]) {
    const std::string text = b.is_string() ? b.get<std::string>() : json_excerpt(b);
    add_barrier(g, b.is_string() ? parse_slot(text) : -1, text);
  }
  return g;
}

HomeGrid parse_home_grid(std::string_view text) {
  const std::string t = trim(text);
  if (!t.empty() && t.front() == '{') {
    return home_grid_from_json(parse_untrusted_json(t, ErrorCode::kParse, "the home grid"));
  }
  const auto colon = t.find(':');
  if (colon == std::string::npos) {
    parse_error("a home grid is written 'PAWN: SLOT SLOT ...', e.g. 'E-5: |C-1 E-1|F-1 F-5|F-6'");
  }
  std::string pawn_text = lower(trim(t.substr(0, colon)));
  if (starts_with(pawn_text, "pawn")) pawn_text = trim(pawn_text.substr(4));
  HomeGrid g;
  g.pawn = static_cast<std::int8_t>(parse_square(pawn_text));
  if (g.pawn < 0) {
    parse_error(fmt::format("'{}' is not a square for the pawn (A-1 .. F-6)", pawn_text));
  }
  for (const std::string& piece : split(t.substr(colon + 1), " \t\n,;")) {
    add_barrier(g, parse_slot(piece), piece);
  }
  return g;
}

// ---- actions ----

std::string State::action_to_string(Action a) const {
  if (a >= kPawnBase && a < kPawnBase + kSquares) {
    return "pawn " + square_name(static_cast<int>(a - kPawnBase));
  }
  if (a >= kBarrierBase && a < kBarrierBase + kSlots) {
    return "bar " + slot_name(static_cast<int>(a - kBarrierBase));
  }
  if (a == kDone) return "done";
  if (a >= kEnterBase && a < kEnterBase + kSize) {
    return "enter " + square_name(static_cast<int>(a - kEnterBase) * kSize);
  }
  if (a >= kMoveBase && a < kMoveBase + 4) {
    const auto d = static_cast<Dir>(a - kMoveBase);
    const int pos = phase_ == Phase::kPlay ? track_[to_move_].pos : -1;
    if (pos >= 0 && neighbour(pos, d) >= 0) {
      return square_name(pos) + ">" + square_name(neighbour(pos, d));
    }
    return "move " + std::string(dir_name(d));
  }
  if (a == kExit) return "exit";
  if (a >= kFirstPlayerBase && a < kFirstPlayerBase + 2) {
    return fmt::format("first {}", kSeatNames[a - kFirstPlayerBase]);
  }
  return fmt::format("invalid({})", a);
}

// Only the set-up is secret (G2.2): the grid stays behind the screen until the end. Questions,
// moves and their answers are spoken aloud, and the first player is drawn in the open.
bool State::sees_action_in_full(Player observer, Action a) const {
  const bool secret = phase_ == Phase::kSetup && a >= kPawnBase && a <= kDone;
  return !secret || observer == to_move_ || observer == kOmniscient;
}

namespace {
// The texts of the actions before kMoveBase, which name the same thing in every state, as JSON
// strings; empty where no action is.
const std::array<std::string, kMoveBase>& fixed_action_json() {
  static const auto kTexts = [] {
    std::array<std::string, kMoveBase> texts;
    for (int sq = 0; sq < kSquares; ++sq) {
      texts[kPawnBase + sq] = json_quoted("pawn " + square_name(sq));
    }
    for (int slot = 0; slot < kSlots; ++slot) {
      texts[kBarrierBase + slot] = json_quoted("bar " + slot_name(slot));
    }
    texts[kDone] = json_quoted("done");
    for (int row = 0; row < kSize; ++row) {
      texts[kEnterBase + row] = json_quoted("enter " + square_name(row * kSize));
    }
    return texts;
  }();
  return kTexts;
}

// A step's text ("B-1>B-2") from each square in each direction, as a JSON string; empty off the
// grid.
std::string_view step_json(int from, Dir d) {
  static const auto kTexts = [] {
    std::array<std::array<std::string, 4>, kSquares> texts;
    for (int sq = 0; sq < kSquares; ++sq) {
      for (int i = 0; i < 4; ++i) {
        const int to = neighbour(sq, static_cast<Dir>(i));
        if (to >= 0) texts[sq][i] = json_quoted(square_name(sq) + ">" + square_name(to));
      }
    }
    return texts;
  }();
  return kTexts[from][static_cast<int>(d)];
}

}  // namespace

// action_to_string's text, as a JSON string, without building it (the server lists every legal
// move after each move: a hundred during the set-up).
void State::write_action_text(Action a, JsonTextWriter& w) const {
  if (a >= 0 && a < kMoveBase) {
    if (const std::string& text = fixed_action_json()[a]; !text.empty()) return w.raw(text);
  }
  if (a >= kMoveBase && a < kMoveBase + 4 && phase_ == Phase::kPlay) {
    const int pos = track_[to_move_].pos;
    if (pos >= 0) {
      const std::string_view text = step_json(pos, static_cast<Dir>(a - kMoveBase));
      if (!text.empty()) return w.raw(text);
    }
  }
  w.string(action_to_string(a));
}

std::string State::action_to_string_for(Player observer, Action a) const {
  if (sees_action_in_full(observer, a)) return action_to_string(a);
  // The others learn only that the set-up is finished: of its steps they are told nothing, not
  // even that they happen (so not how many chips are in).
  if (a == kDone) {
    return fmt::format("{} finishes the setup", kSeatNames[static_cast<std::size_t>(to_move_)]);
  }
  return "";
}

Action State::parse_setup(std::string_view text) const {
  std::string t = lower(trim(text));
  if (t == "done" || t == "finish" || t == "ready") return kDone;
  if (starts_with(t, "pawn")) {
    const int sq = parse_square(t.substr(4));
    if (sq < 0)
      parse_error(fmt::format("'{}': expected 'pawn' and a square, like 'pawn E-5'", text));
    return kPawnBase + sq;
  }
  for (std::string_view word : {"bar", "barrier", "chip", "wall"}) {
    if (starts_with(t, word) && t.size() > word.size() &&
        (t[word.size()] == ' ' || t[word.size()] == '|')) {
      t = trim(t.substr(word.size()));
      break;
    }
  }
  if (const int slot = parse_slot(t); slot >= 0) return kBarrierBase + slot;
  if (const int sq = parse_square(t); sq >= 0 && home_[to_move_].pawn < 0) return kPawnBase + sq;
  parse_error(
      fmt::format("'{}' is not setup notation: expected 'pawn E-5', a barrier slot ('bar B-3|B-4', "
                  "'E-1|F-1', '|C-1'), 'done', or a whole grid 'E-5: |C-1 E-1|F-1 ...'",
                  text));
}

Action State::parse_play(std::string_view text) const {
  std::string t = lower(trim(text));
  const Tracking& me = track_[to_move_];
  if (t == "exit" || t == "out" || t == "leave") return kExit;
  if (starts_with(t, "move ")) t = trim(t.substr(5));
  if (const auto d = parse_dir(t)) return kMoveBase + static_cast<int>(*d);
  if (starts_with(t, "enter")) {
    const std::string rest = trim(t.substr(5));
    int sq = parse_square(rest);
    if (sq < 0 && rest.size() == 1) sq = parse_square(rest + "1");
    if (sq < 0 || col_of(sq) != 0) {
      parse_error(fmt::format("'{}': you enter at a column-1 square, like 'enter B-1'", text));
    }
    return kEnterBase + row_of(sq);
  }
  const auto arrow = t.find('>');
  if (arrow != std::string::npos) {
    const int from = parse_square(t.substr(0, arrow));
    const std::string to_text = trim(t.substr(arrow + 1));
    if (from < 0) parse_error(fmt::format("'{}': a move is written 'B-1>B-2'", text));
    if (from != me.pos) {
      parse_error(
          fmt::format("your explorer is on {}, not {}", square_name(me.pos), square_name(from)));
    }
    if (to_text == "exit" || to_text == "out") return kExit;
    const int to = parse_square(to_text);
    if (to < 0) parse_error(fmt::format("'{}': a move is written 'B-1>B-2'", text));
    const auto d = step_dir(from, to);
    if (!d) parse_error(not_adjacent(from, to));
    return kMoveBase + static_cast<int>(*d);
  }
  if (const int sq = parse_square(t); sq >= 0) {
    if (me.pos < 0) {
      if (col_of(sq) != 0) {
        parse_error(fmt::format("your explorer is off the grid: enter at a column-1 square, not {}",
                                square_name(sq)));
      }
      return kEnterBase + row_of(sq);
    }
    const auto d = step_dir(me.pos, sq);
    if (!d) parse_error(not_adjacent(me.pos, sq));
    return kMoveBase + static_cast<int>(*d);
  }
  parse_error(fmt::format(
      "'{}' is not Pathfinder notation: expected 'enter B-1', a move 'B-1>B-2' (or 'right', or "
      "the square 'B-2'), a path 'B-1>B-2>B-3', or 'exit'",
      text));
}

Action State::parse_action(std::string_view text) const {
  const std::string t = lower(trim(text));
  if (starts_with(t, "first ")) {
    const std::string who = trim(t.substr(6));
    if (who == "north" || who == "0") return kFirstPlayerBase;
    if (who == "south" || who == "1") return kFirstPlayerBase + 1;
    parse_error("expected 'first North' or 'first South'");
  }
  if (phase_ == Phase::kSetup) return parse_setup(text);
  if (phase_ == Phase::kPlay) return parse_play(text);
  // Between phases (chance, over) every form is read without its context.
  if (t == "done") return kDone;
  if (t == "exit") return kExit;
  if (starts_with(t, "pawn ") && parse_square(t.substr(5)) >= 0) {
    return kPawnBase + parse_square(t.substr(5));
  }
  if (starts_with(t, "bar ") && parse_slot(t.substr(4)) >= 0) {
    return kBarrierBase + parse_slot(t.substr(4));
  }
  if (starts_with(t, "enter ") && parse_square(t.substr(6)) >= 0 &&
      col_of(parse_square(t.substr(6))) == 0) {
    return kEnterBase + row_of(parse_square(t.substr(6)));
  }
  if (starts_with(t, "move ")) {
    if (const auto d = parse_dir(t.substr(5))) return kMoveBase + static_cast<int>(*d);
  }
  parse_error(fmt::format("'{}' is not Pathfinder notation", text));
}

// ---- several actions in one text ----

std::vector<Action> State::parse_setup_text(std::string_view text) const {
  const HomeGrid& mine = home_[to_move_];
  const HomeGrid grid = parse_home_grid(text);
  if (mine.pawn >= 0 && mine.pawn != grid.pawn) {
    parse_error(fmt::format("your pawn is already on {}", square_name(mine.pawn)));
  }
  HomeGrid all = grid;
  all.barriers = all.barriers | mine.barriers;
  if (const std::string why = all.invalid_reason(config_.max_barriers); !why.empty()) {
    parse_error("that home grid is not valid: " + why);
  }
  std::vector<Action> out;
  if (mine.pawn < 0) out.push_back(kPawnBase + grid.pawn);
  for (int slot : grid.barriers.minus(mine.barriers).slots()) out.push_back(kBarrierBase + slot);
  out.push_back(kDone);
  return out;
}

// A path is checked against public facts first (adjacency, known-blocked slots, the re-entry
// rule), as if every answer were "Yes", so an error never depends on the hidden grid; then it is
// cut after the first question whose answer ends the turn or wins.
std::vector<Action> State::parse_path(std::string_view text) const {
  std::vector<std::string> tokens = split(text, ">,");
  if (tokens.empty()) parse_error("an empty path");
  std::string& first = tokens.front();
  if (starts_with(lower(first), "enter")) first = trim(first.substr(5));
  State sim = *this;  // the all-"Yes" walk on public facts only
  HomeGrid& other = sim.home_[1 - to_move_];
  other.barriers = {};
  other.pawn = -1;
  std::vector<Action> actions;
  for (std::size_t i = 0; i < tokens.size(); ++i) {
    if (sim.phase_ != Phase::kPlay || sim.to_move_ != to_move_) {
      parse_error(fmt::format("the turn ends on exiting: nothing may follow '{}'",
                              tokens[i - 1]));  // rule 8
    }
    const int sq = parse_square(tokens[i]);
    if (i == 0 && sq >= 0 && sq == sim.track_[to_move_].pos) continue;
    const Action a = sim.parse_play(tokens[i]);
    if (const std::string why = sim.illegal_reason(a); !why.empty()) {
      parse_error(fmt::format("'{}' in that path is not legal: {}", tokens[i], why));
    }
    sim.apply_legal(a);
    actions.push_back(a);
  }
  State real = *this;
  for (std::size_t i = 0; i < actions.size(); ++i) {
    real.apply_legal(actions[i]);
    if (real.phase_ != Phase::kPlay || real.to_move_ != to_move_) {
      actions.resize(i + 1);
      break;
    }
  }
  return actions;
}

std::vector<Action> State::parse_actions(std::string_view text) const {
  const std::string t = trim(text);
  if (phase_ == Phase::kSetup) {
    if (t.find(':') != std::string::npos || (!t.empty() && t.front() == '{')) {
      return parse_setup_text(t);
    }
    std::vector<Action> out;
    State sim = *this;
    for (const std::string& piece : split(t, ",;")) {
      const Action a = sim.parse_action(piece);
      out.push_back(a);
      if (sim.illegal_reason(a).empty()) sim.apply_legal(a);
    }
    if (out.empty()) return {parse_action(t)};
    return out;
  }
  if (phase_ == Phase::kPlay && t.find_first_of(">,") != std::string::npos) {
    const auto arrow = t.find('>');
    // "B-1>B-2" alone is one move; with more squares it is a path.
    if (arrow != std::string::npos && t.find_first_of(">,", arrow + 1) == std::string::npos &&
        t.find(',') == std::string::npos && parse_square(t.substr(0, arrow)) >= 0 &&
        parse_square(t.substr(0, arrow)) == track_[to_move_].pos) {
      return {parse_action(t)};
    }
    return parse_path(t);
  }
  return {parse_action(t)};
}

}  // namespace mw::pathfinder_barriers
