#include "games/mazemakers/way.h"

#include <algorithm>
#include <bit>

#include "games/mazemakers/rules_internal.h"

namespace mw::mazemakers {
Cells coin_mask(const State& s) {
  Cells m;
  for (int c = 0; c < kNumCoins; ++c) {
    if (s.coin_cell(c) >= 0) m.set(static_cast<std::size_t>(s.coin_cell(c)));
  }
  return m;
}

Dist distances_by_search(const State& s, const std::vector<int>& sources) {
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

namespace {

// The pentomino board's squares as bits 0-99 of a Mask; START, a node of its own, as bit 127.
constexpr Mask kStartBit = Mask{1} << 127;

constexpr Mask column(int col) {
  Mask m = 0;
  for (int row = 0; row < kSide; ++row) m |= cell_bit(row * kSide + col);
  return m;
}
constexpr Mask kLeavesWest = ~column(0);
constexpr Mask kLeavesEast = ~column(kSide - 1);

// The nodes a step from those of `m`, walls not yet taken away: squares step to the squares
// beside them, the four bordering START step to START and START to them.
[[gnu::always_inline]] inline Mask step_from(Mask m) {
  const Mask squares = m & detail::kBoard;
  Mask out = (squares >> kSide) | (squares << kSide) | ((squares & kLeavesWest) >> 1) |
             ((squares & kLeavesEast) << 1);
  if ((m & kStartBit) != 0) out |= detail::kStartNeighbourSquares;
  if ((m & detail::kStartNeighbourSquares) != 0) out |= kStartBit;
  return out;
}

// A node's bit, and the node of a bit.
Mask node_bit(int node) {
  return node == kStart ? kStartBit : cell_bit(node);
}
int node_of_bit(int bit) {
  return bit == 127 ? kStart : bit;
}

// The squares without a wall, and START.
Mask open_nodes(const State& s) {
  return (detail::kBoard & ~s.walls()) | kStartBit;
}

// The squares with a coin.
Mask coin_bits(const State& s) {
  Mask coins = 0;
  for (int c = 0; c < kNumCoins; ++c) {
    if (s.coin_cell(c) >= 0) coins |= cell_bit(s.coin_cell(c));
  }
  return coins;
}

Mask nodes_bits(const std::vector<int>& nodes) {
  Mask m = 0;
  for (const int node : nodes) m |= node_bit(node);
  return m;
}

// distances() on the pentomino board a layer at a time, among the `open` nodes (open_nodes) with
// the `coins` (coin_bits) of one position: `seen(d, nodes)` is told the nodes first
// reached at each distance d < kFar (the sources at 0), and stops the search by returning true;
// returns every node reached. A node goes on a step later, a coin that is not a source
// kCoinStop + 1 steps later, so layer d + 1 comes from the plain nodes of layer d and the coins
// of layer d - kCoinStop, which is the one layer d + 1 takes the place of: five layers kept in
// turn, the loop unrolled five times so that they stay in registers (the set-up heuristic asks
// this 150 times a wall).
template <typename Seen>
Mask by_layers(Mask open, Mask coins, Mask sources, Seen&& seen) {
  static_assert(kCoinStop == 4, "five layers kept: d and the four before it");
  Mask reached = sources;
  if (seen(0, sources)) return reached;
  // Layer d is held in m<d mod 5>. The sources (layer 0, whatever they are: a source is never a
  // stop) are stepped from here; their slot stays empty, since at d = kCoinStop no coin is due yet.
  Mask m0 = 0, m1 = step_from(sources) & open & ~reached, m2 = 0, m3 = 0, m4 = 0;
  reached |= m1;
  if (m1 != 0 && seen(1, m1)) return reached;
  int d = 1;
  // Layer d + 1 from layer d (`current`) and layer d - 4 (`slot`, which it then holds); true when
  // the search is over. Inlined by force: out of line, the layers would live in memory.
  const auto advance = [&](Mask current, Mask & slot) __attribute__((always_inline)) {
    const Mask next = step_from((current & ~coins) | (slot & coins)) & open & ~reached;
    slot = next;
    reached |= next;
    ++d;
    return (next != 0 && seen(d, next)) || (m0 | m1 | m2 | m3 | m4) == 0 || d + 1 >= kFar;
  };
  while (!advance(m1, m2) && !advance(m2, m3) && !advance(m3, m4) && !advance(m4, m0) &&
         !advance(m0, m1)) {
  }
  return reached;
}

// The distance from the nodes of `sources` to the node `to` (searching no further), and the nodes
// the search reached.
struct Searched {
  int steps;
  Mask reached;
};
Searched search_from_bits(Mask open, Mask coins, Mask sources, int to) {
  const Mask goal = node_bit(to);
  int found = kFar;
  const Mask reached = by_layers(open, coins, sources, [&](int dist, Mask nodes) {
    if ((nodes & goal) == 0) return false;
    found = dist;
    return true;
  });
  return {found, reached};
}

int distance_from_bits(const State& s, Mask sources, int to) {
  return search_from_bits(open_nodes(s), coin_bits(s), sources, to).steps;
}

}  // namespace

Dist distances(const State& s, const std::vector<int>& sources) {
  if (s.tiles_board()) return distances_by_search(s, sources);
  Dist d;
  d.fill(kFar);
  by_layers(open_nodes(s), coin_bits(s), nodes_bits(sources), [&](int dist, Mask nodes) {
    for (; nodes != 0; nodes &= nodes - 1) {
      d[node_of_bit(lowest_cell(nodes))] = static_cast<std::int8_t>(dist);
    }
    return false;
  });
  return d;
}

int distance_between(const State& s, const std::vector<int>& sources, int to) {
  if (s.tiles_board()) return distances_by_search(s, sources)[to];
  return distance_from_bits(s, nodes_bits(sources), to);
}

int squares_reached_from_start(const State& s) {
  if (s.tiles_board()) {
    const Dist d = distances_by_search(s, {kStart});
    return static_cast<int>(std::count_if(d.begin(), d.begin() + s.num_cells(),
                                          [](std::int8_t x) { return x < kFar; }));
  }
  const Mask open = open_nodes(s);
  const Mask coins = coin_bits(s);
  if ((coins & open) != 0) {
    return cells_in(by_layers(open, coins, kStartBit, [](int, Mask) { return false; }) &
                    ~kStartBit);
  }
  // No coin to stop at (the walls go down before the coins): every step is one, so a plain
  // flood from START, a step a round up to the cap, reaches what the layers would.
  Mask reached = kStartBit, frontier = kStartBit;
  for (int d = 1; d < kFar && frontier != 0; ++d) {
    frontier = step_from(frontier) & open & ~reached;
    reached |= frontier;
  }
  return cells_in(reached & ~kStartBit);
}

namespace {

// The coins that may be q's artifacts (bit c: coin c), before START takes their place at three:
// those q has not landed on, of values q has not yet found (taken a coin of its suit and value).
unsigned target_coins(const State& s, Player q) {
  static_assert(kNumCoins == 12, "coin id = suit * 3 + (value - 2)");
  constexpr unsigned kOfFirstValue = 0b001'001'001'001;  // the coins of value 2, one a suit
  // Bit v - 2: q has found an artifact of value v; no suit yet, none.
  const unsigned found = s.suit(q) < 0 ? 0u : (s.taken() >> (3 * s.suit(q))) & 0b111u;
  unsigned excluded = s.landed(q);
  for (int v = 0; v < 3; ++v) {
    if ((found >> v) & 1) excluded |= kOfFirstValue << v;
  }
  return ~excluded & 0xFFFu;
}

// Calls f(cell) for the cell of each coin of `coins` on the board, by coin id.
template <typename F>
void for_each_coin_cell(const State& s, unsigned coins, F f) {
  for (; coins != 0; coins &= coins - 1) {
    const int cell = s.coin_cell(std::countr_zero(coins));
    if (cell >= 0) f(cell);
  }
}

}  // namespace

std::vector<int> public_targets(const State& s, Player q) {
  if (s.artifacts(q) == 3) return {kStart};
  std::vector<int> out;
  for_each_coin_cell(s, target_coins(s, q), [&](int cell) { out.push_back(cell); });
  return out;
}

namespace {

int distance_to(const State& s, Player q, const std::vector<int>& targets) {
  if (!s.alive(q) || targets.empty()) return kFar;
  return distance_between(s, targets, s.pawn(q));
}

// public_targets on the pentomino board as nodes' bits, with no list to allocate: the heuristic
// weighs each wall action it may take by two players' ways.
Mask public_target_bits(const State& s, Player q) {
  if (s.artifacts(q) == 3) return kStartBit;
  Mask out = 0;
  for_each_coin_cell(s, target_coins(s, q), [&](int cell) { out |= cell_bit(cell); });
  return out;
}

// free_targets as bits: the public targets less the squares under another pawn.
Mask free_target_bits(const State& s, Player q) {
  Mask targets = public_target_bits(s, q);
  for (Player p = 0; p < s.num_players(); ++p) {
    const int at = s.pawn(p);
    if (p != q && at >= 0 && at != kStart) targets &= ~cell_bit(at);
  }
  return targets;
}

int distance_to_bits(const State& s, Player q, Mask targets) {
  if (!s.alive(q) || targets == 0) return kFar;
  return distance_from_bits(s, targets, s.pawn(q));
}

}  // namespace

bool held_by_other(const State& s, Player q, int cell) {
  for (Player p = 0; p < s.num_players(); ++p) {
    if (p != q && s.pawn(p) == cell) return true;
  }
  return false;
}

int distance_to_targets(const State& s, Player q) {
  if (!s.tiles_board()) return distance_to_bits(s, q, public_target_bits(s, q));
  return distance_to(s, q, public_targets(s, q));
}

std::vector<int> free_targets(const State& s, Player q) {
  auto targets = public_targets(s, q);
  std::erase_if(targets, [&](int cell) { return cell != kStart && held_by_other(s, q, cell); });
  return targets;
}

int distance_to_free_targets(const State& s, Player q) {
  if (!s.tiles_board()) return distance_to_bits(s, q, free_target_bits(s, q));
  return distance_to(s, q, free_targets(s, q));
}

// Another position's search takes the same layers as the last one while every node they hold is
// open in both and no node beside them opens: walls added away from what it reached, and walls
// removed away from the step beyond, change none of them (the same sources, coins and goal).
int WayCache::distance(const State& s, Player q, bool free_only) {
  if (s.tiles_board())
    return free_only ? distance_to_free_targets(s, q) : distance_to_targets(s, q);
  const Mask targets = free_only ? free_target_bits(s, q) : public_target_bits(s, q);
  if (!s.alive(q) || targets == 0) return kFar;
  const Mask coins = coin_bits(s);
  const Mask walls = s.walls();
  Search& last = last_[free_only ? 1 : 0];
  if (last.done && last.player == q && last.sources == targets && last.coins == coins &&
      last.from == s.pawn(q) && ((walls & ~last.walls) & last.reached) == 0 &&
      ((last.walls & ~walls) & last.beside) == 0) {
    return last.steps;
  }
  const Searched searched = search_from_bits(open_nodes(s), coins, targets, s.pawn(q));
  last = {true,
          q,
          targets,
          coins,
          walls,
          s.pawn(q),
          searched.steps,
          searched.reached,
          step_from(searched.reached)};
  return searched.steps;
}

}  // namespace mw::mazemakers
