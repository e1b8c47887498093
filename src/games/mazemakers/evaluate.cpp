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

namespace {

// A seat that can still win: alive, already out, or dead but due to come back (revival).
bool contends(const State& s, Player p) {
  return s.alive(p) || s.exited(p) || s.config().revival;
}

// Only an exit before the round limit wins (the limit is a draw, see the rules page), so a lead
// fades as the rounds left run short of what its holder still has to do: some rounds an artifact
// and the way home. A lead kept by standing still is worth nothing at the limit, and the clock
// presses sooner on a seat with more to do (one replayed draw held 2 artifacts for 50 rounds).
double time_left(const State& s, Player leader) {
  const int limit = s.config().round_limit;
  if (limit <= 0) return 1.0;
  constexpr double kRoundsHome = 20.0;
  constexpr double kRoundsPerArtifact = 15.0;
  const double needed = kRoundsHome + kRoundsPerArtifact * (3 - s.artifacts(leader));
  return std::clamp((limit - s.round()) / needed, 0.0, 1.0);
}

// With no rival left to reach START first, progress alone decides how likely the exit is; a
// death then is a draw, not a loss, so an artifact more must outweigh the risk of fetching it.
double exit_chance(double progress) {
  return std::tanh(std::max(0.0, progress) / 2.0);
}

}  // namespace

std::vector<double> evaluate(const mw::State& state) {
  const State& s = state.as<State>();
  if (s.is_terminal()) return s.returns();
  const int n = s.num_players();
  std::array<double, kMaxPlayers> score{};
  Player front = -1;  // the contender furthest ahead
  for (Player p = 0; p < n; ++p) {
    score[p] = progress(s, p);
    if (contends(s, p) && (front < 0 || score[p] > score[front])) front = p;
  }
  std::vector<double> v(n, 0.0);
  if (front < 0) return v;  // nobody can win any more: a draw for all
  // Winners get +1 and the rest -1 (rules page): compare each seat with its best rival still in
  // the race. An artifact's lead is a large part of it; stay off +-1 since nothing is settled.
  for (Player p = 0; p < n; ++p) {
    Player rival = -1;
    for (Player q = 0; q < n; ++q) {
      if (q != p && contends(s, q) && (rival < 0 || score[q] > score[rival])) rival = q;
    }
    if (!contends(s, p)) {
      // a rival is still in the race and has the rest of the game to finish it
      v[p] = -0.95 * time_left(s, front);
    } else if (rival < 0) {
      v[p] = 0.95 * time_left(s, p) * exit_chance(score[p]);
    } else {
      const double lead = std::tanh((score[p] - score[rival]) / 1.5);
      v[p] = 0.95 * time_left(s, lead >= 0 ? p : rival) * lead;
    }
  }
  return v;
}

}  // namespace mw::mazemakers
