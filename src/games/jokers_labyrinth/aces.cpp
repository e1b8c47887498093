// The Joker's Labyrinth: reveals, Guardians, the Reality Shuffle and the other uses of Aces.
#include <algorithm>
#include <bitset>
#include <cstdlib>

#include "games/jokers_labyrinth/jokers_labyrinth.h"

namespace mw::jokers_labyrinth {

// ---- Reveals and Aces ---------------------------------------------------------------------------

void State::ace_needs_guardian(int& cell) const {
  // The first grid cell (in cell order) with a face-up Ace and no Guardian: look where the eight
  // Aces are rather than at all 49 cells (every reveal asks).
  cell = -1;
  for (const int phys : kAces) {
    const int c = loc_[phys];
    if (c >= kCells || !in_grid(c) || down_[c] || cell_card_[c] != phys || guard_[c] >= 0) continue;
    if (cell < 0 || c < cell) cell = c;
  }
}

void State::reveal_cells(std::bitset<kCells> cells, After after, int target) {
  after_ = after;
  after_target_ = static_cast<std::int8_t>(target);
  pending_.reset();
  for (int c = 0; c < kCells; ++c) {
    if (cells[c] && down_[c] && cell_card_[c] < 0) pending_.set(static_cast<std::size_t>(c));
  }
  if (pending_.any()) {
    phase_ = Phase::kDeal;
  } else {
    continue_reveal();
  }
}

void State::continue_reveal() {
  const int p = to_move_;
  const int t = after_target_;
  auto flip = [&](int c) {
    down_.reset(static_cast<std::size_t>(c));
    known_[c] = 0;
    group_[c] = 0;
  };
  switch (after_) {
    case After::kPeeked:
      known_[t] = static_cast<std::uint8_t>(known_[t] | (1u << p));
      after_ = After::kNone;
      phase_ = --peeks_left_ > 0 ? Phase::kPeeking : Phase::kMain;
      if (phase_ == Phase::kMain) to_main();
      return;
    case After::kRevealed:
      flip(t);
      break;
    case After::kRecon:
      for (int c = 0; c < kCells; ++c) {
        if (in_grid(c) && std::abs(row_of(c) - row_of(t)) <= 1 &&
            std::abs(col_of(c) - col_of(t)) <= 1) {
          flip(c);
        }
      }
      break;
    case After::kPortalled: {
      if (!down_[t]) break;  // already handled (a Guardian was being drawn)
      flip(t);
      const int card = cell_card_[t];
      // G5.3 Portal: Equipment, Friendly NPC or own-suit Ace (A-G5-47) to hand, card returned.
      if (is_equipment(card) || friendly_npc_for(p, card) ||
          (is_ace(card) && suit_of(card) == players_[p].suit)) {
        if (is_ace(card) && aside_[suit_of(card)] >= 0) {  // its set-aside Guardian goes home
          put(aside_[suit_of(card)], kLocGuardDeck);
          aside_[suit_of(card)] = -1;
        }
        put(card, static_cast<std::uint8_t>(kLocHand + p));
        put(portal_card_, static_cast<std::uint8_t>(kLocHand + p));
        to_main();
        return;
      }
      break;
    }
    case After::kNone:
      break;
  }
  int cell = -1;
  for (ace_needs_guardian(cell); cell >= 0; ace_needs_guardian(cell)) {
    const int s = suit_of(cell_card_[cell]);
    if (aside_[s] >= 0) {  // the Guardian set aside by a Reality Shuffle comes back
      put(aside_[s], static_cast<std::uint8_t>(cell));
      aside_[s] = -1;
      continue;
    }
    if (cards_at(kLocGuardDeck).empty()) break;
    phase_ = Phase::kGuardian;
    return;
  }
  const int card = t >= 0 ? cell_card_[t] : -1;
  if ((after_ == After::kRevealed || after_ == After::kPortalled) && card >= 0 &&
      (is_joker(card) || after_ == After::kPortalled)) {
    start_fight(t);  // a revealed Joker must be fought at once [T]; Portal fights what it flips
    return;
  }
  to_main();
}

void State::start_shuffle(int centre) {
  // A-G5-27: 3x3 inside the grid; cards face down, Jacks shuffled in, Guardians set aside.
  rs_count_ = 0;
  rs_centre_ = static_cast<std::int8_t>(centre);
  for (int dr = -1; dr <= 1; ++dr) {
    for (int dc = -1; dc <= 1; ++dc) {
      const int c = cell_at(row_of(centre) + dr, col_of(centre) + dc);
      const int q = jack_at(c);
      std::int16_t item = -1;
      if (q >= 0) {
        item = static_cast<std::int16_t>(200 + q);
        players_[q].pos = -1;
      } else if (down_[c] && cell_card_[c] < 0) {
        item = 300;  // an unseen card stays in the unseen pool
      } else if (cell_card_[c] >= 0) {
        const int card = cell_card_[c];
        if (guard_[c] >= 0) {
          aside_[suit_of(card)] = guard_[c];
          put(guard_[c], kLocAside);
        }
        // Who knows this card is now in the shuffle: everyone if it lay face up, else those who
        // peeked it or knew it was in its former group.
        const unsigned knew =
            down_[c] ? known_[c] | (group_[c] != 0 ? gknown_[card] : 0u) : kGroupPublic | 0xFu;
        put(card, kLocShuffle);
        if (card < 54) gknown_[card] = static_cast<std::uint8_t>(knew);
        item = static_cast<std::int16_t>(card);
      }
      down_.reset(static_cast<std::size_t>(c));
      dropped_.reset(static_cast<std::size_t>(c));
      known_[c] = 0;
      group_[c] = 0;
      if (item >= 0) rs_items_[rs_count_++] = item;
    }
  }
  const int discards = cards_at(kLocMainDiscard).count();
  rs_need_ = static_cast<std::uint8_t>(std::min(9 - rs_count_, discards));  // A-G5-48
  rs_next_ = 0;
  // The smallest group id no face-down card uses.
  std::bitset<256> used;
  for (int c = 0; c < kCells; ++c) used.set(group_[c]);
  rs_group_ = 1;
  while (used[rs_group_]) ++rs_group_;
  phase_ = rs_need_ > 0 ? Phase::kShuffleDraw : Phase::kShuffleDeal;
  if (rs_count_ == 0) to_main();
}

void State::use_ace(Action a) {
  const int p = to_move_;
  int suit = 0;
  if (a >= kAceShift) {
    suit = static_cast<int>((a - kAceShift) / 196);
  } else if (a >= kAceShuffle) {
    suit = static_cast<int>((a - kAceShuffle) / 25);
  } else {
    suit = static_cast<int>((a - kAceRecon) % 4);
  }
  discard(phys_of(0, Card::of(static_cast<Suit>(suit), 1)));
  if (config_.ace_costs_action) {
    --actions_left_;
    ++paid_actions_;
    last_was_reveal_ = false;
  }
  if (a >= kAceShift) {  // Hazard Shift: move or swap one cell
    const int i = static_cast<int>((a - kAceShift) % 196 / 4),
              d = static_cast<int>((a - kAceShift) % 4);
    const int from = grid_cell(i), to = neighbour(from, d);
    const int x = cell_card_[from], y = cell_card_[to], gy = guard_[to];
    const bool dropped_y = dropped_[to];
    put(x, kLocUnused);
    if (gy >= 0) put(gy, kLocUnused);
    if (y >= 0) put(y, static_cast<std::uint8_t>(from));
    if (gy >= 0) put(gy, static_cast<std::uint8_t>(from));
    put(x, static_cast<std::uint8_t>(to));
    dropped_.set(static_cast<std::size_t>(from), dropped_y);
    dropped_.reset(static_cast<std::size_t>(to));
    return;
  }
  if (a >= kAceShuffle) {
    const int c = static_cast<int>((a - kAceShuffle) % 25);
    start_shuffle(cell_at(c / 5 + 2, c % 5 + 2));
    return;
  }
  if (a >= kAceAdvRecon) {
    peeks_left_ = 3;
    phase_ = Phase::kPeeking;
    return;
  }
  std::bitset<kCells> area;
  const int pos = players_[p].pos;
  for (int c = 0; c < kCells; ++c) {
    if (in_grid(c) && std::abs(row_of(c) - row_of(pos)) <= 1 &&
        std::abs(col_of(c) - col_of(pos)) <= 1) {
      area.set(static_cast<std::size_t>(c));
    }
  }
  reveal_cells(area, After::kRecon, pos);  // A-G5-13: Jokers revealed here are not fought
}

}  // namespace mw::jokers_labyrinth
