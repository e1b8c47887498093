// The heuristic player's newer plays (off with "basic"): Boost, Queen swap, Ace powers, Portal.
#include <algorithm>
#include <cstdlib>

#include "games/jokers_labyrinth/heuristic_chooser.h"
#include "games/jokers_labyrinth/jokers_labyrinth.h"

namespace mw::jokers_labyrinth::heuristic {

bool Chooser::open_joker(int cell) const {  // a face-up Joker on the board still to be fought
  return cell >= 0 && !s_.face_down(cell) && s_.card_on(cell) >= 0 && is_joker(s_.card_on(cell)) &&
         !s_.dropped(cell);
}

bool Chooser::dropped_joker(int cell) const {
  return cell >= 0 && !s_.face_down(cell) && s_.card_on(cell) >= 0 && is_joker(s_.card_on(cell)) &&
         s_.dropped(cell);
}

// The card a Boost can spare: the least useful non-Joker card other than `keep`.
int Chooser::spare_card(int keep) const {
  int best = -1, best_cost = 1 << 30;
  for (int phys : s_.hand(me_)) {
    if (is_joker(phys) || phys == keep) continue;
    const int cost = is_ace(phys) ? 40 : is_king(phys) ? 30 : is_queen(phys) ? 20 : value_of(phys);
    if (cost < best_cost) {
      best_cost = cost;
      best = phys;
    }
  }
  return best;
}

// A Boost onto an adjacent Joker is a fight that costs no action (A-G5-45), onto a dropped Joker
// a free pick-up.
Action Chooser::boost_to_joker() const {
  if (s_.boost_used() || !on(1)) return -1;
  const int pos = s_.player(me_).pos;
  for (int d = 0; d < 4; ++d) {
    const int nb = neighbour(pos, d);
    if (dropped_joker(nb)) {
      const int spare = spare_card(-1);
      if (spare >= 0 && has(legal_, kBoost + spare * 4 + d)) return kBoost + spare * 4 + d;
    }
    if (!open_joker(nb)) continue;
    const Pick pick = best_value_card(s_, me_, 14, nullptr);
    const int keep = pick.action == kNoCard ? -1 : static_cast<int>(pick.action - kValueCard);
    const int spare = spare_card(keep);
    if (spare >= 0 && win_odds(pick.dice) >= params_.joker_odds &&
        has(legal_, kBoost + spare * 4 + d))
      return kBoost + spare * 4 + d;
  }
  return -1;
}

// Queen's Player Relocation: trade places with a Jack standing next to a Joker, when I have the
// two actions to swap and then fight (or pick the dropped Joker up).
Action Chooser::swap_to_joker() const {
  if (s_.actions_left() < 2 || !on(4)) return -1;
  for (int phys : s_.hand(me_)) {
    if (!is_queen(phys)) continue;
    const double odds = win_odds(best_value_card(s_, me_, 14, nullptr, phys).dice);
    for (int q = 0; q < s_.num_players(); ++q) {
      const int qp = s_.player(q).pos;
      if (q == me_ || qp < 0 || !in_grid(qp)) continue;
      bool good = false;
      for (int d = 0; d < 4; ++d) {
        const int nb = neighbour(qp, d);
        good |= (nb >= 0 && in_grid(nb) && dropped_joker(nb)) ||
                (open_joker(nb) && odds >= params_.joker_odds + 0.1);
      }
      const Action a = kRelocate + phys * 16 + std::min(me_, q) * 4 + std::max(me_, q);
      if (good && has(legal_, a)) return a;
    }
  }
  return -1;
}

// Hazard Shift swapping a Hazard next to me with a Joker next to it: the Joker comes to me.
// With `unblock`, a Hazard I cannot beat that walls the way is moved aside onto an empty or
// Equipment cell (the way opens, maybe with a card to pick up).
Action Chooser::shift(bool unblock) const {
  if (s_.actions_left() < 2 || !on(unblock ? 128 : 2)) return -1;
  const int pos = s_.player(me_).pos;
  const double odds = win_odds(best_value_card(s_, me_, 14, nullptr).dice);
  for (Action a : legal_) {
    if (a < kAceShift || a >= kReroll) continue;
    const int from = grid_cell(static_cast<int>((a - kAceShift) % 196 / 4));
    const int to = neighbour(from, static_cast<int>((a - kAceShift) % 4));
    if (std::abs(row_of(from) - row_of(pos)) + std::abs(col_of(from) - col_of(pos)) != 1) continue;
    if (!unblock) {
      if (open_joker(to) && odds >= params_.joker_odds) return a;
      continue;
    }
    const int card = s_.card_on(to);
    if (odds_against(from) >= params_.hazard_odds || to == pos) continue;
    if (!guards_joker(from) && centre_distance(from) >= centre_distance(pos)) continue;
    if (card < 0 || is_equipment(card)) return a;
  }
  return -1;
}

// Reality Shuffle over a Joker (face up or dropped) next to a Jack that already holds one: that
// Jack would win by taking it.
Action Chooser::shuffle_away() const {
  if (!on(8)) return -1;
  for (int q = 0; q < s_.num_players(); ++q) {
    const int qp = s_.player(q).pos;
    if (q == me_ || qp < 0 || s_.jokers_held(q) == 0) continue;
    for (int d = 0; d < 4; ++d) {
      const int j = neighbour(qp, d);
      if (!(open_joker(j) || dropped_joker(j)) || !in_grid(j)) continue;
      // A centre in b2..f6 whose 3x3 holds the Joker (and, if it can, that Jack).
      int best = -1;
      for (int r = std::max(2, row_of(j) - 1); r <= std::min(6, row_of(j) + 1); ++r) {
        for (int c = std::max(2, col_of(j) - 1); c <= std::min(6, col_of(j) + 1); ++c) {
          const bool holds_q = std::abs(r - row_of(qp)) <= 1 && std::abs(c - col_of(qp)) <= 1;
          if (best < 0 || holds_q) best = (r - 2) * 5 + (c - 2);
        }
      }
      for (Action a : legal_) {
        if (a >= kAceShuffle && a < kAceShift && static_cast<int>((a - kAceShuffle) % 25) == best)
          return a;
      }
    }
  }
  return -1;
}

// Advanced Recon with a second Ace, when two or more of the cards I could reveal are unknown.
Action Chooser::adv_recon() const {
  if (!on(16)) return -1;
  int aces = 0;
  for (int phys : s_.hand(me_)) aces += is_ace(phys) ? 1 : 0;
  if (aces < 2 || s_.actions_left() < 2) return -1;
  int unknown = 0;
  for (int d = 0; d < 4; ++d) {
    const int nb = neighbour(s_.player(me_).pos, d);
    unknown += nb >= 0 && in_grid(nb) && s_.face_down(nb) && !s_.peeked_by(nb, me_) ? 1 : 0;
  }
  if (unknown < 2) return -1;
  for (Action a : legal_) {
    if (a >= kAceAdvRecon && a < kAceShuffle) return a;
  }
  return -1;
}

// Peek the cards I could reveal next, then those nearest to me.
Action Chooser::peek() const {
  const int pos = s_.player(me_).pos;
  Action best = kDone;
  int best_dist = 1 << 30;
  for (Action a : legal_) {
    if (a < kPeek || a >= kPeek + 49) continue;
    const int c = grid_cell(static_cast<int>(a - kPeek));
    const int dist = std::abs(row_of(c) - row_of(pos)) + std::abs(col_of(c) - col_of(pos));
    if (dist < best_dist) {
      best_dist = dist;
      best = a;
    }
  }
  return best_dist <= 2 ? best : kDone;
}

// How much I want to reveal a face-down cell (lower is better): toward the centre, and what an
// Advanced Recon showed me.
int Chooser::reveal_score(int cell) const {
  int score = centre_distance(cell);
  if (params_.basic || !s_.peeked_by(cell, me_)) return score;
  const int card = s_.card_on(cell);
  if (card < 0) return score;
  if (is_joker(card)) return score + (odds_against_value(14) >= params_.joker_odds ? -20 : 20);
  if (is_equipment(card) || (is_npc(card) && suit_of(card) == s_.player(me_).suit) ||
      (is_ace(card) && suit_of(card) == s_.player(me_).suit))
    return score - 10;
  return score + 6;
}

double Chooser::odds_against_value(int defend) const {
  return win_odds(best_value_card(s_, me_, defend, nullptr).dice);
}

// Portal instead of a plain Reveal: with a cheap Equipment card to risk and a strong value card
// in hand for the fight it may force.
Action Chooser::portal(int d) const {
  if (!on(32)) return -1;
  int cheap = -1, strong = 0;
  for (int phys : s_.hand(me_)) {
    if (is_equipment(phys) && value_of(phys) <= 4 &&
        (cheap < 0 || value_of(phys) < value_of(cheap)))
      cheap = phys;
  }
  for (int phys : s_.hand(me_)) {
    if (phys != cheap && (is_equipment(phys) || is_npc(phys)))
      strong = std::max(strong, value_of(phys));
  }
  if (cheap < 0 || strong < 9 || !has(legal_, kPortal + cheap * 4 + d)) return -1;
  return kPortal + cheap * 4 + d;
}

}  // namespace mw::jokers_labyrinth::heuristic
