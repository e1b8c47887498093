// Pathfinder Cards: applying a decision (MAIN, damage, trials, the Ace alteration) and chance.
#include <bit>

#include "games/pathfinder_cards/pathfinder_cards.h"

namespace mw::pathfinder_cards {

void State::apply_main(Action a) {
  if (a == kWithdraw) {
    hand_ |= static_cast<std::uint16_t>(1u << compass_rank_);
    compass_ = CompassState::kWithdrawn;
  } else if (a == kUseCompass) {
    discards_[num_discards_++] = compass_rank_;
    compass_ = CompassState::kUsed;
    layout_.set_up(kJoker, true);
  } else if (a >= kUsePowerBase) {
    apply_power_use(a);
  } else {
    const int cell = static_cast<int>(a - kExploreBase);
    flip_up(cell);
    push_encounter(cell);
  }
}

void State::apply_damage(Action a) {
  Task& t = top_task();
  if (a == kWithdraw || a == kContinue) {
    if (a == kWithdraw) apply_main(kWithdraw);
    t.step = 1;
    return;
  }
  if (a >= kPickBase && a < kSaveOneBase) {
    const int r = static_cast<int>(a - kPickBase);
    if (r == 1) {
      t.step = 2;  // A♥ is kept; a save must follow (no window here [T])
    } else {
      discard_lost_to_damage(r);
      pop();
    }
    return;
  }
  if (a < kSavePairBase) {
    discard_lost_to_damage(static_cast<int>(a - kSaveOneBase));
  } else {
    const int i = static_cast<int>(a - kSavePairBase);
    discard_lost_to_damage(i / 14);
    discard_lost_to_damage(i % 14);
  }
  pop();
}

void State::record_ten(const Task& t, int suit, int guess) {
  TenResult& r = tens_[card_suit(layout_.at[t.cell])];
  r.cell = t.cell;
  r.ten = layout_.at[t.cell];
  r.suit = static_cast<std::int8_t>(suit);
  r.guess = static_cast<std::int8_t>(guess);
  r.actual = static_cast<std::int8_t>(layout_.count_in_area(t.cell, suit));
  r.valid = true;
  r.since = Shift{};
}

void State::apply_trial(Action a) {
  Task& t = top_task();
  if (t.step == 0) {
    if (a == kWithdraw) apply_main(kWithdraw);
    t.step = 1;
    return;
  }
  const Task cur = t;
  switch (decision()) {
    case Decision::kTenSpadesFlip: {
      const int cell = static_cast<int>(a - kCellBase);
      flip_up(cell);
      pop();
      if (!hand_matches(card_value(layout_.at[cell]))) push_damage(kNoWindow);
      return;
    }
    case Decision::kCountGuess: {
      const int i = static_cast<int>(a - kGuessBase);
      record_ten(cur, i / 16, i % 16);
      pop();
      const TenResult& r = tens_[card_suit(layout_.at[cur.cell])];
      if (r.guess != r.actual) push_damage(0);
      return;
    }
    case Decision::kTenDiamondsSuit:
      t.aux = static_cast<std::int8_t>(a - kSuitBase);
      t.step = 2;
      return;
    case Decision::kJackPredict: {
      const int i = static_cast<int>(a - kPredictAtBase);
      const int cell = i / 4;
      const int card = layout_.at[cell];
      // A-G1-39: "adjacent to an active diamond" is judged before the card turns up.
      const bool reachable = (layout_.explorable(layout_.active()) >> card) & 1;
      flip_up(cell);
      pop();
      if (reachable) push_encounter(cell);
      if (i % 4 != card_suit(card)) push_damage(0);
      return;
    }
    case Decision::kQueenPick:
      t.cell2 = static_cast<std::int16_t>(a - kCellBase);
      t.step = 2;
      return;
    case Decision::kQueenPredict: {
      const int card = layout_.at[cur.cell2];
      flip_up(cur.cell2);
      pop();
      if (static_cast<int>(a - kPredictBase) != card_suit(card)) push_damage(0);
      return;
    }
    case Decision::kKingFlip: {
      const int cell = static_cast<int>(a - kCellBase);
      const int card = layout_.at[cell];
      t.cell2 = static_cast<std::int16_t>(cell);
      if (layout_.face_up(card)) t.flags |= kWasUp;
      layout_.set_up(card, !layout_.face_up(card));
      t.step = 2;
      return;
    }
    case Decision::kKingName: {
      const int i = static_cast<int>(a - kNameBase);
      const int flipped = layout_.at[cur.cell2];
      const int wrong = (i / kNumCards != cur.cell2) + (i % kNumCards != flipped);
      if (cur.flags & kWasUp) layout_.set_up(flipped, true);  // restored before damage, A-G1-37
      pop();
      push_damage(0, wrong);
      return;
    }
    default:
      return;
  }
}

void State::apply_alteration(Action a) {
  Layout l;
  Shift shift;
  if (rearranged(a, l, shift)) layout_ = l;  // a pass leaves the layout alone
  // The Runner looked away: what she counted around a ten may have moved. A pass counts too, or
  // the flags would tell her a pass from a swap of two face-down cards (G1.6.3).
  forget_positions();
  pop();
  follow_shift(shift);
}

void State::apply_legal(Action a) {
  switch (decision()) {
    case Decision::kPlace:
      layout_.place(static_cast<int>(a / kCells), static_cast<int>(a % kCells));
      if (layout_.count == kNumCards) finish_build();
      break;
    case Decision::kCompass:
      compass_rank_ = static_cast<std::int8_t>(a - kCompassBase);
      hand_ &= static_cast<std::uint16_t>(~(1u << compass_rank_));
      compass_ = CompassState::kTable;
      phase_ = Phase::kPlay;
      break;
    case Decision::kMain:
      apply_main(a);
      break;
    case Decision::kDamageWindow:
    case Decision::kDamagePick:
    case Decision::kSave:
      apply_damage(a);
      break;
    case Decision::kAlteration:
      apply_alteration(a);
      break;
    case Decision::kNone:
      return;
    case Decision::kRoles:
      first_maker_ = static_cast<std::int8_t>(a - kRolesBase);
      break;
    case Decision::kAdvisorAsk:
    case Decision::kPathfinderPick:
    case Decision::kSeerPick:
    case Decision::kMoverMove:
      apply_power_task(a);
      break;
    default:
      apply_trial(a);
      break;
  }
  settle();
}

std::vector<ChanceOutcome> State::chance_outcomes() const {
  std::vector<ChanceOutcome> out;
  if (decision() == Decision::kRoles) return {{kRolesBase, 0.5}, {kRolesBase + 1, 0.5}};
  if (decision() != Decision::kDamagePick) return out;
  const double p = 1.0 / std::popcount(hand_);
  for (int r = 1; r <= 13; ++r) {
    if (in_hand(r)) out.push_back({kPickBase + r, p});
  }
  return out;
}

Action State::sample_chance(Rng& rng) const {
  if (decision() == Decision::kRoles) return kRolesBase + static_cast<Action>(rng.below(2));
  auto k = static_cast<int>(rng.below(static_cast<std::uint64_t>(std::popcount(hand_))));
  for (int r = 1; r <= 13; ++r) {
    if (in_hand(r) && k-- == 0) return kPickBase + r;
  }
  return kNoAction;
}

std::vector<double> State::returns() const {
  if (phase_ != Phase::kOver) return {0.0, 0.0};
  if (config_.match_games == 1) {
    return seat_of(winner_) == 1 ? std::vector<double>{-1.0, 1.0} : std::vector<double>{1.0, -1.0};
  }
  // A match: the higher total wins (G1.3.7); equal totals are a draw.
  const auto t = totals();
  if (t[0] == t[1]) return {0.0, 0.0};
  return t[0] > t[1] ? std::vector<double>{1.0, -1.0} : std::vector<double>{-1.0, 1.0};
}

}  // namespace mw::pathfinder_cards
