#include "games/mazemakers/way.h"

#include <algorithm>

namespace mw::mazemakers {
Cells coin_mask(const State& s) {
  Cells m;
  for (int c = 0; c < kNumCoins; ++c) {
    if (s.coin_cell(c) >= 0) m.set(static_cast<std::size_t>(s.coin_cell(c)));
  }
  return m;
}

Dist distances(const State& s, const std::vector<int>& sources) {
  Dist d;
  d.fill(kFar);
  const Cells coins = coin_mask(s);
  std::vector<int> queue;
  for (int c : sources) {
    d[c] = 0;
    queue.push_back(c);
  }
  for (std::size_t i = 0; i < queue.size(); ++i) {
    const int c = queue[i];
    const bool stops = c != kStart && has(coins, c) && d[c] > 0;
    const int reach = std::min(kFar, d[c] + 1 + (stops ? kCoinStop : 0));
    std::array<int, 8> nb{};
    const int n = s.neighbours(c, nb);
    for (int k = 0; k < n; ++k) {
      const int t = nb[k];
      if (d[t] <= reach) continue;
      d[t] = static_cast<std::int8_t>(reach);
      queue.push_back(t);
    }
  }
  return d;
}

std::vector<int> public_targets(const State& s, Player q) {
  if (s.artifacts(q) == 3) return {kStart};
  std::array<bool, 5> found{};
  for (int c = 0; c < kNumCoins; ++c) {
    if (((s.taken() >> c) & 1) && coin_suit(c) == s.suit(q)) found[coin_value(c)] = true;
  }
  std::vector<int> out;
  for (int c = 0; c < kNumCoins; ++c) {
    const int cell = s.coin_cell(c);
    if (cell < 0 || ((s.landed(q) >> c) & 1) || found[coin_value(c)]) continue;
    out.push_back(cell);
  }
  return out;
}

namespace {

int distance_to(const State& s, Player q, const std::vector<int>& targets) {
  if (!s.alive(q) || targets.empty()) return kFar;
  return distances(s, targets)[s.pawn(q)];
}

}  // namespace

bool held_by_other(const State& s, Player q, int cell) {
  for (Player p = 0; p < s.num_players(); ++p) {
    if (p != q && s.pawn(p) == cell) return true;
  }
  return false;
}

int distance_to_targets(const State& s, Player q) {
  return distance_to(s, q, public_targets(s, q));
}

std::vector<int> free_targets(const State& s, Player q) {
  auto targets = public_targets(s, q);
  std::erase_if(targets, [&](int cell) { return cell != kStart && held_by_other(s, q, cell); });
  return targets;
}

int distance_to_free_targets(const State& s, Player q) {
  return distance_to(s, q, free_targets(s, q));
}

}  // namespace mw::mazemakers
