// Writing a MazeMakers state: its body (to_json), the views and the information-state key.
#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <bit>
#include <string>
#include <utility>
#include <vector>

#include "core/hash.h"
#include "core/json_write.h"
#include "games/mazemakers/mazemakers.h"
#include "games/mazemakers/state_json_internal.h"

namespace mw::mazemakers {
namespace {

// Null until the first fight: a game before any combat has one document whatever came before.
Json combat_body(const Combat& c) {
  if (!c.any()) return nullptr;
  return {{"fighter", c.fighter},         {"blocker", c.blocker},
          {"monster", c.monster},         {"cell", c.cell},
          {"fighter_die", c.fighter_die}, {"fighter_bonus", c.fighter_bonus},
          {"blocker_die", c.blocker_die}, {"blocker_bonus", c.blocker_bonus},
          {"loser_died", c.loser_died},   {"stopped_at", c.stopped_at}};
}

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

// ---- views --------------------------------------------------------------------------------------

Json State::view(Player observer) const {
  const int n = config_.players;
  Json v = json_object(24);
  add_member(v, "game", "mazemakers");
  add_member(v, "seats", seats_json(n));
  add_member(v, "observer",
             observer >= 0            ? Json(seat_text(observer))
             : observer == kSpectator ? Json("spectator")
                                      : Json("omniscient"));
  add_member(v, "phase", kPhaseNames[static_cast<int>(phase_)]);
  const Player to_act = current_player();
  add_member(v, "to_act",
             to_act >= 0 ? seat_or_null(to_act) : Json(to_act == kChancePlayer ? "chance" : ""));
  add_member(v, "round", round_ + 1);
  add_member(v, "round_limit", config_.round_limit);
  add_member(v, "first", phase_ == Phase::kFirst ? Json(nullptr) : seat_or_null(first_));
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
  if (phase_ != Phase::kPvpRoll && pending_roll_ != -1) bad("a die waits only in a fight");
  const bool moving = phase_ >= Phase::kMove && phase_ <= Phase::kMonsterRoll;
  if (!moving && (steps_left_ != 0 || last_free_ != kStart || target_ != -1 || blocker_ != -1)) {
    bad("no move is under way: steps_left 0, last_free START, target and blocker -1");
  }
  if (phase_ >= Phase::kWallAction && phase_ <= Phase::kMonsterRoll) {
    add_member(v, "turn", turn_view());
  }
  add_member(v, "lastCombat", combat_view());
  if (phase_ == Phase::kRolloff || rolloff_ != 0) {
    Json r = json_object(3);
    add_member(r, "in", rolloff_);
    add_member(r, "rolled", rolloff_done_);
    add_member(r, "totals", std::vector<int>(rolloff_total_.begin(), rolloff_total_.end()));
    add_member(v, "rolloff", std::move(r));
  }
  if (phase_ == Phase::kOver) {
    Json w = json_array(static_cast<std::size_t>(n));
    for (Player p = 0; p < n; ++p) {
      if ((winners_ >> p) & 1) w.push_back(seat_text(p));
    }
    add_member(v, "winners", std::move(w));
  }
  return v;
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

std::string State::unplaced_pieces() const {
  std::string out;
  for (int w = 0; w < kNumPieces; ++w) {
    if (placement_[w] < 0) out += kPieceLetters[w];
  }
  return out;
}

// Board coins in cell order, then removed monsters in the order of their documents' text: never
// in coin-id order, which is the suit.
void State::add_coins_view(Json& v, Player observer) const {
  const bool all = observer == kOmniscient || phase_ == Phase::kOver;
  std::array<std::pair<int, Json>, kNumCoins> coins;
  std::array<std::pair<std::string, Json>, kNumCoins> gone;
  std::size_t n_coins = 0, n_gone = 0;
  for (int c = 0; c < kNumCoins; ++c) {
    const bool on_board = coin_cell_[c] >= 0;
    if (!on_board && !((removed_ >> c) & 1)) continue;
    Json cj = json_object(4);
    if (on_board) add_member(cj, "cell", name(coin_cell_[c]));
    add_member(cj, "value", coin_value(c));
    const bool known = all || (observer >= 0 && ((landed_[observer] >> c) & 1));
    if (known) add_member(cj, "suit", kSuitNames[coin_suit(c)]);
    Json monster_for = json_array(static_cast<std::size_t>(config_.players));
    for (Player p = 0; p < config_.players; ++p) {
      if ((landed_[p] >> c) & 1) monster_for.push_back(seat_text(p));
    }
    add_member(cj, "monster_for", std::move(monster_for));
    if (on_board) {
      coins[n_coins++] = {coin_cell_[c], std::move(cj)};
    } else {
      std::string text = cj.dump();
      gone[n_gone++] = {std::move(text), std::move(cj)};
    }
  }
  const auto by_key = [](const auto& a, const auto& b) { return a.first < b.first; };
  std::sort(coins.begin(), coins.begin() + n_coins, by_key);
  std::sort(gone.begin(), gone.begin() + n_gone, by_key);
  Json board = json_array(n_coins), removed = json_array(n_gone);
  for (std::size_t i = 0; i < n_coins; ++i) board.push_back(std::move(coins[i].second));
  for (std::size_t i = 0; i < n_gone; ++i) removed.push_back(std::move(gone[i].second));
  add_member(v, "coins", std::move(board));
  add_member(v, "removed_monsters", std::move(removed));
  Json taken = json_array(static_cast<std::size_t>(std::popcount(taken_)));
  for (int c = 0; c < kNumCoins; ++c) {
    if ((taken_ >> c) & 1) {
      taken.push_back(fmt::format("{}-{}", kSuitNames[coin_suit(c)], coin_value(c)));
    }
  }
  add_member(v, "artifacts_found", std::move(taken));
}

int State::coins_to_deal() const {
  int left = 0;
  for (int c = 0; c < kNumCoins; ++c) {
    left += ((used_suits_ >> coin_suit(c)) & 1) && coin_cell_[c] < 0 ? 1 : 0;
  }
  return left;
}

Json State::turn_view() const {
  Json t = json_object(9);
  add_member(t, "mover", seat_or_null(mover_));
  add_member(t, "forced_wall",
             forced_ < 0     ? Json(nullptr)
             : tiles_board() ? Json(name(tile_corner(placement_[forced_])))
                             : Json(std::string(1, kPieceLetters[forced_])));
  add_member(t, "steps_left", steps_left_);
  add_member(t, "target", target_ < 0 ? Json(nullptr) : Json(name(target_)));
  add_member(t, "blocker",
             phase_ == Phase::kBlockChoice || phase_ == Phase::kPvpRoll ? seat_or_null(blocker_)
                                                                        : Json(nullptr));
  add_member(t, "mover_roll", pending_roll_);
  add_member(t, "began_on_start", turn_began_on_start_);
  add_member(t, "left_start", left_start_);
  add_member(t, "last_free", name(last_free_));
  return t;
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
  const bool won = c.fighter_won();
  Json v = json_object(10);
  add_member(v, "kind", c.vs_monster() ? "monster" : "players");
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
  add_member(v, "winner",
             won              ? Json(seat_text(c.fighter))
             : c.vs_monster() ? Json("monster")
                              : Json(seat_text(c.blocker)));
  add_member(v, "damage", combat_damage(c));
  add_member(v, "monster_removed", c.vs_monster() && won && config_.remove_defeated);
  add_member(v, "died", c.loser_died);
  add_member(v, "revived", c.loser_died && config_.revival);
  add_member(v, "stopped_at", c.stopped_at < 0 ? Json(nullptr) : Json(name(c.stopped_at)));
  return v;
}

// A hash of the same facts view(p) shows, read from the fields directly (a view costs ~7 us to
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
  // The board coins in square order, sorted from the coins (at most twelve, never two on a
  // square) rather than found by a scan of every square: a search asks at every node it visits.
  std::array<std::pair<int, int>, kNumCoins> on_board{};  // (cell, coin)
  int n_on_board = 0;
  for (int c = 0; c < kNumCoins; ++c) {
    if (coin_cell_[c] >= 0) on_board[static_cast<std::size_t>(n_on_board++)] = {coin_cell_[c], c};
  }
  std::sort(on_board.begin(), on_board.begin() + n_on_board);
  for (int i = 0; i < n_on_board; ++i) {
    const auto [cell, c] = on_board[static_cast<std::size_t>(i)];
    h.add(static_cast<std::uint64_t>(cell)).add(coin_facts(c));
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

}  // namespace mw::mazemakers
