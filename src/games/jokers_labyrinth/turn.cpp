// The Joker's Labyrinth: applying an action, the turn and its end, moving, the win (G5.3).
#include <algorithm>
#include <bitset>

#include "games/jokers_labyrinth/jokers_labyrinth.h"

namespace mw::jokers_labyrinth {

// ---- Applying -----------------------------------------------------------------------------------

void State::discard(int phys) {
  put(phys, origin_pile(phys));
}

void State::check_win() {
  if (phase_ == Phase::kOver) return;
  for (int p = 0; p < config_.players; ++p) {
    if (jokers_held(p) >= 2) {  // A-G5-36: at once
      phase_ = Phase::kOver;
      winner_ = static_cast<std::int8_t>(p);
      return;
    }
  }
}

void State::to_main() {
  combat_ = Combat{};
  held_card_ = -1;
  after_ = After::kNone;
  after_target_ = -1;
  portal_card_ = -1;
  phase_ = Phase::kMain;
  check_win();
}

void State::start_turn(int seat) {
  for (int guard = 0; guard <= config_.players; ++guard) {
    to_move_ = static_cast<std::int8_t>(seat);
    PlayerState& ps = players_[seat];
    ps.bolster = false;  // "until the start of your next turn"
    ps.hindered = false;
    if (!ps.skip) break;
    ps.skip = false;  // A-G5-32: the whole turn is lost
    seat = (seat + 1) % config_.players;
    if (seat == first_) ++round_;
  }
  actions_left_ = 2;
  paid_actions_ = 0;
  last_was_reveal_ = false;
  boost_used_ = false;
  scavenged_ = false;
  phase_ = Phase::kMain;
  ++turns_;
  if ((config_.round_limit > 0 && round_ >= config_.round_limit) || turns_ > kSafetyTurns) {
    phase_ = Phase::kOver;  // A-G5-57 (or the safeguard, whatever the roundLimit): a draw
    winner_ = -1;
  }
}

void State::end_turn() {
  const int next = (to_move_ + 1) % config_.players;
  if (next == first_) ++round_;
  start_turn(next);
}

void State::place_jack(int p, int cell) {
  players_[p].pos = static_cast<std::int8_t>(cell);
  players_[p].entered = in_grid(cell);  // A-G5-44
}

void State::pick_up(int p, int cell) {
  const int card = cell_card_[cell];
  dropped_.reset(static_cast<std::size_t>(cell));
  put(card, static_cast<std::uint8_t>(kLocHand + p));
}

void State::step_into(int p, int cell, bool) {
  switch (enter_kind(p, cell)) {
    case Enter::kNo:
      return;
    case Enter::kMustFight:
      start_fight(cell);  // A-G5-9, A-G5-45
      return;
    case Enter::kPickUp:
      pick_up(p, cell);
      break;
    case Enter::kOwnAce:
      // G5.3.3: the Guardian of an own-suit Ace goes back to its deck without a fight.
      if (guard_[cell] >= 0) put(guard_[cell], kLocGuardDeck);
      put(cell_card_[cell], static_cast<std::uint8_t>(kLocHand + p));
      break;
    case Enter::kStep:
      break;
  }
  place_jack(p, cell);
  check_win();
}

void State::apply_main(Action a) {
  const int p = to_move_;
  const int pos = players_[p].pos;
  if (a == kEndTurn) {
    end_turn();
    return;
  }
  if (a >= kPay) {
    apply_prep(a);
    return;
  }
  if (a >= kKingGain && a < kBolster) {  // A-G5-15: free
    discard(static_cast<int>(a - kKingGain));
    ++actions_left_;
    return;
  }
  if (a >= kBoost && a < kPortal) {  // free, once a turn
    discard(static_cast<int>((a - kBoost) / 4));
    boost_used_ = true;
    step_into(p, neighbour(pos, static_cast<int>((a - kBoost) % 4)), true);
    return;
  }
  if (a >= kAceRecon && a < kReroll) {
    use_ace(a);
    return;
  }
  // The paid actions.
  --actions_left_;
  ++paid_actions_;
  last_was_reveal_ = a >= kReveal && a < kMove;
  if (a >= kRelocate && a < kPay) {  // Queen: swap two Jacks (A-G5-44)
    discard(static_cast<int>((a - kRelocate) / 16));
    const int x = static_cast<int>((a - kRelocate) % 16 / 4),
              y = static_cast<int>((a - kRelocate) % 4);
    const int px = players_[x].pos, py = players_[y].pos;
    place_jack(x, py);
    place_jack(y, px);
    return;
  }
  if (a >= kPortal && a < kRelocate) {
    const int card = static_cast<int>((a - kPortal) / 4);
    const int cell = neighbour(pos, static_cast<int>((a - kPortal) % 4));
    discard(card);
    portal_card_ = static_cast<std::int8_t>(card);
    std::bitset<kCells> one;
    one.set(static_cast<std::size_t>(cell));
    reveal_cells(one, After::kPortalled, cell);
    return;
  }
  if (a == kScavenge) {
    scavenged_ = true;
    if (cards_at(kLocScavDeck).empty()) {  // A-G5-22: reshuffle the Scavenger discard
      const CardSet discard = cards_at(kLocScavDiscard);  // a copy: put() changes the piles
      discard.for_each([&](int phys) { put(phys, kLocScavDeck); });
    }
    phase_ = Phase::kScavDraw;
    return;
  }
  const int d = static_cast<int>((a - kReveal) % 4);
  const int cell = neighbour(pos, d);
  if (a < kMove) {
    std::bitset<kCells> one;
    one.set(static_cast<std::size_t>(cell));
    reveal_cells(one, After::kRevealed, cell);
  } else if (a < kFight) {
    step_into(p, cell, false);
  } else {
    const int q = jack_at(cell);
    if (q >= 0) {
      start_pvp(q);
    } else {
      start_fight(cell);
    }
  }
}

void State::apply_legal(Action a) {
  switch (phase_) {
    case Phase::kOver:
      return;
    case Phase::kFirstRoll:
      first_ = static_cast<std::int8_t>(a - kChanceFirst);
      to_move_ = first_;
      setup_step_ = 0;
      phase_ = Phase::kChooseSuit;
      return;
    case Phase::kChooseSuit:
      players_[to_move_].suit = static_cast<std::int8_t>(a - kSuit);
      to_move_ = static_cast<std::int8_t>((to_move_ + 1) % config_.players);
      if (++setup_step_ == config_.players) {
        if (config_.starting_gear) {  // 7D to the first player, 8D to the second, ...
          for (int i = 0; i < config_.players; ++i) {
            put(phys_of(1, Card::of(Suit::kDiamonds, 7 + i)),
                static_cast<std::uint8_t>(kLocHand + (first_ + i) % config_.players));
          }
        }
        setup_step_ = 0;
        phase_ = Phase::kPlace;
      }
      return;
    case Phase::kPlace:
      place_jack(to_move_, kStartSpots[a - kSpot]);
      to_move_ = static_cast<std::int8_t>((to_move_ + 1) % config_.players);
      if (++setup_step_ == config_.players) {
        round_ = 0;
        start_turn(first_);
      }
      return;
    case Phase::kMain:
      apply_main(a);
      return;
    case Phase::kDeal: {
      int cell = 0;
      while (!pending_[cell]) ++cell;
      pending_.reset(static_cast<std::size_t>(cell));
      put(static_cast<int>(a - kChanceCard), static_cast<std::uint8_t>(cell));
      if (pending_.none()) continue_reveal();
      return;
    }
    case Phase::kGuardian: {
      int cell = -1;
      ace_needs_guardian(cell);
      put(static_cast<int>(a - kChanceCard), static_cast<std::uint8_t>(cell));
      continue_reveal();
      return;
    }
    case Phase::kCombatPrep:
    case Phase::kPvpPrep:
      apply_prep(a);
      return;
    case Phase::kDice: {
      const auto face = static_cast<std::uint8_t>(a - kChanceDie + 1);
      if (combat_.defender >= 0) {
        const int side = combat_.die[0] == 0 ? 0 : 1;
        combat_.die[side] = face;
        if (combat_.die[0] != 0 && combat_.die[1] != 0) after_dice();
        return;
      }
      if (combat_.rolled < combat_.dice) {
        ++combat_.faces[face - 1];
        ++combat_.rolled;
        if (fight_decided()) {
          resolve_pve();
          return;
        }
      } else {
        combat_.final_die = face;
      }
      if (combat_.rolled == combat_.dice && combat_.final_die != 0) after_dice();
      return;
    }
    case Phase::kRerolling: {
      const int seat = actor();
      auto use_king = [&] {
        combat_.rerolled = static_cast<std::uint8_t>(combat_.rerolled | (1u << seat));
        for (int phys = 0; phys < kNumPhys; ++phys) {  // "you must reveal your king"
          if (is_king(phys) && loc_[phys] == kLocHand + seat) {
            private_.reset(phys);
            break;
          }
        }
      };
      if (a >= kRerollOne) {  // one more die of that face set aside; the choice goes on
        const int f = static_cast<int>(a - kRerollOne);
        use_king();
        --combat_.faces[f];
        --combat_.rolled;
        combat_.set_aside = static_cast<std::uint8_t>(combat_.set_aside | (1u << f));
        return;
      }
      const int mask = static_cast<int>(a - kReroll);
      if (mask == 0 && combat_.set_aside == 0) {
        if (combat_.defender >= 0) {
          ++combat_.side;
          after_dice();
        } else {
          resolve_pve();
        }
        return;
      }
      use_king();
      if (combat_.defender >= 0) {
        combat_.die[combat_.side] = 0;
        ++combat_.side;
        phase_ = Phase::kDice;
        return;
      }
      for (int f = 0; f < 6; ++f) {
        if ((mask & (1 << f)) != 0) {
          combat_.rolled = static_cast<std::uint16_t>(combat_.rolled - combat_.faces[f]);
          combat_.faces[f] = 0;
        }
      }
      if ((mask & (1 << 6)) != 0) combat_.final_die = 0;
      combat_.set_aside = 0;
      phase_ = Phase::kDice;
      if (combat_.rolled < combat_.dice && fight_decided()) resolve_pve();
      return;
    }
    case Phase::kKeepNpc:
      if (a == kDiscard) discard(held_card_);
      settle_fight(a == kDiscard ? Consequence::kNpcDiscarded : Consequence::kNpcKept);
      to_main();
      return;
    case Phase::kJokerLoss:
      if (a == kTakeDebt) {
        // Saturates at kMaxDebt (rules page): never reached in play, it bounds the dice count.
        players_[to_move_].debt =
            static_cast<std::uint16_t>(std::min(kMaxDebt, players_[to_move_].debt + 2));
        settle_fight(Consequence::kDebtTaken);
      } else {
        discard(static_cast<int>((a - kPay) / kNumPhys));
        discard(static_cast<int>((a - kPay) % kNumPhys));
        if (last_fight_.attacker >= 0)
          last_fight_.paid = {static_cast<std::int8_t>((a - kPay) / kNumPhys),
                              static_cast<std::int8_t>((a - kPay) % kNumPhys)};
        settle_fight(Consequence::kDebtPaid);
      }
      to_main();
      return;
    case Phase::kScavDraw: {
      const int card = static_cast<int>(a - kChanceCard);
      if (keepable_by(to_move_, card)) {
        put(card, static_cast<std::uint8_t>(kLocHand + to_move_));
        private_.set(static_cast<std::size_t>(card));  // only the drawer has seen it
        held_card_ = static_cast<std::int8_t>(card);
        phase_ = Phase::kScavKeep;
      } else {
        put(card, kLocScavDiscard);
        to_main();
      }
      return;
    }
    case Phase::kScavKeep:
      if (a == kDiscard) discard(held_card_);
      to_main();
      return;
    case Phase::kRelocating: {
      const int cell = a >= kCorner ? kCorners[a - kCorner] : kStartSpots[a - kSpot];
      place_jack(combat_.loser, cell);
      finish_pvp_move();
      return;
    }
    case Phase::kPeeking: {
      if (a == kDone) {
        to_main();
        return;
      }
      std::bitset<kCells> one;
      const int cell = grid_cell(static_cast<int>(a - kPeek));
      one.set(static_cast<std::size_t>(cell));
      reveal_cells(one, After::kPeeked, cell);
      return;
    }
    case Phase::kShuffleDraw:
      put(static_cast<int>(a - kChanceCard), kLocShuffle);
      if (a - kChanceCard < 54) gknown_[a - kChanceCard] = kGroupPublic | 0xFu;  // face up [T]
      rs_items_[rs_count_++] = static_cast<std::int16_t>(a - kChanceCard);
      if (--rs_need_ == 0) phase_ = Phase::kShuffleDeal;
      return;
    case Phase::kShuffleDeal: {
      const int i = static_cast<int>(a - kChanceItem);
      const int item = rs_items_[i];
      for (int k = i; k + 1 < rs_count_; ++k) rs_items_[k] = rs_items_[k + 1];
      --rs_count_;
      const int c =
          cell_at(row_of(rs_centre_) + rs_next_ / 3 - 1, col_of(rs_centre_) + rs_next_ % 3 - 1);
      ++rs_next_;
      if (item >= 200 && item < 300) {
        place_jack(item - 200, c);  // Jacks land face up (A-G5-27)
      } else {
        down_.set(static_cast<std::size_t>(c));
        group_[c] = rs_group_;
        if (item < 200) put(item, static_cast<std::uint8_t>(c));
      }
      if (rs_count_ == 0) to_main();
      return;
    }
  }
}

}  // namespace mw::jokers_labyrinth
