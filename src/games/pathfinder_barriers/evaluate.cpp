#include "games/pathfinder_barriers/evaluate.h"

#include <array>
#include <cmath>
#include <deque>

namespace mw::pathfinder_barriers {

int unknown_slots_to_pawn(const State& s, Player p) {
  const HomeGrid& g = s.home(1 - p);
  const Tracking& t = s.tracking(p);
  if (g.pawn < 0) return -1;
  std::array<int, kSquares> dist;
  dist.fill(1 << 20);
  std::deque<int> queue;
  const auto relax = [&](int sq, int slot, int base) {
    if (slot >= 0 && g.barriers.contains(slot)) return;
    const int d = base + (slot >= 0 && t.open.contains(slot) ? 0 : 1);
    if (d >= dist[static_cast<std::size_t>(sq)]) return;
    dist[static_cast<std::size_t>(sq)] = d;
    if (d == base) {
      queue.push_front(sq);
    } else {
      queue.push_back(sq);
    }
  };
  if (t.pos >= 0) relax(t.pos, -1, -1);  // standing there: no question needed
  for (int r = 0; r < kSize; ++r) relax(r * kSize, kFirstL + r, 0);
  while (!queue.empty()) {
    const int sq = queue.front();
    queue.pop_front();
    for (Dir d : kAllDirs) {
      const int to = neighbour(sq, d);
      if (to >= 0) relax(to, slot_between(sq, d), dist[static_cast<std::size_t>(sq)]);
    }
  }
  const int d = dist[static_cast<std::size_t>(g.pawn)];
  return d >= (1 << 20) ? -1 : d;
}

std::vector<double> evaluate(const mw::State& state) {
  const State& s = state.as<State>();
  if (s.is_terminal()) return s.returns();
  if (s.phase() != Phase::kPlay) return {0.0, 0.0};
  // Each unknown slot on the best route is a question that may draw a "No" and cost a turn; a
  // lead of a few such slots is most of a win. The seat to move is half a question ahead.
  const int u0 = unknown_slots_to_pawn(s, 0), u1 = unknown_slots_to_pawn(s, 1);
  if (u0 < 0 || u1 < 0) return {0.0, 0.0};
  const double tempo = s.current_player() == 0 ? 0.5 : -0.5;
  const double v = 0.9 * std::tanh((u1 - u0 + tempo) / 4.0);
  return {v, -v};
}

}  // namespace mw::pathfinder_barriers
