#include "games/mazemakers/evaluate.h"

#include <algorithm>
#include <array>
#include <cmath>

#include "core/state.h"
#include "games/mazemakers/mazemakers.h"

namespace mw::mazemakers {
namespace {

// Steps (ignoring walls) from a board square to START's nearest square (the hole's rows/cols
// 9-10 on the pentomino board; the START tile's rows/cols 13-14 on the No-Pentominos board).
int steps_to_start(const State& s, int cell) {
  if (cell == kStart) return 0;
  const int row = cell / s.side(), col = cell % s.side();
  const int lo = s.tiles_board() ? 12 : kSide - 2, hi = s.tiles_board() ? 13 : kSide - 1;
  return std::max({0, lo - row, row - hi}) + std::max({0, lo - col, col - hi});
}

// A seat's progress toward a win: artifacts dominate (three are needed to exit, A-G4-26), then
// being back near START with all three, then health (what the next fight can cost). Public facts
// only.
double progress(const State& s, Player p) {
  if (s.exited(p)) return 10.0;  // it wins at the end of this round (A-G4-8)
  if (!s.alive(p)) return s.config().revival ? -1.0 : -10.0;
  double v = s.artifacts(p) + 0.15 * s.health(p);
  if (s.artifacts(p) == 3) v += 1.0 - steps_to_start(s, s.pawn(p)) / 16.0;
  return v;
}

}  // namespace

std::vector<double> evaluate(const mw::State& state) {
  const State& s = state.as<State>();
  if (s.is_terminal()) return s.returns();
  const int n = s.num_players();
  std::array<double, kMaxPlayers> score{};
  bool anyone_alive = false;
  for (Player p = 0; p < n; ++p) {
    score[p] = progress(s, p);
    anyone_alive = anyone_alive || s.alive(p) || s.exited(p);
  }
  std::vector<double> v(n, 0.0);
  if (!anyone_alive) return v;  // nobody can win any more: a draw for all
  // Winners get +1 and the rest -1 (rules page): compare each seat with its best rival. An
  // artifact's lead is a large part of the race; stay off +-1 since nothing is settled yet.
  for (Player p = 0; p < n; ++p) {
    double best_other = -1e9;
    for (Player q = 0; q < n; ++q) {
      if (q != p) best_other = std::max(best_other, score[q]);
    }
    v[p] = 0.95 * std::tanh((score[p] - best_other) / 1.5);
  }
  return v;
}

}  // namespace mw::mazemakers
