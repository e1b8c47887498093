// MazeMakers: applying actions: wall moves, steps, coins, combat, death, turns, end of the game.
#include <algorithm>
#include <bit>
#include <cstdlib>

#include "games/mazemakers/mazemakers.h"
#include "games/mazemakers/rules_internal.h"

namespace mw::mazemakers {
namespace {

int popcount8(std::uint8_t x) {
  return std::popcount(static_cast<unsigned>(x));
}

}  // namespace

// ---- applying actions ---------------------------------------------------------------------------

void State::apply_place(int o, int anchor) {
  const int piece = orientations()[o].piece;
  if (placement_[piece] >= 0) {
    walls_ &= ~placement_mask(placement_[piece] / kCells, placement_[piece] % kCells);
  }
  placement_[piece] = static_cast<std::int16_t>(o * kCells + anchor);
  walls_ |= placement_mask(o, anchor);
  if (phase_ == Phase::kWalls) {
    // Placement also stops, with fewer walls, if no remaining piece fits (our reading; it needs
    // a board fragmented on purpose and never happens in practice).
    if (++setup_count_ == kWallsToPlace || !any_setup_placement()) {
      phase_ = Phase::kControl;
      setup_count_ = 0;
    }
    return;
  }
  owner_[piece] = -1;  // the mover's coins come back (G4.3 B1)
  owner_coins_[piece] = 0;
  start_move();
}

void State::start_move() {
  forced_ = -1;
  phase_ = Phase::kMove;
  steps_left_ = static_cast<std::int8_t>(move_steps_allowance());
  last_free_ = pawn_[mover_];
}

void State::apply_control(int piece) {
  if (phase_ == Phase::kControl) {
    owner_[piece] = static_cast<std::int8_t>(seat_in_order(config_.players - 1 - setup_count_));
    owner_coins_[piece] = 1;
    bool free_wall = false;
    for (int w = 0; w < kNumPieces; ++w) free_wall |= placement_[w] >= 0 && owner_[w] < 0;
    if (++setup_count_ == config_.players || !free_wall) {
      phase_ = Phase::kCoins;
      setup_count_ = 0;
    }
    return;
  }
  // A takeover puts one more coin than the holder has; the holder's coins return (G4.3 B2).
  owner_coins_[piece] = static_cast<std::int8_t>(owner_[piece] < 0 ? 1 : owner_coins_[piece] + 1);
  owner_[piece] = mover_;
  start_move();
}

// A-G4-16: the allowance is the health at the start of the move.
int State::move_steps_allowance() const {
  return health_[mover_];
}

void State::apply_step(int target) {
  if (target == kStart) {
    pawn_[mover_] = kStart;
    last_free_ = kStart;
    --steps_left_;
    if (artifacts_[mover_] == 3) {  // exit (A-G4-26)
      exited_ |= static_cast<std::uint8_t>(1u << mover_);
      end_move();
    } else if (steps_left_ == 0) {
      end_move();
    }
    return;
  }
  if (occupant(target) >= 0) {
    target_ = static_cast<std::int16_t>(target);
    blocker_ = static_cast<std::int8_t>(occupant(target));
    phase_ = Phase::kBlockChoice;
    return;
  }
  enter(target);
}

void State::enter(int target) {
  if (pawn_[mover_] == kStart) left_start_ = true;
  pawn_[mover_] = static_cast<std::int16_t>(target);
  --steps_left_;
  phase_ = Phase::kMove;
  if (occupant(target) >= 0) return;  // passing through; can_finish() left a way out
  last_free_ = static_cast<std::int16_t>(target);
  const int coin = coin_at(target);
  if (coin >= 0) {
    land_on_coin(coin);
  } else if (steps_left_ == 0) {
    end_move();
  }
}

void State::land_on_coin(int coin) {
  if (coin_suit(coin) == suit_[mover_]) {  // an artifact, shown to all (G4.3 C)
    coin_cell_[coin] = -1;
    taken_ |= static_cast<std::uint16_t>(1u << coin);
    ++artifacts_[mover_];
    health_[mover_] = static_cast<std::int8_t>(std::min(kMaxHealth, health_[mover_] + 1));
    end_move();
    return;
  }
  landed_[mover_] |= static_cast<std::uint16_t>(1u << coin);
  target_ = static_cast<std::int16_t>(coin_cell_[coin]);
  phase_ = Phase::kMonsterRoll;
}

void State::resolve_monster(int roll) {
  const int coin = coin_at(target_);
  Combat c;
  c.fighter = mover_;
  c.monster = static_cast<std::int8_t>(coin_value(coin));
  c.cell = target_;
  c.fighter_die = static_cast<std::int8_t>(roll);
  c.fighter_bonus = artifacts_[mover_];
  if (c.fighter_won()) {
    if (config_.remove_defeated) {  // A-G4-6 option
      coin_cell_[coin] = -1;
      removed_ |= static_cast<std::uint16_t>(1u << coin);
    }
  } else {
    c.loser_died = damage(mover_, combat_damage(c));
  }
  last_combat_ = c;
  end_move();
}

void State::resolve_pvp(int blocker_die) {
  Combat c;
  c.fighter = mover_;
  c.blocker = blocker_;
  c.cell = target_;
  c.fighter_die = pending_roll_;
  c.fighter_bonus = artifacts_[mover_];
  c.blocker_die = static_cast<std::int8_t>(blocker_die);
  c.blocker_bonus = artifacts_[blocker_];
  if (c.fighter_won()) {
    c.loser_died = damage(blocker_, combat_damage(c));
    last_combat_ = c;
    enter(target_);
    return;
  }
  c.loser_died = damage(mover_, combat_damage(c));
  if (pawn_[mover_] >= 0 && pawn_[mover_] != kStart) {
    // Back to the square before the block; on a square being passed through, the last free one.
    if (occupant(pawn_[mover_]) >= 0) pawn_[mover_] = last_free_;
  }
  if (!c.loser_died) c.stopped_at = pawn_[mover_];
  last_combat_ = c;
  end_move();
}

int State::combat_damage(const Combat& c) const {
  if (c.vs_monster() && c.fighter_won()) return 0;
  if (!config_.harsh_damage) return 1;
  const int diff = std::abs(c.fighter_total() - c.opponent_total());
  return c.vs_monster() ? diff : std::max(1, diff);  // variant 3; a PvP tie costs 1 (A-G4-22)
}

bool State::damage(Player p, int amount) {
  health_[p] = static_cast<std::int8_t>(std::max(0, health_[p] - amount));
  if (health_[p] != 0) return false;
  kill(p);
  return true;
}

void State::release_walls(Player p, bool) {
  for (int w = 0; w < kNumPieces; ++w) {
    if (owner_[w] == p) {
      owner_[w] = -1;
      owner_coins_[w] = 0;
      if (tiles_board()) placement_[w] = -1;  // a hole slot exists only while it holds coins
    }
  }
}

// G4.3 D; variant 1 revives at once on START with 2 health (A-G4-20).
void State::kill(Player p) {
  release_walls(p, config_.revival);
  if (config_.revival) {
    pawn_[p] = kStart;
    health_[p] = 2;
    if (p == mover_) left_start_ = true;  // a revived player did not spend the turn on START
  } else {
    pawn_[p] = -1;
    health_[p] = 0;
  }
}

// A death during the mover's own move also ends it (G4.3 D): every combat ends here.
void State::end_move() {
  end_turn();
}

void State::end_turn() {
  // What a move leaves behind is nobody's business after it: every state between moves keeps
  // these at rest, so that one position has one document (from_json checks it).
  steps_left_ = 0;
  last_free_ = kStart;
  target_ = -1;
  blocker_ = -1;
  // Variant 2 (A-G4-21): a whole turn on START heals 1.
  if (config_.start_healing && turn_began_on_start_ && !left_start_ && pawn_[mover_] == kStart &&
      !exited(mover_)) {
    health_[mover_] = static_cast<std::int8_t>(std::min(kMaxHealth, health_[mover_] + 1));
  }
  phase_ = Phase::kWallAction;  // placeholder until the next turn starts
  for (;;) {
    if (++order_index_ == config_.players) {
      order_index_ = 0;
      if (round_ < kMaxRound) ++round_;  // saturates: with roundLimit=0 nothing bounds a game
      bool any_alive = false;
      for (Player p = 0; p < config_.players; ++p) any_alive |= alive(p);
      if (exited_ != 0 || !any_alive ||
          (config_.round_limit > 0 && round_ >= config_.round_limit)) {
        finish_game();
        return;
      }
    }
    const Player p = seat_in_order(order_index_);
    if (alive(p) && !exited(p)) {
      mover_ = static_cast<std::int8_t>(p);
      start_turn();
      return;
    }
  }
}

void State::start_turn() {
  // The last such wall, found from the walls' bytes at once (every turn of every rollout asks).
  const unsigned must_move = detail::walls_where_byte_is(owner_, mover_) &
                             detail::walls_where_byte_at_least(owner_coins_, 2);
  forced_ = static_cast<std::int8_t>(std::bit_width(must_move) - 1);
  turn_began_on_start_ = pawn_[mover_] == kStart;
  left_start_ = false;
  phase_ = Phase::kWallAction;
}

void State::begin_play() {
  order_index_ = 0;
  mover_ = static_cast<std::int8_t>(first_);
  start_turn();
}

// G4.3 E: every player who exited in the final round wins; optional tie-breaks.
void State::finish_game() {
  winners_ = exited_;
  phase_ = Phase::kOver;
  if (popcount8(winners_) < 2) return;
  if (config_.tie_break == TieBreak::kHealth) {
    int best = 0;
    for (Player p = 0; p < config_.players; ++p) {
      if (exited(p)) best = std::max<int>(best, health_[p]);
    }
    for (Player p = 0; p < config_.players; ++p) {
      if (exited(p) && health_[p] < best) winners_ &= static_cast<std::uint8_t>(~(1u << p));
    }
  } else if (config_.tie_break == TieBreak::kRolloff) {
    rolloff_ = winners_;
    rolloff_done_ = 0;
    phase_ = Phase::kRolloff;
  }
}

void State::finish_rolloff() {
  int best = -1;
  for (Player p = 0; p < config_.players; ++p) {
    if ((rolloff_ >> p) & 1) best = std::max<int>(best, rolloff_total_[p]);
  }
  for (Player p = 0; p < config_.players; ++p) {
    if (((rolloff_ >> p) & 1) && rolloff_total_[p] < best) {
      rolloff_ &= static_cast<std::uint8_t>(~(1u << p));
    }
  }
  rolloff_done_ = 0;
  if (popcount8(rolloff_) == 1) {
    winners_ = rolloff_;
    rolloff_ = 0;
    phase_ = Phase::kOver;
  }
}

void State::apply_legal(Action a) {
  switch (phase_) {
    case Phase::kFirst:
      first_ = static_cast<std::int8_t>(a - kFirstBase);
      phase_ = Phase::kSuit;
      order_index_ = 0;
      return;
    case Phase::kSuit:
      suit_[seat_in_order(order_index_)] = static_cast<std::int8_t>(a - kSuitBase);
      used_suits_ |= static_cast<std::uint8_t>(1u << (a - kSuitBase));
      if (++order_index_ == config_.players) {
        order_index_ = 0;
        if (config_.players == 2) {
          phase_ = Phase::kExtraSuit;
        } else {
          used_suits_ = 0xF;  // k = min(4, players + 1) = 4 (G4.1)
          phase_ = tiles_board() ? Phase::kTiles : Phase::kWalls;
        }
      }
      return;
    case Phase::kExtraSuit:
      used_suits_ |= static_cast<std::uint8_t>(1u << (a - kExtraSuitBase));
      phase_ = tiles_board() ? Phase::kTiles : Phase::kWalls;
      return;
    case Phase::kCoins:
      coin_cell_[next_coin_to_deal()] = static_cast<std::int16_t>(a - kCoinCellBase);
      ++setup_count_;
      if (next_coin_to_deal() < 0) {
        phase_ = Phase::kCoinSuits;
        setup_count_ = 0;
      }
      return;
    case Phase::kCoinSuits:
      deal_suits(setup_count_ + 2, static_cast<int>(a - kPermBase));
      if (++setup_count_ == 3) begin_play();
      return;
    case Phase::kPvpRoll:
      if (pending_roll_ < 0) {
        pending_roll_ = static_cast<std::int8_t>(die_value(static_cast<int>(a - kDieBase)));
      } else {
        resolve_pvp(die_value(static_cast<int>(a - kDieBase)));
        pending_roll_ = -1;
      }
      return;
    case Phase::kMonsterRoll:
      resolve_monster(die_value(static_cast<int>(a - kDieBase)));
      return;
    case Phase::kRolloff: {
      const std::uint8_t left = rolloff_ & static_cast<std::uint8_t>(~rolloff_done_);
      const int p = std::countr_zero(static_cast<unsigned>(left));
      rolloff_total_[p] =
          static_cast<std::int8_t>(die_value(static_cast<int>(a - kDieBase)) + artifacts_[p]);
      rolloff_done_ |= static_cast<std::uint8_t>(1u << p);
      if (rolloff_done_ == rolloff_) finish_rolloff();
      return;
    }
    case Phase::kBlockChoice:
      if (a == kAllow) {
        enter(target_);
      } else {
        phase_ = Phase::kPvpRoll;
        pending_roll_ = -1;
      }
      return;
    default:
      break;
  }
  if (a >= kRelocBase) {
    if (a < kFillBase) {
      apply_relocate(static_cast<int>((a - kRelocBase) / kTileSlots),
                     static_cast<int>((a - kRelocBase) % kTileSlots));
    } else if (a < kHoleCoinBase) {
      apply_fill(static_cast<int>((a - kFillBase) / kTileSlots),
                 static_cast<int>((a - kFillBase) % kTileSlots));
    } else {
      apply_hole_control(static_cast<int>(a - kHoleCoinBase));
    }
  } else if (a < kControlBase) {
    apply_place(static_cast<int>(a / kCells), static_cast<int>(a % kCells));
  } else if (a < kRecover) {
    apply_control(static_cast<int>(a - kControlBase));
  } else if (a == kRecover || a == kPass) {
    if (a == kRecover) {
      owner_[forced_] = -1;
      owner_coins_[forced_] = 0;
    }
    start_move();  // with a stuck forced hole (No-Pentominos) the coins stay (G4.3 B1')
  } else if (a == kStop) {
    end_move();
  } else {
    apply_step(static_cast<int>(a - kStepBase));
  }
}

// The monster's die, or the blocker's (the second of a block), resolves a combat.
Json State::outcome_of(Action a) const {
  if (phase_ != Phase::kMonsterRoll && (phase_ != Phase::kPvpRoll || pending_roll_ < 0)) {
    return nullptr;
  }
  State next = *this;
  next.apply_legal(a);
  return {{"combat", next.combat_view()}};
}

std::vector<double> State::returns() const {
  std::vector<double> out(static_cast<std::size_t>(config_.players), 0.0);
  if (phase_ != Phase::kOver || winners_ == 0) return out;
  for (Player p = 0; p < config_.players; ++p) out[p] = ((winners_ >> p) & 1) ? 1.0 : -1.0;
  return out;
}

}  // namespace mw::mazemakers
