// Pathfinder with barriers: slots, grid geometry, the flood through open slots, home grids.
#include <fmt/format.h>

#include <array>
#include <bit>
#include <string>
#include <vector>

#include "games/pathfinder_barriers/pathfinder_barriers.h"

namespace mw::pathfinder_barriers {
namespace {

// One step of the flood: the squares next to `x` through open slots.
inline std::uint64_t spread(std::uint64_t x, std::uint64_t open_right, std::uint64_t open_down) {
  return x | ((x & open_right) << 1) | ((x >> 1) & open_right) | ((x & open_down) << kSize) |
         ((x >> kSize) & open_down);
}

// A route from the outside to `target` through open slots: the slots it crosses, entry first.
// Returns the number of slots (0 when there is none).
// `squares[j]` receives the square the route reaches through out[j].
int route_slots(const SlotSet& barriers, int target, std::array<int, kSquares + 1>& out,
                std::array<int, kSquares + 1>& squares) {
  const std::uint64_t open_right = kHasRight & ~barriers.v, open_down = kHasBelow & ~barriers.h;
  std::array<std::uint64_t, kSquares + 1> layers{};
  layers[0] = kEntrySquares[~barriers.l & 0x3f];
  std::uint64_t seen = layers[0];
  int k = 0;
  while ((layers[k] & sq_bit(target)) == 0) {
    const std::uint64_t next = spread(layers[k], open_right, open_down) & ~seen;
    if (next == 0) return 0;
    seen |= next;
    layers[++k] = next;
  }
  int n = k + 1, cur = target;
  for (int j = k; j > 0; --j) {
    squares[j] = cur;
    for (Dir d : kAllDirs) {
      const int nb = neighbour(cur, d);
      if (nb < 0 || (layers[j - 1] & sq_bit(nb)) == 0) continue;
      const int slot = slot_between(cur, d);
      if (barriers.contains(slot)) continue;
      out[j] = slot;
      cur = nb;
      break;
    }
  }
  squares[0] = cur;
  out[0] = kFirstL + row_of(cur);
  return n;
}

}  // namespace

// ---- slots and geometry ----

std::vector<int> SlotSet::slots() const {
  std::vector<int> out;
  for_each([&out](int slot) { out.push_back(slot); });
  return out;
}

std::uint64_t flood(std::uint64_t seeds, const SlotSet& barriers) {
  const std::uint64_t open_right = kHasRight & ~barriers.v, open_down = kHasBelow & ~barriers.h;
  std::uint64_t x = seeds;
  for (;;) {
    const std::uint64_t next = spread(x, open_right, open_down);
    if (next == x) return x;
    x = next;
  }
}

std::uint64_t reachable_from_entries(const SlotSet& barriers) {
  return flood(kEntrySquares[~barriers.l & 0x3f], barriers);
}

// ---- home grids ----

std::string HomeGrid::invalid_reason(int max_barriers) const {
  if (pawn < 0) return "no short pawn is placed";  // G2.2 step 1
  if (barriers.count() > max_barriers) {
    return fmt::format("{} barrier chips; at most {} may be used", barriers.count(),  // G2.1
                       max_barriers);
  }
  if (valid()) return {};
  const std::string where = square_name(pawn);
  if ((flood(kColumn1, barriers) & sq_bit(pawn)) == 0) {
    return fmt::format(
        "no route leads from a column-1 square to the pawn on {}: it is walled in",  // G2.2 step 2
        where);
  }
  return fmt::format(
      "the only routes to the pawn on {} start at column-1 squares whose entry slot is blocked",  // A-G2-9
      where);
}

// Only a slot of one route to the pawn can cut every route. Number the route's nodes 0 (the
// outside) .. n (the pawn); route slot j joins nodes j and j + 1. With all route slots closed, the
// grid falls into components; slot j can be bypassed exactly when one component holds a route
// node <= j and one >= j + 1. One flood per component (usually a few) instead of one per slot.
SlotSet HomeGrid::cutting_slots() const {
  SlotSet cut;
  std::array<int, kSquares + 1> route{}, squares{};
  const int n = route_slots(barriers, pawn, route, squares);
  SlotSet walls = barriers;
  for (int i = 0; i < n; ++i) walls.add(route[i]);
  std::uint64_t bypassed = 0;  // bit j: route slot j can be bypassed
  std::uint64_t labelled = 0;
  // A component whose lowest route node is `lo` covers the slots lo .. (its highest node) - 1.
  const auto cover = [&](std::uint64_t comp, int lo) {
    int hi = lo;
    for (int j = 0; j < n; ++j) {
      if ((comp & sq_bit(squares[j])) != 0) hi = j + 1;
    }
    bypassed |= ((std::uint64_t{1} << hi) - 1) & ~((std::uint64_t{1} << lo) - 1);
    labelled |= comp;
  };
  cover(flood(kEntrySquares[~walls.l & 0x3f], walls), 0);  // the outside's component
  for (int j = 0; j < n; ++j) {
    if ((labelled & sq_bit(squares[j])) == 0) cover(flood(sq_bit(squares[j]), walls), j + 1);
  }
  for (int j = 0; j < n; ++j) {
    if (((bypassed >> j) & 1) == 0) cut.add(route[j]);
  }
  return cut;
}

}  // namespace mw::pathfinder_barriers
