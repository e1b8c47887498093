// The JSON forms of a Pathfinder state: the serialized body (to_json / from_json), the views and
// the information-state keys. Schema: docs/rules/pathfinder-barriers.md.
#include <fmt/format.h>

#include <algorithm>
#include <cstring>

#include "core/error.h"
#include "core/hash.h"
#include "core/json_depth.h"
#include "core/json_write.h"
#include "games/pathfinder_barriers/pathfinder_barriers.h"

namespace mw::pathfinder_barriers {
namespace {

constexpr std::array<const char*, 4> kPhaseNames = {"setup", "choose_first", "play", "over"};
constexpr std::array<const char*, 8> kMembers = {"phase",      "to_move", "first",    "winner",
                                                 "setup_done", "homes",   "tracking", "last"};

[[noreturn]] void bad(const std::string& what) {
  throw Error(ErrorCode::kBadState, "pathfinder-barriers state: " + what);
}

Json squares_json(std::uint64_t mask) {
  Json out = json_array(static_cast<std::size_t>(std::popcount(mask)));
  for (std::uint64_t m = mask; m != 0; m &= m - 1) out.push_back(square_name(std::countr_zero(m)));
  return out;
}

Json slots_json(const SlotSet& set) {
  Json out = json_array(static_cast<std::size_t>(set.count()));
  for (int slot : set.slots()) out.push_back(slot_name(slot));
  return out;
}

Json seat_or_null(int seat) {
  return seat < 0 ? Json(nullptr) : Json(seat);
}

// The last question as the views tell it: "enter B-1", "B-1>B-2", "B-1>exit".
std::string question_text(Action action, int from) {
  if (action == kExit) return square_name(from) + ">exit";
  if (action < kMoveBase)
    return "enter " + square_name(static_cast<int>(action - kEnterBase) * kSize);
  return square_name(from) + ">" +
         square_name(neighbour(from, static_cast<Dir>(action - kMoveBase)));
}

int read_seat(const Json& j, const char* name, bool nullable) {
  if (nullable && j.is_null()) return -1;
  if (!j.is_number_integer() || j.get<std::int64_t>() < 0 || j.get<std::int64_t>() > 1) {
    bad(fmt::format("\"{}\" must be 0 (North) or 1 (South){}, got {}", name,
                    nullable ? " or null" : "", json_excerpt(j)));
  }
  return j.get<int>();
}

int read_square(const Json& j, const char* name, bool nullable) {
  if (nullable && j.is_null()) return -1;
  const int sq = j.is_string() ? parse_square(j.get<std::string>()) : -1;
  if (sq < 0) bad(fmt::format("\"{}\" must be a square A-1..F-6, got {}", name, json_excerpt(j)));
  return sq;
}

SlotSet read_slots(const Json& j, const char* name) {
  if (!j.is_array()) bad(fmt::format("\"{}\" must be a list of slots", name));
  SlotSet out;
  for (const Json& item : j) {
    const int slot = item.is_string() ? parse_slot(item.get<std::string>()) : -1;
    if (slot < 0)
      bad(fmt::format("\"{}\" holds {}, not a slot like \"B-3|B-4\"", name, json_excerpt(item)));
    if (out.contains(slot)) bad(fmt::format("\"{}\" lists {} twice", name, json_excerpt(item)));
    out.add(slot);
  }
  return out;
}

std::uint64_t read_squares(const Json& j, const char* name) {
  if (!j.is_array()) bad(fmt::format("\"{}\" must be a list of squares", name));
  std::uint64_t out = 0;
  for (const Json& item : j) out |= sq_bit(read_square(item, name, false));
  return out;
}

// By value: a reference would outlive the caller's temporary fallback (`optional(j, "x",
// Json::array())` bound to a const Json& dangled once the full expression ended).
Json optional(const Json& body, const char* name, const Json& fallback) {
  return body.contains(name) ? body[name] : fallback;
}

HomeGrid read_home(const Json& j, int seat) {
  const std::string name = fmt::format("homes[{}]", seat);
  if (!j.is_object()) bad(fmt::format("\"{}\" must be an object {{\"pawn\", \"barriers\"}}", name));
  HomeGrid g;
  g.pawn = static_cast<std::int8_t>(read_square(optional(j, "pawn", Json(nullptr)), "pawn", true));
  g.barriers = read_slots(optional(j, "barriers", Json::array()), "barriers");
  return g;
}

Tracking read_tracking(const Json& j) {
  if (!j.is_object()) bad("each \"tracking\" entry must be an object");
  Tracking t;
  t.blocked = read_slots(optional(j, "blocked", Json::array()), "blocked");
  t.open = read_slots(optional(j, "open", Json::array()), "open");
  t.visited = read_squares(optional(j, "trail", Json::array()), "trail");
  t.pos = static_cast<std::int8_t>(
      read_square(optional(j, "explorer", Json(nullptr)), "explorer", true));
  const Json& exit = optional(j, "last_exit", Json(nullptr));
  if (!exit.is_null()) {
    const int sq = read_square(exit, "last_exit", false);
    if (col_of(sq) != 0) bad("\"last_exit\" must be a column-1 square");
    t.last_exit = static_cast<std::int8_t>(row_of(sq));
  }
  const Json& turns = optional(j, "turns", Json(0));
  if (!turns.is_number_integer() || turns.get<std::int64_t>() < 0 ||
      turns.get<std::int64_t>() > kMaxTurns) {
    bad(fmt::format("\"turns\" must be an integer in 0..{}, got {}", kMaxTurns,
                    json_excerpt(turns)));
  }
  t.turns = static_cast<std::int16_t>(turns.get<int>());
  return t;
}

// The facts a seeker's tracking grid must agree with: its answers came from `target`, its explorer
// stands where a chain of "Yes" answers leads, and it has not stood on the pawn unless it won.
void check_tracking(const Tracking& t, const HomeGrid& target, bool won, int seat) {
  const std::string who = kSeatNames[seat];
  if (t.open.intersects(t.blocked)) bad(who + "'s tracking grid has a slot both open and blocked");
  if (t.blocked.minus(target.barriers).count() != 0 || t.open.intersects(target.barriers)) {
    bad(who + "'s tracking grid disagrees with the other home grid");
  }
  if (t.pos >= 0) {
    // The explorer's way back out: known "Yes" slots from an entry it was told was open.
    SlotSet closed = kAllSlots.minus(t.open);
    if ((reachable_from_entries(closed) & sq_bit(t.pos)) == 0) {
      bad(who + "'s explorer stands where no chain of \"Yes\" answers leads");
    }
    if ((t.visited & sq_bit(t.pos)) == 0) bad(who + "'s explorer square must be on its trail");
    if (t.last_exit >= 0) bad(who + ": \"last_exit\" is only set while off the grid");
  }
  if (t.last_exit >= 0 && !t.open.contains(kFirstL + t.last_exit)) {
    bad(who + ": the row exited must have an entry slot known to be open");
  }
  const bool on_pawn = target.pawn >= 0 && (t.visited & sq_bit(target.pawn)) != 0;
  if (on_pawn != won || (won && t.pos != target.pawn)) {
    bad(who + "'s trail and the other's pawn disagree with the winner");
  }
}

}  // namespace

// ---- body ----

Json State::tracking_json(Player p) const {
  const Tracking& t = track_[p];
  Json j = json_object(6);
  add_member(j, "explorer", t.pos < 0 ? Json(nullptr) : Json(square_name(t.pos)));
  add_member(j, "blocked", slots_json(t.blocked));
  add_member(j, "open", slots_json(t.open));
  add_member(j, "trail", squares_json(t.visited));
  add_member(j, "last_exit",
             t.last_exit < 0 ? Json(nullptr) : Json(square_name(t.last_exit * kSize)));
  add_member(j, "turns", t.turns);
  return j;
}

Json State::to_json() const {
  Json j;
  j["phase"] = kPhaseNames[static_cast<int>(phase_)];
  j["to_move"] = to_move_;
  j["first"] = seat_or_null(first_);
  j["winner"] = seat_or_null(winner_);
  j["setup_done"] = {setup_done(0), setup_done(1)};
  j["homes"] = {home_grid_json(home_[0]), home_grid_json(home_[1])};
  j["tracking"] = {tracking_json(0), tracking_json(1)};
  j["last"] = last_seat_ < 0
                  ? Json(nullptr)
                  : Json{{"seat", last_seat_},
                         {"action", last_action_},
                         {"from", last_from_ < 0 ? Json(nullptr) : Json(square_name(last_from_))},
                         {"yes", last_yes_}};
  return j;
}

void State::read_json(const Json& body) {
  const Json& phase = body.contains("phase") ? body["phase"] : Json(nullptr);
  const std::string name = phase.is_string() ? phase.get<std::string>() : "";
  const auto it = std::find(kPhaseNames.begin(), kPhaseNames.end(), name);
  if (it == kPhaseNames.end()) {
    bad(fmt::format("\"phase\" must be one of setup, choose_first, play, over; got {}",
                    json_excerpt(phase)));
  }
  phase_ = static_cast<Phase>(it - kPhaseNames.begin());
  to_move_ =
      static_cast<std::int8_t>(read_seat(optional(body, "to_move", Json(0)), "to_move", false));
  first_ =
      static_cast<std::int8_t>(read_seat(optional(body, "first", Json(nullptr)), "first", true));
  winner_ =
      static_cast<std::int8_t>(read_seat(optional(body, "winner", Json(nullptr)), "winner", true));
  const Json& done = optional(body, "setup_done", Json::array({false, false}));
  if (!done.is_array() || done.size() != 2 || !done[0].is_boolean() || !done[1].is_boolean()) {
    bad("\"setup_done\" must be two booleans");
  }
  setup_done_ =
      static_cast<std::uint8_t>((done[0].get<bool>() ? 1 : 0) | (done[1].get<bool>() ? 2 : 0));
  const Json& homes = optional(body, "homes", Json::array({Json::object(), Json::object()}));
  if (!homes.is_array() || homes.size() != 2) bad("\"homes\" must hold North's and South's grids");
  for (int p = 0; p < 2; ++p) home_[p] = read_home(homes[p], p);
  const Json& tracking = optional(body, "tracking", Json::array({Json::object(), Json::object()}));
  if (!tracking.is_array() || tracking.size() != 2)
    bad("\"tracking\" must hold two tracking grids");
  for (int p = 0; p < 2; ++p) track_[p] = read_tracking(tracking[p]);
  const Json& last = optional(body, "last", Json(nullptr));
  if (!last.is_null()) {
    if (!last.is_object()) bad("\"last\" must be null or {seat, action, from, yes}");
    last_seat_ = static_cast<std::int8_t>(
        read_seat(optional(last, "seat", Json(nullptr)), "last.seat", false));
    const Json& a = optional(last, "action", Json(nullptr));
    if (!a.is_number_integer() || a.get<std::int64_t>() < kEnterBase ||
        a.get<std::int64_t>() > kExit) {
      bad(fmt::format("\"last.action\" must be a question action 200..214, got {}",
                      json_excerpt(a)));
    }
    last_action_ = static_cast<std::int16_t>(a.get<int>());
    last_from_ = static_cast<std::int8_t>(
        read_square(optional(last, "from", Json(nullptr)), "last.from", true));
    const Json& yes = optional(last, "yes", Json(nullptr));
    if (!yes.is_boolean()) bad("\"last.yes\" must be true or false");
    last_yes_ = yes.get<bool>();
  }
}

State State::from_json(const Json& body, const Options& options) {
  if (!body.is_object()) bad(fmt::format("expected a JSON object, got {}", body.type_name()));
  for (const auto& [name, value] : body.items()) {
    if (std::find(kMembers.begin(), kMembers.end(), name) == kMembers.end()) {
      bad(
          fmt::format("unknown member \"{}\"; expected phase, to_move, first, winner, setup_done, "
                      "homes, tracking, last",
                      name));
    }
  }
  State s = initial(options);
  s.read_json(body);
  const int cap = s.config_.max_barriers;
  for (int p = 0; p < 2; ++p) {
    const HomeGrid& g = s.home_[p];
    if (g.barriers.count() > cap)
      bad(fmt::format("{} uses more than {} chips", kSeatNames[p], cap));
    const bool finished = s.setup_done(p) || s.phase_ != Phase::kSetup;
    if (finished || (g.pawn >= 0)) {
      if (const std::string why = g.invalid_reason(cap); !why.empty()) {
        bad(fmt::format("{}'s home grid: {}", kSeatNames[p], why));
      }
    }
    if (g.pawn < 0 && !g.barriers.empty())
      bad(fmt::format("{}: chips before the pawn", kSeatNames[p]));
  }
  if (s.phase_ == Phase::kSetup) {
    const int seat = s.to_move_;
    if (s.setup_done(seat) || (seat == 1 && !s.setup_done(0)) || s.setup_done(1)) {
      bad("in setup North finishes first, then South; \"to_move\" is the seat setting up");
    }
    if (seat == 0 && (s.home_[1].pawn >= 0)) bad("South sets up after North");
  } else if (s.setup_done_ != 3) {
    bad("both home grids must be done after the setup");
  }
  const bool playing = s.phase_ == Phase::kPlay || s.phase_ == Phase::kOver;
  if (s.phase_ == Phase::kChooseFirst && s.config_.first_player >= 0) {
    bad("the choose_first phase needs the option firstPlayer=random");
  }
  if (playing && s.first_ < 0) bad("\"first\" must say who played first");
  if (!playing && (s.first_ >= 0 || s.last_seat_ >= 0)) bad("no question is asked before play");
  if ((s.winner_ >= 0) != (s.phase_ == Phase::kOver)) bad("a winner exactly when the game is over");
  for (int p = 0; p < 2; ++p) {
    if (playing) {
      check_tracking(s.track_[p], s.home_[1 - p], s.winner_ == p, p);
    } else if (!(s.track_[p] == Tracking{})) {
      bad("tracking grids stay empty until play begins");
    }
  }
  return s;
}

// ---- views ----

// What `observer` may see: the own home grid, every public question and answer, and everything
// once the game is over (rule 12).
Json State::view(Player observer) const {
  Json v = json_object(12);
  add_member(v, "game", "pathfinder-barriers");
  add_member(
      v, "observer",
      observer >= 0 ? Json(observer) : Json(observer == kSpectator ? "spectator" : "omniscient"));
  add_member(v, "seats", Json::array({kSeatNames[0], kSeatNames[1]}));
  add_member(v, "max_barriers", config_.max_barriers);
  add_member(v, "phase", kPhaseNames[static_cast<int>(phase_)]);
  add_member(v, "to_move", to_move_);
  add_member(v, "first", seat_or_null(first_));
  add_member(v, "winner", seat_or_null(winner_));
  add_member(v, "setup_done", Json::array({setup_done(0), setup_done(1)}));
  Json homes = json_array(2);
  for (Player p = 0; p < 2; ++p) {
    homes.push_back(sees_home(observer, p) ? home_grid_json(home_[p]) : Json(nullptr));
  }
  add_member(v, "homes", std::move(homes));
  add_member(v, "tracking", Json::array({tracking_json(0), tracking_json(1)}));
  if (last_seat_ < 0) {
    add_member(v, "last", nullptr);
  } else {
    Json last = json_object(3);
    add_member(last, "seat", last_seat_);
    add_member(last, "question", question_text(last_action_, last_from_));
    add_member(last, "answer", last_yes_ ? "yes" : "no");
    add_member(v, "last", std::move(last));
  }
  return v;
}

namespace {

void write_seat_or_null(JsonTextWriter& w, int seat) {
  if (seat < 0) {
    w.null();
  } else {
    w.integer(seat);
  }
}

void write_square_or_null(JsonTextWriter& w, int square) {
  if (square < 0) {
    w.null();
  } else {
    w.raw(square_json(square));
  }
}

// A list of names as one JSON array, written into a buffer and handed to the writer at once: a
// view lists dozens of slots and squares at every move.
class NameList {
 public:
  void add(std::string_view json) {
    if (size_ > 1) text_[size_++] = ',';
    std::memcpy(text_.data() + size_, json.data(), json.size());
    size_ += json.size();
  }
  void write(JsonTextWriter& w) {
    text_[size_++] = ']';
    w.raw({text_.data(), size_});
  }

 private:
  // '[' and ']', and each slot's name (at most 9 bytes quoted) and its comma.
  std::array<char, 2 + 10 * kSlots> text_{'['};
  std::size_t size_ = 1;
};

void write_slots(JsonTextWriter& w, const SlotSet& set) {
  NameList list;
  set.for_each([&list](int slot) { list.add(slot_json(slot)); });
  list.write(w);
}

// home_grid_json's text.
void write_home_grid(JsonTextWriter& w, const HomeGrid& grid) {
  w.begin_object();
  w.key("pawn");
  write_square_or_null(w, grid.pawn);
  w.key("barriers");
  write_slots(w, grid.barriers);
  w.end_object();
}

}  // namespace

void State::write_tracking(Player p, JsonTextWriter& w) const {
  const Tracking& t = track_[p];
  w.begin_object();
  w.key("explorer");
  write_square_or_null(w, t.pos);
  w.key("blocked");
  write_slots(w, t.blocked);
  w.key("open");
  write_slots(w, t.open);
  w.key("trail");
  NameList trail;
  for (std::uint64_t m = t.visited; m != 0; m &= m - 1) trail.add(square_json(std::countr_zero(m)));
  trail.write(w);
  w.key("last_exit");
  write_square_or_null(w, t.last_exit < 0 ? -1 : t.last_exit * kSize);
  w.key("turns");
  w.integer(t.turns);
  w.end_object();
}

// The same members in the same order as view(): core.JsonTextWritesEveryGamesViewsAsDumpDoes
// holds the two to one text for every observer of random games.
void State::write_view(Player observer, JsonTextWriter& w) const {
  w.begin_object();
  write_view_opening(w, "pathfinder-barriers", observer, kSeatNames);
  w.key("max_barriers");
  w.integer(config_.max_barriers);
  w.key("phase");
  w.string(kPhaseNames[static_cast<int>(phase_)]);
  w.key("to_move");
  w.integer(to_move_);
  w.key("first");
  write_seat_or_null(w, first_);
  w.key("winner");
  write_seat_or_null(w, winner_);
  w.key("setup_done");
  w.begin_array();
  w.boolean(setup_done(0));
  w.boolean(setup_done(1));
  w.end_array();
  w.key("homes");
  w.begin_array();
  for (Player p = 0; p < 2; ++p) {
    if (sees_home(observer, p)) {
      write_home_grid(w, home_[p]);
    } else {
      w.null();
    }
  }
  w.end_array();
  w.key("tracking");
  w.begin_array();
  write_tracking(0, w);
  write_tracking(1, w);
  w.end_array();
  w.key("last");
  if (last_seat_ < 0) {
    w.null();
  } else {
    w.begin_object();
    w.key("seat");
    w.integer(last_seat_);
    w.key("question");
    w.string(question_text(last_action_, last_from_));
    w.key("answer");
    w.string(last_yes_ ? "yes" : "no");
    w.end_object();
  }
  w.end_object();
}

std::uint64_t State::information_state_key(Player p) const {
  Hasher h(0x70617468ULL);
  h.add(static_cast<std::uint64_t>(p)).add(static_cast<std::uint64_t>(phase_));
  h.add(static_cast<std::uint64_t>(to_move_)).add(static_cast<std::uint64_t>(first_ + 1));
  h.add(static_cast<std::uint64_t>(winner_ + 1)).add(setup_done_);
  const bool all = phase_ == Phase::kOver;
  for (Player q = 0; q < 2; ++q) {
    if (all || q == p) {
      h.add(static_cast<std::uint64_t>(home_[q].pawn + 1)).add(home_[q].barriers.v);
      h.add(home_[q].barriers.h).add(home_[q].barriers.l);
    } else {
      h.add(0xffffULL);
    }
    const Tracking& t = track_[q];
    h.add(t.blocked.v).add(t.blocked.h).add(t.blocked.l);
    h.add(t.open.v).add(t.open.h).add(t.open.l).add(t.visited);
    h.add(static_cast<std::uint64_t>(t.pos + 1)).add(static_cast<std::uint64_t>(t.last_exit + 1));
    h.add(static_cast<std::uint64_t>(t.turns));
  }
  h.add(static_cast<std::uint64_t>(last_seat_ + 1))
      .add(static_cast<std::uint64_t>(last_action_ + 1));
  h.add(static_cast<std::uint64_t>(last_from_ + 1)).add(last_yes_ ? 1 : 0);
  return h.value();
}

}  // namespace mw::pathfinder_barriers
