// A uniformly random legal action without the legal list where the list is dear: the Maker's
// placements (each class of card judged on each cell next to the layout, a search each where the
// shared verdicts do not answer), the Ace alteration's and the Mover's swaps and moves (~2,000
// judged), the Advisor's question tokens (1,600 in a cell slot). A draw judges one, and random
// play (every search's rollout) builds 39 cards a game, alters the maze on every Ace and asks
// questions token by token.
#include <bit>
#include <span>

#include "core/bits.h"
#include "games/pathfinder_cards/pathfinder_cards.h"

namespace mw::pathfinder_cards {
namespace {

// Draws before falling back to the list: a pair is refused only when the card would leave no
// way to complete the maze (about 30% of the draws in ISMCTS rollouts from the first card).
constexpr int kPlacementDraws = 16;
// Most swaps and a good share of the moves keep the maze valid and in one piece.
constexpr int kRearrangementDraws = 16;
// A token is refused only where the Runner's Dir slot has no such direction on her board or the
// question would outgrow its length budget.
constexpr int kTokenDraws = 16;

// The k-th pair (i < j) of n items, pairs ordered by i then j.
std::array<int, 2> nth_pair(int n, std::uint64_t k) {
  int i = 0;
  for (auto row = static_cast<std::uint64_t>(n - 1); k >= row; --row) {
    k -= row;
    ++i;
  }
  return {i, i + 1 + static_cast<int>(k)};
}

// An empty cell next to the layout, uniformly, without listing them: a side of a card drawn at
// random, kept with chance 1/m when m cards touch the empty cell there (m sides lead to it).
int random_cell_next_to(const Layout& l, std::uint64_t placed, Rng& rng) {
  const std::span<const std::array<int, 2>> steps = neighbor_steps(l.topo);
  const auto cards = static_cast<std::uint64_t>(std::popcount(placed));
  for (;;) {
    const int from = l.pos[nth_set_bit(placed, rng.below(cards))];
    const auto& [dx, dy] = steps[rng.below(steps.size())];
    const int x = cell_x(from) + dx;
    const int y = cell_y(from) + dy;
    if (!in_box(x, y) || l.at[make_cell(x, y)] >= 0) continue;
    std::uint64_t touching = 0;
    for (const auto& [ex, ey] : steps) {
      touching += in_box(x + ex, y + ey) && l.at[make_cell(x + ex, y + ey)] >= 0;
    }
    if (rng.below(touching) == 0) return make_cell(x, y);
  }
}

}  // namespace

// A card left and a cell next to the layout, uniformly, kept when the card's class fits there as
// legal_build judges it: uniform over the legal placements, as the list is (so is the list's
// draw after kPlacementDraws refusals). The first card goes anywhere: the list's own draw.
Action State::random_placement(Rng& rng, ActionList& scratch) const {
  if (layout_.count == 0) return kPlaceBase + static_cast<Action>(rng.below(kNumCards * kCells));
  const std::uint64_t placed = layout_.placed();
  const std::uint64_t left = kAllCards & ~placed;
  const std::array<std::uint64_t, kPlacementClasses> classes = placement_classes();
  const auto cards = static_cast<std::uint64_t>(std::popcount(left));
  Layout scratch_layout = layout_;
  for (int draw = 0; draw < kPlacementDraws; ++draw) {
    const int id = nth_set_bit(left, rng.below(cards));
    const int cell = random_cell_next_to(layout_, placed, rng);
    std::size_t k = 0;
    while (!((classes[k] >> id) & 1)) ++k;
    if (class_fits(classes[k], cell, scratch_layout)) return kPlaceBase + id * kCells + cell;
  }
  legal_actions(scratch);
  return scratch[rng.below(scratch.size())];
}

// One of: `extra` (kPass, or the Mover's kContinue once a proposal was cancelled; kNoAction when
// there is none), a swap of two cards, a move of a card to a vacant cell next to the layout (the
// frame's cells just outside the box too); kept when alteration_ok or mover_ok accepts it, the
// checks illegal_reason makes and legal_rearrangements lists by.
Action State::random_rearrangement(Rng& rng, ActionList& scratch, bool mover, Action extra) const {
  std::array<int, kNumCards> cells{};  // the cards' cells, ascending (a swap names the lower first)
  const int n = layout_.cells_of(layout_.placed(), cells);
  std::array<bool, kFrameSide * kFrameSide> vacant{};
  std::array<std::array<int, 2>, 6 * kNumCards> targets{};
  int num_targets = 0;
  for (int i = 0; i < n; ++i) {
    for (const auto& [dx, dy] : neighbor_steps(layout_.topo)) {
      const int x = cell_x(cells[i]) + dx;
      const int y = cell_y(cells[i]) + dy;
      if (x < -1 || y < -1 || x > kSide || y > kSide) continue;
      if (in_box(x, y) && layout_.at[make_cell(x, y)] >= 0) continue;
      bool& seen = vacant[(y + 1) * kFrameSide + (x + 1)];
      if (!seen) targets[num_targets++] = {x, y};
      seen = true;
    }
  }
  const std::uint64_t extras = extra == kNoAction ? 0 : 1;
  const auto swaps = static_cast<std::uint64_t>(n * (n - 1) / 2);
  const std::uint64_t choices = extras + swaps + static_cast<std::uint64_t>(n * num_targets);
  for (int draw = 0; choices > 0 && draw < kRearrangementDraws; ++draw) {
    std::uint64_t k = rng.below(choices);
    if (k < extras) return extra;
    k -= extras;
    Action a = kNoAction;
    if (k < swaps) {
      const auto [i, j] = nth_pair(n, k);
      a = kSwapBase + Action{cells[i]} * kCells + cells[j];
    } else {
      k -= swaps;
      const auto& [x, y] = targets[k % static_cast<std::uint64_t>(num_targets)];
      a = encode_move(cells[k / static_cast<std::uint64_t>(num_targets)], x, y);
    }
    if (mover ? mover_ok(a) : alteration_ok(a)) return a;
  }
  legal_actions(scratch);
  return scratch[rng.below(scratch.size())];
}

// kContinue where she may stop instead of asking a second question (A-G1-41), or a token of the
// next slot, kept when token_allowed accepts it (the question must still fit its length budget):
// next_tokens' list without listing the 1,600 cells of a cell slot.
Action State::random_token(Rng& rng, ActionList& scratch) const {
  const int extras = top()->step == 1 && q_len_ == 0 ? 1 : 0;
  const auto choices = static_cast<std::uint64_t>(extras + aql::next_candidates(q_.data(), q_len_));
  for (int draw = 0; choices > 0 && draw < kTokenDraws; ++draw) {
    const auto k = static_cast<int>(rng.below(choices));
    if (k < extras) return kContinue;
    const int id = aql::nth_next_candidate(q_.data(), q_len_, k - extras);
    if (aql::token_allowed(q_.data(), q_len_, layout_.topo, id)) return kTokenBase + id;
  }
  legal_actions(scratch);
  return scratch[rng.below(scratch.size())];
}

Action State::random_legal_action(Rng& rng, ActionList& scratch) const {
  switch (decision()) {
    case Decision::kPlace:
      return random_placement(rng, scratch);
    case Decision::kAlteration:
      return random_rearrangement(rng, scratch, false, kPass);
    case Decision::kAdvisorAsk:
      if (top()->kind != TaskKind::kAdvisor) break;
      return random_token(rng, scratch);
    case Decision::kMoverMove:
      return random_rearrangement(rng, scratch, true,
                                  top()->flags & kTried ? kContinue : kNoAction);
    default:
      break;
  }
  legal_actions(scratch);
  return scratch[rng.below(scratch.size())];
}

}  // namespace mw::pathfinder_cards
