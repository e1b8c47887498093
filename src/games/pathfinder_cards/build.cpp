// Card-by-card maze building keeps a valid completion possible (the random suite plays random
// legal placements, so a placement must never lead to a dead end).
//
// The layout stays edge-connected after every card, so connectivity is never at risk: a connected
// set of fewer than 1,600 cells always has an empty neighbour in the box. What can be lost is the
// diamond path (G1.2 3b). A path A♦ .. Joker needs one unplaced diamond per empty cell it crosses,
// and it may pass through placed diamonds for free, never through other placed cards. That is a
// 0-1 shortest-path question. Cells beyond the layout's bounding box grown by one never help: a
// path leaving that frame can be pushed back onto the frame's empty border without getting
// longer (projection onto a rectangle does not lengthen a grid path), so the search stays in it.
//
// The advanced game (G1.2 3b') accepts more: a maze whose route needs an artifact
// (completion.cpp).
#include <algorithm>
#include <array>
#include <bit>
#include <span>
#include <vector>

#include "games/pathfinder_cards/build_search.h"
#include "games/pathfinder_cards/layout.h"

namespace mw::pathfinder_cards {
namespace {

using build_search::Frame;
using build_search::frame_of;
using build_search::free_pair_on_rim;
using build_search::kFar;
using build_search::Search;

// An empty neighbour of the one endpoint placed, or -1.
int free_next_to_endpoint(const Layout& l) {
  std::array<int, 6> nb{};
  const int n = l.neighbors(l.pos[l.pos[kAceOfDiamonds] >= 0 ? kAceOfDiamonds : kJoker], nb);
  for (int i = 0; i < n; ++i) {
    if (l.at[nb[i]] < 0) return nb[i];
  }
  return -1;
}

// Both endpoints placed: two searches, the cheapest paths A♦ .. e and e .. Joker.
std::vector<PlacementVerdict> endpoint_verdicts(const Layout& l, const std::vector<int>& cells) {
  const Frame f = frame_of(l);
  Search from_ace(l, f);  // ~10 KB each, like build_feasible's one
  Search to_joker(l, f);
  from_ace.source(l.pos[kAceOfDiamonds]);
  from_ace.run();
  int cheapest = kFar;  // the cheapest path A♦ .. a cell next to the Joker
  int end = -1;         // where it ends
  std::array<int, 6> nb{};
  const int n = l.neighbors(l.pos[kJoker], nb);
  for (int i = 0; i < n; ++i) {
    if (f.holds(nb[i])) {
      to_joker.source(nb[i]);
      if (from_ace.dist(nb[i]) < cheapest) {
        cheapest = from_ace.dist(nb[i]);
        end = nb[i];
      }
    }
  }
  to_joker.run();
  std::vector<int> on_cheapest;  // the empty cells of one cheapest path
  for (int c = cheapest < kFar ? end : -1; c >= 0; c = from_ace.parent(c)) {
    if (l.at[c] < 0) on_cheapest.push_back(c);
  }
  const int rem_d = 13 - std::popcount(l.placed() & kDiamondMask);
  std::vector<PlacementVerdict> out;
  out.reserve(cells.size());
  for (const int e : cells) {
    const int through = from_ace.dist(e) + to_joker.dist(e) - 1;  // the empty e counted once
    PlacementVerdict v;
    // A diamond on e: a path through it costs one less, against one diamond less in hand; if no
    // affordable path crosses e, the cheapest path avoids it and must fit in the smaller hand.
    v.diamond = through <= rem_d || cheapest <= rem_d - 1 ? 1 : 0;
    // Another card on e blocks it: fine when every affordable path avoids e, or when one
    // cheapest path does.
    const bool on_path = std::find(on_cheapest.begin(), on_cheapest.end(), e) != on_cheapest.end();
    v.other = cheapest > rem_d ? 0 : through > rem_d || !on_path ? 1 : -1;
    out.push_back(v);
  }
  return out;
}

// ---- build_feasible's search, a row of the frame per word ------------------------------------
//
// The same 0-1 search as Search, a whole cost level at a time: the frame's rows as bit masks
// (bit x of row y is the cell (x, y); a frame is at most kSide = 40 cells wide), a level grown by
// shifts and masks per row instead of a queue of cells. build_feasible only asks whether some
// cell of a target set costs at most a limit, so levels are all it needs (no distances).

// By y + 1: row y of the box is Rows[y + 1], so the rows just outside a frame reaching the box's
// edge exist too. Only the frame's rows and those two are read.
using Rows = std::array<std::uint64_t, kSide + 2>;

struct FrameRows {
  Frame frame;
  int r0 = 0;  // the frame's rows in Rows: frame.y0 + 1 .. frame.y1 + 1
  int r1 = -1;
  std::uint64_t cols = 0;  // the frame's columns
  Rows empty;              // the frame's empty cells: entering one costs 1
  Rows diamond;            // its placed diamonds: entering one costs 0 (other cards block)
};

// The rows and the frame from the placed cards' cells, without grown_bounding_box (it was a
// fifth of build_feasible's time). Only the frame's rows are cleared: clearing all of Rows twice
// was a sixth of it.
FrameRows frame_rows(const Layout& l, std::uint64_t placed) {
  FrameRows m;
  // The first and the last rows hold the lowest and the highest cell (cells go row by row).
  int lowest = kCells;
  int highest = -1;
  for (std::uint64_t cards = placed; cards != 0; cards &= cards - 1) {
    const int cell = l.pos[std::countr_zero(cards)];
    lowest = std::min(lowest, cell);
    highest = std::max(highest, cell);
  }
  m.r0 = std::max(0, cell_y(lowest) - 1) + 1;
  m.r1 = std::min(kSide - 1, cell_y(highest) + 1) + 1;
  Rows taken;
  for (int r = m.r0; r <= m.r1; ++r) taken[r] = m.diamond[r] = 0;
  std::uint64_t columns = 0;
  for (std::uint64_t cards = placed; cards != 0; cards &= cards - 1) {
    const int id = std::countr_zero(cards);
    const int r = cell_y(l.pos[id]) + 1;
    const std::uint64_t bit = std::uint64_t{1} << cell_x(l.pos[id]);
    taken[r] |= bit;
    columns |= bit;
    if (is_diamond(id)) m.diamond[r] |= bit;
  }
  // The bounding box grown by one, clipped to the box: frame_of's frame.
  m.frame = {std::max(0, std::countr_zero(columns) - 1), m.r0 - 1,
             std::min(kSide - 1, 64 - std::countl_zero(columns)), m.r1 - 1};
  m.cols = ((std::uint64_t{1} << (m.frame.x1 - m.frame.x0 + 1)) - 1) << m.frame.x0;
  for (int r = m.r0; r <= m.r1; ++r) m.empty[r] = m.cols & ~taken[r];
  return m;
}

// The frame's cells next to a cell of `set`, or'ed into `out` (Layout::neighbors' steps: square
// N E S W, hex axial E NE NW W SW SE, so a cell (x, y) is next to (x ± 1, y), and to (x, y ± 1)
// and, on a hex board, (x + 1, y - 1) and (x - 1, y + 1)). `set` must be empty on the rows
// just outside the frame (r0 - 1, r1 + 1): no row needs a bound check.
template <bool kHex>
void grow_into(const FrameRows& m, const Rows& set, Rows& out) {
  for (int r = m.r0; r <= m.r1; ++r) {
    const std::uint64_t above = kHex ? set[r - 1] | set[r - 1] >> 1 : set[r - 1];
    const std::uint64_t below = kHex ? set[r + 1] | set[r + 1] << 1 : set[r + 1];
    out[r] |= (set[r] << 1 | set[r] >> 1 | above | below) & m.cols;
  }
}

// Whether a cell of `target` costs at most `limit` from the sources: `cost0` those entered at
// cost 0 (diamonds), `cost1` those at cost 1 (empty cells). Levels are grown in order of cost, as
// Search's deque takes cells, so the answer is Search's.
template <bool kHex>
bool reaches_within(const FrameRows& m, const Rows& cost0, const Rows& cost1, const Rows& target,
                    int limit) {
  Rows reached;  // the cells of cost below d
  Rows level;    // the cells of cost d
  Rows added;    // the cells last added to the level
  Rows around;   // the cells next to the level
  added[m.r0 - 1] = added[m.r1 + 1] = 0;
  for (int r = m.r0; r <= m.r1; ++r) {
    reached[r] = around[r] = 0;
    level[r] = added[r] = cost0[r];
  }
  for (int d = 0; d <= limit; ++d) {
    // The diamonds joined to the level cost what it costs: one growth per ring of them, the
    // last one (nothing new) leaving the level's neighbours in `around`.
    for (bool more = true; more;) {
      grow_into<kHex>(m, added, around);
      more = false;
      for (int r = m.r0; r <= m.r1; ++r) {
        added[r] = around[r] & m.diamond[r] & ~level[r] & ~reached[r];
        level[r] |= added[r];
        more = more || added[r] != 0;
      }
    }
    bool hit = false;
    bool any = false;  // a cell of cost d + 1
    for (int r = m.r0; r <= m.r1; ++r) {
      hit = hit || (level[r] & target[r]) != 0;
      reached[r] |= level[r];
      level[r] = added[r] = (around[r] | (d == 0 ? cost1[r] : 0)) & m.empty[r] & ~reached[r];
      around[r] = 0;  // for the next level
      any = any || level[r] != 0;
    }
    if (hit) return true;
    if (!any) return false;
  }
  return false;
}

bool reaches_within(const Layout& l, const FrameRows& m, const Rows& cost0, const Rows& cost1,
                    const Rows& target, int limit) {
  return l.topo == Topology::kHex ? reaches_within<true>(m, cost0, cost1, target, limit)
                                  : reaches_within<false>(m, cost0, cost1, target, limit);
}

}  // namespace

std::vector<PlacementVerdict> placement_verdicts(const Layout& l, const std::vector<int>& cells) {
  const bool ace = l.pos[kAceOfDiamonds] >= 0;
  const bool joker = l.pos[kJoker] >= 0;
  if (ace && joker) return endpoint_verdicts(l, cells);
  // Fewer endpoints: build_feasible's quick answers (a free pair on the rim, an empty cell next to
  // the placed endpoint) still hold after a card on e unless e is a cell they relied on.
  const Frame f = frame_of(l);
  const std::array<int, 2> relied =
      ace || joker ? std::array<int, 2>{free_next_to_endpoint(l), -1} : free_pair_on_rim(l, f);
  // The missing endpoint on e: with the other one placed, one search from it answers (the
  // cheapest path to e's neighbours, or from e, e itself never helping); with neither, the quick
  // answer "an empty cell next to it" holds when e has one.
  Search search(l, f);
  if (ace) {
    search.source(l.pos[kAceOfDiamonds]);
  } else if (joker) {
    std::array<int, 6> nb{};
    const int n = l.neighbors(l.pos[kJoker], nb);
    for (int i = 0; i < n; ++i) search.source(nb[i]);  // next to a card: inside the frame
  }
  search.run();
  const int rem_d = 13 - std::popcount(l.placed() & kDiamondMask);
  std::vector<PlacementVerdict> out;
  out.reserve(cells.size());
  std::array<int, 6> nb{};
  for (const int e : cells) {
    PlacementVerdict v;
    const bool sure = relied[0] >= 0 && e != relied[0] && e != relied[1];
    v.diamond = v.other = static_cast<std::int8_t>(sure ? 1 : -1);
    const int n = l.neighbors(e, nb);
    if (joker) {
      // A♦ on e is a diamond: the path from it costs dist(e) - 1, against one diamond less.
      v.ace = static_cast<std::int8_t>(search.dist(e) <= rem_d ? 1 : 0);
    } else if (ace) {
      int best = kFar;
      bool framed = true;  // a neighbour outside the frame has no distance: ask build_feasible
      for (int i = 0; i < n; ++i) {
        framed = framed && f.holds(nb[i]);
        if (framed) best = std::min(best, search.dist(nb[i]));
      }
      v.joker = static_cast<std::int8_t>(!framed ? -1 : best <= rem_d ? 1 : 0);
    } else {
      bool open = false;
      for (int i = 0; i < n; ++i) open = open || l.at[nb[i]] < 0;
      v.ace = v.joker = static_cast<std::int8_t>(open ? 1 : -1);
    }
    out.push_back(v);
  }
  return out;
}

bool build_feasible(const Layout& l) {
  if (l.count == 0) return true;
  const std::uint64_t placed = l.placed();
  const int rem_d = 13 - std::popcount(placed & kDiamondMask);
  const bool ace = l.pos[kAceOfDiamonds] >= 0;
  const bool joker = l.pos[kJoker] >= 0;
  if (!ace && !joker) return free_pair_on_rim(l, frame_of(l))[0] >= 0;
  // Fast paths: the missing endpoint can go right next to the placed one.
  std::array<int, 6> nb{};
  if (ace != joker) {
    const int n = l.neighbors(l.pos[ace ? kAceOfDiamonds : kJoker], nb);
    for (int i = 0; i < n; ++i) {
      if (l.at[nb[i]] < 0) return true;
    }
  }
  const FrameRows m = frame_rows(l, placed);
  const Frame& f = m.frame;
  Rows cost0;  // sources entered at cost 0 (diamonds) and at cost 1 (empty cells), as Search's
  Rows cost1;
  std::fill(cost0.begin() + m.r0, cost0.begin() + m.r1 + 1, 0);
  std::fill(cost1.begin() + m.r0, cost1.begin() + m.r1 + 1, 0);
  const auto add_source = [&](int cell) {
    const int r = cell_y(cell) + 1;
    const std::uint64_t bit = std::uint64_t{1} << cell_x(cell);
    cost0[r] |= m.diamond[r] & bit;
    cost1[r] |= m.empty[r] & bit;
  };
  const int joker_nbs = joker ? l.neighbors(l.pos[kJoker], nb) : 0;
  if (ace) {
    add_source(l.pos[kAceOfDiamonds]);
  } else {
    for (int i = 0; i < joker_nbs; ++i) {
      if (f.holds(nb[i])) add_source(nb[i]);
    }
  }
  if (ace && joker) {
    // A path from A♦ to a cell next to the Joker (all inside the frame) within the diamonds left.
    Rows next_to_joker;
    std::fill(next_to_joker.begin() + m.r0, next_to_joker.begin() + m.r1 + 1, 0);
    for (int i = 0; i < joker_nbs; ++i) {
      next_to_joker[cell_y(nb[i]) + 1] |= std::uint64_t{1} << cell_x(nb[i]);
    }
    return reaches_within(l, m, cost0, cost1, next_to_joker, rem_d);
  }
  // One endpoint is still to be placed on an empty cell: the Joker needs the path to reach a
  // neighbour of its cell (dist <= rem_d + 1 counting the cell itself), A♦ is one of rem_d.
  return reaches_within(l, m, cost0, cost1, m.empty, ace ? rem_d + 1 : rem_d);
}

}  // namespace mw::pathfinder_cards
