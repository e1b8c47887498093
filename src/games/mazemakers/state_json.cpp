// The state body (to_json / from_json), the views of each observer, information-state keys and
// resampling of the hidden coin suits (docs/rules/mazemakers.md).
#include <fmt/format.h>

#include <algorithm>
#include <numeric>

#include "core/error.h"
#include "core/hash.h"
#include "games/mazemakers/mazemakers.h"

namespace mw::mazemakers {
namespace {

constexpr std::array<std::string_view, 15> kPhaseNames = {
    "first",      "suit", "extraSuit", "walls",   "tiles",       "control", "coins", "coinSuits",
    "wallAction", "move", "block",     "pvpRoll", "monsterRoll", "rolloff", "over"};

[[noreturn]] void bad(const std::string& what) {
  throw Error(ErrorCode::kBadState, "MazeMakers state: " + what);
}

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

// Null until the first fight: a game before any combat has one document whatever came before.
Json combat_body(const Combat& c) {
  if (!c.any()) return nullptr;
  return {{"fighter", c.fighter},         {"blocker", c.blocker},
          {"monster", c.monster},         {"cell", c.cell},
          {"fighter_die", c.fighter_die}, {"fighter_bonus", c.fighter_bonus},
          {"blocker_die", c.blocker_die}, {"blocker_bonus", c.blocker_bonus},
          {"loser_died", c.loser_died},   {"stopped_at", c.stopped_at}};
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

Json seat_or_null(int seat) {
  return seat < 0 ? Json(nullptr) : Json(fmt::format("P{}", seat + 1));
}

std::string suit_name(int s) {
  return std::string(kSuitNames[s]);
}

}  // namespace

Json State::to_json() const {
  const auto n = static_cast<std::size_t>(config_.players);
  Json j = Json::object();
  j["phase"] = kPhaseNames[static_cast<int>(phase_)];
  j["first"] = first_;
  j["order_index"] = order_index_;
  j["setup_count"] = setup_count_;
  j["suits"] = std::vector<int>(suit_.begin(), suit_.begin() + n);
  j["used_suits"] = used_suits_;
  j["placements"] = std::vector<int>(placement_.begin(), placement_.end());
  if (tiles_board()) {
    std::vector<int> tiles;
    for (int pos = 0; pos < kTileSlots; ++pos) {
      if (tile_at(pos)) tiles.push_back(pos);
    }
    j["tiles"] = tiles;
  }
  j["owners"] = std::vector<int>(owner_.begin(), owner_.end());
  j["owner_coins"] = std::vector<int>(owner_coins_.begin(), owner_coins_.end());
  j["coin_cells"] = std::vector<int>(coin_cell_.begin(), coin_cell_.end());
  j["landed"] = std::vector<int>(landed_.begin(), landed_.begin() + n);
  j["taken"] = taken_;
  j["removed"] = removed_;
  j["pawns"] = std::vector<int>(pawn_.begin(), pawn_.begin() + n);
  j["health"] = std::vector<int>(health_.begin(), health_.begin() + n);
  j["artifacts"] = std::vector<int>(artifacts_.begin(), artifacts_.begin() + n);
  j["exited"] = exited_;
  j["winners"] = winners_;
  j["mover"] = mover_;
  j["forced"] = forced_;
  j["steps_left"] = steps_left_;
  j["last_free"] = last_free_;
  j["target"] = target_;
  j["blocker"] = blocker_;
  j["pending_roll"] = pending_roll_;
  j["began_on_start"] = turn_began_on_start_;
  j["left_start"] = left_start_;
  j["rolloff"] = rolloff_;
  j["rolloff_done"] = rolloff_done_;
  j["rolloff_total"] = std::vector<int>(rolloff_total_.begin(), rolloff_total_.end());
  j["round"] = round_;
  j["last_combat"] = combat_body(last_combat_);
  return j;
}

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

// What from_json needs beyond ranges: a position the rules can reach and play on from.
void State::check_invariants() {
  const int n = config_.players;
  const bool setup = phase_ <= Phase::kCoinSuits;
  Mask walls = 0;
  int placed = 0;
  if (tiles_board()) {
    check_tile_invariants(setup);
    placed = kWallsToPlace;  // the pentomino counts below do not apply
  }
  for (int w = 0; w < kNumPieces && !tiles_board(); ++w) {
    if (placement_[w] < 0) {
      if (owner_[w] >= 0 || owner_coins_[w] != 0) bad("a coin on an unplaced wall");
      continue;
    }
    const int o = placement_[w] / kCells;
    const Mask m = placement_mask(o, placement_[w] % kCells);
    if (orientations()[o].piece != w) bad("a placement of the wrong pentomino");
    if (m == 0 || (m & walls) != 0 || (m & cell_bit(88)) || (m & cell_bit(89)) ||
        (m & cell_bit(98)) || (m & cell_bit(99))) {
      bad("walls leave the board or overlap");
    }
    if ((owner_[w] < 0) != (owner_coins_[w] == 0)) bad("wall coins without an owner");
    walls |= m;
    ++placed;
  }
  walls_ = walls;
  for (Player p = 0; p < n; ++p) {
    if (hand(p) < 0) bad("a player has more than three coins on walls");
  }
  std::uint8_t chosen = 0;
  for (Player p = 0; p < n; ++p) {
    if (suit_[p] < 0) {
      if (!(phase_ <= Phase::kSuit)) bad("a seat without a suit");
      continue;
    }
    if ((chosen >> suit_[p]) & 1) bad("two seats with one suit");
    chosen |= static_cast<std::uint8_t>(1u << suit_[p]);
  }
  if ((chosen & ~used_suits_) != 0) bad("a player's suit is not in play");
  if (!setup && std::popcount(static_cast<unsigned>(used_suits_)) != std::min(4, n + 1)) {
    bad("the wrong number of suits in play");
  }
  for (int c = 0; c < kNumCoins; ++c) {
    const bool used = (used_suits_ >> coin_suit(c)) & 1;
    const bool gone = ((taken_ | removed_) >> c) & 1;
    if (coin_cell_[c] < 0) {
      if (!setup && used && !gone) bad("a coin in play is off the board");
      continue;
    }
    if (!used || gone) bad("a coin that is not in play is on the board");
    if (!walkable(coin_cell_[c])) bad("a coin under a wall, in a hole or on START");
    for (int d = 0; d < c; ++d) {
      if (coin_cell_[d] == coin_cell_[c]) bad("two coins on one square");
    }
  }
  if ((taken_ & removed_) != 0) bad("a coin both taken and removed");
  for (Player p = 0; p < n; ++p) {
    const int pos = pawn_[p];
    if (pos >= 0 && pos != kStart && !walkable(pos)) bad("a pawn under a wall or in a hole");
    if ((pos >= 0) != (health_[p] > 0)) bad("health and life disagree");
    if (setup && (pos != kStart || health_[p] != kMaxHealth)) bad("pawns start on START");
    for (Player q = 0; q < p; ++q) {
      if (pos >= 0 && pos != kStart && pawn_[q] == pos && p != mover_ && q != mover_) {
        bad("two pawns on one square");
      }
    }
  }
  switch (phase_) {
    case Phase::kSuit:
      if (chosen != used_suits_ || std::popcount(static_cast<unsigned>(chosen)) != order_index_) {
        bad("suit choices out of step");
      }
      break;
    case Phase::kExtraSuit:
      if (n != 2 || std::popcount(static_cast<unsigned>(used_suits_)) != 2) bad("no extra suit");
      break;
    case Phase::kWalls:
      if (tiles_board()) bad("no pentominoes on the No-Pentominos board");
      if (placed != setup_count_ || placed >= kWallsToPlace) bad("wall count out of step");
      if (!any_setup_placement()) bad("no pentomino fits any more");
      break;
    case Phase::kTiles:
      if (!tiles_board() || setup_count_ >= kTileMoves) bad("tile relocations out of step");
      break;
    case Phase::kControl:
      if (placed == 0 || setup_count_ >= n) bad("control count out of step");
      if (tiles_board() && !any_free_hole()) bad("no hole left for a control coin");
      break;
    case Phase::kCoins:
      if (placed == 0 || next_coin_to_deal() < 0) bad("coin deal out of step");
      break;
    case Phase::kCoinSuits:
      if (placed == 0 || setup_count_ > 2) bad("suit deal out of step");
      for (int c = 0; c < kNumCoins; ++c) {
        if (((used_suits_ >> coin_suit(c)) & 1) && coin_cell_[c] < 0) bad("a coin not dealt");
      }
      break;
    case Phase::kBlockChoice:
    case Phase::kPvpRoll:
      if (blocker_ < 0 || blocker_ == mover_ || target_ < 0 || target_ >= num_cells() ||
          pawn_[blocker_] != target_ || !can_finish(target_, steps_left_ - 1)) {
        bad("no block in progress");
      }
      break;
    case Phase::kMonsterRoll:
      if (target_ < 0 || target_ >= num_cells() || coin_at(target_) < 0 ||
          pawn_[mover_] != target_) {
        bad("no monster fight in progress");
      }
      break;
    case Phase::kRolloff:
      if (std::popcount(static_cast<unsigned>(rolloff_)) < 2 || (rolloff_done_ & ~rolloff_)) {
        bad("no roll-off in progress");
      }
      break;
    default:
      break;
  }
  if (phase_ != Phase::kPvpRoll && pending_roll_ != -1) bad("a die waits only in a fight");
  const bool moving = phase_ >= Phase::kMove && phase_ <= Phase::kMonsterRoll;
  if (!moving && (steps_left_ != 0 || last_free_ != kStart || target_ != -1 || blocker_ != -1)) {
    bad("no move is under way: steps_left 0, last_free START, target and blocker -1");
  }
  if (phase_ >= Phase::kWallAction && phase_ <= Phase::kMonsterRoll) {
    if (!alive(mover_)) bad("the mover is dead");
    if (forced_ >= 0 && owner_[forced_] != mover_) bad("a forced wall the mover does not hold");
    if (config_.round_limit > 0 && round_ >= config_.round_limit) bad("past the round limit");
    if (phase_ == Phase::kMove && steps_left_ == 0) bad("a move with no steps left");
  }
  check_progress(setup);
  check_last_combat(setup);
  if (!is_terminal()) {
    ActionList legal;
    legal_actions(legal);
    if (legal.empty()) bad("no legal action");
  }
}

// Artifacts, landings, exits, rounds and the end as play leaves them (issue 31): from_json refuses
// what no game reaches, never repairs it.
void State::check_progress(bool setup) {
  const int n = config_.players;
  const auto suit_coins = [](int suit) { return static_cast<std::uint16_t>(7u << (3 * suit)); };
  const auto seat_name = [](Player p) { return fmt::format("P{}", p + 1); };
  if (setup && round_ != 0) bad(fmt::format("'round' must be 0 during setup, got {}", round_));
  // Each player's artifacts are the taken coins of their suit; nobody else takes a coin.
  std::uint16_t players_coins = 0;
  for (Player p = 0; p < n; ++p) {
    const int own =
        suit_[p] < 0 ? 0 : std::popcount(static_cast<unsigned>(taken_ & suit_coins(suit_[p])));
    if (suit_[p] >= 0) players_coins |= suit_coins(suit_[p]);
    if (artifacts_[p] != own) {
      bad(fmt::format("'artifacts'[{}] = {}, but 'taken' holds {} coin(s) of {}'s suit", p,
                      artifacts_[p], own, seat_name(p)));
    }
  }
  if ((taken_ & ~players_coins) != 0) bad("'taken' holds a coin of no player's suit");
  // A landing on a coin of one's own suit takes it as an artifact: landed marks are monsters.
  std::uint16_t landed_any = 0;
  for (Player p = 0; p < n; ++p) {
    const std::uint16_t l = landed_[p];
    landed_any |= l;
    if (l != 0 && setup) bad(fmt::format("'landed'[{}] must be 0 during setup", p));
    for (int c = 0; c < kNumCoins; ++c) {
      if (((l >> c) & 1) == 0) continue;
      if (((used_suits_ >> coin_suit(c)) & 1) == 0) {
        bad(fmt::format("'landed'[{}]: coin {} is not in play", p, c));
      }
      if (coin_suit(c) == suit_[p]) {
        bad(fmt::format("'landed'[{}]: coin {} is {}'s own suit, an artifact, not a monster", p, c,
                        seat_name(p)));
      }
    }
  }
  if (removed_ != 0 && !config_.remove_defeated) {
    bad("'removed' must be 0 without removeDefeatedMonsters");
  }
  if ((removed_ & ~landed_any) != 0) bad("'removed': a monster nobody landed on was defeated");
  // An exited player entered START with three artifacts (A-G4-26) and stays there.
  for (Player p = 0; p < n; ++p) {
    if (exited(p) && (artifacts_[p] != 3 || pawn_[p] != kStart)) {
      bad(
          fmt::format("'exited': {} holds {} artifact(s) and is {}on START; an exited player "
                      "holds 3 and stays on START",
                      seat_name(p), artifacts_[p], pawn_[p] == kStart ? "" : "not "));
    }
    if (config_.revival && !setup && pawn_[p] < 0) {
      bad(fmt::format("'pawns'[{}]: with revival nobody stays dead", p));
    }
  }
  const bool turn = phase_ >= Phase::kWallAction && phase_ <= Phase::kMonsterRoll;
  const bool ended = phase_ == Phase::kRolloff || phase_ == Phase::kOver;
  if (turn) {
    if (mover_ != seat_in_order(order_index_)) {
      bad("'mover' must be the seat at 'order_index' in playing order");
    }
    if (exited(mover_)) bad("'mover' has exited");
    for (Player p = 0; p < n; ++p) {
      // The game ends with the round of the first exit (A-G4-8): exiters moved earlier in it.
      if (exited(p) && (p - first_ + n) % n >= order_index_) {
        bad(fmt::format("'exited': {} exited in an earlier round, which ended the game",
                        seat_name(p)));
      }
    }
  }
  if (phase_ != Phase::kRolloff && (rolloff_ != 0 || rolloff_done_ != 0)) {
    bad("'rolloff' and 'rolloff_done' must be 0 outside the roll-off");
  }
  for (Player p = 0; p < kMaxPlayers; ++p) {
    if (rolloff_total_[p] != 0 &&
        (!ended || config_.tie_break != TieBreak::kRolloff || p >= n || !exited(p))) {
      bad(fmt::format("'rolloff_total'[{}] must be 0: {} rolled in no roll-off", p, seat_name(p)));
    }
  }
  if (!ended) {
    if (winners_ != 0) bad("'winners' must be 0 before the game is over");
    return;
  }
  // G4.3 E: the game ends at the end of a round with an exit, nobody alive, or roundLimit rounds.
  if (order_index_ != 0 || round_ == 0) {
    bad("the game ends at the end of a round: 'order_index' must be 0 and 'round' at least 1");
  }
  bool any_alive = false;
  for (Player p = 0; p < n; ++p) any_alive |= alive(p);
  if (exited_ == 0 && any_alive && !(config_.round_limit > 0 && round_ >= config_.round_limit)) {
    bad(fmt::format("phase '{}' needs an exit, nobody alive or roundLimit rounds played",
                    kPhaseNames[static_cast<int>(phase_)]));
  }
  const int exiters = std::popcount(static_cast<unsigned>(exited_));
  const bool rolls = exiters >= 2 && config_.tie_break == TieBreak::kRolloff;
  if (phase_ == Phase::kRolloff) {
    if (!rolls) bad("a roll-off needs tieBreak=rolloff and two or more exiters");
    if ((rolloff_ & ~exited_) != 0 || rolloff_done_ == rolloff_) {
      bad("'rolloff' must hold exiters still to roll");
    }
    if (winners_ != exited_) bad("'winners' must be 'exited' during the roll-off");
    return;
  }
  std::uint8_t expected = exited_;
  if (exiters >= 2 && config_.tie_break == TieBreak::kHealth) {
    int best = 0;
    for (Player p = 0; p < n; ++p) {
      if (exited(p)) best = std::max<int>(best, health_[p]);
    }
    for (Player p = 0; p < n; ++p) {
      if (exited(p) && health_[p] < best) expected &= static_cast<std::uint8_t>(~(1u << p));
    }
  }
  if (rolls) {
    if (std::popcount(static_cast<unsigned>(winners_)) != 1 || (winners_ & ~exited_) != 0) {
      bad("'winners' must be the one exiter who won the roll-off");
    }
  } else if (winners_ != expected) {
    bad(fmt::format("'winners' must be {} (the exiters{}), got {}", expected,
                    config_.tie_break == TieBreak::kHealth ? " with the most health" : "",
                    winners_));
  }
}

// The last combat as play leaves it (issue 33): no fight in setup, a monster or another seat as
// the opponent, bonuses no larger than the artifacts held now (artifacts are never lost), a death
// the position still shows without revival, and a square only for a beaten mover still standing.
void State::check_last_combat(bool setup) const {
  const Combat& c = last_combat_;
  if (!c.any()) return;
  if (setup) bad("'last_combat' must be null during setup");
  const auto seat_name = [](Player p) { return fmt::format("P{}", p + 1); };
  if (c.vs_monster()) {
    if (c.monster < 2) {
      bad(fmt::format("'last_combat.monster' = {} is outside 2..4 (no blocker: a monster fight)",
                      c.monster));
    }
    if (c.blocker_die != 0 || c.blocker_bonus != 0) {
      bad("'last_combat.blocker_die' and 'last_combat.blocker_bonus' must be 0 against a monster");
    }
  } else {
    if (c.blocker == c.fighter) bad("'last_combat.blocker' must be another seat than the fighter");
    if (c.monster != 0) bad("'last_combat.monster' must be 0 in a fight between players");
    if (c.blocker_die < die_value(0)) {
      bad(fmt::format("'last_combat.blocker_die' = {} is not a face of the combat die",
                      c.blocker_die));
    }
    if (c.blocker_bonus > artifacts_[c.blocker]) {
      bad(fmt::format("'last_combat.blocker_bonus' = {}, but {} holds {} artifact(s)",
                      c.blocker_bonus, seat_name(c.blocker), artifacts_[c.blocker]));
    }
  }
  if (c.fighter_bonus > artifacts_[c.fighter]) {
    bad(fmt::format("'last_combat.fighter_bonus' = {}, but {} holds {} artifact(s)",
                    c.fighter_bonus, seat_name(c.fighter), artifacts_[c.fighter]));
  }
  if (c.loser_died) {
    if (c.vs_monster() && c.fighter_won()) bad("'last_combat.loser_died': a monster never dies");
    const Player loser = c.fighter_won() ? c.blocker : c.fighter;
    if (!config_.revival && alive(loser)) {
      bad(fmt::format("'last_combat.loser_died', but {} is alive and there is no revival",
                      seat_name(loser)));
    }
  }
  const bool stands = !c.vs_monster() && !c.fighter_won() && !c.loser_died;
  if (stands != (c.stopped_at >= 0) || (c.stopped_at >= num_cells() && c.stopped_at != kStart)) {
    bad(
        fmt::format("'last_combat.stopped_at' = {}: a square (or START) for a beaten mover still "
                    "standing, -1 otherwise",
                    c.stopped_at));
  }
}

// The No-Pentominos board: 23 grid tiles; a slot holds coins in a hole, one slot per hole.
void State::check_tile_invariants(bool setup) {
  if (std::popcount(static_cast<std::uint64_t>(tiles_)) +
          std::popcount(static_cast<std::uint64_t>(tiles_ >> 64)) !=
      23) {
    bad("the No-Pentominos board has 23 grid tiles");
  }
  for (int w = 0; w < kNumPieces; ++w) {
    const int pos = placement_[w];
    if (pos < 0) {
      if (owner_[w] >= 0 || owner_coins_[w] != 0) bad("coins in no hole");
      continue;
    }
    if (pos >= kTileSlots || pos == kStartTile || tile_at(pos)) bad("control coins on a tile");
    if (owner_[w] < 0 || owner_coins_[w] == 0) bad("an empty control slot");
    for (int v = 0; v < w; ++v) {
      if (placement_[v] == pos) bad("two control slots in one hole");
    }
  }
  if (setup && phase_ <= Phase::kTiles) {
    for (int w = 0; w < kNumPieces; ++w) {
      if (placement_[w] >= 0) bad("control coins before the tiles are moved");
    }
  }
}

// ---- views --------------------------------------------------------------------------------------

Json State::view(Player observer) const {
  const int n = config_.players;
  const bool all = observer == kOmniscient || phase_ == Phase::kOver;
  Json v = Json::object();
  Json seats = Json::array();
  for (Player p = 0; p < n; ++p) seats.push_back(fmt::format("P{}", p + 1));
  v["game"] = "mazemakers";
  v["seats"] = seats;
  v["observer"] = observer >= 0            ? Json(fmt::format("P{}", observer + 1))
                  : observer == kSpectator ? Json("spectator")
                                           : Json("omniscient");
  v["phase"] = kPhaseNames[static_cast<int>(phase_)];
  const Player to_act = current_player();
  v["to_act"] = to_act >= 0 ? seat_or_null(to_act) : Json(to_act == kChancePlayer ? "chance" : "");
  v["round"] = round_ + 1;
  v["round_limit"] = config_.round_limit;
  v["first"] = phase_ == Phase::kFirst ? Json(nullptr) : seat_or_null(first_);
  Json used = Json::array();
  for (int s = 0; s < kNumSuits; ++s) {
    if ((used_suits_ >> s) & 1) used.push_back(suit_name(s));
  }
  v["suits_in_play"] = used;
  Json players = Json::array();
  for (Player p = 0; p < n; ++p) {
    Json pj = Json::object();
    pj["seat"] = fmt::format("P{}", p + 1);
    pj["suit"] = suit_[p] < 0 ? Json(nullptr) : Json(suit_name(suit_[p]));
    pj["pawn"] = pawn_[p] < 0 ? Json(nullptr) : Json(name(pawn_[p]));
    pj["health"] = health_[p];
    pj["artifacts"] = artifacts_[p];
    pj["coins_in_hand"] = alive(p) ? hand(p) : 0;
    pj["alive"] = alive(p);
    pj["exited"] = exited(p);
    players.push_back(pj);
  }
  v["players"] = players;
  Json walls = Json::array();
  v["board"] = tiles_board() ? "noPentominos" : "pentomino";
  if (tiles_board()) {
    // Grid tiles by position; walls are the holes, listed where control coins sit.
    Json tiles = Json::array();
    for (int pos = 0; pos < kTileSlots; ++pos) {
      if (tile_at(pos)) tiles.push_back(name(tile_corner(pos)));
      const int slot = hole_slot(pos);
      if (slot < 0) continue;
      Json wj = Json::object();
      wj["hole"] = name(tile_corner(pos));
      wj["owner"] = seat_or_null(owner_[slot]);
      wj["coins"] = owner_coins_[slot];
      walls.push_back(wj);
    }
    v["tiles"] = tiles;
    v["start_tile"] = name(tile_corner(kStartTile));
    if (phase_ == Phase::kTiles) v["tiles_moved"] = setup_count_;
  }
  for (int w = 0; w < kNumPieces && !tiles_board(); ++w) {
    if (placement_[w] < 0) continue;
    Json wj = Json::object();
    wj["piece"] = std::string(1, kPieceLetters[w]);
    wj["placement"] = action_to_string(kPlaceBase + placement_[w]);  // squares: wall_cells()
    wj["owner"] = seat_or_null(owner_[w]);
    wj["coins"] = owner_coins_[w];
    walls.push_back(wj);
  }
  v["walls"] = walls;
  if (!tiles_board()) {
    v["unplaced_pieces"] = [&] {
      std::string out;
      for (int w = 0; w < kNumPieces; ++w) {
        if (placement_[w] < 0) out += kPieceLetters[w];
      }
      return out;
    }();
  }
  // Board coins in cell order, then removed monsters: never in coin-id order, which is the suit.
  std::vector<Json> coins, gone;
  for (int c = 0; c < kNumCoins; ++c) {
    const bool on_board = coin_cell_[c] >= 0;
    if (!on_board && !((removed_ >> c) & 1)) continue;
    Json cj = Json::object();
    if (on_board) cj["cell"] = name(coin_cell_[c]);
    cj["value"] = coin_value(c);
    const bool known = all || (observer >= 0 && ((landed_[observer] >> c) & 1));
    if (known) cj["suit"] = suit_name(coin_suit(c));
    Json monster_for = Json::array();
    for (Player p = 0; p < n; ++p) {
      if ((landed_[p] >> c) & 1) monster_for.push_back(fmt::format("P{}", p + 1));
    }
    cj["monster_for"] = monster_for;
    (on_board ? coins : gone).push_back(cj);
  }
  std::sort(coins.begin(), coins.end(), [this](const Json& a, const Json& b) {
    return parse_cell(a["cell"].get<std::string>(), config_.board) <
           parse_cell(b["cell"].get<std::string>(), config_.board);
  });
  std::sort(gone.begin(), gone.end(),
            [](const Json& a, const Json& b) { return a.dump() < b.dump(); });
  v["coins"] = coins;
  v["removed_monsters"] = gone;
  Json taken = Json::array();
  for (int c = 0; c < kNumCoins; ++c) {
    if ((taken_ >> c) & 1)
      taken.push_back(fmt::format("{}-{}", suit_name(coin_suit(c)), coin_value(c)));
  }
  v["artifacts_found"] = taken;
  if (phase_ == Phase::kCoins)
    v["coins_to_deal"] = [&] {
      int left = 0;
      for (int c = 0; c < kNumCoins; ++c) {
        left += ((used_suits_ >> coin_suit(c)) & 1) && coin_cell_[c] < 0 ? 1 : 0;
      }
      return left;
    }();
  if (phase_ != Phase::kPvpRoll && pending_roll_ != -1) bad("a die waits only in a fight");
  const bool moving = phase_ >= Phase::kMove && phase_ <= Phase::kMonsterRoll;
  if (!moving && (steps_left_ != 0 || last_free_ != kStart || target_ != -1 || blocker_ != -1)) {
    bad("no move is under way: steps_left 0, last_free START, target and blocker -1");
  }
  if (phase_ >= Phase::kWallAction && phase_ <= Phase::kMonsterRoll) {
    Json t = Json::object();
    t["mover"] = seat_or_null(mover_);
    t["forced_wall"] = forced_ < 0     ? Json(nullptr)
                       : tiles_board() ? Json(name(tile_corner(placement_[forced_])))
                                       : Json(std::string(1, kPieceLetters[forced_]));
    t["steps_left"] = steps_left_;
    t["target"] = target_ < 0 ? Json(nullptr) : Json(name(target_));
    t["blocker"] = phase_ == Phase::kBlockChoice || phase_ == Phase::kPvpRoll
                       ? seat_or_null(blocker_)
                       : Json(nullptr);
    t["mover_roll"] = pending_roll_;
    t["began_on_start"] = turn_began_on_start_;
    t["left_start"] = left_start_;
    t["last_free"] = name(last_free_);
    v["turn"] = t;
  }
  v["lastCombat"] = combat_view();
  if (phase_ == Phase::kRolloff || rolloff_ != 0) {
    v["rolloff"] = {{"in", rolloff_},
                    {"rolled", rolloff_done_},
                    {"totals", std::vector<int>(rolloff_total_.begin(), rolloff_total_.end())}};
  }
  if (phase_ == Phase::kOver) {
    Json w = Json::array();
    for (Player p = 0; p < n; ++p) {
      if ((winners_ >> p) & 1) w.push_back(fmt::format("P{}", p + 1));
    }
    v["winners"] = w;
  }
  return v;
}

// The last combat for every observer (all of it is public: the dice, the monster's value, the
// outcome); the monster's suit stays on its coin. Null before the first combat.
Json State::combat_view() const {
  const Combat& c = last_combat_;
  if (!c.any()) return nullptr;
  const auto side = [](int seat, int die, int bonus) {
    return Json{{"seat", fmt::format("P{}", seat + 1)},
                {"die", die},
                {"artifacts", bonus},
                {"total", die + bonus}};
  };
  const bool won = c.fighter_won();
  Json v = Json::object();
  v["kind"] = c.vs_monster() ? "monster" : "players";
  v["square"] = name(c.cell);
  v["fighter"] = side(c.fighter, c.fighter_die, c.fighter_bonus);
  v["opponent"] = c.vs_monster() ? Json{{"monster", c.monster}, {"total", c.monster}}
                                 : side(c.blocker, c.blocker_die, c.blocker_bonus);
  v["winner"] = won              ? v["fighter"]["seat"]
                : c.vs_monster() ? Json("monster")
                                 : v["opponent"]["seat"];
  v["damage"] = combat_damage(c);
  v["monster_removed"] = c.vs_monster() && won && config_.remove_defeated;
  v["died"] = c.loser_died;
  v["revived"] = c.loser_died && config_.revival;
  v["stopped_at"] = c.stopped_at < 0 ? Json(nullptr) : Json(name(c.stopped_at));
  return v;
}

// A hash of the same facts view(p) shows, read from the fields directly (a view costs ~30 us to
// build): everything public, plus the suits p has seen (all suits once the game is over).
std::uint64_t State::information_state_key(Player p) const {
  Hasher h(0x6d617a656d616b65ULL);
  const bool all = phase_ == Phase::kOver;
  h.add(static_cast<std::uint64_t>(p + 8)).add(static_cast<std::uint64_t>(phase_));
  h.add(static_cast<std::uint64_t>(current_player() + 8)).add(static_cast<std::uint64_t>(round_));
  h.add(phase_ == Phase::kFirst ? 99u : static_cast<std::uint64_t>(first_)).add(used_suits_);
  for (Player q = 0; q < config_.players; ++q) {
    h.add(static_cast<std::uint64_t>(suit_[q] + 1)).add(static_cast<std::uint64_t>(pawn_[q] + 1));
    h.add(static_cast<std::uint64_t>(health_[q])).add(static_cast<std::uint64_t>(artifacts_[q]));
    h.add(static_cast<std::uint64_t>(alive(q) ? hand(q) : 0));
  }
  h.add(exited_).add(winners_).add(taken_);
  if (tiles_board()) {
    h.add(static_cast<std::uint64_t>(tiles_)).add(static_cast<std::uint64_t>(tiles_ >> 64));
    for (int pos = 0; pos < kTileSlots; ++pos) {  // holes in position order, not slot order
      const int w = hole_slot(pos);
      if (w < 0) continue;
      h.add(static_cast<std::uint64_t>(pos)).add(static_cast<std::uint64_t>(owner_[w] + 1));
      h.add(static_cast<std::uint64_t>(owner_coins_[w]));
    }
    if (forced_ >= 0) h.add(static_cast<std::uint64_t>(placement_[forced_]) + 1000);
    h.add(static_cast<std::uint64_t>(setup_count_) + 2000);
  } else {
    for (int w = 0; w < kNumPieces; ++w) {
      h.add(static_cast<std::uint64_t>(placement_[w] + 1));
      h.add(static_cast<std::uint64_t>(owner_[w] + 1))
          .add(static_cast<std::uint64_t>(owner_coins_[w]));
    }
  }
  auto coin_facts = [&](int c) {
    const bool known = all || ((landed_[p] >> c) & 1);
    std::uint64_t landed_by = 0;
    for (Player q = 0; q < config_.players; ++q) landed_by |= ((landed_[q] >> c) & 1u) << q;
    return static_cast<std::uint64_t>(coin_value(c)) | (known ? (coin_suit(c) + 1u) << 4 : 0u) |
           landed_by << 8;
  };
  int undealt = 0;
  std::array<std::uint64_t, kNumCoins> gone{};
  int n_gone = 0;
  for (int c = 0; c < kNumCoins; ++c) {
    undealt += ((used_suits_ >> coin_suit(c)) & 1) && coin_cell_[c] < 0 ? 1 : 0;
    if ((removed_ >> c) & 1) gone[n_gone++] = coin_facts(c);
  }
  for (int cell = 0; cell < num_cells(); ++cell) {
    const int c = coin_at(cell);
    if (c >= 0) h.add(static_cast<std::uint64_t>(cell)).add(coin_facts(c));
  }
  std::sort(gone.begin(), gone.begin() + n_gone);
  for (int i = 0; i < n_gone; ++i) h.add(gone[i] | (1u << 20));
  h.add(static_cast<std::uint64_t>(undealt));
  if (phase_ != Phase::kPvpRoll && pending_roll_ != -1) bad("a die waits only in a fight");
  const bool moving = phase_ >= Phase::kMove && phase_ <= Phase::kMonsterRoll;
  if (!moving && (steps_left_ != 0 || last_free_ != kStart || target_ != -1 || blocker_ != -1)) {
    bad("no move is under way: steps_left 0, last_free START, target and blocker -1");
  }
  if (phase_ >= Phase::kWallAction && phase_ <= Phase::kMonsterRoll) {
    for (int x : {int{mover_}, int{forced_}, int{steps_left_}, int{target_}, int{blocker_},
                  int{pending_roll_}, int{last_free_}}) {
      h.add(static_cast<std::uint64_t>(x + 8));
    }
    h.add(turn_began_on_start_ ? 1u : 0u).add(left_start_ ? 1u : 0u);
  }
  const Combat& c = last_combat_;
  if (!c.any()) {
    h.add(7).add(7);  // no combat yet: hashed as before the record existed, so keys stay put
  } else {
    for (int x : {int{c.fighter}, int{c.blocker}, int{c.monster}, int{c.cell}, int{c.fighter_die},
                  int{c.fighter_bonus}, int{c.blocker_die}, int{c.blocker_bonus}, int{c.loser_died},
                  int{c.stopped_at}}) {
      h.add(static_cast<std::uint64_t>(x + 8));
    }
  }
  h.add(rolloff_).add(rolloff_done_);
  for (int t : rolloff_total_) h.add(static_cast<std::uint64_t>(t));
  return h.value();
}

// ---- resampling ---------------------------------------------------------------------------------

// Re-deals the suits p has not seen. For each value 2, 3, 4 the coins of that value still hidden
// somewhere (on the board or removed) carry a fixed multiset of suits; any permutation of it is
// a candidate world. A candidate is consistent when every coin p landed on keeps its suit and no
// coin that someone landed on without finding an artifact gets that player's suit (the public
// "monster for" facts). With at most 4 coins per value, all 24 permutations are enumerated and one
// consistent permutation is drawn uniformly: an exact sampler, no rejection loop.
State State::resample(Player p, Rng& rng) const {
  if (p == kOmniscient || phase_ == Phase::kOver) return *this;
  State out = *this;
  for (int v = 2; v <= 4; ++v) {
    std::array<int, 4> ids{};
    int m = 0;
    for (int s = 0; s < kNumSuits; ++s) {
      const int c = s * 3 + (v - 2);
      if (coin_cell_[c] >= 0 || ((removed_ >> c) & 1)) ids[m++] = c;
    }
    if (m < 2) continue;
    std::array<int, 4> perm{};
    std::iota(perm.begin(), perm.begin() + m, 0);
    std::array<std::array<int, 4>, 24> ok{};
    int count = 0;
    do {
      bool good = true;
      for (int j = 0; j < m && good; ++j) {
        const int old_id = ids[j], new_id = ids[perm[j]];
        if (p >= 0 && ((landed_[p] >> old_id) & 1) && new_id != old_id) good = false;
        for (Player q = 0; q < config_.players && good; ++q) {
          if (((landed_[q] >> old_id) & 1) && coin_suit(new_id) == suit_[q]) good = false;
        }
      }
      if (good) ok[count++] = perm;
    } while (std::next_permutation(perm.begin(), perm.begin() + m));
    const auto& pick = ok[rng.below(static_cast<std::uint64_t>(count))];  // identity is consistent
    for (int j = 0; j < m; ++j) {
      const int old_id = ids[j], new_id = ids[pick[j]];
      out.coin_cell_[new_id] = coin_cell_[old_id];
      const auto old_bit = static_cast<std::uint16_t>(1u << old_id);
      const auto new_bit = static_cast<std::uint16_t>(1u << new_id);
      out.removed_ = static_cast<std::uint16_t>((out.removed_ & ~new_bit) |
                                                ((removed_ & old_bit) ? new_bit : 0));
      for (Player q = 0; q < config_.players; ++q) {
        out.landed_[q] = static_cast<std::uint16_t>((out.landed_[q] & ~new_bit) |
                                                    ((landed_[q] & old_bit) ? new_bit : 0));
      }
    }
  }
  return out;
}

}  // namespace mw::mazemakers
