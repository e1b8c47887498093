// The Joker's Labyrinth: the legal actions of every phase, the chance nodes and the returns.
#include <algorithm>

#include "games/jokers_labyrinth/jokers_labyrinth.h"

namespace mw::jokers_labyrinth {

// ---- Legal actions ------------------------------------------------------------------------------

void State::legal_pairs(ActionList& out, int p) const {
  std::array<int, kNumPhys> cards;  // the first n are set
  int n = 0;
  (hand(p) & kValueCards).for_each([&](int phys) { cards[n++] = phys; });
  for (int i = 0; i < n; ++i) {
    for (int j = i + 1; j < n; ++j) out.push_back(kPay + cards[i] * kNumPhys + cards[j]);
  }
}

void State::legal_prep(ActionList& out, int p, bool pvp) const {
  if (players_[p].debt >= 2) legal_pairs(out, p);
  hand(p).for_each([&](int phys) {
    if (pvp && combat_.side == 1 && combat_.commit[0] == phys) return;
    if (is_queen(phys)) {
      out.push_back(kBolster + phys);
      for (int t = 0; t < config_.players; ++t) out.push_back(kHinder + phys * 4 + t);
    }
    if (kValueCards.has(phys)) out.push_back(kValueCard + phys);
  });
  out.push_back(kNoCard);
}

void State::legal_reroll(ActionList& out) const {
  out.push_back(kReroll);  // keep the dice
  const int p = actor();
  if ((hand(p) & kKings).empty()) return;
  if (combat_.defender >= 0) {
    out.push_back(kReroll + 1);
    return;
  }
  // A-G5-18, A-G5-61: any subset of the shown dice, equal dice told apart only by how many are
  // rerolled. "reroll one 2" sets one more die showing 2 aside, faces in increasing order and
  // leaving at least one die of the face (all of them are named whole in the last choice), so
  // every subset is chosen one way; a mask then rerolls the set-aside dice, whole faces and/or the
  // final die.
  const int aside = combat_.set_aside;
  int lowest = 0;
  for (int f = 0; f < 6; ++f) lowest = (aside & (1 << f)) != 0 ? f : lowest;
  for (int f = lowest; f < 6; ++f) {
    if (combat_.faces[f] >= 2) out.push_back(kRerollOne + f);
  }
  int present = 1 << 6;
  for (int f = 0; f < 6; ++f) {
    if (combat_.faces[f] > 0 && (aside & (1 << f)) == 0) present |= 1 << f;
  }
  for (int m = 1; m < 128; ++m) {
    if ((m & ~present) == 0) out.push_back(kReroll + m);
  }
}

void State::legal_relocate(ActionList& out) const {
  if (config_.relocation == PvpRelocation::kCornerCellIfEmpty) {
    for (int i = 0; i < 4; ++i) {
      const int c = kCorners[i];
      if (jack_at(c) < 0 && cell_card_[c] < 0 && !down_[c]) out.push_back(kCorner + i);
    }
    if (!out.empty()) return;
  }
  // A-G5-58: another free start spot; the loser's own is not free (relocating is a move). One is
  // always free: 8 spots, at most 3 other Jacks and 2 dropped Jokers (the other 2 are not in play).
  for (int i = 0; i < kNumStartSpots; ++i) {
    const int cell = kStartSpots[i];
    if (jack_at(cell) < 0 && cell_card_[cell] < 0) out.push_back(kSpot + i);
  }
}

// Generated in increasing action order (kinds by base, then suit / phys / dir), so legal_actions
// need not sort it.
void State::legal_main(ActionList& out) const {
  const int p = to_move_;
  const PlayerState& ps = players_[p];
  out.push_back(kEndTurn);
  const bool paid = actions_left_ > 0;
  std::array<bool, 4> can_enter{};  // where a Move or a Boost may go
  std::array<bool, 4> unseen{};     // a face-down grid card: Reveal, Portal
  std::array<bool, 4> can_fight{};
  const CellLinks& here = kCellLinks[ps.pos];  // placed: the main phase follows the placements
  for (int d = 0; d < 4; ++d) {
    const int nb = here.next[d];
    // One Jack look-up per neighbour, shared by enter_kind and fight_target.
    const int jack = nb < 0 ? -1 : jack_at(nb);
    can_enter[d] = enter_kind(p, nb, jack) != Enter::kNo;
    unseen[d] = nb >= 0 && kCellLinks[nb].grid && down_[nb];
    can_fight[d] = fight_target(p, nb, jack);
  }
  if (paid) {
    for (int d = 0; d < 4; ++d) {
      if (unseen[d]) out.push_back(kReveal + d);
    }
    for (int d = 0; d < 4; ++d) {
      if (can_enter[d]) out.push_back(kMove + d);
    }
    for (int d = 0; d < 4; ++d) {
      if (can_fight[d]) out.push_back(kFight + d);
    }
    if (can_scavenge()) out.push_back(kScavenge);
  }
  const CardSet held = hand(p);
  const bool ace_ok = paid || !config_.ace_costs_action;
  // Ace actions are numbered by suit, and the two decks' Aces interleave suits: count each suit.
  std::array<int, 4> aces_of_suit{};
  int num_aces = 0;
  if (ace_ok) {
    held.for_each([&](int phys) {
      if (!is_ace(phys)) return;
      ++aces_of_suit[static_cast<std::size_t>(suit_of(phys))];
      ++num_aces;
    });
  }
  if (num_aces > 0) {
    // What an Ace may do does not depend on which Ace.
    const std::bitset<kCells> jack_cell = jack_cells();
    auto each_ace_suit = [&](auto&& f) {
      for (int s = 0; s < 4; ++s) {
        for (int k = 0; k < aces_of_suit[static_cast<std::size_t>(s)]; ++k) f(s);
      }
    };
    if (recon_reveals(p)) {
      each_ace_suit([&](int s) { out.push_back(kAceRecon + s); });
    }
    if (advanced_recon_finds(p)) {
      each_ace_suit([&](int s) { out.push_back(kAceAdvRecon + s); });
    }
    std::array<bool, 25> shuffle_targets;
    for (int c = 0; c < 25; ++c)
      shuffle_targets[c] = shuffle_has_target(cell_at(c / 5 + 2, c % 5 + 2), jack_cell);
    each_ace_suit([&](int s) {
      for (int c = 0; c < 25; ++c) {
        if (shuffle_targets[c]) out.push_back(kAceShuffle + s * 25 + c);
      }
    });
    std::array<std::int16_t, 196> shifts;  // grid cell * 4 + dir of each legal Hazard Shift
    int num_shifts = 0;
    for (int i = 0; i < 49; ++i) {
      const int cell = grid_cell(i);
      const int card = cell_card_[cell];
      if (down_[cell] || card < 0 || !is_hazard_card(card) || guard_[cell] >= 0) continue;
      for (int d = 0; d < 4; ++d) {
        const int to = neighbour(cell, d);
        if (to < 0 || !in_grid(to) || down_[to] || jack_cell[static_cast<std::size_t>(to)])
          continue;
        shifts[static_cast<std::size_t>(num_shifts++)] = static_cast<std::int16_t>(i * 4 + d);
      }
    }
    each_ace_suit([&](int s) {
      for (int k = 0; k < num_shifts; ++k) out.push_back(kAceShift + s * 196 + shifts[k]);
    });
  }
  (held & kKings).for_each([&](int phys) { out.push_back(kKingGain + phys); });
  if (!boost_used_) {
    held.for_each([&](int phys) {
      if (is_joker(phys)) return;
      for (int d = 0; d < 4; ++d) {
        if (can_enter[d]) out.push_back(kBoost + phys * 4 + d);
      }
    });
  }
  if (paid && last_was_reveal_) {
    (held & kValueCards).for_each([&](int phys) {
      for (int d = 0; d < 4; ++d) {
        if (unseen[d]) out.push_back(kPortal + phys * 4 + d);
      }
    });
  }
  if (paid) {
    held.for_each([&](int phys) {
      if (!is_queen(phys)) return;
      for (int a = 0; a < config_.players; ++a) {
        for (int b = a + 1; b < config_.players; ++b)
          out.push_back(kRelocate + phys * 16 + a * 4 + b);
      }
    });
  }
  if (ps.debt >= 2) legal_pairs(out, p);
}

void State::legal_actions(ActionList& out) const {
  out.clear();
  if (is_chance_phase(phase_)) {
    for (const ChanceOutcome& o : chance_outcomes()) out.push_back(o.action);
    std::sort(out.begin(), out.end());
    return;
  }
  switch (phase_) {
    case Phase::kChooseSuit:
      for (int s = 0; s < 4; ++s) {
        bool taken = false;
        for (int p = 0; p < config_.players; ++p) taken |= players_[p].suit == s;
        if (!taken) out.push_back(kSuit + s);
      }
      break;
    case Phase::kPlace:
      for (int i = 0; i < kNumStartSpots; ++i) {
        if (jack_at(kStartSpots[i]) < 0) out.push_back(kSpot + i);
      }
      break;
    case Phase::kMain:
      legal_main(out);
      return;  // generated in order: the most frequent decision skips the sort
    case Phase::kCombatPrep:
      legal_prep(out, to_move_, false);
      break;
    case Phase::kPvpPrep:
      legal_prep(out, actor(), true);
      break;
    case Phase::kRerolling:
      legal_reroll(out);
      break;
    case Phase::kKeepNpc:
    case Phase::kScavKeep:
      out.assign({kKeep, kDiscard});
      break;
    case Phase::kJokerLoss:
      legal_pairs(out, to_move_);
      out.push_back(kTakeDebt);
      break;
    case Phase::kRelocating:
      legal_relocate(out);
      break;
    case Phase::kPeeking:
      out.push_back(kDone);
      for (int i = 0; i < 49; ++i) {
        const int cell = grid_cell(i);
        if (down_[cell] && (known_[cell] & (1u << to_move_)) == 0) out.push_back(kPeek + i);
      }
      break;
    default:  // kOver, and the chance phases above
      break;
  }
  std::sort(out.begin(), out.end());
}

std::vector<ChanceOutcome> State::chance_outcomes() const {
  std::vector<ChanceOutcome> out;
  auto from_loc = [&](std::uint8_t where) {
    cards_at(where).for_each([&](int phys) { out.push_back({kChanceCard + phys, 0.0}); });
    for (auto& o : out) o.probability = 1.0 / static_cast<double>(out.size());
  };
  switch (phase_) {
    case Phase::kFirstRoll:
      // A-G5-6: each rolls a d6, ties reroll: every seat is first with probability 1/n.
      for (int p = 0; p < config_.players; ++p) {
        out.push_back({kChanceFirst + p, 1.0 / config_.players});
      }
      break;
    case Phase::kDeal:
      from_loc(kLocPool);
      break;
    case Phase::kGuardian:
      from_loc(kLocGuardDeck);
      break;
    case Phase::kScavDraw:
      from_loc(kLocScavDeck);
      break;
    case Phase::kShuffleDraw:
      from_loc(kLocMainDiscard);
      break;
    case Phase::kDice:
      for (int f = 0; f < 6; ++f) out.push_back({kChanceDie + f, 1.0 / 6});
      break;
    case Phase::kShuffleDeal:
      for (int i = 0; i < rs_count_; ++i) out.push_back({kChanceItem + i, 1.0 / rs_count_});
      break;
    default:
      break;
  }
  return out;
}

Action State::sample_chance(Rng& rng) const {
  auto pick = [&](std::uint8_t where) -> Action {
    const CardSet& cards = cards_at(where);
    const auto k = static_cast<int>(rng.below(static_cast<std::uint64_t>(cards.count())));
    return cards.empty() ? kNoAction : kChanceCard + cards.nth(k);
  };
  switch (phase_) {
    case Phase::kFirstRoll:
      return kChanceFirst +
             static_cast<Action>(rng.below(static_cast<std::uint64_t>(config_.players)));
    case Phase::kDeal:
      return pick(kLocPool);
    case Phase::kGuardian:
      return pick(kLocGuardDeck);
    case Phase::kScavDraw:
      return pick(kLocScavDeck);
    case Phase::kShuffleDraw:
      return pick(kLocMainDiscard);
    case Phase::kDice:
      return kChanceDie + static_cast<Action>(rng.below(6));
    case Phase::kShuffleDeal:
      return kChanceItem + static_cast<Action>(rng.below(rs_count_));
    default:
      return kNoAction;
  }
}

std::vector<double> State::returns() const {
  std::vector<double> r(static_cast<std::size_t>(config_.players), 0.0);
  if (phase_ != Phase::kOver || winner_ < 0) return r;
  for (int p = 0; p < config_.players; ++p) {
    r[static_cast<std::size_t>(p)] = p == winner_ ? 1.0 : -1.0 / (config_.players - 1);
  }
  return r;
}

}  // namespace mw::jokers_labyrinth
