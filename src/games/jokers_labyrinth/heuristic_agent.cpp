#include "games/jokers_labyrinth/heuristic_agent.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdlib>

#include "core/error.h"
#include "games/jokers_labyrinth/jokers_labyrinth.h"

namespace mw::jokers_labyrinth {
namespace {

bool has(const ActionList& legal, Action a) {
  return std::binary_search(legal.begin(), legal.end(), a);
}

// The PvE choice that rolls the fewest dice (ties: no card, then the cheapest card).
struct Pick {
  Action action = kNoCard;
  int dice = 99;
};

Pick best_value_card(const State& s, int me, int defend, const ActionList* legal,
                     int exclude = -1) {
  Pick best{kNoCard, s.dice_count(me, 0, defend)};
  for (int phys : s.hand(me)) {
    if (!(is_equipment(phys) || is_npc(phys)) || phys == exclude) continue;
    if (legal != nullptr && !has(*legal, kValueCard + phys)) continue;
    const int n = s.dice_count(me, value_of(phys), defend);
    if (n < best.dice || (n == best.dice && best.action != kNoCard &&
                          value_of(phys) < value_of(static_cast<int>(best.action - kValueCard)))) {
      best = {kValueCard + phys, n};
    }
  }
  return best;
}

double win_odds(int dice) {
  return std::pow(5.0 / 6.0, dice);
}

int centre_distance(int cell) {
  return std::abs(row_of(cell) - 4) + std::abs(col_of(cell) - 4);
}

// Exact win probability after rerolling the faces in `mask` (bit 6: the final die).
double reroll_odds(const Combat& c, int mask) {
  int kept = 0, rerolled = 0;
  for (int f = 0; f < 6; ++f) {
    if (c.faces[f] == 0) continue;
    if ((mask & (1 << f)) != 0) {
      rerolled += c.faces[f];
    } else {
      kept |= 1 << f;
    }
  }
  const double fresh = std::pow(5.0 / 6.0, rerolled);
  if ((mask & (1 << 6)) == 0) {
    return (kept & (1 << (c.final_die - 1))) != 0 ? 0.0 : fresh;
  }
  int free_faces = 0;
  for (int f = 0; f < 6; ++f) free_faces += (kept & (1 << f)) == 0 ? 1 : 0;
  return free_faces / 6.0 * fresh;
}

class Chooser {
 public:
  Chooser(const State& s, const ActionList& legal, const HeuristicAgent::Params& params)
      : s_(s), legal_(legal), params_(params), me_(s.current_player()) {}

  Action choose() {
    switch (s_.phase()) {
      case Phase::kCombatPrep:
        return prep(false);
      case Phase::kPvpPrep:
        return prep(true);
      case Phase::kRerolling:
        return reroll();
      case Phase::kJokerLoss:
        return legal_.size() > 1 ? legal_.front() : kTakeDebt;
      case Phase::kKeepNpc:
      case Phase::kScavKeep:
        return kKeep;
      case Phase::kRelocating:
        return legal_.back();
      case Phase::kPeeking:
        return params_.basic ? (legal_.size() > 1 ? legal_[1] : kDone) : peek();
      case Phase::kMain:
        return main();
      default:
        return legal_.front();
    }
  }

 private:
  Action prep(bool pvp) {
    for (Action a : legal_) {
      if (a >= kPay && a < kPayEnd) return a;  // fewer dice for every later fight
    }
    if (!pvp) {
      const int target = s_.combat().target;
      const Pick pick = best_value_card(s_, me_, s_.board_fight_value_public(target), &legal_);
      // Against a Joker, a spare Queen bolsters (one die fewer) when it is not the value card.
      if (is_joker(s_.card_on(target)) && pick.dice > 1 && !s_.player(me_).bolster) {
        for (Action a : legal_) {
          if (a >= kBolster && a < kHinder && kValueCard + (a - kBolster) != pick.action) return a;
        }
      }
      return pick.action;
    }
    // PvP: the highest value card.
    Action best = kNoCard;
    int value = 0;
    for (Action a : legal_) {
      if (a >= kValueCard && a < kKingGain && value_of(static_cast<int>(a - kValueCard)) > value) {
        best = a;
        value = value_of(static_cast<int>(a - kValueCard));
      }
    }
    if (!params_.basic && on(64)) {
      // A Queen that is not the value card: Bolster myself (+1), then Hinder the other side (-1).
      const Combat& c = s_.combat();
      const int them = me_ == c.attacker ? c.defender : c.attacker;
      for (Action a : legal_) {
        if (a >= kBolster && a < kHinder && kValueCard + (a - kBolster) != best &&
            !s_.player(me_).bolster)
          return a;
        if (a >= kHinder && a < kBoost && static_cast<int>((a - kHinder) % 4) == them &&
            kValueCard + (a - kHinder) / 4 != best && !s_.player(them).hindered)
          return a;
      }
    }
    return best;
  }

  Action reroll() {
    const Combat& c = s_.combat();
    if (c.defender >= 0) {
      const int side = c.side;
      const int mine = c.die[side], theirs = c.die[1 - side];
      const int my_card = c.commit[side] >= 0 ? value_of(c.commit[side]) : 0;
      const int their_card = c.commit[1 - side] >= 0 ? value_of(c.commit[1 - side]) : 0;
      const int them = side == 0 ? c.defender : c.attacker;
      const int gap = mine + my_card + s_.pvp_bonus(me_) - theirs - their_card - s_.pvp_bonus(them);
      return gap <= 0 && has(legal_, kReroll + 1) ? kReroll + 1 : kReroll;
    }
    Action best = kReroll;
    double odds = reroll_odds(c, 0);
    for (Action a : legal_) {
      if (a >= kRerollOne) continue;  // part of equal dice: never better than all or none of them
      const double o = reroll_odds(c, static_cast<int>(a - kReroll));
      if (o > odds + 1e-12) {
        odds = o;
        best = a;
      }
    }
    return best;
  }

  double odds_against(int cell) const {
    const int defend = s_.board_fight_value_public(cell);
    return win_odds(best_value_card(s_, me_, defend, nullptr).dice);
  }

  // Steps to the nearest cell from which something useful is adjacent (a face-down card to
  // reveal, or a Joker), walking only where a Move may go. Returns the first direction or -1.
  int toward_goal() const {
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
        if (nb < 0 || first[nb] != -2 || !walkable(nb)) continue;
        first[nb] = cell == start ? d : first[cell];
        queue[tail++] = nb;
      }
    }
    return best < 0 ? -1 : first[best];
  }

  bool walkable(int cell) const {
    if (s_.jack_at(cell) >= 0) return false;
    if (!in_grid(cell)) return !s_.player(me_).entered && s_.card_on(cell) < 0;
    if (s_.face_down(cell)) return false;
    const int card = s_.card_on(cell);
    return card < 0 || is_equipment(card) || (is_npc(card) && suit_of(card) == s_.player(me_).suit);
  }

  // A face-up card next to a Joker: it may wall the Joker in.
  bool guards_joker(int cell) const {
    for (int d = 0; d < 4; ++d) {
      const int nb = neighbour(cell, d);
      if (nb >= 0 && !s_.face_down(nb) && s_.card_on(nb) >= 0 && is_joker(s_.card_on(nb)))
        return true;
    }
    return false;
  }

  bool useful_from(int cell) const {
    for (int d = 0; d < 4; ++d) {
      const int nb = neighbour(cell, d);
      if (nb < 0 || !in_grid(nb)) continue;
      if (s_.face_down(nb)) return true;
      const int card = s_.card_on(nb);
      if (card < 0 || s_.jack_at(nb) >= 0) continue;
      // Only where it would act: a Joker it dares to fight, or a blocker of a Joker it can beat.
      if (is_joker(card) && odds_against(nb) >= params_.joker_odds) return true;
      if (!is_joker(card) && guards_joker(nb) && odds_against(nb) >= params_.hazard_odds)
        return true;
    }
    return false;
  }

  // ---- Newer play (off with the "basic" parameter) ----

  bool open_joker(int cell) const {  // a face-up Joker on the board still to be fought
    return cell >= 0 && !s_.face_down(cell) && s_.card_on(cell) >= 0 &&
           is_joker(s_.card_on(cell)) && !s_.dropped(cell);
  }
  bool dropped_joker(int cell) const {
    return cell >= 0 && !s_.face_down(cell) && s_.card_on(cell) >= 0 &&
           is_joker(s_.card_on(cell)) && s_.dropped(cell);
  }

  // The card a Boost can spare: the least useful non-Joker card other than `keep`.
  int spare_card(int keep) const {
    int best = -1, best_cost = 1 << 30;
    for (int phys : s_.hand(me_)) {
      if (is_joker(phys) || phys == keep) continue;
      const int cost = is_ace(phys)     ? 40
                       : is_king(phys)  ? 30
                       : is_queen(phys) ? 20
                                        : value_of(phys);
      if (cost < best_cost) {
        best_cost = cost;
        best = phys;
      }
    }
    return best;
  }

  // A Boost onto an adjacent Joker is a fight that costs no action (A-G5-45), onto a dropped Joker
  // a free pick-up.
  bool on(int bit) const { return (params_.off & bit) == 0; }

  Action boost_to_joker() const {
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
  Action swap_to_joker() const {
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
  Action shift(bool unblock) const {
    if (s_.actions_left() < 2 || !on(unblock ? 128 : 2)) return -1;
    const int pos = s_.player(me_).pos;
    const double odds = win_odds(best_value_card(s_, me_, 14, nullptr).dice);
    for (Action a : legal_) {
      if (a < kAceShift || a >= kReroll) continue;
      const int from = grid_cell(static_cast<int>((a - kAceShift) % 196 / 4));
      const int to = neighbour(from, static_cast<int>((a - kAceShift) % 4));
      if (std::abs(row_of(from) - row_of(pos)) + std::abs(col_of(from) - col_of(pos)) != 1)
        continue;
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
  Action shuffle_away() const {
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
  Action adv_recon() const {
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
  Action peek() const {
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
  int reveal_score(int cell) const {
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

  double odds_against_value(int defend) const {
    return win_odds(best_value_card(s_, me_, defend, nullptr).dice);
  }

  // Portal instead of a plain Reveal: with a cheap Equipment card to risk and a strong value card
  // in hand for the fight it may force.
  Action portal(int d) const {
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

  Action main() {
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
          (centre_distance(nb) < centre_distance(ps.pos) || s_.guardian_on(nb) >= 0 ||
           is_npc(card) || guards_joker(nb))) {
        best_odds = odds;
        best_fight = d;
      }
    }
    // Reveal the face-down neighbour closest to the centre.
    int reveal = -1;
    for (int d = 0; d < 4; ++d) {
      if (!has(legal_, kReveal + d)) continue;
      if (reveal < 0 ||
          reveal_score(neighbour(ps.pos, d)) < reveal_score(neighbour(ps.pos, reveal)))
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
  int pvp_edge(int q) const {
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
  bool chase(int d) const {
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

  const State& s_;
  const ActionList& legal_;
  const HeuristicAgent::Params& params_;
  int me_;
};

}  // namespace

std::unique_ptr<Agent> HeuristicAgent::make(const Game&, const Json& params) {
  Params p;
  for (const auto& [name, value] : params.items()) {
    if (name == "off" && value.is_number_integer()) {
      p.off = value.get<int>();
      continue;
    }
    if (name == "basic" && value.is_boolean()) {
      p.basic = value.get<bool>();
      continue;
    }
    if ((name != "jokerOdds" && name != "hazardOdds") || !value.is_number() ||
        value.get<double>() < 0 || value.get<double>() > 1) {
      throw Error(ErrorCode::kUnknownAgent,
                  fmt::format("heuristic agent: unknown parameter {}={} (jokerOdds, hazardOdds in "
                              "0..1, basic, off)",
                              name, value.dump()));
    }
    (name == "jokerOdds" ? p.joker_odds : p.hazard_odds) = value.get<double>();
  }
  if (p.basic && !params.contains("hazardOdds")) p.hazard_odds = 0.5;  // as in session 1
  return std::make_unique<HeuristicAgent>(p);
}

Action HeuristicAgent::choose(const Observation& obs, Rng& rng) {
  const ActionList legal = obs.legal_actions();
  if (legal.size() == 1) return legal.front();
  // A world consistent with what this seat knows; only public facts and its own hand are read.
  const mw::State world = obs.sample_world(rng);
  const State& s = world.as<State>();
  const Action a = Chooser(s, legal, params_).choose();
  return has(legal, a) ? a : legal.front();
}

}  // namespace mw::jokers_labyrinth
