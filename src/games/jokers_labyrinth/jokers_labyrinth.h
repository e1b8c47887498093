#pragma once
// The Joker's Labyrinth (Advanced) (seed 004, rulings G5): two 54-card decks, a 7x7 Dungeon of
// face-down cards around a face-up Joker, Guardian and Scavenger decks, d6 combat by the
// absolute-difference dice table, and the first Jack to hold two Jokers wins.
//
// Cards are physical: id = deck * 54 + Card::code() (deck 0 = the main deck, 1 = the resource
// deck), so every card keeps its origin pile (A-G5-21). Where every card is lives in `loc_`.
//
// The board is 9x9: the 7x7 Dungeon and the outside ring (A-G5-39). Cell index = R * 9 + C with
// R, C in 0..8; grid cells have R, C in 1..7. Cell names: columns z a b c d e f g h (z and h are
// outside), rows 0..8 (0 and 8 outside): "a1" is the top-left Dungeon card, "a0" the ring cell
// above it.
//
// Hidden cards are dealt lazily (chance node per card, when it is first looked at): a face-down
// cell with no card is "undetermined" and takes a uniformly drawn card of the unseen pool.
//
// Action encoding (stable; records store these integers): see the k* constants below.
#include <array>
#include <bit>
#include <bitset>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/cards.h"
#include "core/hash.h"
#include "core/json.h"
#include "core/json_text.h"
#include "core/options.h"
#include "core/rng.h"
#include "core/types.h"

namespace mw::jokers_labyrinth {

inline constexpr int kNumPhys = 108;
inline constexpr int kSide = 9;
inline constexpr int kCells = 81;
inline constexpr int kMaxPlayers = 4;
inline constexpr int kCenter = 4 * 9 + 4;
inline constexpr int kNumStartSpots = 8;
// Digital safeguard (rules page): the game is a draw after this many turns (whatever the
// roundLimit), so that play that has made every fight hopeless (debt grows without bound) still
// ends, and every counter stays within what a document can hold.
inline constexpr int kSafetyTurns = 1200;
// Debt saturates here (rules page): 15,000 unpaid Joker losses, far beyond what 1,200 turns of
// any real game reach; it keeps debt within what a document may hold.
inline constexpr int kMaxDebt = 30000;
// The most shown dice of a fight (G5.3.1): the table's 7, +1 hindered, +1 per pair of debt. No
// narrower count: a fight under heavy debt rolls hundreds of dice (random play reaches 256).
inline constexpr int kMaxDice = 7 + 1 + kMaxDebt / 2;
// Actions a turn can hold: 2, plus one per King's Gain Action (8 Kings in the two decks).
inline constexpr int kMaxActions = 2 + 8;

// Locations of a physical card (loc_). 0..80: on that board cell (a Dungeon card, a Guardian on
// top of an Ace, or a dropped Joker).
inline constexpr std::uint8_t kLocHand = 81;  // + seat
inline constexpr std::uint8_t kLocMainDiscard = 85;
inline constexpr std::uint8_t kLocScavDeck = 86;
inline constexpr std::uint8_t kLocScavDiscard = 87;
inline constexpr std::uint8_t kLocGuardDeck = 88;
inline constexpr std::uint8_t kLocPool = 89;     // unseen Dungeon card, not yet on a cell
inline constexpr std::uint8_t kLocUnused = 90;   // Jacks (tokens) and unused resource cards
inline constexpr std::uint8_t kLocAside = 91;    // Guardian set aside by a Reality Shuffle
inline constexpr std::uint8_t kLocShuffle = 92;  // in a Reality Shuffle being dealt
inline constexpr std::uint8_t kNumLocs = 93;
inline constexpr std::uint8_t kGroupPublic = 0x10;  // gknown_: known to every observer

// ---- Decisions ----
inline constexpr Action kEndTurn = 0;
inline constexpr Action kReveal = 1;  // + dir (up right down left)
inline constexpr Action kMove = 5;    // + dir
inline constexpr Action kFight = 9;   // + dir
inline constexpr Action kScavenge = 13;
inline constexpr Action kNoCard = 14;  // fight / commit without a value card
inline constexpr Action kDone = 15;    // Advanced Recon: stop peeking
inline constexpr Action kKeep = 16;    // keep a scavenged card / a defeated NPC
inline constexpr Action kDiscard = 17;
inline constexpr Action kTakeDebt = 18;     // after losing to a Joker
inline constexpr Action kSuit = 20;         // + suit (choose a Jack)
inline constexpr Action kSpot = 24;         // + start spot 0..7 (placement, PvP relocation)
inline constexpr Action kCorner = 32;       // + corner 0..3 (relocation, cornerCellIfEmpty)
inline constexpr Action kPeek = 36;         // + grid cell 0..48 (Advanced Recon)
inline constexpr Action kAceRecon = 85;     // + suit
inline constexpr Action kAceAdvRecon = 89;  // + suit
inline constexpr Action kAceShuffle = 93;   // + suit * 25 + inner centre 0..24
inline constexpr Action kAceShift = 193;    // + suit * 196 + grid cell * 4 + dir
inline constexpr Action kReroll = 977;  // + mask: bits 0..5 faces, bit 6 the final die (A-G5-18)
inline constexpr Action kValueCard = 1105;  // + phys
inline constexpr Action kKingGain = 1213;   // + phys
inline constexpr Action kBolster = 1321;    // + phys
inline constexpr Action kHinder = 1429;     // + phys * 4 + target seat
inline constexpr Action kBoost = 1861;      // + phys * 4 + dir
inline constexpr Action kPortal = 2293;     // + phys * 4 + dir
inline constexpr Action kRelocate = 2725;   // + phys * 16 + a * 4 + b (a < b): Queen swap
inline constexpr Action kPay = 4453;        // + a * 108 + b (a < b): pay two cards
inline constexpr Action kPayEnd = kPay + kNumPhys * kNumPhys;
// + face - 1: set one more die showing that face aside for a King reroll (A-G5-61); the choice
// ends with a kReroll mask.
inline constexpr Action kRerollOne = kPayEnd;
inline constexpr Action kDecisionEnd = kRerollOne + 6;
// ---- Chance ----
inline constexpr Action kChanceFirst = 20000;  // + seat
inline constexpr Action kChanceCard = 20004;   // + phys (deal, draw)
inline constexpr Action kChanceDie = 20112;    // + face - 1
inline constexpr Action kChanceItem = 20118;   // + Reality Shuffle item index 0..8
inline constexpr Action kNumActions = 20127;

enum class Phase : std::uint8_t {
  kFirstRoll,    // chance: who goes first
  kChooseSuit,   // seat picks a Jack
  kPlace,        // seat places its Jack on a start spot
  kMain,         // the turn
  kDeal,         // chance: a card for an undetermined cell
  kGuardian,     // chance: a Guardian for a revealed Ace
  kCombatPrep,   // attacker: pay debt, Bolster, Hinder, value card
  kDice,         // chance: combat dice
  kRerolling,    // attacker (PvE) or pvp side: King reroll or keep
  kKeepNpc,      // attacker: keep the defeated Queen/King
  kJokerLoss,    // attacker: pay two cards or take the debt
  kScavDraw,     // chance
  kScavKeep,     // drawer: keep or discard
  kPvpPrep,      // pvp side: pay, Bolster, Hinder, commit a value card
  kRelocating,   // PvP winner places the loser
  kPeeking,      // Advanced Recon: choose cells
  kShuffleDraw,  // chance: Reality Shuffle draws from the Main discard
  kShuffleDeal,  // chance: which item lands on the next cell of the area
  kOver,
};

// The phases in which chance, not a seat, acts.
constexpr bool is_chance_phase(Phase phase) {
  switch (phase) {
    case Phase::kFirstRoll:
    case Phase::kDeal:
    case Phase::kGuardian:
    case Phase::kDice:
    case Phase::kScavDraw:
    case Phase::kShuffleDraw:
    case Phase::kShuffleDeal:
      return true;
    default:
      return false;
  }
}

// The phases of a fight, from its preparation to its cost decided (the view's "combat").
constexpr bool is_fight_phase(Phase phase) {
  return phase == Phase::kCombatPrep || phase == Phase::kDice || phase == Phase::kRerolling ||
         phase == Phase::kKeepNpc || phase == Phase::kJokerLoss || phase == Phase::kPvpPrep ||
         phase == Phase::kRelocating;
}

enum class JokerPickup : std::uint8_t { kDroppedOnly, kAlways, kNever };
enum class PvpRelocation : std::uint8_t { kStartSpot, kCornerCellIfEmpty };

struct Config {
  std::int8_t players = 2;
  bool starting_gear = false;                            // A-G5-54
  JokerPickup joker_pickup = JokerPickup::kDroppedOnly;  // A-G5-9
  bool ace_costs_action = true;                          // A-G5-14
  bool queen_loss_discards_jokers = false;               // A-G5-16
  bool scavenged_npc_friendly = true;                    // A-G5-19
  PvpRelocation relocation = PvpRelocation::kStartSpot;  // A-G5-24
  std::int16_t round_limit = 0;                          // A-G5-57 (0: off)
  static Config from_options(const Options& options);
};

std::vector<OptionSpec> option_specs();

// ---- Cards and cells ----
constexpr int deck_of(int phys) {
  return phys / 54;
}
constexpr Card card_of(int phys) {
  return Card::from_code(static_cast<std::uint8_t>(phys % 54));
}
constexpr int phys_of(int deck, Card c) {
  return deck * 54 + c.code();
}
constexpr bool is_joker(int phys) {
  return card_of(phys).is_joker();
}
constexpr int rank_of(int phys) {
  return card_of(phys).rank();
}
constexpr int suit_of(int phys) {
  return static_cast<int>(card_of(phys).suit());
}
constexpr bool is_number(int phys) {
  return !is_joker(phys) && rank_of(phys) >= 2 && rank_of(phys) <= 10;
}
constexpr bool is_equipment(int phys) {
  return is_number(phys) && card_of(phys).is_red();
}
constexpr bool is_hazard_card(int phys) {
  return is_number(phys) && !card_of(phys).is_red();
}
constexpr bool is_ace(int phys) {
  return !is_joker(phys) && rank_of(phys) == 1;
}
constexpr bool is_queen(int phys) {
  return !is_joker(phys) && rank_of(phys) == 12;
}
constexpr bool is_king(int phys) {
  return !is_joker(phys) && rank_of(phys) == 13;
}
constexpr bool is_npc(int phys) {
  return is_queen(phys) || is_king(phys);
}
// A card's fighting value: numbers by rank, Queen 12, King 13 (A-G5-33), Joker 14.
constexpr int value_of(int phys) {
  return is_joker(phys) ? 14 : is_npc(phys) ? rank_of(phys) : is_number(phys) ? rank_of(phys) : 0;
}
// The resource deck's Guardians: 7-9 of clubs and spades and the 10 of clubs (G5.1, A-G5-38).
constexpr bool is_guardian_card(int phys) {
  if (deck_of(phys) != 1 || !is_hazard_card(phys)) return false;
  const int r = rank_of(phys);
  return (r >= 7 && r <= 9) || (r == 10 && card_of(phys).suit() == Suit::kClubs);
}
// Where a discarded card goes (A-G5-21): deck 1 to the Main discard, deck 2 to the Scavenger
// discard, Guardians back to their deck.
constexpr std::uint8_t origin_pile(int phys) {
  return deck_of(phys) == 0       ? kLocMainDiscard
         : is_guardian_card(phys) ? kLocGuardDeck
                                  : kLocScavDiscard;
}
// The table of G5.3.1 step 3.
constexpr int base_dice(int diff) {
  return diff <= 1 ? 2 : diff <= 3 ? 3 : diff <= 6 ? 4 : diff <= 8 ? 5 : diff <= 10 ? 6 : 7;
}

constexpr int cell_at(int r, int c) {
  return r * kSide + c;
}  // 9x9 coordinates
constexpr int row_of(int cell) {
  return cell / kSide;
}
constexpr int col_of(int cell) {
  return cell % kSide;
}
constexpr bool in_grid(int cell) {
  return row_of(cell) >= 1 && row_of(cell) <= 7 && col_of(cell) >= 1 && col_of(cell) <= 7;
}
constexpr int grid_index(int cell) {
  return (row_of(cell) - 1) * 7 + col_of(cell) - 1;
}
constexpr int grid_cell(int index) {
  return cell_at(index / 7 + 1, index % 7 + 1);
}
// The neighbour in direction d (0 up, 1 right, 2 down, 3 left), or -1 off the 9x9 board.
constexpr int neighbour(int cell, int d) {
  const int r = row_of(cell) + (d == 0 ? -1 : d == 2 ? 1 : 0);
  const int c = col_of(cell) + (d == 3 ? -1 : d == 1 ? 1 : 0);
  return r < 0 || r >= kSide || c < 0 || c >= kSide ? -1 : cell_at(r, c);
}
// neighbour() and in_grid() of every cell, looked up: legal_main asks them for four neighbours at
// every decision of every rollout, and the divisions by 9 cost more than one load.
struct CellLinks {
  std::array<std::int8_t, 4> next{};  // neighbour(cell, d)
  bool grid = false;                  // in_grid(cell)
};
inline constexpr std::array<CellLinks, kCells> kCellLinks = [] {
  std::array<CellLinks, kCells> out{};
  for (int cell = 0; cell < kCells; ++cell) {
    for (int d = 0; d < 4; ++d) out[cell].next[d] = static_cast<std::int8_t>(neighbour(cell, d));
    out[cell].grid = in_grid(cell);
  }
  return out;
}();

// What entering or fighting a cell asks of its card, looked up by phys (0..107) for the same
// reason: each predicate above divides by 54 and by 13.
struct CardTraits {
  std::int8_t suit = 0;
  bool main_deck = false;
  bool joker = false;
  bool ace = false;
  bool equipment = false;
  bool hazard = false;
  bool npc = false;
};
inline constexpr std::array<CardTraits, kNumPhys> kCardTraits = [] {
  std::array<CardTraits, kNumPhys> out{};
  for (int phys = 0; phys < kNumPhys; ++phys) {
    CardTraits& t = out[phys];
    t.joker = is_joker(phys);
    t.suit = static_cast<std::int8_t>(suit_of(phys));
    t.main_deck = deck_of(phys) == 0;
    t.ace = is_ace(phys);
    t.equipment = is_equipment(phys);
    t.hazard = is_hazard_card(phys);
    t.npc = is_npc(phys);
  }
  return out;
}();

// The 8 start spots (A-G5-7), outside cells next to the corner cards.
inline constexpr std::array<std::int8_t, kNumStartSpots> kStartSpots = {
    cell_at(0, 1), cell_at(1, 0), cell_at(0, 7), cell_at(1, 8),
    cell_at(7, 0), cell_at(8, 1), cell_at(7, 8), cell_at(8, 7)};
inline constexpr std::array<std::int8_t, 4> kCorners = {cell_at(1, 1), cell_at(1, 7), cell_at(7, 1),
                                                        cell_at(7, 7)};

std::string cell_name(int cell);
int parse_cell(std::string_view text);                                 // -1 when not a cell name
std::string phys_name(int phys, CardStyle style = CardStyle::kAscii);  // "9H", deck 2 "9H*"
int parse_phys(std::string_view text);                                 // -1 when not a card
std::string_view dir_word(int d);
int parse_dir_word(std::string_view text);  // -1 when not a direction
// The view's lastFight as the terminal's one sentence ("Last fight: P1 fought 8♠ with 8♦ — …").
std::string last_fight_sentence(const Json& view, bool unicode);

inline constexpr std::array<const char*, 4> kSeatNames = {"P1", "P2", "P3", "P4"};
inline constexpr std::array<const char*, 20> kPhaseNames = {
    "first_roll", "choose_suit",   "place",         "main",     "deal",
    "guardian",   "combat_prep",   "dice",          "reroll",   "keep_npc",
    "joker_loss", "scavenge_draw", "scavenge_keep", "pvp_prep", "relocate",
    "peek",       "shuffle_draw",  "shuffle_deal",  "over",     "?"};

// A set of physical cards (bit = phys), iterated in increasing order: the cards at one location,
// so that hands and piles are walked without scanning all 108 cards.
class CardSet {
 public:
  constexpr void add(int phys) { words_[phys >> 6] |= bit(phys); }
  constexpr void remove(int phys) { words_[phys >> 6] &= ~bit(phys); }
  constexpr bool has(int phys) const { return (words_[phys >> 6] & bit(phys)) != 0; }
  constexpr bool empty() const { return (words_[0] | words_[1]) == 0; }
  constexpr int count() const { return std::popcount(words_[0]) + std::popcount(words_[1]); }
  // The k-th card (0-based) in increasing order; k < count().
  int nth(int k) const;
  constexpr CardSet operator&(const CardSet& o) const {
    CardSet r;
    r.words_ = {words_[0] & o.words_[0], words_[1] & o.words_[1]};
    return r;
  }
  // Its cards in increasing order, as `for (int phys : set)` reads them.
  class Iterator {
   public:
    constexpr Iterator() = default;  // the end
    constexpr explicit Iterator(std::array<std::uint64_t, 2> words) : words_(words), w_(0) {
      skip_empty();
    }
    constexpr int operator*() const { return w_ * 64 + std::countr_zero(words_[w_]); }
    constexpr Iterator& operator++() {
      words_[w_] &= words_[w_] - 1;
      skip_empty();
      return *this;
    }
    constexpr bool operator==(const Iterator& o) const {
      return w_ == o.w_ && (w_ == 2 || words_[w_] == o.words_[w_]);
    }

   private:
    constexpr void skip_empty() {
      while (w_ < 2 && words_[w_] == 0) ++w_;
    }
    std::array<std::uint64_t, 2> words_{};
    int w_ = 2;
  };
  constexpr Iterator begin() const { return Iterator(words_); }
  constexpr Iterator end() const { return Iterator(); }
  template <class F>
  constexpr void for_each(F&& f) const {
    for (int w = 0; w < 2; ++w) {
      for (std::uint64_t m = words_[w]; m != 0; m &= m - 1) f(w * 64 + std::countr_zero(m));
    }
  }
  template <class Pred>
  static constexpr CardSet of(Pred&& pred) {
    CardSet r;
    for (int phys = 0; phys < kNumPhys; ++phys) {
      if (pred(phys)) r.add(phys);
    }
    return r;
  }
  friend constexpr bool operator==(const CardSet&, const CardSet&) = default;

 private:
  static constexpr std::uint64_t bit(int phys) { return std::uint64_t{1} << (phys & 63); }
  std::array<std::uint64_t, 2> words_{};
};

// Cards by kind, for intersecting with a hand.
inline constexpr CardSet kValueCards =
    CardSet::of([](int phys) { return is_equipment(phys) || is_npc(phys); });
inline constexpr CardSet kKings = CardSet::of(is_king);
inline constexpr CardSet kJokers = CardSet::of(is_joker);
inline constexpr std::array<int, 8> kAces = {0 * 13,      1 * 13,      2 * 13,      3 * 13,
                                             54 + 0 * 13, 54 + 1 * 13, 54 + 2 * 13, 54 + 3 * 13};

// What a deal of a card is for: what happens once the pending cells are dealt.
enum class After : std::uint8_t { kNone, kRevealed, kPortalled, kRecon, kPeeked };

struct PlayerState {
  std::int8_t pos = -1;   // cell, -1 before placement
  std::int8_t suit = -1;  // chosen Jack, -1 before
  bool entered = false;
  bool skip = false;       // lost to a King: skip the next turn (A-G5-32)
  bool bolster = false;    // until the start of own next turn
  bool hindered = false;   // until the start of own next turn
  std::uint16_t debt = 0;  // cards owed (even)
  friend bool operator==(const PlayerState&, const PlayerState&) = default;
};

struct Combat {
  std::int8_t attacker = -1;
  std::int8_t target = -1;               // PvE: defender cell
  std::int8_t defender = -1;             // PvP: defender seat
  std::int8_t value_card = -1;           // PvE attacker's value card
  std::uint16_t dice = 0;                // PvE: n shown dice, up to kMaxDice
  std::uint16_t rolled = 0;              // PvE: shown dice rolled so far
  std::array<std::uint16_t, 6> faces{};  // PvE: shown dice per face
  std::uint8_t final_die = 0;            // PvE: 0 while not rolled
  std::uint8_t rerolled = 0;             // seats (bits) that used the King reroll in this combat
  std::uint8_t set_aside = 0;  // PvE reroll being chosen: faces (bits) with dice set aside for it
  std::array<std::int8_t, 2> commit = {-2, -2};  // PvP: -2 not yet, -1 no card, else phys
  std::array<std::uint8_t, 2> die = {0, 0};      // PvP dice, 0 while not rolled
  std::uint8_t side = 0;                         // PvP: whose prep / roll / reroll
  std::int8_t loser = -1;                        // PvP: the seat to relocate
  friend bool operator==(const Combat&, const Combat&) = default;
};

// How the last fight ended for the loser or the winner (the rules of G5.3.1 and G5.3.2).
// kPending: the outcome is known and the attacker or the PvP winner is still deciding the rest
// (keep or discard a won NPC, pay or take debt after a Joker, where the PvP loser goes).
enum class Consequence : std::uint8_t {
  kPending,
  kHazardDiscarded,  // won against a Hazard
  kAceTaken,         // won against a Guardian: it goes back, the Ace to hand
  kJokerTaken,       // won against a Joker
  kNpcKept,          // won against a Hostile NPC and kept it (A-G5-11)
  kNpcDiscarded,     // won against a Hostile NPC and discarded it
  kBlocked,          // lost to a Hazard or Guardian: the Jack stays
  kHandDiscarded,    // lost to a Queen (A-G5-16)
  kTurnLost,         // lost to a King (A-G5-32)
  kDebtTaken,        // lost to a Joker, +2 debt (A-G5-23)
  kDebtPaid,         // lost to a Joker, paid two cards
  kRelocated,        // PvP: the loser went to `cell`
  kStayed,           // PvP: no free spot, the loser stayed (A-G5-58)
};
inline constexpr int kNumConsequences = 13;

// The public record of the last fight that reached its outcome, kept for the views and the
// terminal ("who fought whom, with what, the dice, who won and what it cost"). Everything in it
// was shown to every seat when it happened (value cards are discarded face up, PvP commitments
// are revealed together), so every view may show it whole. A PvP tie is one fight (A-G5-41): the
// record holds the deciding round.
struct LastFight {
  std::int8_t attacker = -1;                   // -1: no fight yet
  std::int8_t defender = -1;                   // PvP: the defending seat; PvE: -1
  std::int8_t foe = -1;                        // PvE: the card fought (its Guardian for an Ace)
  std::array<std::int8_t, 2> card = {-1, -1};  // value cards (attacker, PvP defender); -1 none
  std::uint16_t dice = 0;                      // PvE: the shown dice the fight gave
  std::array<std::uint16_t, 6> faces{};        // PvE: shown dice per face
  std::uint8_t final_die = 0;                  // PvE: 0 when all six faces decided it first
  std::array<std::uint8_t, 2> die = {0, 0};    // PvP dice
  std::array<std::int16_t, 2> total = {0, 0};  // PvE: attack and defence values; PvP: totals
  bool attacker_won = false;
  Consequence consequence = Consequence::kPending;
  std::int8_t cell = -1;                       // kRelocated: where the loser went
  std::array<std::int8_t, 2> paid = {-1, -1};  // kDebtPaid: the two cards
  bool joker_dropped = false;                  // PvP: the loser left a Joker on its cell
  bool moved_in = false;                       // PvP: the winning initiator moved into that cell
  friend bool operator==(const LastFight&, const LastFight&) = default;
};

// What an information-state key gathers at most: each card's place, four tables of the cells
// (face, peeks, shuffle groups, cells still to reveal) and under 96 integers of four bytes.
using KeyFields = KeyBytes<kNumPhys + 4 * kCells + 4 * 96>;

class State {
 public:
  static State initial(const Options& options);
  static State from_json(const Json& body, const Options& options);

  int num_players() const { return config_.players; }
  Player current_player() const;
  bool is_terminal() const { return phase_ == Phase::kOver; }
  // G5.2: the first player, the Jacks chosen and placed (core SetupPhases).
  bool in_setup() const { return phase_ < Phase::kMain; }
  // {"fight": the lastFight view} for the action that ends a fight (its cost settled), else null
  // (core ActionOutcome; docs/rules/jokers-labyrinth.md, Views).
  Json outcome_of(Action a) const;
  void legal_actions(ActionList& out) const;
  std::vector<ChanceOutcome> chance_outcomes() const;
  Action sample_chance(Rng& rng) const;
  std::string illegal_reason(Action a) const;
  void apply_legal(Action a);
  std::vector<double> returns() const;

  std::string action_to_string(Action a) const;
  // What `observer` is told of `a` played now (core PrivateActionText; rules page "What each
  // observer is told"): the full text unless it names a card that observer does not see.
  std::string action_to_string_for(Player observer, Action a) const;
  bool sees_action_in_full(Player observer, Action a) const {
    return told_of(observer, a) == Told::kFull;
  }
  Action parse_action(std::string_view text) const;
  // Several decisions of the seat to act separated by ';' or ',' (core MultiActionParsing).
  std::vector<Action> parse_actions(std::string_view text) const;

  Json view(Player observer) const;
  // view(observer) as text, written directly (core ViewTextWriting: the server writes it after
  // every move); core.JsonTextWritesEveryGamesViewsAsDumpDoes holds the two to one text.
  void write_view(Player observer, JsonTextWriter& w) const;
  std::uint64_t information_state_key(Player p) const;
  State resample(Player p, Rng& rng) const;
  Json to_json() const;

  // Read access for agents, renderers and tests.
  const Config& config() const { return config_; }
  Phase phase() const { return phase_; }
  int loc(int phys) const { return loc_[phys]; }
  // The cards at a location off the board (a hand, a pile, the pool): loc(phys) == where.
  const CardSet& cards_at(std::uint8_t where) const { return piles_[where - kCells]; }
  int card_on(int cell) const { return cell_card_[cell]; }  // -1 none (or undetermined)
  int guardian_on(int cell) const { return guard_[cell]; }
  bool face_down(int cell) const { return down_[cell]; }
  bool dropped(int cell) const { return dropped_[cell]; }
  bool peeked_by(int cell, int p) const { return ((known_[cell] >> p) & 1u) != 0; }
  const PlayerState& player(int p) const { return players_[p]; }
  const Combat& combat() const { return combat_; }
  const LastFight& last_fight() const { return last_fight_; }
  int to_move() const { return to_move_; }
  int actions_left() const { return actions_left_; }
  bool boost_used() const { return boost_used_; }
  int round() const { return round_; }
  int turns() const { return turns_; }
  Player winner() const { return winner_; }
  int jokers_held(int p) const;
  int jack_at(int cell) const;             // seat or -1
  std::bitset<kCells> jack_cells() const;  // the cells holding a Jack
  const CardSet& hand(int p) const { return piles_[kLocHand + p - kCells]; }
  bool is_private(int phys) const { return private_[phys]; }
  // The number of shown dice for a PvE fight of seat p against defender value d with card value a.
  int dice_count(int p, int attack, int defend) const;
  int pvp_bonus(int p) const;  // Joker +1, Bolster +1, Hinder -1, debt -1 per pair
  // The value a face-up board cell defends with (its Guardian, else its card); 0 when none.
  int board_fight_value_public(int cell) const { return board_fight_value(cell); }

  // Test and setup hooks: put a card somewhere (keeps the board arrays in step).
  void put(int phys, std::uint8_t where);
  void set_face_down(int cell, bool down) { down_[cell] = down; }
  PlayerState& mutable_player(int p) { return players_[p]; }
  void set_turn(int seat, int actions);

 private:
  explicit State(const Config& config) : config_(config) {}
  friend struct Access;
  friend struct ViewReference;  // view_test.cpp: the view construction view() replaced

  // What an observer is told of an action (notation.cpp): the full text, or one of the secrets.
  enum class Told : std::uint8_t { kFull, kHiddenCommit, kHiddenScavenge, kPeekDeal, kShuffleDeal };
  Told told_of(Player observer, Action a) const;

  // Rules helpers (rules.cpp, legal.cpp, turn.cpp, combat.cpp, aces.cpp).
  bool friendly_npc_for(int p, int phys) const;
  bool value_card_ok(int p, int phys) const;
  bool keepable_by(int p, int phys) const;
  int board_fight_value(int cell) const;  // defender value, 0 when nothing to fight
  bool joker_needs_fight(int cell) const;
  enum class Enter : std::uint8_t { kNo, kStep, kPickUp, kMustFight, kOwnAce };
  Enter enter_kind(int p, int cell) const;
  bool fight_target(int p, int cell) const;
  // As above with jack == jack_at(cell), for callers that already know it (legal_main).
  Enter enter_kind(int p, int cell, int jack) const;
  bool fight_target(int p, int cell, int jack) const;
  bool can_scavenge() const;
  // A-G5-60: the Ace powers are offered only when they have something to act on.
  bool recon_reveals(int p) const;            // a face-down card in the 3x3 around p's Jack
  bool advanced_recon_finds(int p) const;     // a face-down card p has not peeked (A-G5-59)
  bool shuffle_has_target(int centre) const;  // a card, a Jack or an unseen cell in the 3x3
  // As above with jacks the cells holding a Jack, for callers that already know them.
  bool shuffle_has_target(int centre, const std::bitset<kCells>& jacks) const;
  int free_spot_ok(int spot) const;
  void legal_main(ActionList& out) const;
  void legal_prep(ActionList& out, int p, bool pvp) const;
  void legal_pairs(ActionList& out, int p) const;
  void legal_reroll(ActionList& out) const;
  void legal_relocate(ActionList& out) const;
  Player actor() const;
  void validate() const;  // throws Error(kBadState)
  void index_piles();     // piles_ from loc_ (after loc_ is written other than by put)
  void validate_end() const;
  int max_round() const;

  void apply_main(Action a);
  void apply_prep(Action a);
  void step_into(int p, int cell, bool free_action);
  void pick_up(int p, int cell);
  void start_fight(int cell);
  void start_pvp(int defender);
  void begin_dice();
  bool may_hold_king(int p) const;
  bool fight_decided() const;
  void after_dice();
  void resolve_pve();
  void resolve_pvp();
  void finish_pvp_move();
  void record_pve(bool win, int foe);
  void record_pvp(int attacker_total, int defender_total);
  void settle_fight(Consequence consequence);
  // The last fight in the body, the view and the information-state key (last_fight.cpp).
  Json last_fight_body() const;
  void read_last_fight(const Json& body);
  void validate_last_fight() const;
  Json last_fight_view() const;
  // The view's board (state_json_write.cpp); `all`: the observer sees everything.
  Json board_view(Player observer, bool all) const;
  void write_board(Player observer, bool all, JsonTextWriter& w) const;
  // One cell of the board as the view writes it, appended to `text`.
  void append_cell_text(int c, Player observer, bool all, std::string& text) const;
  // The view's members that only some phases have ("held", "peeks_left", "shuffle", ...).
  Json phase_members_view(Player observer, bool all) const;
  void add_last_fight(KeyFields& k) const;
  void reveal_cells(std::bitset<kCells> cells, After after, int target);
  void continue_reveal();
  void ace_needs_guardian(int& cell) const;
  void to_main();
  void end_turn();
  void start_turn(int seat);
  void discard(int phys);
  void check_win();
  void use_ace(Action a);
  void start_shuffle(int centre);
  void place_jack(int p, int cell);
  int roll_total(int side) const;

  Config config_;
  std::array<std::uint8_t, kNumPhys> loc_{};
  // loc_ by location, for the locations off the board (index where - kCells); put() keeps it.
  std::array<CardSet, kNumLocs - kCells> piles_{};
  std::array<std::int8_t, kCells> cell_card_{};  // the Dungeon card / dropped Joker on a cell
  std::array<std::int8_t, kCells> guard_{};      // the Guardian on a cell's Ace
  std::array<std::uint8_t, kCells> known_{};     // seats that peeked this face-down card
  std::array<std::uint8_t, kCells> group_{};     // Reality Shuffle group of a face-down card
  // For a main-deck card in a Reality Shuffle group (or being shuffled): the seats that know it
  // is in that group (bit 4: everyone, it was face up or drawn from the discard). resample()
  // keeps such a card inside its group; a card the seat does not know is exchanged with the pool.
  std::array<std::uint8_t, 54> gknown_{};
  std::array<std::int8_t, 4> aside_{};  // Guardian set aside for the Ace of each suit
  std::bitset<kCells> down_;            // face-down cells
  std::bitset<kCells> dropped_;         // Jokers dropped by a PvP loser
  std::bitset<kNumPhys> private_;       // hand cards only their holder knows
  std::array<PlayerState, kMaxPlayers> players_{};
  Combat combat_;
  LastFight last_fight_;
  // Pending reveals and their continuation.
  std::bitset<kCells> pending_;
  After after_ = After::kNone;
  std::int8_t after_target_ = -1;
  std::int8_t portal_card_ = -1;
  std::uint8_t peeks_left_ = 0;
  // Reality Shuffle in progress.
  std::array<std::int16_t, 9> rs_items_{};  // phys, 200 + seat (Jack), 300 (unseen pool card)
  std::uint8_t rs_count_ = 0;
  std::uint8_t rs_need_ = 0;  // discard draws still to make
  std::uint8_t rs_next_ = 0;  // next area cell to deal (0..8)
  std::int8_t rs_centre_ = -1;
  std::uint8_t rs_group_ = 0;
  std::uint8_t next_group_ = 1;
  // Turn.
  Phase phase_ = Phase::kFirstRoll;
  std::int8_t first_ = 0;
  std::int8_t to_move_ = 0;  // the seat whose turn it is (or who chooses in setup)
  std::int8_t actions_left_ = 0;
  std::int8_t paid_actions_ = 0;
  bool last_was_reveal_ = false;
  bool boost_used_ = false;
  bool scavenged_ = false;
  std::int8_t setup_step_ = 0;  // seats done in the current setup phase
  std::int16_t round_ = 0;
  std::int16_t turns_ = 0;  // turns started (the safeguard counts them)
  std::int8_t winner_ = -1;
  std::int8_t held_card_ = -1;  // the card being decided in kScavKeep / kKeepNpc
};

}  // namespace mw::jokers_labyrinth
