// The Joker's Labyrinth: fights against the board and PvP, dice, King rerolls, relocation.

#include "games/jokers_labyrinth/jokers_labyrinth.h"

namespace mw::jokers_labyrinth {

// ---- Fights and PvP -----------------------------------------------------------------------------

void State::start_fight(int cell) {
  combat_ = Combat{};
  combat_.attacker = to_move_;
  combat_.target = static_cast<std::int8_t>(cell);
  phase_ = Phase::kCombatPrep;
}

void State::start_pvp(int defender) {
  combat_ = Combat{};
  combat_.attacker = to_move_;
  combat_.defender = static_cast<std::int8_t>(defender);
  combat_.target = players_[defender].pos;
  phase_ = Phase::kPvpPrep;
}

void State::begin_dice() {
  const int p = combat_.attacker;
  const int attack = combat_.value_card >= 0 ? value_of(combat_.value_card) : 0;  // A-G5-8
  combat_.dice =
      static_cast<std::uint16_t>(dice_count(p, attack, board_fight_value(combat_.target)));
  combat_.rolled = 0;
  combat_.faces = {};
  combat_.final_die = 0;
  phase_ = Phase::kDice;
}

// The reroll decision is offered whenever the combatant might hold a King as far as the others
// know (a King, or any privately held card), so its absence does not reveal the hand.
bool State::may_hold_king(int p) const {
  bool any = false;
  hand(p).for_each(
      [&](int phys) { any |= is_king(phys) || private_[static_cast<std::size_t>(phys)]; });
  return any;
}

// Once the shown dice show all six faces the final die matches one of them whatever the other
// dice show: the fight is lost, unless a King reroll may still change the dice. Rolling on would
// change nothing but the length of the game (a fight under heavy debt rolls hundreds of dice).
bool State::fight_decided() const {
  for (int f = 0; f < 6; ++f) {
    if (combat_.faces[f] == 0) return false;
  }
  return (combat_.rerolled & (1u << combat_.attacker)) != 0 || !may_hold_king(combat_.attacker);
}

void State::after_dice() {
  if (combat_.defender >= 0) {
    while (combat_.side < 2) {
      const int seat = combat_.side == 0 ? combat_.attacker : combat_.defender;
      if ((combat_.rerolled & (1u << seat)) == 0 && may_hold_king(seat)) {
        phase_ = Phase::kRerolling;
        return;
      }
      ++combat_.side;
    }
    resolve_pvp();
    return;
  }
  const int p = combat_.attacker;
  if ((combat_.rerolled & (1u << p)) == 0 && may_hold_king(p)) {
    phase_ = Phase::kRerolling;
    return;
  }
  resolve_pve();
}

void State::resolve_pve() {
  const int p = combat_.attacker;
  const int cell = combat_.target;
  // A fight decided before the final die (fight_decided) is lost.
  const bool win = combat_.final_die != 0 && combat_.faces[combat_.final_die - 1] == 0;
  const int card = cell_card_[cell];
  const bool move_in = in_grid(cell) || !players_[p].entered;
  record_pve(win, guard_[cell] >= 0 ? guard_[cell] : card);
  if (guard_[cell] >= 0) {
    if (win) {  // the Guardian goes back to its deck, the Ace is collected
      put(guard_[cell], kLocGuardDeck);
      put(card, static_cast<std::uint8_t>(kLocHand + p));
      place_jack(p, cell);
    }
    settle_fight(win ? Consequence::kAceTaken : Consequence::kBlocked);
    to_main();
    return;
  }
  if (is_joker(card)) {
    if (win) {
      pick_up(p, cell);
      if (move_in) place_jack(p, cell);
      settle_fight(Consequence::kJokerTaken);
      to_main();
    } else {
      phase_ = Phase::kJokerLoss;  // pay two cards or take the debt
    }
    return;
  }
  if (is_npc(card)) {
    if (win) {
      put(card, static_cast<std::uint8_t>(kLocHand + p));  // A-G5-11: may keep it
      place_jack(p, cell);
      held_card_ = static_cast<std::int8_t>(card);
      phase_ = Phase::kKeepNpc;
      return;
    }
    if (is_queen(card)) {            // discard the whole hand (A-G5-16: Jokers kept by default)
      const CardSet held = hand(p);  // discard() changes it
      held.for_each([&](int phys) {
        if (!is_joker(phys) || config_.queen_loss_discards_jokers) discard(phys);
      });
    } else {
      players_[p].skip = true;  // King: lose the next turn
    }
    settle_fight(is_queen(card) ? Consequence::kHandDiscarded : Consequence::kTurnLost);
    to_main();
    return;
  }
  if (win) {  // a Hazard
    discard(card);
    place_jack(p, cell);
  }
  settle_fight(win ? Consequence::kHazardDiscarded : Consequence::kBlocked);
  to_main();
}

// The record is taken while the combat still holds the dice and the foe is still on its cell.
void State::record_pve(bool win, int foe) {
  const Combat& c = combat_;
  LastFight f;
  f.attacker = c.attacker;
  f.foe = static_cast<std::int8_t>(foe);
  f.card[0] = c.value_card;
  f.dice = c.dice;
  f.faces = c.faces;
  f.final_die = c.final_die;
  f.total = {static_cast<std::int16_t>(c.value_card >= 0 ? value_of(c.value_card) : 0),
             static_cast<std::int16_t>(value_of(foe))};
  f.attacker_won = win;
  last_fight_ = f;
}

// Totals are taken at the outcome: the loser's dropped Joker would change them afterwards.
void State::record_pvp(int attacker_total, int defender_total) {
  const Combat& c = combat_;
  LastFight f;
  f.attacker = c.attacker;
  f.defender = c.defender;
  f.card = c.commit;
  f.die = c.die;
  f.total = {static_cast<std::int16_t>(attacker_total), static_cast<std::int16_t>(defender_total)};
  f.attacker_won = attacker_total > defender_total;
  last_fight_ = f;
}

// A document written before the record existed may resume mid-fight with no record to settle.
void State::settle_fight(Consequence consequence) {
  if (last_fight_.attacker >= 0) last_fight_.consequence = consequence;
}

int State::roll_total(int side) const {
  const int seat = side == 0 ? combat_.attacker : combat_.defender;
  const int card = combat_.commit[side];
  return combat_.die[side] + (card >= 0 ? value_of(card) : 0) + pvp_bonus(seat);
}

void State::resolve_pvp() {
  const int a = roll_total(0), b = roll_total(1);
  if (a == b) {  // a tie: cards already discarded; fight on (A-G5-26, A-G5-41)
    combat_.commit = {-2, -2};
    combat_.die = {0, 0};
    combat_.side = 0;
    phase_ = Phase::kPvpPrep;
    return;
  }
  const int loser = a > b ? combat_.defender : combat_.attacker;
  combat_.loser = static_cast<std::int8_t>(loser);
  record_pvp(a, b);
  // The loser leaves one Joker (no more than 1) on its cell.
  for (int phys : {52, 53, 106, 107}) {
    if (loc_[phys] == kLocHand + loser) {
      put(phys, static_cast<std::uint8_t>(players_[loser].pos));
      dropped_.set(static_cast<std::size_t>(players_[loser].pos));
      last_fight_.joker_dropped = true;
      break;
    }
  }
  combat_.target = players_[loser].pos;
  phase_ = Phase::kRelocating;
  ActionList spots;
  legal_relocate(spots);
  if (spots.empty()) finish_pvp_move();  // A-G5-58: no free spot, the loser stays
}

// A-G5-25, A-G5-43: the winning initiator moves into the loser's cell if it may stand there.
void State::finish_pvp_move() {
  const int p = combat_.attacker;
  const int cell = combat_.target;
  const int loser_at = players_[combat_.loser].pos;
  if (combat_.loser != p && jack_at(cell) < 0 && (in_grid(cell) || !players_[p].entered)) {
    const Enter kind = enter_kind(p, cell);
    if (kind == Enter::kStep || kind == Enter::kPickUp) {
      if (kind == Enter::kPickUp) pick_up(p, cell);
      place_jack(p, cell);
      last_fight_.moved_in = true;
    }
  }
  last_fight_.cell = static_cast<std::int8_t>(loser_at);
  settle_fight(loser_at == cell ? Consequence::kStayed : Consequence::kRelocated);
  to_main();
}

void State::apply_prep(Action a) {
  const int p = actor();
  const bool pvp = phase_ == Phase::kPvpPrep;
  if (a >= kPay) {
    const int x = static_cast<int>((a - kPay) / kNumPhys),
              y = static_cast<int>((a - kPay) % kNumPhys);
    discard(x);
    discard(y);
    players_[p].debt = static_cast<std::uint16_t>(players_[p].debt - 2);
    return;
  }
  if (a >= kHinder && a < kBoost) {
    const int phys = static_cast<int>((a - kHinder) / 4);
    discard(phys);
    players_[(a - kHinder) % 4].hindered = true;
    return;
  }
  if (a >= kBolster && a < kHinder) {
    discard(static_cast<int>(a - kBolster));
    players_[p].bolster = true;
    return;
  }
  const int card = a == kNoCard ? -1 : static_cast<int>(a - kValueCard);
  if (!pvp) {
    combat_.value_card = static_cast<std::int8_t>(card);
    if (card >= 0) discard(card);
    begin_dice();
    return;
  }
  combat_.commit[combat_.side] = static_cast<std::int8_t>(card);
  if (combat_.side == 0) {
    combat_.side = 1;
    return;
  }
  // Both committed: revealed together, then discarded after the fight (discarded now: same).
  for (int c : combat_.commit) {
    if (c >= 0) discard(c);
  }
  combat_.side = 0;
  combat_.die = {0, 0};
  phase_ = Phase::kDice;
}

}  // namespace mw::jokers_labyrinth
