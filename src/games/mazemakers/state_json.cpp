// Reading a MazeMakers body (from_json), field by field (docs/rules/mazemakers.md).
#include <fmt/format.h>

#include <algorithm>
#include <string>
#include <string_view>

#include "games/mazemakers/mazemakers.h"
#include "games/mazemakers/state_json_internal.h"

namespace mw::mazemakers {
namespace {

// `where` names the object holding the field in messages ("last_combat.").
int read_int(const Json& j, const char* name, int lo, int hi, std::string_view where = "") {
  if (!j.contains(name)) bad(fmt::format("'{}{}' is missing", where, name));
  const Json& v = j[name];
  if (!v.is_number_integer()) bad(fmt::format("'{}{}' must be an integer", where, name));
  const auto x = v.get<std::int64_t>();
  if (x < lo || x > hi) bad(fmt::format("'{}{}' = {} is outside {}..{}", where, name, x, lo, hi));
  return static_cast<int>(x);
}

bool read_bool(const Json& j, const char* name, std::string_view where = "") {
  if (!j.contains(name) || !j[name].is_boolean()) {
    bad(fmt::format("'{}{}' must be a boolean", where, name));
  }
  return j[name].get<bool>();
}

// Ranges only; what the rest of the position implies is check_last_combat's. A document without
// the field (written before the record existed) loads with no last combat.
Combat read_combat(const Json& body, int players, int cells, int die_lo, int die_hi) {
  Combat c;
  if (!body.contains("last_combat")) return c;
  const Json& j = body["last_combat"];
  if (j.is_null()) return c;
  if (!j.is_object()) bad("'last_combat' must be null or an object");
  constexpr std::string_view in = "last_combat.";
  const auto i8 = [](int x) { return static_cast<std::int8_t>(x); };
  c.fighter = i8(read_int(j, "fighter", 0, players - 1, in));
  c.blocker = i8(read_int(j, "blocker", -1, players - 1, in));
  c.monster = i8(read_int(j, "monster", 0, 4, in));
  c.cell = static_cast<std::int16_t>(read_int(j, "cell", 0, cells - 1, in));
  c.fighter_die = i8(read_int(j, "fighter_die", die_lo, die_hi, in));
  c.fighter_bonus = i8(read_int(j, "fighter_bonus", 0, 3, in));
  c.blocker_die = i8(read_int(j, "blocker_die", 0, die_hi, in));
  c.blocker_bonus = i8(read_int(j, "blocker_bonus", 0, 3, in));
  c.loser_died = read_bool(j, "loser_died", in);
  c.stopped_at = static_cast<std::int16_t>(read_int(j, "stopped_at", -1, kStart, in));
  return c;
}

template <std::size_t N, class T>
void read_ints(const Json& j, const char* name, std::size_t count, int lo, int hi,
               std::array<T, N>& out) {
  if (!j.contains(name) || !j[name].is_array() || j[name].size() != count) {
    bad(fmt::format("'{}' must be an array of {} integers", name, count));
  }
  for (std::size_t i = 0; i < count; ++i) {
    const Json& v = j[name][i];
    if (!v.is_number_integer()) bad(fmt::format("'{}'[{}] must be an integer", name, i));
    const auto x = v.get<std::int64_t>();
    if (x < lo || x > hi) bad(fmt::format("'{}'[{}] = {} is outside {}..{}", name, i, x, lo, hi));
    out[i] = static_cast<T>(x);
  }
}

}  // namespace

State State::from_json(const Json& body, const Options& options) {
  if (!body.is_object()) bad("the body must be an object");
  State s = initial(options);
  const int n = s.config_.players;
  const auto un = static_cast<std::size_t>(n);
  if (!body.contains("phase") || !body["phase"].is_string()) bad("'phase' must be a string");
  const auto it =
      std::find(kPhaseNames.begin(), kPhaseNames.end(), body["phase"].get<std::string>());
  if (it == kPhaseNames.end()) bad("unknown phase");
  s.phase_ = static_cast<Phase>(it - kPhaseNames.begin());
  s.first_ = static_cast<std::int8_t>(read_int(body, "first", 0, n - 1));
  s.order_index_ = static_cast<std::int8_t>(read_int(body, "order_index", 0, n - 1));
  s.setup_count_ = static_cast<std::int8_t>(read_int(body, "setup_count", 0, kNumCoins));
  read_ints(body, "suits", un, -1, kNumSuits - 1, s.suit_);
  s.used_suits_ = static_cast<std::uint8_t>(read_int(body, "used_suits", 0, 15));
  read_ints(body, "placements", kNumPieces, -1, kNumOrientations * kCells - 1, s.placement_);
  read_ints(body, "owners", kNumPieces, -1, n - 1, s.owner_);
  read_ints(body, "owner_coins", kNumPieces, 0, 3, s.owner_coins_);
  read_ints(body, "coin_cells", kNumCoins, -1, s.num_cells() - 1, s.coin_cell_);
  if (s.tiles_board()) {
    if (!body.contains("tiles") || !body["tiles"].is_array()) bad("'tiles' must be an array");
    s.tiles_ = 0;
    for (const Json& t : body["tiles"]) {
      if (!t.is_number_integer()) bad("'tiles' must hold integers");
      const auto pos = t.get<std::int64_t>();
      if (pos < 0 || pos >= kTileSlots || pos == kStartTile) bad("a tile outside the window");
      if (s.tile_at(static_cast<int>(pos))) bad("two tiles on one position");
      s.tiles_ |= Mask{1} << pos;
    }
  }
  read_ints(body, "landed", un, 0, 4095, s.landed_);
  s.taken_ = static_cast<std::uint16_t>(read_int(body, "taken", 0, 4095));
  s.removed_ = static_cast<std::uint16_t>(read_int(body, "removed", 0, 4095));
  read_ints(body, "pawns", un, -1, kStart, s.pawn_);
  for (int x : s.pawn_) {
    if (x >= s.num_cells() && x != kStart) bad("a pawn off the board");
  }
  read_ints(body, "health", un, 0, kMaxHealth, s.health_);
  read_ints(body, "artifacts", un, 0, 3, s.artifacts_);
  s.exited_ = static_cast<std::uint8_t>(read_int(body, "exited", 0, (1 << n) - 1));
  s.winners_ = static_cast<std::uint8_t>(read_int(body, "winners", 0, (1 << n) - 1));
  s.mover_ = static_cast<std::int8_t>(read_int(body, "mover", 0, n - 1));
  s.forced_ = static_cast<std::int8_t>(read_int(body, "forced", -1, kNumPieces - 1));
  s.steps_left_ = static_cast<std::int8_t>(read_int(body, "steps_left", 0, kMaxHealth));
  s.last_free_ = static_cast<std::int16_t>(read_int(body, "last_free", 0, kStart));
  s.target_ = static_cast<std::int16_t>(read_int(body, "target", -1, kStart));
  s.blocker_ = static_cast<std::int8_t>(read_int(body, "blocker", -1, n - 1));
  s.pending_roll_ = static_cast<std::int8_t>(read_int(body, "pending_roll", -1, 6));
  s.turn_began_on_start_ = read_bool(body, "began_on_start");
  s.left_start_ = read_bool(body, "left_start");
  s.rolloff_ = static_cast<std::uint8_t>(read_int(body, "rolloff", 0, (1 << n) - 1));
  s.rolloff_done_ = static_cast<std::uint8_t>(read_int(body, "rolloff_done", 0, (1 << n) - 1));
  // A combat or roll-off total is a die face plus at most 3 artifacts; a monster's value is 2..4.
  const int max_total = s.die_value(5) + 3;
  read_ints(body, "rolloff_total", kMaxPlayers, 0, max_total, s.rolloff_total_);
  // Completed rounds: the game ends at roundLimit; without one the counter saturates.
  s.round_ =
      read_int(body, "round", 0, s.config_.round_limit > 0 ? s.config_.round_limit : kMaxRound);
  s.last_combat_ = read_combat(body, n, s.num_cells(), s.die_value(0), s.die_value(5));
  s.check_invariants();
  return s;
}

}  // namespace mw::mazemakers
