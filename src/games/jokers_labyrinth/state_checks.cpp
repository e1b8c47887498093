// The checks from_json runs so that an accepted body is a position the rules reach and play on.
#include <fmt/format.h>

#include <algorithm>

#include "games/jokers_labyrinth/jokers_labyrinth.h"
#include "games/jokers_labyrinth/state_json_internal.h"

namespace mw::jokers_labyrinth {

// The most rounds play reaches: a turn start can pass the first seat twice (once ending the turn,
// once skipping lost turns, A-G5-32), so at most L + 1 with roundLimit L, and never more than
// twice the turns the safeguard allows.
int State::max_round() const {
  const int safeguard = 2 * (kSafetyTurns + 1);
  return config_.round_limit > 0 ? std::min<int>(config_.round_limit + 1, safeguard) : safeguard;
}

// The end and the winner follow from the Jokers held and the counters: two Jokers win at once
// (A-G5-36); otherwise only roundLimit (A-G5-57) or the turn safeguard end the game, in a draw.
void State::validate_end() const {
  const bool setup =
      phase_ == Phase::kFirstRoll || phase_ == Phase::kChooseSuit || phase_ == Phase::kPlace;
  if (setup && (turns_ != 0 || round_ != 0))
    bad("\"turn\": no turn or round before the setup ends");
  // Each turn start passes the first seat at most twice (see max_round).
  if (round_ > 2 * turns_) {
    bad(fmt::format("\"turn\": round {} cannot come after only {} turns", round_, turns_));
  }
  for (int p = 0; p < config_.players; ++p) {
    if (jokers_held(p) >= 2 && (phase_ != Phase::kOver || winner_ != p)) {
      bad(
          fmt::format("{} holds two Jokers, which wins at once: \"phase\" must be "  // A-G5-36
                      "\"over\" with {} the winner",
                      kSeatNames[p], kSeatNames[p]));
    }
  }
  const bool limit = config_.round_limit > 0 && round_ >= config_.round_limit;
  const bool safeguard = turns_ > kSafetyTurns;
  if (phase_ == Phase::kOver) {
    if (winner_ >= 0 && jokers_held(winner_) < 2) {
      bad(fmt::format("\"winner\" {} does not hold two Jokers", kSeatNames[winner_]));
    }
    if (winner_ < 0 && !limit && !safeguard) {
      bad("phase \"over\" without a winner needs roundLimit rounds or the 1200-turn safeguard");
    }
  } else if (!setup && (limit || safeguard)) {
    bad(
        fmt::format("\"turn\": round {} / turn {} is past the end (roundLimit or the 1200-turn "
                    "safeguard), so \"phase\" must be \"over\"",
                    round_, turns_));
  }
}

// Structural checks so that an accepted body is a position the rules can play on.
void State::validate() const {
  const int n = config_.players;
  auto count = [&](std::uint8_t where) {
    int k = 0;
    for (int phys = 0; phys < kNumPhys; ++phys) k += loc_[phys] == where ? 1 : 0;
    return k;
  };
  // Cards only where they can be.
  for (int phys = 0; phys < kNumPhys; ++phys) {
    const int where = loc_[phys];
    const bool dungeon = deck_of(phys) == 0 && !(rank_of(phys) == 11 && !is_joker(phys));
    if (where == kLocPool && !dungeon)
      bad(fmt::format("{} cannot be in the Dungeon pool", phys_name(phys)));
    if (where == kLocGuardDeck && !is_guardian_card(phys))
      bad(fmt::format("{} is not a Guardian", phys_name(phys)));
    if (where == kLocAside && !is_guardian_card(phys))
      bad(fmt::format("{} is not a Guardian", phys_name(phys)));
    if ((where == kLocScavDeck || where == kLocScavDiscard) &&
        (deck_of(phys) != 1 || is_guardian_card(phys))) {
      bad(fmt::format("{} is not a Scavenger card", phys_name(phys)));
    }
    if (where == kLocMainDiscard && deck_of(phys) != 0)
      bad(fmt::format("{} is not a main-deck card", phys_name(phys)));
    if (where < kCells && !dungeon && !is_guardian_card(phys))
      bad(fmt::format("{} cannot be on the board", phys_name(phys)));
    if (where >= kLocHand && where < kLocHand + kMaxPlayers && where - kLocHand >= n)
      bad("a card in the hand of a missing player");
    if (where >= kLocHand && where < kLocHand + kMaxPlayers &&
        (is_guardian_card(phys) || (rank_of(phys) == 11 && !is_joker(phys)))) {
      bad(fmt::format("{} cannot be in a hand", phys_name(phys)));
    }
    if (where == kLocShuffle && phase_ != Phase::kShuffleDraw && phase_ != Phase::kShuffleDeal)
      bad("a card in a finished shuffle");
    if (private_[phys] && (where < kLocHand || where >= kLocHand + kMaxPlayers))
      bad("a private card outside a hand");
  }
  for (int i = 0; i < 4; ++i) {
    if (aside_[i] >= 0 && loc_[aside_[i]] != kLocAside)
      bad("\"aside\" names a Guardian that is not set aside");
  }
  if (count(kLocAside) !=
      static_cast<int>(std::count_if(aside_.begin(), aside_.end(), [](int g) { return g >= 0; }))) {
    bad("set-aside Guardians and \"aside\" disagree");
  }
  int undetermined = 0;
  for (int c = 0; c < kCells; ++c) {
    if ((down_[c] || pending_[c] || group_[c] != 0 || known_[c] != 0) && !in_grid(c))
      bad("face-down state outside the grid");
    if (!down_[c] && (group_[c] != 0 || known_[c] != 0 || pending_[c]))
      bad(fmt::format("{} is face up but marked as hidden", cell_name(c)));
    if (down_[c] && (guard_[c] >= 0 || dropped_[c]))
      bad(fmt::format("{} is face down with a Guardian or dropped Joker", cell_name(c)));
    if (down_[c] && cell_card_[c] < 0) ++undetermined;
    if (pending_[c] && cell_card_[c] >= 0) bad("a pending cell already holds a card");
    if (known_[c] >= (1 << n)) bad("a peek by a missing player");
    if (guard_[c] >= 0 && (cell_card_[c] < 0 || !is_ace(cell_card_[c])))
      bad("a Guardian not on an Ace");
    if (dropped_[c] && (cell_card_[c] < 0 || !is_joker(cell_card_[c])))
      bad("a dropped mark without a Joker");
    if (!in_grid(c) && cell_card_[c] >= 0 && !is_joker(cell_card_[c]))
      bad("a card outside the grid");
  }
  int tokens = 0;
  for (int i = 0; i < rs_count_; ++i) {
    const int item = rs_items_[i];
    if (item == 300) {
      ++tokens;
    } else if (item >= 200) {
      if (item - 200 >= n || players_[item - 200].pos != -1)
        bad("a shuffled Jack that is on the board");
    } else if (item >= kNumPhys || loc_[item] != kLocShuffle) {
      bad("a shuffle item that is not being shuffled");
    }
  }
  if (count(kLocPool) != undetermined + tokens)
    bad("the unseen pool does not match the face-down cells");
  if (count(kLocShuffle) + tokens +
          [&] {
            int j = 0;
            for (int i = 0; i < rs_count_; ++i)
              j += rs_items_[i] >= 200 && rs_items_[i] < 300 ? 1 : 0;
            return j;
          }() !=
      rs_count_) {
    bad("shuffle items and shuffled cards disagree");
  }
  const bool setup =
      phase_ == Phase::kFirstRoll || phase_ == Phase::kChooseSuit || phase_ == Phase::kPlace;
  const bool shuffling = phase_ == Phase::kShuffleDraw || phase_ == Phase::kShuffleDeal;
  for (int p = 0; p < n; ++p) {
    const PlayerState& ps = players_[p];
    if (ps.pos < 0 && !setup && !shuffling) bad(fmt::format("{} has no cell", kSeatNames[p]));
    if (ps.pos >= 0) {
      if (down_[ps.pos]) bad("a Jack on a face-down card");
      if (cell_card_[ps.pos] >= 0 && !(phase_ == Phase::kRelocating && p == combat_.loser))
        bad("a Jack on a card");
      if (ps.entered != in_grid(ps.pos)) bad("\"entered\" disagrees with the Jack's cell");
      for (int q = 0; q < p; ++q) {
        if (players_[q].pos == ps.pos) bad("two Jacks on one cell");
      }
    }
    if (ps.debt % 2 != 0) bad("debt is counted in pairs");
    for (int q = 0; q < p; ++q) {
      if (ps.suit >= 0 && players_[q].suit == ps.suit) bad("two players with one Jack");
    }
    if (!setup && ps.suit < 0) bad(fmt::format("{} has no Jack", kSeatNames[p]));
  }
  if (setup) {
    for (int p = 0; p < n; ++p) {
      if (players_[p].pos >= 0 && phase_ != Phase::kPlace)
        bad("a Jack placed before the placement");
    }
  }
  const int cells_ok = [&] {
    for (int c = 0; c < kCells; ++c) {
      if (in_grid(c) && !down_[c] && cell_card_[c] >= 0 && is_ace(cell_card_[c]) && guard_[c] < 0 &&
          phase_ != Phase::kGuardian && phase_ != Phase::kDeal) {
        return 0;
      }
    }
    return 1;
  }();
  if (!cells_ok) bad("a face-up Ace without its Guardian");
  if (phase_ != Phase::kOver && winner_ >= 0) bad("a winner before the end");
  if (combat_.set_aside != 0 && (phase_ != Phase::kRerolling || combat_.defender >= 0))
    bad("dice set aside outside the choice of a King reroll");
  const Combat& c = combat_;
  switch (phase_) {
    case Phase::kDeal:
      if (pending_.none()) bad("a deal with no pending cell");
      break;
    case Phase::kGuardian: {
      int cell = -1;
      ace_needs_guardian(cell);
      if (cell < 0 || count(kLocGuardDeck) == 0) bad("a Guardian draw with no Ace to guard");
      break;
    }
    case Phase::kCombatPrep:
    case Phase::kDice:
    case Phase::kRerolling:
    case Phase::kKeepNpc:
    case Phase::kJokerLoss:
    case Phase::kPvpPrep:
    case Phase::kRelocating: {
      if (c.attacker != to_move_) bad("the attacker is not the player to move");
      const bool pvp = c.defender >= 0;
      if (pvp) {
        if (c.defender == c.attacker || c.target < 0) bad("a malformed PvP fight");
        if (phase_ == Phase::kCombatPrep || phase_ == Phase::kKeepNpc ||
            phase_ == Phase::kJokerLoss)
          bad("a PvP fight in a PvE phase");
        if (phase_ == Phase::kRelocating &&
            (c.loser < 0 || (c.loser != c.attacker && c.loser != c.defender)))
          bad("no PvP loser");
        if (phase_ == Phase::kPvpPrep &&
            (c.side > 1 || c.commit[1] != -2 || (c.side == 1) != (c.commit[0] != -2)))
          bad("malformed PvP commitments");
        if (phase_ == Phase::kPvpPrep && c.commit[0] >= 0 &&
            !value_card_ok(c.attacker, c.commit[0]))
          bad("a committed card not in hand");
        if (phase_ == Phase::kDice && (c.die[0] != 0 && c.die[1] != 0)) bad("no PvP die to roll");
        if (phase_ == Phase::kRerolling && (c.side > 1 || c.die[0] == 0 || c.die[1] == 0))
          bad("a PvP reroll before the dice");
        if ((phase_ == Phase::kDice || phase_ == Phase::kRerolling) &&
            (c.commit[0] == -2 || c.commit[1] == -2))
          bad("PvP dice before both commitments");
        break;
      }
      if (c.target < 0 || c.loser >= 0) bad("a fight without a target");
      const int card = cell_card_[c.target];
      if (phase_ != Phase::kKeepNpc && (card < 0 || down_[c.target]))
        bad("a fight against nothing");
      if (phase_ == Phase::kPvpPrep || phase_ == Phase::kRelocating)
        bad("a PvE fight in a PvP phase");
      if (phase_ == Phase::kDice && (c.dice == 0 || (c.rolled == c.dice && c.final_die != 0)))
        bad("no die to roll");
      if (phase_ == Phase::kDice && c.rolled < c.dice && fight_decided())
        bad("dice still to roll in a fight already lost (all six faces shown, no reroll)");
      // Dice are missing from the shown ones only when set aside for a reroll being chosen.
      if (phase_ == Phase::kRerolling &&
          ((c.rolled != c.dice) != (c.set_aside != 0) || c.final_die == 0 || c.dice == 0))
        bad("a reroll before the dice");
      for (int f = 0; f < 6; ++f) {
        if ((c.set_aside & (1 << f)) != 0 && c.faces[f] == 0)
          bad("every die of a face set aside: that face is rerolled whole");
      }
      if (c.set_aside != 0 && (c.rerolled & (1u << c.attacker)) == 0)
        bad("dice set aside without the King reroll");
      // Nothing changes the count while the dice are rolled: it is the one the fight gives.
      if ((phase_ == Phase::kDice || phase_ == Phase::kRerolling) &&
          c.dice != dice_count(c.attacker, c.value_card >= 0 ? value_of(c.value_card) : 0,
                               board_fight_value(c.target)))
        bad(fmt::format("{} shown dice where the fight gives {} (G5.3.1)", c.dice,
                        dice_count(c.attacker, c.value_card >= 0 ? value_of(c.value_card) : 0,
                                   board_fight_value(c.target))));
      if (phase_ == Phase::kKeepNpc &&
          (held_card_ < 0 || loc_[held_card_] != kLocHand + to_move_ || !is_npc(held_card_)))
        bad("no NPC to keep");
      if (phase_ == Phase::kJokerLoss && (card < 0 || !is_joker(card)))
        bad("a Joker loss without a Joker");
      break;
    }
    case Phase::kScavKeep:
      if (held_card_ < 0 || loc_[held_card_] != kLocHand + to_move_ || !private_[held_card_])
        bad("no scavenged card to keep");
      break;
    case Phase::kScavDraw:
      if (count(kLocScavDeck) == 0) bad("a Scavenger draw from an empty deck");
      break;
    case Phase::kShuffleDraw:
      if (rs_need_ == 0 || count(kLocMainDiscard) < rs_need_)
        bad("a shuffle draw with nothing to draw");
      [[fallthrough]];
    case Phase::kShuffleDeal:
      if (rs_centre_ < 0 || !in_grid(rs_centre_) || row_of(rs_centre_) < 2 ||
          row_of(rs_centre_) > 6 || col_of(rs_centre_) < 2 || col_of(rs_centre_) > 6 ||
          rs_count_ == 0 || rs_count_ + rs_need_ + rs_next_ > 9 || rs_group_ == 0) {
        bad("a malformed Reality Shuffle");
      }
      break;
    case Phase::kPeeking:
      if (peeks_left_ == 0) bad("a peek with none left");
      break;
    default:
      break;
  }
  if (phase_ == Phase::kDeal || phase_ == Phase::kGuardian) {
    if (after_target_ < 0 && after_ != After::kNone) bad("a reveal without a target");
    if (after_ == After::kPortalled &&
        (portal_card_ < 0 || (after_target_ >= 0 && !in_grid(after_target_))))
      bad("a Portal without its card");
    if (after_ == After::kPeeked && peeks_left_ == 0) bad("a peek with none left");
    if (after_ == After::kRevealed && (after_target_ < 0 || !in_grid(after_target_)))
      bad("a reveal outside the grid");
  } else if (pending_.any()) {
    bad("pending cells outside a deal");
  }
}

}  // namespace mw::jokers_labyrinth
