#include "games/treasure_hunt/treasure_hunt.h"

#include <fmt/format.h>

#include <bit>

#include "core/error.h"
#include "core/hash.h"

namespace mw::treasure_hunt {
namespace {

bool same_line(int a, int b) {
  const Cell ca = Board::cell(a), cb = Board::cell(b);
  return ca.row == cb.row || ca.col == cb.col;
}

}  // namespace

State State::initial(const Options& options) {
  State s(Config::from_options(options));
  s.card_at_.fill(-1);
  s.cell_of_.fill(-1);
  return s;
}

Player State::current_player() const {
  switch (phase_) {
    case Phase::kDeal:
    case Phase::kChooseFirst: return kChancePlayer;
    case Phase::kSwap:
    case Phase::kStep: return to_move_;
    case Phase::kOver: return kTerminalPlayer;
  }
  return kTerminalPlayer;
}

// Rule (2): no pawn and no Treasure Marker; rule (3): not a card the opponent just swapped.
bool State::cell_blocked_for_swap(int cell) const {
  const int card = card_at_[cell];
  return cell == pawn_[0] || cell == pawn_[1] || card == treasure_ || card == locked_[0] ||
         card == locked_[1];
}

void State::legal_actions(ActionList& out) const {
  out.clear();
  switch (phase_) {
    case Phase::kDeal:
      for (std::uint32_t m = undealt_; m != 0; m &= m - 1) {
        out.push_back(kDealBase + std::countr_zero(m));
      }
      return;
    case Phase::kChooseFirst:
      out.push_back(kFirstPlayerBase);
      out.push_back(kFirstPlayerBase + 1);
      return;
    case Phase::kSwap: {
      // Generated in increasing action order: same-row partners come before same-column ones.
      std::uint32_t blocked = 0;
      for (int cell = 0; cell < kCells; ++cell) {
        if (cell_blocked_for_swap(cell)) blocked |= 1u << cell;
      }
      for (int a = 0; a < kCells; ++a) {
        if (blocked >> a & 1u) continue;
        const int row_end = (a / kSize + 1) * kSize;
        for (int b = a + 1; b < row_end; ++b) {
          if (!(blocked >> b & 1u)) out.push_back(kSwapBase + a * kCells + b);
        }
        for (int b = a + kSize; b < kCells; b += kSize) {
          if (!(blocked >> b & 1u)) out.push_back(kSwapBase + a * kCells + b);
        }
      }
      return;
    }
    case Phase::kStep: {
      const Cell from = Board::cell(pawn_[to_move_]);
      for (Dir d : kAllDirs) {
        if (Board::contains(from.step(d))) out.push_back(kStepBase + static_cast<int>(d));
      }
      return;
    }
    case Phase::kOver: return;
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

std::string State::swap_illegal_reason(int a, int b) const {
  if (a == b) return "a swap needs two different cards";
  if (!same_line(a, b)) {
    return fmt::format("{} and {} are not in the same row or column (rule 1)",
                       card_code(config_.deck, card_at_[a]), card_code(config_.deck, card_at_[b]));
  }
  for (int cell : {a, b}) {
    const std::string card = card_code(config_.deck, card_at_[cell]);
    for (Player p : {0, 1}) {
      if (pawn_[p] == cell) return fmt::format("{} carries {}'s pawn (rule 2)", card, kSeatNames[p]);
    }
    if (card_at_[cell] == treasure_) return fmt::format("{} carries the Treasure Marker (rule 2)", card);
    if (card_at_[cell] == locked_[0] || card_at_[cell] == locked_[1]) {
      return fmt::format("{} was moved by {} on the prior turn (rule 3)", card,
                         kSeatNames[1 - to_move_]);
    }
  }
  return "";
}

std::string State::illegal_reason(Action a) const {
  if (phase_ == Phase::kOver) return "the game is over";
  if (a < 0 || a >= kNumActions) return fmt::format("{} is not a Treasure Hunt action", a);
  switch (phase_) {
    case Phase::kDeal:
      if (a < kDealBase || a >= kFirstPlayerBase) return "the cards are being dealt";
      if (!(undealt_ >> (a - kDealBase) & 1u)) {
        return fmt::format("{} is already dealt", card_code(config_.deck, static_cast<int>(a - kDealBase)));
      }
      return "";
    case Phase::kChooseFirst:
      return a >= kFirstPlayerBase ? "" : "the first player is being chosen";
    case Phase::kSwap:
      if (a >= kStepBase) return "first swap two cards; the step comes after the swap";
      return swap_illegal_reason(static_cast<int>(a / kCells), static_cast<int>(a % kCells));
    case Phase::kStep: {
      if (a < kStepBase || a >= kDealBase) return "the swap is done; now step the pawn";
      const Dir d = static_cast<Dir>(a - kStepBase);
      if (!Board::contains(Board::cell(pawn_[to_move_]).step(d))) {
        return fmt::format("stepping {} leaves the board", dir_name(d));
      }
      return "";
    }
    case Phase::kOver: break;
  }
  return "the game is over";
}

int State::involuntary_destination(int cell) const {
  std::uint32_t visited = 1u << cell;
  for (;;) {
    const int card = card_at_[cell];
    if (card == treasure_) return cell;  // G3.3: the Treasure Card always stops movement
    const Cell target = Board::cell(cell).step(config_.card_dir[card], card_value(config_.deck, card));
    if (!Board::contains(target)) return cell;  // no partial moves (A-G3-8)
    const int next = Board::index(target);
    if (visited >> next & 1u) {
      // A-G3-3: a cycle stops the chain, before or on the repeated card.
      return config_.cycle_rule == CycleRule::kStopBeforeRepeat ? cell : next;
    }
    visited |= 1u << next;
    cell = next;
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

void State::apply_legal(Action a) {
  switch (phase_) {
    case Phase::kDeal: {
      const auto card = static_cast<std::int8_t>(a - kDealBase);
      card_at_[dealt_] = card;
      cell_of_[card] = dealt_;
      undealt_ &= ~(1u << card);
      if (++dealt_ == kCells) finish_deal();
      return;
    }
    case Phase::kChooseFirst:
      to_move_ = static_cast<std::int8_t>(a - kFirstPlayerBase);
      phase_ = Phase::kSwap;
      return;
    case Phase::kSwap: {
      const int x = static_cast<int>(a / kCells), y = static_cast<int>(a % kCells);
      std::swap(card_at_[x], card_at_[y]);
      cell_of_[card_at_[x]] = static_cast<std::int8_t>(x);
      cell_of_[card_at_[y]] = static_cast<std::int8_t>(y);
      swapped_ = {card_at_[x], card_at_[y]};
      phase_ = Phase::kStep;
      return;
    }
    case Phase::kStep: {
      const Dir d = static_cast<Dir>(a - kStepBase);
      const int stepped = Board::index(Board::cell(pawn_[to_move_]).step(d));
      const int cell = involuntary_destination(stepped);
      pawn_[to_move_] = static_cast<std::int8_t>(cell);
      if (card_at_[cell] == treasure_) {
        score_[to_move_] = static_cast<std::int16_t>(score_[to_move_] + card_value(config_.deck, treasure_));
        if (config_.deck == DeckKind::kStandard && treasure_ == num_treasures(config_.deck) - 1) {
          phase_ = Phase::kOver;  // the King of Diamonds is scored
          winner_ = score_[0] > score_[1] ? 0 : score_[1] > score_[0] ? 1 : -1;
        } else {
          treasure_ = static_cast<std::int8_t>((treasure_ + 1) % num_treasures(config_.deck));
        }
      }
      if (phase_ != Phase::kOver && config_.deck == DeckKind::kSpecialized &&
          score_[to_move_] >= config_.target_score) {
        phase_ = Phase::kOver;  // only the mover scores, so only the mover is checked (A-G3-14)
        winner_ = to_move_;
      }
      end_turn();
      return;
    }
    case Phase::kOver: return;
  }
}

void State::end_turn() {
  locked_ = swapped_;
  swapped_ = {-1, -1};
  ++turn_;
  to_move_ = static_cast<std::int8_t>(1 - to_move_);
  if (phase_ == Phase::kOver) return;
  phase_ = Phase::kSwap;
  if (config_.turn_limit > 0 && turn_ >= config_.turn_limit) {
    phase_ = Phase::kOver;  // the most points wins, as at the normal end; equal is a draw
    winner_ = score_[0] > score_[1] ? 0 : score_[1] > score_[0] ? 1 : -1;
  }
}

std::vector<double> State::returns() const {
  if (phase_ != Phase::kOver || winner_ < 0) return {0.0, 0.0};
  return winner_ == 0 ? std::vector<double>{1.0, -1.0} : std::vector<double>{-1.0, 1.0};
}

std::uint64_t State::information_state_key(Player) const {
  // Perfect information: the key of every seat is the key of the state itself.
  Hasher h;
  for (auto c : card_at_) h.add(static_cast<std::uint64_t>(c + 1));
  h.add(static_cast<std::uint64_t>(phase_)).add(static_cast<std::uint64_t>(to_move_));
  h.add(static_cast<std::uint64_t>(pawn_[0])).add(static_cast<std::uint64_t>(pawn_[1]));
  h.add(static_cast<std::uint64_t>(score_[0])).add(static_cast<std::uint64_t>(score_[1]));
  h.add(static_cast<std::uint64_t>(treasure_));
  for (auto c : locked_) h.add(static_cast<std::uint64_t>(c + 1));
  for (auto c : swapped_) h.add(static_cast<std::uint64_t>(c + 1));
  if (config_.turn_limit > 0) h.add(static_cast<std::uint64_t>(turn_));
  return h.value();
}

}  // namespace mw::treasure_hunt
