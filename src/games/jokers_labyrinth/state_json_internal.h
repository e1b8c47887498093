#pragma once
// Shared by the Joker's Labyrinth state files: private access to State, and refusing a body.
#include <string>

#include "core/error.h"
#include "games/jokers_labyrinth/jokers_labyrinth.h"

namespace mw::jokers_labyrinth {

// Private access for the JSON reader (a friend of State).
struct Access {
  static State blank(const Config& c) { return State(c); }
  static State& self(State& s) { return s; }
  // A turn action that is certainly legal, checked without listing every legal action (callers
  // check each listed action, and a turn with Aces lists a hundred or more). Must agree with
  // legal_main(); false means "not shown here", not "illegal".
  static bool quick_legal(const State& s, Action a) {
    if (s.phase_ != Phase::kMain) return false;
    const int p = s.to_move_;
    const auto in_hand = [&](int phys) { return s.loc_[phys] == kLocHand + p; };
    const bool paid = s.actions_left_ > 0;
    if (a >= kAceRecon && a < kAceShift && (a < kAceAdvRecon || a >= kAceShuffle)) {
      const int suit = static_cast<int>(a < kAceAdvRecon ? a - kAceRecon : (a - kAceShuffle) / 25);
      const bool acts =
          a < kAceAdvRecon
              ? s.recon_reveals(p)
              : s.shuffle_has_target(cell_at(static_cast<int>((a - kAceShuffle) % 25) / 5 + 2,
                                             static_cast<int>((a - kAceShuffle) % 25) % 5 + 2));
      return in_hand(phys_of(0, Card::of(static_cast<Suit>(suit), 1))) &&
             (paid || !s.config_.ace_costs_action) && acts;  // A-G5-60
    }
    if (a >= kKingGain && a < kBolster)
      return in_hand(static_cast<int>(a - kKingGain)) && is_king(static_cast<int>(a - kKingGain));
    if (a >= kBoost && a < kPortal) {
      const int phys = static_cast<int>((a - kBoost) / 4), d = static_cast<int>((a - kBoost) % 4);
      return !s.boost_used_ && in_hand(phys) && !is_joker(phys) &&
             s.enter_kind(p, neighbour(s.players_[p].pos, d)) != State::Enter::kNo;
    }
    if (a >= kRelocate && a < kPay) {
      const int phys = static_cast<int>((a - kRelocate) / 16);
      const int x = static_cast<int>((a - kRelocate) % 16 / 4),
                y = static_cast<int>((a - kRelocate) % 4);
      return paid && in_hand(phys) && is_queen(phys) && x < y && y < s.config_.players;
    }
    if (a >= kPay && a < kPayEnd) {
      const int i = static_cast<int>((a - kPay) / kNumPhys),
                j = static_cast<int>((a - kPay) % kNumPhys);
      return s.players_[p].debt >= 2 && i < j && s.value_card_ok(p, i) && s.value_card_ok(p, j);
    }
    return false;
  }
};

// Refuses a body: Error(kBadState), naming the game.
[[noreturn]] inline void bad(const std::string& what) {
  throw Error(ErrorCode::kBadState, "jokers-labyrinth state: " + what);
}

}  // namespace mw::jokers_labyrinth
