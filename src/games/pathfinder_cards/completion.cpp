// The advanced game's build check (G1.2 3b'): whether the cards left can still complete a valid
// maze whose route needs an artifact, decided by building one.
//
// Why a chain-growing search finds every completion that exists. Take any valid completion F
// and the order in which its closure (G1.3.6, every card visible) takes in its diamonds. Each one
// joins the chain before it by an edge that every smaller layout on the way has too: a step or a
// Veil step by adjacency; a Rope jump because its gap stays empty and its landing card is still
// the first ahead; a Mirror wrap because nothing lies ahead of its origin and its target is
// still the farthest card behind. The Joker is joined the same way. So placing F's chain
// diamonds one at a time, each where it joins the chain, reaches a layout whose closure reaches
// the Joker; the search tries every cell where a diamond joins (touching the layout or not: a
// Rope's landing may be reached by connecting cards placed later) and every class of diamond
// (each artifact, one plain diamond for all the others), fewest diamonds first.
//
// At a layout whose closure reaches the Joker, the cards left must join every piece into one and
// find a place each. A card that is not a diamond never adds an edge between diamonds (a Rope or
// a Mirror lands on the card itself), so it can only cut edges: the connecting cards go along a
// shortest path of cells that keep the closure, the rest next to the layout where they keep it.
// When that fails the search goes on to other layouts.
//
// What it leaves out never holds a completion: a layout whose chain needs more diamonds than are
// allowed, or whose pieces need more cards to be joined than are left (completion_bounds.cpp),
// and a layout it has already seen fail (the same placements in another order, or in an earlier
// round of deepening, with as many diamonds allowed).
#include <algorithm>
#include <array>
#include <bit>
#include <cstdlib>
#include <span>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "core/hash.h"
#include "games/pathfinder_cards/completion_bounds.h"
#include "games/pathfinder_cards/layout.h"

namespace mw::pathfinder_cards {
namespace {

using completion_detail::completion_area;
using completion_detail::diagonal_steps;
using completion_detail::Distances;
using completion_detail::JoiningCost;
using completion_detail::kUnreachable;
using completion_detail::label_pieces;
using completion_detail::largest_piece;
using completion_detail::relaxed_distances;
using completion_detail::within_bound;
using Area = CellBox;

// Distance on the board (square: Chebyshev, a Veil step counts one; hex: axial).
int board_distance(Topology topo, int a, int b) {
  const int dx = cell_x(a) - cell_x(b);
  const int dy = cell_y(a) - cell_y(b);
  if (topo == Topology::kHex) return (std::abs(dx) + std::abs(dy) + std::abs(dx + dy)) / 2;
  return std::max(std::abs(dx), std::abs(dy));
}

// Where the search puts a diamond: the bounding box grown by one. Beyond it every cell of a line
// is empty, so a diamond there is a translate of one on the frame's border that needs more cards
// to join the layout: the border's cell does at least as well. The frame grows with each diamond.
Area search_frame(const Layout& l) {
  return grown_bounding_box(l, 1);
}

// The empty cells of the area, those touching the layout first, each part nearest `target`
// first (the cells a chain or a parked card tries in turn).
std::vector<int> cells_by_preference(const Layout& l, const Area& a, int target,
                                     bool touching_only) {
  std::vector<int> cells;
  for (int y = a.y0; y <= a.y1; ++y) {
    for (int x = a.x0; x <= a.x1; ++x) {
      const int c = make_cell(x, y);
      if (l.at[c] < 0 && (!touching_only || l.touches_card(c))) cells.push_back(c);
    }
  }
  std::stable_sort(cells.begin(), cells.end(), [&](int p, int q) {
    const bool tp = touching_only || l.touches_card(p);
    const bool tq = touching_only || l.touches_card(q);
    if (tp != tq) return tp;
    return target >= 0 && board_distance(l.topo, p, target) < board_distance(l.topo, q, target);
  });
  return cells;
}

// Cards of one class are interchangeable for the search: A♦, the Joker, each artifact, the other
// diamonds, the other cards.
int card_class(int id) {
  if (id == kAceOfDiamonds) return 0;
  if (id == kJoker) return 1;
  if (id == kRopeCard) return 2;
  if (id == kVeilCard) return 3;
  if (id == kMirrorCard) return 4;
  return is_diamond(id) ? 5 : 6;
}

// Layouts (a hash of the placements the search made) -> the most new diamonds known not to
// complete them.
using FailureMemo = std::unordered_map<std::uint64_t, int>;

std::uint64_t placement_hash(int id, int cell) {
  return mix64(static_cast<std::uint64_t>(card_class(id) * kCells + cell));
}

// The unplaced card the search places next when its identity does not matter: the first by class
// (the other cards, the plain diamonds, each artifact, A♦, the Joker), so that the search does
// the same whichever card of a class a question names; -1 when none is left.
int next_unplaced(const Layout& w) {
  static constexpr std::array<int, 7> kOrder = {6, 5, 2, 3, 4, 0, 1};  // card_class values
  int best = -1;
  int best_rank = 99;
  for (int id = 0; id < kNumCards; ++id) {
    if (w.pos[id] >= 0) continue;
    const int cls = card_class(id);
    const int rank =
        static_cast<int>(std::find(kOrder.begin(), kOrder.end(), cls) - kOrder.begin());
    if (rank < best_rank) {
      best = id;
      best_rank = rank;
    }
  }
  return best;
}

class CompletionSearch {
 public:
  CompletionSearch(Layout& l, int budget) : l_(l), budget_(budget) {}

  // Fewest diamonds first (iterative deepening): a completion with few new diamonds is found
  // before the search wanders through long chains.
  bool run() {
    const int rem_d = 13 - std::popcount(l_.placed() & kDiamondMask);
    for (int depth = 0; depth <= rem_d && budget_ >= 0; ++depth) {
      if (place_ace(depth)) return true;
    }
    return false;
  }
  // Whether the search stopped at its bound (its "no" is then not a proof).
  bool exhausted() const { return budget_ < 0; }

 private:
  void place(int id, int cell) {
    l_.place(id, cell);
    hash_ ^= placement_hash(id, cell);
  }
  void remove(int id) {
    hash_ ^= placement_hash(id, l_.pos[id]);
    l_.remove(id);
  }

  // A♦ missing: on each cell of the area in turn, nearest the Joker first. (It counts among the
  // diamonds placed.)
  bool place_ace(int depth) {
    if (l_.pos[kAceOfDiamonds] >= 0) return grow(depth);
    if (depth == 0) return false;
    Distances from_joker;
    relaxed_distances(l_, l_.pos[kJoker], 0, kUnreachable, kArtifactMask, from_joker);
    for (const int e : cells_by_preference(l_, search_frame(l_), l_.pos[kJoker], false)) {
      if (from_joker[e] > depth) continue;  // A♦ is one of the diamonds the path needs
      if (known_to_fail(hash_ ^ placement_hash(kAceOfDiamonds, e), depth - 1)) continue;
      place(kAceOfDiamonds, e);
      if (grow(depth - 1)) return true;
      remove(kAceOfDiamonds);
      if (budget_ < 0) return false;
    }
    return false;
  }

  // Whether at most `depth` more diamonds, each joined to the chain where it goes, lead to a
  // layout the cards left can complete (and the Joker, when missing, joined to the chain).
  // `joining` (when not -1) is a number of cards known to join the layout's pieces: the parent's
  // when this diamond touches the layout (it can only make joining cheaper).
  bool grow(int depth, int joining = -1) {
    if (--budget_ < 0) return false;
    const std::uint64_t key = hash_;
    std::uint64_t arts = 0;
    const std::uint64_t set = l_.chain(l_.placed(), kArtifactMask, &arts);
    const bool joker = l_.pos[kJoker] >= 0;
    const bool joined = joker && l_.joker_joined(set, arts);
    if (depth == 0 && joker && !joined) {  // nothing to try here: no need to cost the joining
      remember_failure(key, depth);
      return false;
    }
    const int cards_left = kNumCards - l_.count;
    if (joining < 0 || joining > cards_left) joining = joining_.cost(l_, cards_left);
    if (joining > cards_left) {
      remember_failure(key, kNumCards);  // no more diamonds can help
      return false;
    }
    if (joined && finish()) return true;
    if (!joker && try_joker(set, arts)) return true;
    if (budget_ < 0) return false;
    if (depth == 0 || (joker && !within_bound(l_, depth))) {
      remember_failure(key, depth);
      return false;
    }
    const std::uint64_t left = kDiamondMask & ~l_.placed();
    std::array<int, 4> reps{};
    int num_reps = 0;
    for (const int a : {kRopeCard, kVeilCard, kMirrorCard}) {
      if ((left >> a) & 1) reps[num_reps++] = a;
    }
    if (const std::uint64_t plain = left & ~kArtifactMask; plain != 0) {
      reps[num_reps++] = std::countr_zero(plain);
    }
    const int target = joker ? l_.pos[kJoker] : -1;
    Lines lines;
    l_.fill_lines(lines);
    for (const int e : candidate_cells(set, arts, target)) {
      if (!joins(e, set, arts, lines)) continue;
      const int inherited = l_.touches_card(e) ? joining : -1;
      for (int r = 0; r < num_reps; ++r) {
        if (known_to_fail(hash_ ^ placement_hash(reps[r], e), depth - 1)) continue;
        place(reps[r], e);
        if (grow(depth - 1, inherited)) return true;
        remove(reps[r]);
        if (budget_ < 0) return false;
      }
    }
    remember_failure(key, depth);
    return false;
  }

  // A layout met before (in another order, or in an earlier round of deepening) that failed with
  // at least `depth` diamonds: looked up before growing it, so it costs no step.
  bool known_to_fail(std::uint64_t key, int depth) const {
    const auto it = failed_.find(key);
    return it != failed_.end() && it->second >= depth;
  }

  void remember_failure(std::uint64_t key, int depth) {
    int& d = failed_[key];
    d = std::max(d, depth);
  }

  // The Joker missing: on each cell where it joins the chain, then the rest of the cards.
  bool try_joker(std::uint64_t set, std::uint64_t arts) {
    Lines lines;
    l_.fill_lines(lines);
    for (const int e : candidate_cells(set, arts, -1)) {
      if (!joins(e, set, arts, lines)) continue;
      place(kJoker, e);
      if (finish()) return true;
      remove(kJoker);
      if (budget_ < 0) return false;
    }
    return false;
  }

  // Whether the card just placed on `e` is joined to the chain `set` by an edge of `arts`.
  // Whether a card on the empty cell `e` would be joined to the chain `set` by an edge of `arts`
  // (the same for any card: its own artifact does not count yet). `lines` is the layout's.
  bool joins(int e, std::uint64_t set, std::uint64_t arts, const Lines& lines) const {
    std::array<Link, kMaxLinks> nb{};
    const int k = l_.links(e, arts, &lines, nb);
    for (int i = 0; i < k; ++i) {
      if ((set >> l_.at[nb[i].cell]) & 1) return true;
    }
    return false;
  }

  // Where a card may join the chain `set` with the artifacts `arts` it has enabled (an artifact's
  // own edges count only once it is in the chain): the empty cells touching the layout, and beyond
  // them the cells a Veil step, a Rope jump or a Mirror wrap reaches from a chain diamond. Nearest
  // `target` first.
  std::vector<int> candidate_cells(std::uint64_t set, std::uint64_t arts, int target) const {
    std::vector<int> cells = cells_by_preference(l_, search_frame(l_), target, true);
    if ((arts & kArtifactMask) == 0) return cells;
    const Area area = search_frame(l_);
    std::array<bool, kCells> seen{};
    for (const int c : cells) seen[c] = true;
    std::vector<int> beyond;
    const auto consider = [&](int x, int y) {
      if (!in_box(x, y)) return;
      const int c = make_cell(x, y);
      if (l_.at[c] >= 0 || seen[c] || !area.holds(c)) return;
      seen[c] = true;
      beyond.push_back(c);
    };
    const bool rope = (arts >> kRopeCard) & 1;
    const bool mirror = (arts >> kMirrorCard) & 1;
    const bool veil = (arts >> kVeilCard) & 1;
    const auto empty = [&](int x, int y) { return in_box(x, y) && l_.at[make_cell(x, y)] < 0; };
    for (std::uint64_t m = set; m != 0; m &= m - 1) {
      const int x = cell_x(l_.pos[std::countr_zero(m)]);
      const int y = cell_y(l_.pos[std::countr_zero(m)]);
      if (veil) {
        for (const auto& [dx, dy] : diagonal_steps(l_.topo)) consider(x + dx, y + dy);
      }
      for (const auto& [dx, dy] : neighbor_steps(l_.topo)) {
        // A Rope lands on the first card ahead, across at least one empty cell.
        for (int j = 2; rope && empty(x + dx, y + dy) && empty(x + j * dx, y + j * dy); ++j) {
          consider(x + j * dx, y + j * dy);
        }
        // A Mirror wraps from the end of a line to the farthest card the other way: with nothing
        // ahead of this diamond, a new card beyond the last card behind it.
        if (!mirror) continue;
        int j = 1;
        while (in_box(x + j * dx, y + j * dy) && empty(x + j * dx, y + j * dy)) ++j;
        if (in_box(x + j * dx, y + j * dy)) continue;  // a card ahead
        int far = 0;
        for (int b = 1; in_box(x - b * dx, y - b * dy); ++b) {
          if (!empty(x - b * dx, y - b * dy)) far = b;
        }
        for (int b = far + 1; in_box(x - b * dx, y - b * dy); ++b) consider(x - b * dx, y - b * dy);
      }
    }
    // Sorted by cell as well, so the order never depends on the chain's card ids.
    std::sort(beyond.begin(), beyond.end(), [&](int p, int q) {
      const int dp = target >= 0 ? board_distance(l_.topo, p, target) : 0;
      const int dq = target >= 0 ? board_distance(l_.topo, q, target) : 0;
      return dp != dq ? dp < dq : p < q;
    });
    cells.insert(cells.end(), beyond.begin(), beyond.end());
    return cells;
  }

  // The closure reaches the Joker: the cards left join the pieces into one, then each goes next
  // to the layout where the closure still reaches the Joker. On success the witness is kept.
  // What it does depends on the layout alone, so a layout it failed on (reached again in another
  // order, or in the next round of deepening) is not tried again.
  bool finish() {
    if (unfinished_.contains(hash_)) return false;
    if (complete()) return true;
    unfinished_.insert(hash_);
    return false;
  }

  bool complete() {
    Layout w = l_;
    if (!connect(w)) return false;
    for (int id = next_unplaced(w); id >= 0; id = next_unplaced(w)) {
      bool parked = false;
      for (const int e : cells_by_preference(w, completion_area(w), w.pos[kJoker], true)) {
        if (--budget_ < 0) return false;
        w.place(id, e);
        if (w.closure_reaches_joker(kArtifactMask)) {
          parked = true;
          break;
        }
        w.remove(id);
      }
      if (!parked) return false;
    }
    if (!w.valid_maze()) return false;
    l_ = w;
    return true;
  }

  // Joins every piece of `w` to its largest with unplaced cards, each time along a shortest path
  // of empty cells whose card keeps the closure.
  bool connect(Layout& w) {
    for (;;) {
      std::array<std::int8_t, kNumCards> piece{};
      if (label_pieces(w, piece) == 1) return true;
      // The paths below are made of cards left: none is tried when the pieces need more.
      const int cards_left = kNumCards - w.count;
      if (joining_.cost(w, cards_left) > cards_left) return false;
      const int main = largest_piece(w, piece);
      const int connector = next_unplaced(w);
      if (connector < 0) return false;
      const Area area = completion_area(w);
      std::array<std::int16_t, kCells> parent;
      parent.fill(-2);
      std::vector<int> queue;
      std::array<int, 6> nb{};
      // Empty cells next to the main piece start the search, in the order of the cells.
      for (int y = area.y0; y <= area.y1; ++y) {
        for (int x = area.x0; x <= area.x1; ++x) {
          const int c = w.at[make_cell(x, y)];
          if (c < 0 || piece[c] != main) continue;
          const int n = w.neighbors(make_cell(x, y), nb);
          for (int i = 0; i < n; ++i) {
            if (w.at[nb[i]] < 0 && parent[nb[i]] == -2 && area.holds(nb[i])) {
              parent[nb[i]] = -1;
              queue.push_back(nb[i]);
            }
          }
        }
      }
      int end = -1;
      for (std::size_t head = 0; head < queue.size() && end < 0; ++head) {
        const int cell = queue[head];
        if (!keeps_closure(w, cell, connector)) continue;
        const int n = w.neighbors(cell, nb);
        for (int i = 0; i < n && end < 0; ++i) {
          const int c = w.at[nb[i]];
          if (c >= 0 && piece[c] != main) end = cell;
          if (c < 0 && parent[nb[i]] == -2 && area.holds(nb[i])) {
            parent[nb[i]] = static_cast<std::int16_t>(cell);
            queue.push_back(nb[i]);
          }
        }
      }
      if (end < 0) return false;
      for (int c = end; c >= 0; c = parent[c]) {
        const int id = next_unplaced(w);
        if (id < 0) return false;
        w.place(id, c);
      }
      if (!w.closure_reaches_joker(kArtifactMask)) return false;
    }
  }

  bool keeps_closure(Layout& w, int cell, int id) {
    --budget_;
    w.place(id, cell);
    const bool keeps = w.closure_reaches_joker(kArtifactMask);
    w.remove(id);
    return keeps;
  }

  Layout& l_;
  int budget_;
  std::uint64_t hash_ = 0;  // of the placements made since the search began
  FailureMemo failed_;
  std::unordered_set<std::uint64_t> unfinished_;  // layouts (hash_) finish() failed on
  JoiningCost joining_;
};

}  // namespace

CompletionAnswer search_completion(const Layout& l, int budget) {
  CompletionAnswer answer;
  if (!l.advanced || (l.pos[kAceOfDiamonds] < 0 && l.pos[kJoker] < 0)) return answer;
  answer.witness = l;
  CompletionSearch search(answer.witness, budget);
  answer.found = search.run();
  answer.exhausted = !answer.found && search.exhausted();
  return answer;
}

// A basic completion is enough and is checked first; otherwise a whole valid maze built by the
// search above; the last card exactly against the closure.
bool completion_possible(const Layout& l) {
  if (l.advanced && l.count == kNumCards) return l.maze_ok();
  return build_feasible(l) || search_completion(l).found;
}

}  // namespace mw::pathfinder_cards
