#pragma once
// What the advanced build check's search (completion.cpp) knows about a layout before growing it
// (completion_bounds.cpp): how many diamonds its chain still needs at least, and how many cards
// its pieces need to be joined into one. Both only ever refuse layouts no completion can follow.
#include <array>
#include <cstdint>
#include <span>
#include <vector>

#include "games/pathfinder_cards/layout.h"

namespace mw::pathfinder_cards::completion_detail {

// The cells a card of a completion can reach: a new card k cells from the layout needs k - 1
// other new cards to join it, so the layout's bounding box grown by the cards left holds them.
CellBox completion_area(const Layout& l);

// The Veil's steps: square diagonals NE NW SW SE; hex one step, a 60° turn, one step (G1.1).
std::span<const std::array<int, 2>> diagonal_steps(Topology topo);

// Labels the edge-connected pieces of `w` 1, 2, ... (per card id; `piece` all 0 on entry);
// returns how many.
int label_pieces(const Layout& w, std::array<std::int8_t, kNumCards>& piece);
// The label of the piece with the most cards; among equals the one whose first card in cell order
// comes first.
int largest_piece(const Layout& w, const std::array<std::int8_t, kNumCards>& piece);

// A lower bound on the diamonds any completion adds to join A♦ to the Joker: see
// completion_bounds.cpp. Distances of the relaxed search, kUnreachable where it did not go.
inline constexpr int kUnreachable = 1 << 14;
using Distances = std::array<std::int16_t, kCells>;
void relaxed_distances(const Layout& l, int source, std::uint64_t targets, int limit,
                       std::uint64_t arts, Distances& dist);
// Whether the bound lets a completion add at most `depth` new diamonds (A♦ and the Joker placed).
bool within_bound(const Layout& l, int depth);

// The cards the pieces of a layout need to be joined into one (see completion_bounds.cpp). Its
// buffers are kept from one question to the next: the search asks at every layout it grows.
class JoiningCost {
 public:
  // More than `limit` when the pieces surely need more; otherwise a number of cards known to join
  // them (0 for one piece), or `limit` itself when only known not to be more.
  int cost(const Layout& l, int limit);

 private:
  static constexpr std::uint8_t kFar = 255;
  static constexpr int kMaxPieces = 5;  // the exact tree is tried for this many pieces at most
  using Costs = std::array<std::uint8_t, kCells>;

  bool measure_between(const Layout& l, int p, int k);
  void start_from(const Layout& l, int p, Costs& d);
  template <typename OnFirst>
  void spread(const Layout& l, Costs& d, const std::array<bool, kCells>* allowed,
              OnFirst&& on_first);
  int spanning_tree(int k) const;
  int steiner_tree(const Layout& l, int k, int largest);
  void measure_set(const Layout& l, int p, std::size_t set);
  int far_from(int p, int largest) const { return p == largest ? -1 : between_[p][largest]; }

  int limit_ = 0;
  std::array<std::int8_t, kNumCards> piece_{};
  std::array<std::array<std::uint8_t, kNumCards + 1>, kNumCards + 1> between_{};  // by piece
  Costs scratch_{};
  std::vector<Costs> cost_;             // per set of pieces (bits in measuring order), per cell
  std::array<bool, kCells> allowed_{};  // the cells of region_, all false between questions
  std::vector<int> region_;
  std::vector<int> start_;
  std::vector<std::vector<int>> buckets_;
};

}  // namespace mw::pathfinder_cards::completion_detail
