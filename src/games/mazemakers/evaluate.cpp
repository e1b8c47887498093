#include "games/mazemakers/evaluate.h"

#include <algorithm>
#include <array>
#include <cmath>

#include "core/state.h"
#include "games/mazemakers/mazemakers.h"
#include "games/mazemakers/way.h"

namespace mw::mazemakers {

// A seat's progress toward a win: artifacts dominate (three are needed to exit, A-G4-26), then
// the way to START with all three, or to the next coin that may be an artifact, then health (what
// the next fight can cost). Ways count walls and coins: walled off is no nearer than far away.
// Public facts only.
double progress(const State& s, Player p) {
  if (s.exited(p)) return 10.0;  // it wins at the end of this round (A-G4-8)
  if (!s.alive(p)) return s.config().revival ? -1.0 : -10.0;
  const int way = distance_to_targets(s, p);
  const double nearness = way >= kFar ? 0.0 : 8.0 / (8.0 + way);  // 1 there, 1/2 at 8 steps
  return s.artifacts(p) + 0.15 * s.health(p) + (s.artifacts(p) == 3 ? 1.0 : 0.3) * nearness;
}

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
