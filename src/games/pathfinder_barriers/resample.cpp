// Pathfinder with barriers: resampling the other seat's hidden home grid from the answers.
#include <algorithm>
#include <array>
#include <bit>
#include <memory>
#include <mutex>
#include <utility>

#include "games/pathfinder_barriers/agents.h"
#include "games/pathfinder_barriers/pathfinder_barriers.h"

namespace mw::pathfinder_barriers {

// ---- resample ----

namespace {

// The fewest sampled (not known) chips to remove so that a route reaches the pawn: a 0-1 BFS from
// the outside (node 36) where a known-blocked slot is a wall and a sampled chip costs 1.
void repair(HomeGrid& g, const SlotSet& known_blocked) {
  constexpr int kOutside = kSquares;
  std::array<int, kSquares + 1> dist{}, via_slot{}, via_node{};
  dist.fill(1 << 20);
  std::array<int, 4 * (kSquares + 1) * 2> deque{};
  int head = static_cast<int>(deque.size()) / 2, tail = head;
  dist[kOutside] = 0;
  deque[tail++] = kOutside;
  auto relax = [&](int from, int to, int slot) {
    if (known_blocked.contains(slot)) return;
    const int w = g.barriers.contains(slot) ? 1 : 0;
    if (dist[from] + w >= dist[to]) return;
    dist[to] = dist[from] + w;
    via_slot[to] = slot;
    via_node[to] = from;
    if (w == 0) {
      deque[--head] = to;
    } else {
      deque[tail++] = to;
    }
  };
  while (head < tail) {
    const int node = deque[head++];
    if (node == kOutside) {
      for (int r = 0; r < kSize; ++r) relax(node, r * kSize, kFirstL + r);
      continue;
    }
    for (Dir d : kAllDirs) {
      const int nb = neighbour(node, d);
      if (nb >= 0) relax(node, nb, slot_between(node, d));
    }
  }
  for (int node = g.pawn; node != kOutside && dist[node] < (1 << 20); node = via_node[node]) {
    g.barriers.remove(via_slot[node]);
  }
}

// A set of slots as bits in slot order (lo bit s: slot s < 64; hi bit s: slot 64 + s), so that a
// loop over slot numbers visits only the members.
struct SlotOrderBits {
  std::uint64_t lo = 0, hi = 0;
};

SlotOrderBits in_slot_order(const SlotSet& set) {
  SlotOrderBits out;
  for (int r = 0; r < kSize; ++r) out.lo |= ((set.v >> (r * kSize)) & 0x1f) << (r * 5);
  out.lo |= set.h << kFirstH | std::uint64_t{set.l & 0xfu} << kFirstL;
  out.hi = set.l >> 4;
  return out;
}

SlotSet from_slot_order(const SlotOrderBits& bits) {
  SlotSet out;
  for (int r = 0; r < kSize; ++r) out.v |= ((bits.lo >> (r * 5)) & 0x1f) << (r * kSize);
  out.h = (bits.lo >> kFirstH) & kHasBelow;
  out.l = static_cast<std::uint8_t>(((bits.lo >> kFirstL) & 0xf) | (bits.hi & 0x3) << 4);
  return out;
}

// Each slot of `unknown` holds a chip with probability kChipDensity, visited in slot order from
// `start` round to start - 1 until `count` reaches `max_barriers`; returns the chips. One draw per
// slot visited, and no branch on the draw: three draws in ten say yes, unpredictably.
SlotSet draw_chips(const SlotSet& unknown, int start, int count, int max_barriers, Rng& rng) {
  const SlotOrderBits bits = in_slot_order(unknown);
  // The visiting order as runs within one word: the slots from `start` on, then those before it.
  constexpr std::uint64_t kAll = ~std::uint64_t{0};
  const std::uint64_t lo_from = start < 64 ? kAll << start : 0;
  const std::uint64_t hi_from = start < 64 ? kAll : kAll << (start - 64);
  const std::array<std::pair<int, std::uint64_t>, 4> runs = {{{0, bits.lo & lo_from},
                                                              {1, bits.hi & hi_from},
                                                              {0, bits.lo & ~lo_from},
                                                              {1, bits.hi & ~hi_from}}};
  SlotOrderBits chips;
  for (const auto& [word, members] : runs) {
    std::uint64_t& out = word == 0 ? chips.lo : chips.hi;
    for (std::uint64_t m = members; m != 0 && count < max_barriers; m &= m - 1) {
      const bool chip = rng.uniform() < kChipDensity;
      out |= std::uint64_t{chip} << std::countr_zero(m);
      count += chip;
    }
  }
  return from_slot_order(chips);
}

}  // namespace

HomeGrid sample_home_grid(const Tracking& t, int max_barriers, Rng& rng) {
  HomeGrid g;
  const std::uint64_t reach = reachable_from_entries(t.blocked);
  std::uint64_t candidates = reach & ~t.visited;
  if (candidates == 0) candidates = reach != 0 ? reach : kAllSquares;  // inconsistent input only
  g.pawn = static_cast<std::int8_t>(
      nth_set_bit(candidates, rng.below(static_cast<std::uint64_t>(std::popcount(candidates)))));
  // Each unknown slot holds a chip with probability kChipDensity, visited from a random start
  // so that the cap, when it binds, favours no slot.
  const SlotSet unknown = kAllSlots.minus(t.blocked | t.open);
  const int start = static_cast<int>(rng.below(kSlots));
  g.barriers = t.blocked | draw_chips(unknown, start, t.blocked.count(), max_barriers, rng);
  if (!g.valid()) repair(g, t.blocked);
  return g;
}

// ---- the set-up prior ----

namespace {

// One cap's table: entries are built on first use, each from its own seed, so the table's content
// depends on neither the order of the draws nor the threads that make them.
class SetupPriorTable {
 public:
  explicit SetupPriorTable(int cap) : cap_(cap) {}
  const HomeGrid& grid(int index) {
    const auto i = static_cast<std::size_t>(index);
    std::call_once(built_[i], [&] {
      Rng rng(setup_prior_seed(cap_, index));
      grids_[i] = build_home_grid(kSetupPriorDifficulty, cap_, rng);
    });
    return grids_[i];
  }

 private:
  int cap_;
  std::array<std::once_flag, kSetupPriorGrids> built_;
  std::array<HomeGrid, kSetupPriorGrids> grids_;
};

}  // namespace

std::uint64_t setup_prior_seed(int max_barriers, int index) {
  constexpr std::uint64_t kPriorSeed = 0x5e7a9b1d2c3f4e60ULL;
  return derive_seed(kPriorSeed, static_cast<std::uint64_t>(max_barriers) * kSetupPriorGrids +
                                     static_cast<std::uint64_t>(index));
}

const HomeGrid& setup_prior_grid(int max_barriers, int index) {
  const int cap = std::clamp(max_barriers, 0, kSlots);  // more chips than slots: the same grids
  static std::array<std::once_flag, kSlots + 1> made;
  static std::array<std::unique_ptr<SetupPriorTable>, kSlots + 1> tables;
  const auto c = static_cast<std::size_t>(cap);
  std::call_once(made[c], [&] { tables[c] = std::make_unique<SetupPriorTable>(cap); });
  return tables[c]->grid(index);
}

State State::resample(Player p, Rng& rng) const {
  if (phase_ == Phase::kOver) return *this;
  const Player q = 1 - p;
  State s = *this;
  const int cap = config_.max_barriers;
  if (phase_ == Phase::kSetup) {
    // The other seat's grid is hidden whether finished or in progress; one it has not begun is
    // empty for certain. With no evidence yet, the prior is the maze builder's grid (what a
    // careful player hides), not random chips: a designer simulating the game against random
    // grids would find every one of its own designs equally good, since random grids fall fast.
    // Each draw is one of the builder's grids, from a fixed table of them (setup_prior_grid).
    const bool begun = setup_done(q) || (to_move_ == q);
    if (begun) s.home_[q] = setup_prior_grid(cap, static_cast<int>(rng.below(kSetupPriorGrids)));
    return s;
  }
  s.home_[q] = sample_home_grid(track_[p], cap, rng);
  return s;
}

}  // namespace mw::pathfinder_barriers
