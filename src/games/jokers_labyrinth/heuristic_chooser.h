#pragma once
// The heuristic player's move chooser and its helpers, shared by the heuristic_*.cpp files.
#include <algorithm>
#include <array>
#include <bitset>
#include <cmath>
#include <cstdlib>

#include "core/types.h"
#include "games/jokers_labyrinth/heuristic_agent.h"
#include "games/jokers_labyrinth/jokers_labyrinth.h"

namespace mw::jokers_labyrinth::heuristic {

inline bool has(const ActionList& legal, Action a) {
  return std::binary_search(legal.begin(), legal.end(), a);
}

// The PvE choice that rolls the fewest dice (ties: no card, then the cheapest card).
struct Pick {
  Action action = kNoCard;
  int dice = 99;
};

inline Pick best_value_card(const State& s, int me, int defend, const ActionList* legal,
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

// (5/6)^n, from a table for the counts fights roll (the values std::pow gives, read instead of
// computed: the heuristic asks for them in every fight it weighs).
inline double five_sixths_to(int n) {
  static const std::array<double, 64> kTable = [] {
    std::array<double, 64> t{};
    for (int i = 0; i < 64; ++i) t[static_cast<std::size_t>(i)] = std::pow(5.0 / 6.0, i);
    return t;
  }();
  return n >= 0 && n < 64 ? kTable[static_cast<std::size_t>(n)] : std::pow(5.0 / 6.0, n);
}

inline double win_odds(int dice) {
  return five_sixths_to(dice);
}

inline int centre_distance(int cell) {
  return std::abs(row_of(cell) - 4) + std::abs(col_of(cell) - 4);
}

// Picks the move of the seat to act in one sampled world.
class Chooser {
 public:
  Chooser(const State& s, const ActionList& legal, const HeuristicAgent::Params& params)
      : s_(s), legal_(legal), params_(params), me_(s.current_player()) {}

  Action choose();

 private:
  // Fights (heuristic_agent.cpp).
  Action prep(bool pvp);
  Action reroll();

  // The turn: what to do with the actions left, and where to explore (heuristic_turn.cpp).
  Action main();
  int pvp_edge(int q) const;
  bool chase(int d) const;
  double odds_against(int cell) const;
  int toward_goal() const;
  bool walkable(int cell, const std::bitset<kCells>& jacks) const;
  bool guards_joker(int cell) const;
  bool acts_on(int cell, const std::bitset<kCells>& jacks) const;

  // Newer play, off with the "basic" parameter (heuristic_plays.cpp).
  // Whether the feature of ablation bit `bit` (Params::off) is on.
  bool on(int bit) const { return (params_.off & bit) == 0; }
  bool open_joker(int cell) const;
  bool dropped_joker(int cell) const;
  int spare_card(int keep) const;
  Action boost_to_joker() const;
  Action swap_to_joker() const;
  Action shift(bool unblock) const;
  Action shuffle_away() const;
  Action adv_recon() const;
  Action peek() const;
  int reveal_score(int cell) const;
  double odds_against_value(int defend) const;
  Action portal(int d) const;

  const State& s_;
  const ActionList& legal_;
  const HeuristicAgent::Params& params_;
  int me_;
};

}  // namespace mw::jokers_labyrinth::heuristic
