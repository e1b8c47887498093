// A MazeMakers observer's view: view() builds it as a Json tree, write_view writes the same text
// directly (core ViewTextWriting: the server writes it after every move).
#include <algorithm>
#include <array>
#include <bit>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/json_text.h"
#include "core/json_write.h"
#include "games/mazemakers/mazemakers.h"
#include "games/mazemakers/state_json_internal.h"

namespace mw::mazemakers {

// The parts every view has are written twice, once per form, and the view tests hold the two to
// one text; what the two share is computed once below (the texts, the coins' order, the checks),
// and the rare parts are one Json that write_view writes whole.

namespace {

// "P1".."P4", written once: a view names seats many times.
const std::string& seat_text(int seat) {
  static const std::array<std::string, kMaxPlayers> kNames = {"P1", "P2", "P3", "P4"};
  return kNames[seat];
}

Json seat_or_null(int seat) {
  return seat < 0 ? Json(nullptr) : Json(seat_text(seat));
}

Json seats_json(int players) {
  Json seats = json_array(static_cast<std::size_t>(players));
  for (Player p = 0; p < players; ++p) seats.push_back(seat_text(p));
  return seats;
}

// The "observer" member: the seat's name, "spectator" or "omniscient". MazeMakers' views name
// the observer, after the seats, so they do not open as core's write_view_opening writes.
std::string_view observer_text(Player observer) {
  if (observer >= 0) return seat_text(observer);
  return observer == kSpectator ? "spectator" : "omniscient";
}

// The "to_act" member: the seat's name, "chance", or "" once the game is over.
std::string_view to_act_text(Player to_act) {
  if (to_act >= 0) return seat_text(to_act);
  return to_act == kChancePlayer ? "chance" : "";
}

void write_seat_or_null(JsonTextWriter& w, int seat) {
  if (seat < 0) {
    w.null();
  } else {
    w.string(seat_text(seat));
  }
}

void write_cell_or_null(JsonTextWriter& w, const State& s, int cell) {
  if (cell < 0) {
    w.null();
  } else {
    w.string(s.name(cell));
  }
}

// Every suit is shown to the omniscient observer, and to everyone once the game is over.
bool sees_every_suit(const State& s, Player observer) {
  return observer == kOmniscient || s.phase() == Phase::kOver;
}

bool sees_coin_suit(const State& s, int coin, Player observer) {
  return sees_every_suit(s, observer) || (observer >= 0 && ((s.landed(observer) >> coin) & 1));
}

// "Suns-3": a coin taken as an artifact (its suit is public).
std::string artifact_text(int coin) {
  std::string text(kSuitNames[coin_suit(coin)]);
  text += '-';
  text += static_cast<char>('0' + coin_value(coin));
  return text;
}

// The board coins in cell order: never in coin-id order, which is the suit.
struct BoardCoins {
  std::array<int, kNumCoins> coin{};
  int size = 0;
};

BoardCoins board_coins_by_cell(const State& s) {
  std::array<std::pair<int, int>, kNumCoins> by_cell;  // (cell, coin)
  int n = 0;
  for (int c = 0; c < kNumCoins; ++c) {
    if (s.coin_cell(c) >= 0) by_cell[static_cast<std::size_t>(n++)] = {s.coin_cell(c), c};
  }
  std::sort(by_cell.begin(), by_cell.begin() + n);
  BoardCoins out;
  for (int i = 0; i < n; ++i) out.coin[static_cast<std::size_t>(i)] = by_cell[i].second;
  out.size = n;
  return out;
}

// A wall as a turn names it: its piece letter, or on the No-Pentominos board its hole.
std::string wall_name(const State& s, int wall) {
  if (s.tiles_board()) return s.name(tile_corner(s.wall_placement(wall)));
  return std::string(1, kPieceLetters[wall]);
}

// The first player once drawn, else -1.
int drawn_first(const State& s) {
  return s.phase() == Phase::kFirst ? -1 : s.first_player();
}

// The blocker is shown only while a block is being decided or fought.
int shown_blocker(const State& s) {
  const bool blocking = s.phase() == Phase::kBlockChoice || s.phase() == Phase::kPvpRoll;
  return blocking ? s.blocker() : -1;
}

// What the lastCombat view says beyond the record: its kind, its winner and what followed.
struct CombatSummary {
  std::string_view kind;
  std::string_view winner;
  bool monster_removed;
  bool revived;
};

CombatSummary summarize(const Combat& c, const Config& config) {
  const bool won = c.fighter_won();
  std::string_view winner = "monster";
  if (won) {
    winner = seat_text(c.fighter);
  } else if (!c.vs_monster()) {
    winner = seat_text(c.blocker);
  }
  return {c.vs_monster() ? "monster" : "players", winner,
          c.vs_monster() && won && config.remove_defeated, c.loser_died && config.revival};
}

void write_combat_side(JsonTextWriter& w, int seat, int die, int bonus) {
  w.begin_object();
  w.key("seat");
  w.string(seat_text(seat));
  w.key("die");
  w.integer(die);
  w.key("artifacts");
  w.integer(bonus);
  w.key("total");
  w.integer(die + bonus);
  w.end_object();
}

}  // namespace

Json State::view(Player observer) const {
  const int n = config_.players;
  Json v = json_object(24);
  add_member(v, "game", "mazemakers");
  add_member(v, "seats", seats_json(n));
  add_member(v, "observer", observer_text(observer));
  add_member(v, "phase", kPhaseNames[static_cast<int>(phase_)]);
  add_member(v, "to_act", to_act_text(current_player()));
  add_member(v, "round", round_ + 1);
  add_member(v, "round_limit", config_.round_limit);
  add_member(v, "first", seat_or_null(drawn_first(*this)));
  Json used = json_array(static_cast<std::size_t>(suits_in_play()));
  for (int s = 0; s < kNumSuits; ++s) {
    if ((used_suits_ >> s) & 1) used.push_back(kSuitNames[s]);
  }
  add_member(v, "suits_in_play", std::move(used));
  Json players = json_array(static_cast<std::size_t>(n));
  for (Player p = 0; p < n; ++p) players.push_back(player_view(p));
  add_member(v, "players", std::move(players));
  add_member(v, "board", tiles_board() ? "noPentominos" : "pentomino");
  if (tiles_board()) {
    add_tiles_view(v);
  } else {
    add_member(v, "walls", pieces_view());
    add_member(v, "unplaced_pieces", unplaced_pieces());
  }
  add_coins_view(v, observer);
  if (phase_ == Phase::kCoins) add_member(v, "coins_to_deal", coins_to_deal());
  check_move_fields();
  if (turn_under_way()) add_member(v, "turn", turn_view());
  add_member(v, "lastCombat", combat_view());
  add_members(v, closing_members_view());
  return v;
}

// The same members in the same order as view(), the frequent ones written directly.
void State::write_view(Player observer, JsonTextWriter& w) const {
  w.begin_object();
  w.key("game");
  w.string("mazemakers");
  w.key("seats");
  w.begin_array();
  for (Player p = 0; p < config_.players; ++p) w.string(seat_text(p));
  w.end_array();
  w.key("observer");
  w.string(observer_text(observer));
  w.key("phase");
  w.string(kPhaseNames[static_cast<int>(phase_)]);
  w.key("to_act");
  w.string(to_act_text(current_player()));
  w.key("round");
  w.integer(round_ + 1);
  w.key("round_limit");
  w.integer(config_.round_limit);
  w.key("first");
  write_seat_or_null(w, drawn_first(*this));
  w.key("suits_in_play");
  w.begin_array();
  for (int s = 0; s < kNumSuits; ++s) {
    if ((used_suits_ >> s) & 1) w.string(kSuitNames[s]);
  }
  w.end_array();
  w.key("players");
  w.begin_array();
  for (Player p = 0; p < config_.players; ++p) write_player(p, w);
  w.end_array();
  w.key("board");
  w.string(tiles_board() ? "noPentominos" : "pentomino");
  if (tiles_board()) {
    write_tiles(w);
  } else {
    w.key("walls");
    write_pieces(w);
    w.key("unplaced_pieces");
    w.string(unplaced_pieces());
  }
  write_coins(observer, w);
  if (phase_ == Phase::kCoins) {
    w.key("coins_to_deal");
    w.integer(coins_to_deal());
  }
  check_move_fields();
  if (turn_under_way()) {
    w.key("turn");
    write_turn(w);
  }
  w.key("lastCombat");
  write_combat(w);
  w.members(closing_members_view());
  w.end_object();
}

// A position no view describes: a die waiting outside a fight, or a move's fields set between
// moves.
void State::check_move_fields() const {
  if (phase_ != Phase::kPvpRoll && pending_roll_ != -1) bad("a die waits only in a fight");
  const bool moving = phase_ >= Phase::kMove && phase_ <= Phase::kMonsterRoll;
  if (!moving && (steps_left_ != 0 || last_free_ != kStart || target_ != -1 || blocker_ != -1)) {
    bad("no move is under way: steps_left 0, last_free START, target and blocker -1");
  }
}

Json State::player_view(Player p) const {
  Json pj = json_object(8);
  add_member(pj, "seat", seat_text(p));
  add_member(pj, "suit", suit_[p] < 0 ? Json(nullptr) : Json(kSuitNames[suit_[p]]));
  add_member(pj, "pawn", pawn_[p] < 0 ? Json(nullptr) : Json(name(pawn_[p])));
  add_member(pj, "health", health_[p]);
  add_member(pj, "artifacts", artifacts_[p]);
  add_member(pj, "coins_in_hand", alive(p) ? hand(p) : 0);
  add_member(pj, "alive", alive(p));
  add_member(pj, "exited", exited(p));
  return pj;
}

void State::write_player(Player p, JsonTextWriter& w) const {
  w.begin_object();
  w.key("seat");
  w.string(seat_text(p));
  w.key("suit");
  if (suit_[p] < 0) {
    w.null();
  } else {
    w.string(kSuitNames[suit_[p]]);
  }
  w.key("pawn");
  write_cell_or_null(w, *this, pawn_[p]);
  w.key("health");
  w.integer(health_[p]);
  w.key("artifacts");
  w.integer(artifacts_[p]);
  w.key("coins_in_hand");
  w.integer(alive(p) ? hand(p) : 0);
  w.key("alive");
  w.boolean(alive(p));
  w.key("exited");
  w.boolean(exited(p));
  w.end_object();
}

// No-Pentominos: grid tiles by position; walls are the holes, listed where control coins sit.
void State::add_tiles_view(Json& v) const {
  Json tiles = json_array(kTileSlots);
  Json walls = json_array(kNumPieces);
  for (int pos = 0; pos < kTileSlots; ++pos) {
    if (tile_at(pos)) tiles.push_back(name(tile_corner(pos)));
    const int slot = hole_slot(pos);
    if (slot < 0) continue;
    Json wj = json_object(3);
    add_member(wj, "hole", name(tile_corner(pos)));
    add_member(wj, "owner", seat_or_null(owner_[slot]));
    add_member(wj, "coins", owner_coins_[slot]);
    walls.push_back(std::move(wj));
  }
  add_member(v, "tiles", std::move(tiles));
  add_member(v, "start_tile", name(tile_corner(kStartTile)));
  if (phase_ == Phase::kTiles) add_member(v, "tiles_moved", setup_count_);
  add_member(v, "walls", std::move(walls));
}

void State::write_tiles(JsonTextWriter& w) const {
  w.key("tiles");
  w.begin_array();
  for (int pos = 0; pos < kTileSlots; ++pos) {
    if (tile_at(pos)) w.string(name(tile_corner(pos)));
  }
  w.end_array();
  w.key("start_tile");
  w.string(name(tile_corner(kStartTile)));
  if (phase_ == Phase::kTiles) {
    w.key("tiles_moved");
    w.integer(setup_count_);
  }
  w.key("walls");
  w.begin_array();
  for (int pos = 0; pos < kTileSlots; ++pos) {
    const int slot = hole_slot(pos);
    if (slot < 0) continue;
    w.begin_object();
    w.key("hole");
    w.string(name(tile_corner(pos)));
    w.key("owner");
    write_seat_or_null(w, owner_[slot]);
    w.key("coins");
    w.integer(owner_coins_[slot]);
    w.end_object();
  }
  w.end_array();
}

Json State::pieces_view() const {
  Json walls = json_array(kNumPieces);
  for (int w = 0; w < kNumPieces; ++w) {
    if (placement_[w] < 0) continue;
    Json wj = json_object(4);
    add_member(wj, "piece", std::string(1, kPieceLetters[w]));
    add_member(wj, "placement",
               action_to_string(kPlaceBase + placement_[w]));  // squares: wall_cells()
    add_member(wj, "owner", seat_or_null(owner_[w]));
    add_member(wj, "coins", owner_coins_[w]);
    walls.push_back(std::move(wj));
  }
  return walls;
}

void State::write_pieces(JsonTextWriter& w) const {
  w.begin_array();
  for (int piece = 0; piece < kNumPieces; ++piece) {
    if (placement_[piece] < 0) continue;
    w.begin_object();
    w.key("piece");
    w.string(kPieceLetters.substr(static_cast<std::size_t>(piece), 1));
    w.key("placement");
    w.string(action_to_string(kPlaceBase + placement_[piece]));
    w.key("owner");
    write_seat_or_null(w, owner_[piece]);
    w.key("coins");
    w.integer(owner_coins_[piece]);
    w.end_object();
  }
  w.end_array();
}

std::string State::unplaced_pieces() const {
  std::string out;
  for (int w = 0; w < kNumPieces; ++w) {
    if (placement_[w] < 0) out += kPieceLetters[w];
  }
  return out;
}

void State::add_coins_view(Json& v, Player observer) const {
  const BoardCoins on_board = board_coins_by_cell(*this);
  Json board = json_array(static_cast<std::size_t>(on_board.size));
  for (int i = 0; i < on_board.size; ++i) {
    board.push_back(coin_view(on_board.coin[static_cast<std::size_t>(i)], observer));
  }
  add_member(v, "coins", std::move(board));
  add_member(v, "removed_monsters", removed_monsters_view(observer));
  Json taken = json_array(static_cast<std::size_t>(std::popcount(taken_)));
  for (int c = 0; c < kNumCoins; ++c) {
    if ((taken_ >> c) & 1) taken.push_back(artifact_text(c));
  }
  add_member(v, "artifacts_found", std::move(taken));
}

void State::write_coins(Player observer, JsonTextWriter& w) const {
  const BoardCoins on_board = board_coins_by_cell(*this);
  w.key("coins");
  w.begin_array();
  for (int i = 0; i < on_board.size; ++i) {
    write_coin(on_board.coin[static_cast<std::size_t>(i)], observer, w);
  }
  w.end_array();
  w.key("removed_monsters");
  w.value(removed_monsters_view(observer));
  w.key("artifacts_found");
  w.begin_array();
  for (int c = 0; c < kNumCoins; ++c) {
    if ((taken_ >> c) & 1) w.string(artifact_text(c));
  }
  w.end_array();
}

// A coin's square while it is on the board; its suit only to whoever has seen it.
Json State::coin_view(int c, Player observer) const {
  Json cj = json_object(4);
  if (coin_cell_[c] >= 0) add_member(cj, "cell", name(coin_cell_[c]));
  add_member(cj, "value", coin_value(c));
  if (sees_coin_suit(*this, c, observer)) add_member(cj, "suit", kSuitNames[coin_suit(c)]);
  Json monster_for = json_array(static_cast<std::size_t>(config_.players));
  for (Player p = 0; p < config_.players; ++p) {
    if ((landed_[p] >> c) & 1) monster_for.push_back(seat_text(p));
  }
  add_member(cj, "monster_for", std::move(monster_for));
  return cj;
}

void State::write_coin(int c, Player observer, JsonTextWriter& w) const {
  w.begin_object();
  if (coin_cell_[c] >= 0) {
    w.key("cell");
    w.string(name(coin_cell_[c]));
  }
  w.key("value");
  w.integer(coin_value(c));
  if (sees_coin_suit(*this, c, observer)) {
    w.key("suit");
    w.string(kSuitNames[coin_suit(c)]);
  }
  w.key("monster_for");
  w.begin_array();
  for (Player p = 0; p < config_.players; ++p) {
    if ((landed_[p] >> c) & 1) w.string(seat_text(p));
  }
  w.end_array();
  w.end_object();
}

// Defeated monsters taken off the board (removeDefeatedMonsters), in the order of their text: in
// coin-id order they would tell their suits.
Json State::removed_monsters_view(Player observer) const {
  std::array<std::pair<std::string, Json>, kNumCoins> gone;
  std::size_t n = 0;
  for (int c = 0; c < kNumCoins; ++c) {
    if (coin_cell_[c] >= 0 || !((removed_ >> c) & 1)) continue;
    Json cj = coin_view(c, observer);
    std::string text = cj.dump();
    gone[n++] = {std::move(text), std::move(cj)};
  }
  std::sort(gone.begin(), gone.begin() + n,
            [](const auto& a, const auto& b) { return a.first < b.first; });
  Json removed = json_array(n);
  for (std::size_t i = 0; i < n; ++i) removed.push_back(std::move(gone[i].second));
  return removed;
}

int State::coins_to_deal() const {
  int left = 0;
  for (int c = 0; c < kNumCoins; ++c) {
    left += ((used_suits_ >> coin_suit(c)) & 1) && coin_cell_[c] < 0 ? 1 : 0;
  }
  return left;
}

bool State::turn_under_way() const {
  return phase_ >= Phase::kWallAction && phase_ <= Phase::kMonsterRoll;
}

Json State::turn_view() const {
  Json t = json_object(9);
  add_member(t, "mover", seat_or_null(mover_));
  add_member(t, "forced_wall", forced_ < 0 ? Json(nullptr) : Json(wall_name(*this, forced_)));
  add_member(t, "steps_left", steps_left_);
  add_member(t, "target", target_ < 0 ? Json(nullptr) : Json(name(target_)));
  add_member(t, "blocker", seat_or_null(shown_blocker(*this)));
  add_member(t, "mover_roll", pending_roll_);
  add_member(t, "began_on_start", turn_began_on_start_);
  add_member(t, "left_start", left_start_);
  add_member(t, "last_free", name(last_free_));
  return t;
}

void State::write_turn(JsonTextWriter& w) const {
  w.begin_object();
  w.key("mover");
  write_seat_or_null(w, mover_);
  w.key("forced_wall");
  if (forced_ < 0) {
    w.null();
  } else {
    w.string(wall_name(*this, forced_));
  }
  w.key("steps_left");
  w.integer(steps_left_);
  w.key("target");
  write_cell_or_null(w, *this, target_);
  w.key("blocker");
  write_seat_or_null(w, shown_blocker(*this));
  w.key("mover_roll");
  w.integer(pending_roll_);
  w.key("began_on_start");
  w.boolean(turn_began_on_start_);
  w.key("left_start");
  w.boolean(left_start_);
  w.key("last_free");
  w.string(name(last_free_));
  w.end_object();
}

// The last combat for every observer (all of it is public: the dice, the monster's value, the
// outcome); the monster's suit stays on its coin. Null before the first combat.
Json State::combat_view() const {
  const Combat& c = last_combat_;
  if (!c.any()) return nullptr;
  const auto side = [](int seat, int die, int bonus) {
    Json s = json_object(4);
    add_member(s, "seat", seat_text(seat));
    add_member(s, "die", die);
    add_member(s, "artifacts", bonus);
    add_member(s, "total", die + bonus);
    return s;
  };
  const CombatSummary summary = summarize(c, config_);
  Json v = json_object(10);
  add_member(v, "kind", summary.kind);
  add_member(v, "square", name(c.cell));
  add_member(v, "fighter", side(c.fighter, c.fighter_die, c.fighter_bonus));
  Json opponent = json_object(2);
  if (c.vs_monster()) {
    add_member(opponent, "monster", c.monster);
    add_member(opponent, "total", c.monster);
  } else {
    opponent = side(c.blocker, c.blocker_die, c.blocker_bonus);
  }
  add_member(v, "opponent", std::move(opponent));
  add_member(v, "winner", summary.winner);
  add_member(v, "damage", combat_damage(c));
  add_member(v, "monster_removed", summary.monster_removed);
  add_member(v, "died", c.loser_died);
  add_member(v, "revived", summary.revived);
  add_member(v, "stopped_at", c.stopped_at < 0 ? Json(nullptr) : Json(name(c.stopped_at)));
  return v;
}

void State::write_combat(JsonTextWriter& w) const {
  const Combat& c = last_combat_;
  if (!c.any()) {
    w.null();
    return;
  }
  const CombatSummary summary = summarize(c, config_);
  w.begin_object();
  w.key("kind");
  w.string(summary.kind);
  w.key("square");
  w.string(name(c.cell));
  w.key("fighter");
  write_combat_side(w, c.fighter, c.fighter_die, c.fighter_bonus);
  w.key("opponent");
  if (c.vs_monster()) {
    w.begin_object();
    w.key("monster");
    w.integer(c.monster);
    w.key("total");
    w.integer(c.monster);
    w.end_object();
  } else {
    write_combat_side(w, c.blocker, c.blocker_die, c.blocker_bonus);
  }
  w.key("winner");
  w.string(summary.winner);
  w.key("damage");
  w.integer(combat_damage(c));
  w.key("monster_removed");
  w.boolean(summary.monster_removed);
  w.key("died");
  w.boolean(c.loser_died);
  w.key("revived");
  w.boolean(summary.revived);
  w.key("stopped_at");
  write_cell_or_null(w, *this, c.stopped_at);
  w.end_object();
}

// The members only the last phases have: the roll-off that breaks a tie, and the winners.
Json State::closing_members_view() const {
  Json v = json_object(2);
  if (phase_ == Phase::kRolloff || rolloff_ != 0) {
    Json r = json_object(3);
    add_member(r, "in", rolloff_);
    add_member(r, "rolled", rolloff_done_);
    add_member(r, "totals", std::vector<int>(rolloff_total_.begin(), rolloff_total_.end()));
    add_member(v, "rolloff", std::move(r));
  }
  if (phase_ == Phase::kOver) {
    Json winners = json_array(static_cast<std::size_t>(config_.players));
    for (Player p = 0; p < config_.players; ++p) {
      if ((winners_ >> p) & 1) winners.push_back(seat_text(p));
    }
    add_member(v, "winners", std::move(winners));
  }
  return v;
}

}  // namespace mw::mazemakers
