// Why a Joker's Labyrinth action is refused (illegal_reason), checked cheaply when it is legal.
#include <fmt/format.h>

#include <algorithm>
#include <string>

#include "games/jokers_labyrinth/jokers_labyrinth.h"
#include "games/jokers_labyrinth/state_json_internal.h"

namespace mw::jokers_labyrinth {

std::string State::illegal_reason(Action a) const {
  if (phase_ == Phase::kOver) return "the game is over";
  if (a < 0 || a >= kNumActions) return fmt::format("{} is not a Joker's Labyrinth action", a);
  if (Access::quick_legal(*this, a)) return {};
  ActionList legal;
  legal.reserve(256);  // one allocation: this runs for every action a caller checks
  legal_actions(legal);
  if (std::binary_search(legal.begin(), legal.end(), a)) return {};
  const std::string what = action_to_string(a);
  if (current_player() == kChancePlayer)
    return fmt::format("'{}' is not a possible chance outcome now", what);
  if (a >= kChanceFirst)
    return fmt::format("'{}' is a chance outcome; {} is to act", what, kSeatNames[actor()]);
  switch (phase_) {
    case Phase::kChooseSuit:
      return "choose a free Jack now";  // G5.2 step 4
    case Phase::kPlace:
      return "place the Jack on a free start spot next to a corner card";  // A-G5-7
    case Phase::kCombatPrep:
    case Phase::kPvpPrep:
      return "in a fight choose one Equipment or Friendly NPC from your hand, or nocard; pay debt, "
             "bolster or hinder";  // G5.3.1
    case Phase::kRerolling:
      return "reroll own dice once per combat, only while holding a King";  // A-G5-18
    case Phase::kKeepNpc:
    case Phase::kScavKeep:
      return "answer keep or discard";
    case Phase::kJokerLoss:
      return "after losing to a Joker pay two Equipment/Friendly NPC cards or take the debt";
    case Phase::kRelocating:
      return "place the loser on a free start spot";  // A-G5-24
    case Phase::kPeeking:
      return "peek at a face-down card you have not seen, or done (Advanced Recon)";
    default:
      break;
  }
  const PlayerState& ps = players_[to_move_];
  if (a >= kReveal && a < kScavenge && actions_left_ <= 0)
    return "no action left this turn (2 a turn)";
  if (a >= kReveal && a < kMove) return "Reveal needs an adjacent face-down Dungeon card";
  if (a >= kMove && a < kFight) {
    const int cell = neighbour(ps.pos, static_cast<int>(a - kMove));
    if (cell >= 0 && !in_grid(cell) && ps.entered)
      return "once inside the Dungeon you may not leave it";
    return "Move goes to an adjacent empty space, Equipment, Friendly NPC, own-suit Ace or Joker; "
           "not "
           "onto face-down cards, Hazards, Hostile NPCs or Jacks";
  }
  if (a >= kFight && a < kScavenge)
    return "Fight needs an adjacent Hazard, Guardian, Hostile NPC, Joker or Jack";
  if (a == kScavenge)
    // A-G5-12, A-G5-20
    return "Scavenge is not the first action, once a turn, on an empty Dungeon space";
  if (a >= kPortal && a < kRelocate)
    return "Portal follows a Reveal, discarding Equipment or a Friendly NPC, onto an adjacent "
           "face-down card";
  if (a >= kBoost && a < kPortal)
    return "Boost is once a turn, discarding a non-Joker card, to a space a Move could reach";
  if (a >= kPay && a < kPayEnd) return "pay debt with two Equipment/Friendly NPC cards while owing";
  if (a >= kAceRecon && a < kReroll)
    return "use an Ace you hold on something it changes: Recon needs a face-down card around the "
           "Jack, Advanced Recon one you have not peeked, a Reality Shuffle a card, Jack or "
           "face-down card in its area, a Hazard Shift a face-up Hazard that can move";  // A-G5-60
  return "not legal in this situation";
}

}  // namespace mw::jokers_labyrinth
