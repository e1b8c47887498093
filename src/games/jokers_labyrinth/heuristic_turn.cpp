// The heuristic player's turn: pick-ups, fights, reveals and where to walk when nothing is near.
#include <array>
#include <cstdint>
#include <cstdlib>

#include "games/jokers_labyrinth/heuristic_chooser.h"
#include "games/jokers_labyrinth/jokers_labyrinth.h"

namespace mw::jokers_labyrinth::heuristic {

Action Chooser::main() {
  const PlayerState& ps = s_.player(me_);
  if (s_.actions_left() <= 0) {
    for (Action a : legal_) {
      if (a >= kPay && a < kPayEnd) return a;
    }
    if (!params_.basic) {
      const Action b = boost_to_joker();
      if (b >= 0) return b;
    }
    // A King buys one more action when a Joker is in reach at fair odds.
    for (int d = 0; d < 4; ++d) {
      const int nb = neighbour(ps.pos, d);
      if (nb < 0 || s_.card_on(nb) < 0 || !is_joker(s_.card_on(nb)) || s_.face_down(nb)) continue;
      if (odds_against(nb) < params_.joker_odds) continue;
      for (Action a : legal_) {
        if (a >= kKingGain && a < kBolster) return a;
      }
    }
    return kEndTurn;
  }
  // Recon when at least four cards around are still face down.
  int around = 0;
  for (int dr = -1; dr <= 1; ++dr) {
    for (int dc = -1; dc <= 1; ++dc) {
      const int r = row_of(ps.pos) + dr, c = col_of(ps.pos) + dc;
      if (r >= 1 && r <= 7 && c >= 1 && c <= 7) around += s_.face_down(cell_at(r, c)) ? 1 : 0;
    }
  }
  if (around >= 4) {
    for (Action a : legal_) {
      if (a >= kAceRecon && a < kAceAdvRecon) return a;
    }
  }
  // Pick-ups, best first: a Joker, then anything.
  int pickup = -1;
  for (int d = 0; d < 4; ++d) {
    if (!has(legal_, kMove + d)) continue;
    const int nb = neighbour(ps.pos, d);
    const int card = s_.card_on(nb);
    if (card < 0 || has(legal_, kFight + d)) continue;
    if (is_joker(card)) return kMove + d;
    pickup = d;
  }
  if (pickup >= 0) return kMove + pickup;
  if (!params_.basic) {
    for (Action a :
         {boost_to_joker(), shift(false), swap_to_joker(), shuffle_away(), adv_recon()}) {
      if (a >= 0) return a;
    }
  }
  // Fights: Jokers at fair odds, Jacks holding a Joker when clearly ahead, blockers at good odds.
  int best_fight = -1;
  double best_odds = 0;
  for (int d = 0; d < 4; ++d) {
    if (!has(legal_, kFight + d)) continue;
    const int nb = neighbour(ps.pos, d);
    const int q = s_.jack_at(nb);
    if (q >= 0) {
      if (s_.jokers_held(q) > 0 && pvp_edge(q) >= 3) return kFight + d;
      continue;
    }
    const int card = s_.card_on(nb);
    const double odds = odds_against(nb);
    if (is_joker(card)) {
      if (odds >= params_.joker_odds) return kFight + d;
      continue;
    }
    if (odds >= params_.hazard_odds && odds > best_odds &&
        (centre_distance(nb) < centre_distance(ps.pos) || s_.guardian_on(nb) >= 0 || is_npc(card) ||
         guards_joker(nb))) {
      best_odds = odds;
      best_fight = d;
    }
  }
  // Reveal the face-down neighbour closest to the centre.
  int reveal = -1;
  for (int d = 0; d < 4; ++d) {
    if (!has(legal_, kReveal + d)) continue;
    if (reveal < 0 || reveal_score(neighbour(ps.pos, d)) < reveal_score(neighbour(ps.pos, reveal)))
      reveal = d;
  }
  if (reveal >= 0 && !params_.basic) {
    const Action p = portal(reveal);
    if (p >= 0) return p;
  }
  if (reveal >= 0) return kReveal + reveal;
  if (best_fight >= 0) return kFight + best_fight;
  if (!params_.basic) {
    const Action a = shift(true);
    if (a >= 0) return a;
  }
  if (has(legal_, kScavenge)) return kScavenge;
  const int step = toward_goal();
  if (step >= 0 && has(legal_, kMove + step)) return kMove + step;
  // Nothing to explore: hunt a Jack that holds a Joker.
  for (int d = 0; d < 4; ++d) {
    if (has(legal_, kFight + d) && s_.jack_at(neighbour(ps.pos, d)) >= 0 &&
        s_.jokers_held(s_.jack_at(neighbour(ps.pos, d))) > 0) {
      return kFight + d;
    }
  }
  if (best_fight < 0) {
    for (int d = 0; d < 4; ++d) {
      if (has(legal_, kFight + d) && s_.jack_at(neighbour(ps.pos, d)) < 0 &&
          odds_against(neighbour(ps.pos, d)) >= 0.25)
        return kFight + d;
    }
  }
  for (int d = 0; d < 4; ++d) {
    if (has(legal_, kMove + d) && chase(d)) return kMove + d;
  }
  // Stuck: step to an empty Dungeon cell so that the second action can scavenge for cards.
  if (s_.actions_left() >= 2) {
    for (int d = 0; d < 4; ++d) {
      const int nb = neighbour(ps.pos, d);
      if (has(legal_, kMove + d) && in_grid(nb) && s_.card_on(nb) < 0) return kMove + d;
    }
  }
  return kEndTurn;
}

// My expected PvP total minus theirs (their hidden cards count as 5).
int Chooser::pvp_edge(int q) const {
  auto best = [&](int p) {
    int v = 0;
    for (int phys : s_.hand(p)) {
      if (is_equipment(phys) || is_npc(phys))
        v = std::max(v, (p == me_ || !s_.is_private(phys)) ? value_of(phys) : 5);
    }
    return v;
  };
  return best(me_) + s_.pvp_bonus(me_) - best(q) - s_.pvp_bonus(q);
}

// Moving in direction d gets closer to a Jack that holds a Joker.
bool Chooser::chase(int d) const {
  const int from = s_.player(me_).pos, to = neighbour(from, d);
  for (int q = 0; q < s_.num_players(); ++q) {
    if (q == me_ || s_.jokers_held(q) == 0) continue;
    const int qp = s_.player(q).pos;
    auto dist = [&](int c) {
      return std::abs(row_of(c) - row_of(qp)) + std::abs(col_of(c) - col_of(qp));
    };
    if (dist(to) < dist(from)) return true;
  }
  return false;
}

double Chooser::odds_against(int cell) const {
  const int defend = s_.board_fight_value_public(cell);
  return win_odds(best_value_card(s_, me_, defend, nullptr).dice);
}

// Steps to the nearest cell from which something useful is adjacent (a face-down card to
// reveal, or a Joker), walking only where a Move may go. Returns the first direction or -1.
int Chooser::toward_goal() const {
  const std::bitset<kCells> jacks = s_.jack_cells();
  // Whether a cell is one to act on, judged once: the search asks again for each of its
  // neighbours, and judging weighs the hand against the cell's defender.
  std::array<std::int8_t, kCells> judged{};  // 0: not yet, 1: act on it, 2: not
  auto useful_from = [&](int cell) {
    for (int d = 0; d < 4; ++d) {
      const int nb = neighbour(cell, d);
      if (nb < 0 || !in_grid(nb)) continue;
      if (judged[nb] == 0) judged[nb] = acts_on(nb, jacks) ? 1 : 2;
      if (judged[nb] == 1) return true;
    }
    return false;
  };
  const int start = s_.player(me_).pos;
  std::array<int, kCells> first{};
  first.fill(-2);
  std::array<int, kCells> queue{};
  int head = 0, tail = 0;
  first[start] = -1;
  queue[tail++] = start;
  int best = -1, best_score = 1 << 30;
  while (head < tail) {
    const int cell = queue[head++];
    if (cell != start && useful_from(cell)) {
      const int score = centre_distance(cell);
      if (score < best_score) {
        best_score = score;
        best = cell;
      }
      continue;
    }
    for (int d = 0; d < 4; ++d) {
      const int nb = neighbour(cell, d);
      if (nb < 0 || first[nb] != -2 || !walkable(nb, jacks)) continue;
      first[nb] = cell == start ? d : first[cell];
      queue[tail++] = nb;
    }
  }
  return best < 0 ? -1 : first[best];
}

bool Chooser::walkable(int cell, const std::bitset<kCells>& jacks) const {
  if (jacks[cell]) return false;
  if (!in_grid(cell)) return !s_.player(me_).entered && s_.card_on(cell) < 0;
  if (s_.face_down(cell)) return false;
  const int card = s_.card_on(cell);
  return card < 0 || is_equipment(card) || (is_npc(card) && suit_of(card) == s_.player(me_).suit);
}

// A face-up card next to a Joker: it may wall the Joker in.
bool Chooser::guards_joker(int cell) const {
  for (int d = 0; d < 4; ++d) {
    const int nb = neighbour(cell, d);
    if (nb >= 0 && !s_.face_down(nb) && s_.card_on(nb) >= 0 && is_joker(s_.card_on(nb)))
      return true;
  }
  return false;
}

// A cell next to which the Jack would act: a face-down card to reveal, a Joker it dares to
// fight, or a blocker of a Joker it can beat.
bool Chooser::acts_on(int cell, const std::bitset<kCells>& jacks) const {
  if (s_.face_down(cell)) return true;
  const int card = s_.card_on(cell);
  if (card < 0 || jacks[cell]) return false;
  if (is_joker(card)) return odds_against(cell) >= params_.joker_odds;
  return guards_joker(cell) && odds_against(cell) >= params_.hazard_odds;
}

}  // namespace mw::jokers_labyrinth::heuristic
