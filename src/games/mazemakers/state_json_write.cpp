// Writing a MazeMakers state: its body (to_json) and the information-state key (its views are
// view.cpp's).
#include <algorithm>
#include <array>
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
  check_move_fields();
  if (turn_under_way()) {
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
