// The checks from_json runs: a MazeMakers body must be a position play reaches and plays on from.
#include <fmt/format.h>

#include <algorithm>
#include <bit>

#include "games/mazemakers/mazemakers.h"
#include "games/mazemakers/state_json_internal.h"

namespace mw::mazemakers {

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
  if (cells_in(tiles_) != 23) {
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

}  // namespace mw::mazemakers
