#include "games/treasure_hunt/treasure_hunt.h"

#include <fmt/format.h>

#include <algorithm>
#include <bit>
#include <memory>
#include <mutex>

#include "core/error.h"
#include "core/hash.h"
#include "games/treasure_hunt/swap_kernels.h"

namespace mw::treasure_hunt {
namespace {

constexpr std::uint32_t bit(int cell) {
  return 1u << cell;
}

// For each cell a, the cells b > a in its row or column: the partners of the swaps a * 25 + b.
constexpr std::array<std::uint32_t, kCells> kPartnersAfter = [] {
  std::array<std::uint32_t, kCells> out{};
  for (int a = 0; a < kCells; ++a) {
    for (int b = a + 1; b < kCells; ++b) {
      const Cell ca = Board::cell(a), cb = Board::cell(b);
      if (ca.row == cb.row || ca.col == cb.col) out[a] |= bit(b);
    }
  }
  return out;
}();

CardMoves build_moves(DeckKind deck, const std::array<Dir, kNumCards>& dirs) {
  CardMoves m;
  m.deck = deck;
  m.dir = dirs;
  for (int card = 0; card < kNumCards; ++card) {
    const int value = card_value(deck, card);
    m.value[card] = static_cast<std::int8_t>(value);
    for (int cell = 0; cell < kCells; ++cell) {
      const Cell to = Board::cell(cell).step(dirs[card], value);
      m.next[card][cell] = static_cast<std::int8_t>(Board::contains(to) ? Board::index(to) : cell);
    }
  }
  return m;
}

}  // namespace

const CardMoves* CardMoves::get(DeckKind deck, const std::array<Dir, kNumCards>& dirs) {
  // At most 24 standard keys and 32 specialized ones exist; states point at one of these.
  static std::mutex mutex;
  static std::vector<std::unique_ptr<const CardMoves>> tables;
  const std::lock_guard lock(mutex);
  for (const auto& t : tables) {
    if (t->deck == deck && t->dir == dirs) return t.get();
  }
  tables.push_back(std::make_unique<const CardMoves>(build_moves(deck, dirs)));
  return tables.back().get();
}

State State::initial(const Options& options) {
  State s(Config::from_options(options));
  s.card_at_.fill(-1);
  s.cell_of_.fill(-1);
  return s;
}

void State::legal_actions(ActionList& out) const {
  switch (phase_) {
    case Phase::kDeal:
      out.clear();
      for (std::uint32_t m = undealt_; m != 0; m &= m - 1) {
        out.push_back(kDealBase + std::countr_zero(m));
      }
      return;
    case Phase::kChooseFirst:
      out.assign({kFirstPlayerBase, kFirstPlayerBase + 1});
      return;
    case Phase::kSwap: {
      // The hot path of every rollout (swap_kernels.h).
      out.resize(kSwapBufferSize);
      out.resize(write_free_swaps(swap_blocked_cells(), out.data()));
      return;
    }
    case Phase::kStep: {
      const rules_detail::Steps& steps = rules_detail::kSteps[pawn_[to_move_]];
      out.resize(static_cast<std::size_t>(steps.count));
      std::copy_n(steps.actions.begin(), steps.count, out.begin());
      return;
    }
    case Phase::kOver:
      out.clear();
      return;
  }
}

std::vector<ChanceOutcome> State::chance_outcomes() const {
  std::vector<ChanceOutcome> out;
  if (phase_ == Phase::kDeal) {
    const double p = 1.0 / std::popcount(undealt_);
    for (std::uint32_t m = undealt_; m != 0; m &= m - 1) {
      out.push_back({kDealBase + std::countr_zero(m), p});
    }
  } else if (phase_ == Phase::kChooseFirst) {
    out.push_back({kFirstPlayerBase, 0.5});
    out.push_back({kFirstPlayerBase + 1, 0.5});
  }
  return out;
}

Action State::sample_chance(Rng& rng) const {
  if (phase_ == Phase::kChooseFirst) return kFirstPlayerBase + static_cast<Action>(rng.below(2));
  // The k-th remaining card, uniformly.
  auto k = rng.below(static_cast<std::uint64_t>(std::popcount(undealt_)));
  std::uint32_t m = undealt_;
  for (; k > 0; --k) m &= m - 1;
  return kDealBase + std::countr_zero(m);
}

bool State::is_legal_swap(Action a) const {
  if (a < kSwapBase || a >= kStepBase) return false;
  const int x = static_cast<int>(a / kCells), y = static_cast<int>(a % kCells);
  return (kPartnersAfter[x] & bit(y)) != 0 && (swap_blocked_cells() & (bit(x) | bit(y))) == 0;
}

std::string State::swap_illegal_reason(int a, int b) const {
  if (a == b) return "a swap needs two different cards";
  if (a > b) {
    return fmt::format("a swap of cells a < b is encoded a * 25 + b: {}-{} is {}", cell_name(b),
                       cell_name(a), kSwapBase + b * kCells + a);
  }
  if ((kPartnersAfter[a] & bit(b)) == 0) {
    return fmt::format("{} and {} are not in the same row or column (rule 1)",
                       card_code(config_.deck, card_at_[a]), card_code(config_.deck, card_at_[b]));
  }
  for (int cell : {a, b}) {
    const std::string card = card_code(config_.deck, card_at_[cell]);
    for (Player p : {0, 1}) {
      if (pawn_[p] == cell) {
        return fmt::format("{} carries {}'s pawn (rule 2)", card, kSeatNames[p]);
      }
    }
    if (card_at_[cell] == treasure_) {
      return fmt::format("{} carries the Treasure Marker (rule 2)", card);
    }
    if ((locked_cells_ & bit(cell)) != 0) {
      return fmt::format("{} was moved by {} on the prior turn (rule 3)", card,
                         kSeatNames[1 - to_move_]);
    }
  }
  return {};  // legal
}

std::string State::deal_illegal_reason(Action a) const {
  if (a < kDealBase || a >= kFirstPlayerBase) return "the cards are being dealt";
  if ((undealt_ & bit(static_cast<int>(a - kDealBase))) == 0) {
    return fmt::format("{} is already dealt",
                       card_code(config_.deck, static_cast<int>(a - kDealBase)));
  }
  return {};  // legal
}

std::string State::step_illegal_reason(Action a) const {
  if (a < kStepBase || a >= kDealBase) return "the swap is done; now step the pawn";
  const Dir d = static_cast<Dir>(a - kStepBase);
  if (!Board::contains(Board::cell(pawn_[to_move_]).step(d))) {
    return fmt::format("stepping {} leaves the board", dir_name(d));
  }
  return {};  // legal
}

// Called by State::apply for every action of a match: the legal case returns an empty string
// (no allocation, no formatting) after a few comparisons.
std::string State::illegal_reason(Action a) const {
  if (phase_ == Phase::kOver) return "the game is over";
  if (a < 0 || a >= kNumActions) return fmt::format("{} is not a Treasure Hunt action", a);
  switch (phase_) {
    case Phase::kDeal:
      return deal_illegal_reason(a);
    case Phase::kChooseFirst:
      return a >= kFirstPlayerBase ? "" : "the first player is being chosen";
    case Phase::kSwap:
      if (is_legal_swap(a)) return {};
      if (a >= kStepBase) return "first swap two cards; the step comes after the swap";
      return swap_illegal_reason(static_cast<int>(a / kCells), static_cast<int>(a % kCells));
    case Phase::kStep:
      return step_illegal_reason(a);
    case Phase::kOver:
      break;
  }
  return "the game is over";
}

void State::apply_setup(Action a) {
  if (phase_ == Phase::kDeal) {
    const auto card = static_cast<std::int8_t>(a - kDealBase);
    card_at_[dealt_] = card;
    cell_of_[card] = dealt_;
    undealt_ &= ~bit(card);
    if (++dealt_ == kCells) finish_deal();
  } else if (phase_ == Phase::kChooseFirst) {
    to_move_ = static_cast<std::int8_t>(a - kFirstPlayerBase);
    phase_ = Phase::kSwap;
  }
}

void State::finish_deal() {
  treasure_ = 0;  // the Ace of Diamonds, or the One of Treasures
  if (config_.first_player >= 0) {
    to_move_ = config_.first_player;
    phase_ = Phase::kSwap;
  } else {
    phase_ = Phase::kChooseFirst;
  }
}

// G3.3 step 4: the mover scores the Treasure Card and the marker moves to the next one; the
// King of Diamonds ends the game, the Nine of Treasures sends the marker back to the One.
void State::score_treasure() {
  score_[to_move_] = static_cast<std::int16_t>(score_[to_move_] + config_.moves->value[treasure_]);
  const int count = num_treasures(config_.deck);
  if (config_.deck == DeckKind::kStandard && treasure_ == count - 1) {
    finish_by_score();  // 91 points in all: never a tie
  } else {
    treasure_ = static_cast<std::int8_t>((treasure_ + 1) % count);
  }
}

void State::finish(Player winner) {
  phase_ = Phase::kOver;
  winner_ = static_cast<std::int8_t>(winner);
}

void State::finish_by_score() {
  finish(score_[0] > score_[1] ? 0 : score_[1] > score_[0] ? 1 : -1);
}

std::vector<double> State::returns() const {
  if (phase_ != Phase::kOver || winner_ < 0) return {0.0, 0.0};
  return winner_ == 0 ? std::vector<double>{1.0, -1.0} : std::vector<double>{-1.0, 1.0};
}

std::array<int, 2> State::cards_on(std::uint32_t cells) const {
  if (cells == 0) return {-1, -1};
  return {card_at_[std::countr_zero(cells)], card_at_[31 - std::countl_zero(cells)]};
}

std::uint64_t State::information_state_key(Player) const {
  // Perfect information: the key of every seat is the key of the state itself.
  Hasher h;
  for (auto c : card_at_) h.add(static_cast<std::uint64_t>(c + 1));
  h.add(static_cast<std::uint64_t>(phase_)).add(static_cast<std::uint64_t>(to_move_));
  h.add(static_cast<std::uint64_t>(pawn_[0])).add(static_cast<std::uint64_t>(pawn_[1]));
  h.add(static_cast<std::uint64_t>(score_[0])).add(static_cast<std::uint64_t>(score_[1]));
  h.add(static_cast<std::uint64_t>(treasure_));
  h.add(locked_cells_).add(swapped_cells_);
  if (config_.turn_limit > 0) h.add(static_cast<std::uint64_t>(turn_));
  return h.value();
}

}  // namespace mw::treasure_hunt
