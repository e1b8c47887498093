#include "games/jokers_labyrinth/evaluate.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>

#include "games/jokers_labyrinth/jokers_labyrinth.h"

namespace mw::jokers_labyrinth {
namespace {

// A seat's strength on a log-odds scale. A Joker held is most of the way to a win (half the
// goal, and -1 die in every fight), but less so in debt: each pair of debt is a point off the
// Jack's total in a fight between Jacks, so a rival who attacks it soon takes the Joker away.
// Valued at 1.8 whatever the debt, a Joker made a fight at long odds look worth its risk, and
// the search fought on at falling odds while the debt piled up (docs/experiments/ai.md).
// A Joker lying next to the Jack is a fight away; a good value card is a die fewer against a
// Joker; each pair of debt is a die more.
double strength(const State& s, int p) {
  const PlayerState& ps = s.player(p);
  double x = (1.8 - 0.25 * std::min(ps.debt / 2, 6)) * s.jokers_held(p);
  int best = 0, cards = 0;
  for (int phys : s.hand(p)) {
    if (!(is_equipment(phys) || is_npc(phys))) continue;
    best = std::max(best, value_of(phys));
    ++cards;
  }
  x += 0.05 * best + 0.08 * std::min(cards, 4);
  x -= 0.35 * (ps.debt / 2) + (ps.skip ? 0.3 : 0.0);
  if (ps.pos >= 0) {
    int nearest = 99;
    for (int c = 0; c < kCells; ++c) {
      const int card = s.card_on(c);
      if (card < 0 || !is_joker(card) || s.face_down(c)) continue;
      nearest = std::min(
          nearest, std::abs(row_of(c) - row_of(ps.pos)) + std::abs(col_of(c) - col_of(ps.pos)));
    }
    if (nearest < 99) x += 0.6 / std::max(nearest, 1);
  }
  return x;
}

}  // namespace

std::vector<double> evaluate(const mw::State& state) {
  const State& s = state.as<State>();
  if (s.is_terminal()) return s.returns();
  const int n = s.num_players();
  std::vector<double> x(static_cast<std::size_t>(n));
  double top = -1e9;
  for (int p = 0; p < n; ++p) top = std::max(top, x[p] = strength(s, p));
  double sum = 0;
  for (double& v : x) sum += v = std::exp(v - top);
  // Win probability w -> expected return w - (1 - w) / (n - 1), shrunk to stay inside (-1, 1).
  for (double& v : x) v = 0.95 * (n * (v / sum) - 1.0) / (n - 1);
  return x;
}

}  // namespace mw::jokers_labyrinth
