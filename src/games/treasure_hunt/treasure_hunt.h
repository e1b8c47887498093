#pragma once
// Treasure Hunt (seed 002, rulings G3): a 5x5 grid of 25 cards, a mandatory swap, a step, an
// involuntary-movement chain by suit and rank, and diamonds scored in order.
//
// Action encoding (stable; records store these integers):
//   0..624     swap the cards on cells a < b: a * 25 + b (cells row-major, row 0 at the top)
//   625..628   step up, right, down, left (the absolute figure frame, A-G3-2)
//   629..653   chance: deal card id (629 + id) to the next cell in row-major order
//   654..655   chance: seat 0 (Green) or 1 (Purple) moves first
#include <array>
#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/grid.h"
#include "core/json.h"
#include "core/json_text.h"
#include "core/options.h"
#include "core/rng.h"
#include "core/types.h"
#include "games/treasure_hunt/swap_kernels.h"

namespace mw::treasure_hunt {

inline constexpr int kSize = 5;
using Board = RectGrid<kSize, kSize>;
inline constexpr int kCells = Board::kCells;
inline constexpr int kNumCards = 25;
inline constexpr int kCenterCell = 12;
inline constexpr std::uint32_t kAllCells = (1u << kCells) - 1;
// The turn counter saturates here: the rules set no bound on a game's length, the counter only
// feeds turnLimit (at most 1,000,000) and the display ("turn N + 1"), so a counter that stops
// growing never changes play, where one that wrapped would be undefined behaviour.
inline constexpr std::int32_t kMaxTurn = std::numeric_limits<std::int32_t>::max() - 1;

inline constexpr Action kSwapBase = 0;
inline constexpr Action kStepBase = 625;
inline constexpr Action kDealBase = 629;
inline constexpr Action kFirstPlayerBase = 654;
inline constexpr Action kNumActions = 656;
// 5 rows and 5 columns of C(5, 2) = 10 pairs each.
inline constexpr int kNumSwapPairs = 100;

enum class DeckKind : std::uint8_t { kStandard, kSpecialized };
enum class CycleRule : std::uint8_t { kStopBeforeRepeat, kStopOnRepeat };
enum class Phase : std::uint8_t { kDeal, kChooseFirst, kSwap, kStep, kOver };

// How each card id moves a pawn under one map key: precomputed once per key and shared by every
// state (a pointer in the state keeps the state small; see CardMoves::get).
struct CardMoves {
  DeckKind deck = DeckKind::kStandard;
  std::array<Dir, kNumCards> dir{};            // the map key applied to each card id
  std::array<std::int8_t, kNumCards> value{};  // rank: how far it moves, and a treasure's points
  // By card, then cell: where the card's move takes a pawn from that cell, or the cell itself when
  // the move would leave the board (no partial moves, A-G3-8). One lookup a hop of the chain.
  std::array<std::array<std::int8_t, kCells>, kNumCards> next{};

  // The one shared table for this deck and key (thread-safe; lives as long as the program).
  static const CardMoves* get(DeckKind deck, const std::array<Dir, kNumCards>& dirs);
};

// The rule options of one game, resolved once from Options (std::string-free: copied per state).
struct Config {
  const CardMoves* moves = nullptr;
  std::int32_t target_score = 50;  // specialized deck only
  std::int32_t turn_limit = 0;     // 0: none
  DeckKind deck = DeckKind::kStandard;
  CycleRule cycle_rule = CycleRule::kStopBeforeRepeat;
  std::int8_t first_player = -1;  // -1: decided by a chance node

  Dir dir(int card) const { return moves->dir[card]; }
  static Config from_options(const Options& options);
};

std::vector<OptionSpec> option_specs();

// Card ids 0..24. Standard: 0..12 = A..K of diamonds, 13..16 = A..4 clubs, 17..20 hearts,
// 21..24 spades. Specialized: 0..8 = Treasures 1..9, then red, blue, yellow, green 1..4.
int card_value(DeckKind deck, int card);
// The treasure order: card ids 0..12 (standard) or 0..8 (specialized) are treasures, in order.
bool is_treasure(DeckKind deck, int card);
int num_treasures(DeckKind deck);
std::string card_code(DeckKind deck, int card);             // "10D", "T3", "R2"
const std::string& card_code_of(DeckKind deck, int card);   // the same, of a card id 0..24
std::string card_display(DeckKind deck, int card);          // "10♦", "T3", "R2"
int parse_card_code(DeckKind deck, std::string_view text);  // -1 when not a card of this deck
std::string cell_name(int cell);                            // "a1" = top-left, "e5" = bottom-right
const std::string& cell_name_of(int cell);                  // the same, of a cell 0..24
int parse_cell(std::string_view text);                      // -1 when not a cell

inline constexpr std::array<const char*, 2> kSeatNames = {"Green", "Purple"};

// One position. Small and trivially copyable (searches copy it millions of times): cards as bytes,
// sets of cells as 25-bit masks, and the shared per-key move table behind a pointer.
class State {
 public:
  static State initial(const Options& options);
  static State from_json(const Json& body, const Options& options);

  int num_players() const { return 2; }
  // Inline: the rollout loop asks before every action.
  Player current_player() const {
    if (phase_ == Phase::kSwap || phase_ == Phase::kStep) return to_move_;
    return phase_ == Phase::kOver ? kTerminalPlayer : kChancePlayer;
  }
  bool is_terminal() const { return phase_ == Phase::kOver; }
  // The deal and the choice of the first player (core SetupPhases).
  bool in_setup() const { return phase_ == Phase::kDeal || phase_ == Phase::kChooseFirst; }
  void legal_actions(ActionList& out) const;
  // The draw legal_actions()[rng.below(size)] would make, without the list (core
  // FastRandomAction): the same action from the same random number, so seeded games do not change.
  Action random_legal_action(Rng& rng, ActionList& scratch) const;
  std::vector<ChanceOutcome> chance_outcomes() const;
  Action sample_chance(Rng& rng) const;
  std::string illegal_reason(Action a) const;
  void apply_legal(Action a);
  std::vector<double> returns() const;

  std::string action_to_string(Action a) const;
  void write_action_text(Action a, JsonTextWriter& w) const;  // ActionTextWriting
  Action parse_action(std::string_view text) const;

  Json view(Player observer) const;
  // view(observer) as its text, written without the tree (core ViewTextWriting).
  void write_view(Player observer, JsonTextWriter& w) const;
  std::uint64_t information_state_key(Player p) const;
  // Perfect information: every seat knows the whole state.
  State resample(Player, Rng&) const { return *this; }
  Json to_json() const;

  // Read access for agents, renderers and tests.
  const Config& config() const { return config_; }
  Phase phase() const { return phase_; }
  int card_at(int cell) const { return card_at_[cell]; }
  int cell_of(int card) const { return cell_of_[card]; }
  int pawn(Player p) const { return pawn_[p]; }
  int score(Player p) const { return score_[p]; }
  int treasure() const { return treasure_; }  // the current Treasure Card's id
  int treasure_cell() const { return cell_of_[treasure_]; }
  int turn() const { return turn_; }
  Player winner() const { return winner_; }  // -1: none (yet, or a draw)
  // The cards the opponent swapped on the immediately prior turn (rule 3), in cell order; -1 when
  // none.
  std::array<int, 2> locked_cards() const { return cards_on(locked_cells_); }
  // The cards swapped this turn (step phase only), in cell order; -1 when none.
  std::array<int, 2> swapped_cards() const { return cards_on(swapped_cells_); }

  // Where a pawn that has just arrived on `cell` ends after involuntary movement (G3.3 step 3).
  int involuntary_destination(int cell) const;

 private:
  explicit State(const Config& config) : config_(config) {}
  void apply_setup(Action a);  // the deal and the choice of the first player
  void finish_deal();
  void apply_swap(int a, int b);
  void apply_step(Dir d);
  void score_treasure();
  void end_turn();
  void finish(Player winner);
  void finish_by_score();  // the higher score wins, equal scores draw
  std::uint32_t swap_blocked_cells() const;
  bool is_legal_swap(Action a) const;
  std::string swap_illegal_reason(int a, int b) const;
  std::string deal_illegal_reason(Action a) const;
  std::string step_illegal_reason(Action a) const;
  std::array<int, 2> cards_on(std::uint32_t cells) const;
  Action parse_swap(std::string_view first, std::string_view second) const;
  int parse_card_or_cell(std::string_view text) const;
  struct SwapText swap_text(Action a) const;  // a swap's text, without making a std::string
  std::optional<Action> parse_as_written(std::string_view text) const;
  Json board_json() const;
  void write_body(Json& j) const;
  void read_board(const Json& body);
  void read_play(const Json& body);
  void read_scores(const Json& body);
  void read_turn_and_winner(const Json& body);
  void check_turn_zero() const;
  void check_scores_match_treasure() const;
  void check_end() const;
  void check_specialized_end() const;
  int max_score() const;
  std::uint32_t read_swap_cells(const Json& body, const char* name) const;

  Config config_;
  std::array<std::int8_t, kCells> card_at_{};     // card id on each cell; -1 before it is dealt
  std::array<std::int8_t, kNumCards> cell_of_{};  // cell of each card id; -1 before it is dealt
  std::uint32_t undealt_ = kAllCells;             // bit i: card id i not yet dealt
  // Rule 3 by cells: the opponent's two cards stay where they were put until this turn's swap,
  // which may not touch them.
  std::uint32_t locked_cells_ = 0;   // the opponent's last swap
  std::uint32_t swapped_cells_ = 0;  // this turn's swap, locked for the opponent next
  std::int32_t turn_ = 0;            // completed turns
  std::array<std::int16_t, 2> score_ = {0, 0};
  std::array<std::int8_t, 2> pawn_ = {kCenterCell, kCenterCell};
  std::int8_t dealt_ = 0;
  std::int8_t treasure_ = 0;
  std::int8_t to_move_ = 0;
  std::int8_t winner_ = -1;
  Phase phase_ = Phase::kDeal;
};

// ---- The hot path of random play and search ------------------------------------------------
// Inline, so that play_random_actions (core/state.h), instantiated where the game registers,
// compiles into one loop over the phases instead of several calls for every action.

namespace rules_detail {

constexpr std::uint32_t cell_bit(int cell) {
  return 1u << cell;
}

// The step actions that stay on the board from each cell, in action order.
struct Steps {
  std::array<Action, 4> actions{};
  int count = 0;
};
inline constexpr std::array<Steps, kCells> kSteps = [] {
  std::array<Steps, kCells> out{};
  for (int cell = 0; cell < kCells; ++cell) {
    for (Dir d : kAllDirs) {
      if (Board::contains(Board::cell(cell).step(d))) {
        out[cell].actions[out[cell].count++] = kStepBase + static_cast<int>(d);
      }
    }
  }
  return out;
}();

// A step's change of cell index by direction: a lookup, since a random step's direction would
// mispredict comparisons.
inline constexpr std::array<std::int8_t, 4> kStepDelta = [] {
  std::array<std::int8_t, 4> out{};
  for (Dir d : kAllDirs) {
    out[static_cast<std::size_t>(d)] =
        static_cast<std::int8_t>(row_delta(d) * kSize + col_delta(d));
  }
  return out;
}();

}  // namespace rules_detail

// Rule (2): no pawn and no Treasure Marker; rule (3): not a card the opponent just swapped.
inline std::uint32_t State::swap_blocked_cells() const {
  using rules_detail::cell_bit;
  return cell_bit(pawn_[0]) | cell_bit(pawn_[1]) | cell_bit(cell_of_[treasure_]) | locked_cells_;
}

inline Action State::random_legal_action(Rng& rng, ActionList& scratch) const {
  if (phase_ == Phase::kSwap) return random_free_swap(swap_blocked_cells(), rng);
  if (phase_ == Phase::kStep) {
    const rules_detail::Steps& steps = rules_detail::kSteps[pawn_[to_move_]];
    return steps.actions[rng.below(static_cast<std::uint64_t>(steps.count))];
  }
  legal_actions(scratch);  // chance phases: asked only by callers that list them anyway
  return scratch[rng.below(scratch.size())];
}

inline void State::apply_legal(Action a) {
  if (phase_ == Phase::kSwap) {
    // Unsigned 32-bit: the division by 25 is then one multiply and a shift, not the signed 64-bit
    // sequence, and it lies on the path from one turn's draw to the next.
    const auto swap = static_cast<std::uint32_t>(a);
    constexpr auto kCellCount = static_cast<std::uint32_t>(kCells);
    apply_swap(static_cast<int>(swap / kCellCount), static_cast<int>(swap % kCellCount));
  } else if (phase_ == Phase::kStep) {
    apply_step(static_cast<Dir>(a - kStepBase));
  } else {
    apply_setup(a);
  }
}

inline void State::apply_swap(int a, int b) {
  std::swap(card_at_[a], card_at_[b]);
  cell_of_[card_at_[a]] = static_cast<std::int8_t>(a);
  cell_of_[card_at_[b]] = static_cast<std::int8_t>(b);
  swapped_cells_ = rules_detail::cell_bit(a) | rules_detail::cell_bit(b);
  phase_ = Phase::kStep;
}

inline void State::apply_step(Dir d) {
  const int cell = involuntary_destination(pawn_[to_move_] +
                                           rules_detail::kStepDelta[static_cast<std::size_t>(d)]);
  pawn_[to_move_] = static_cast<std::int8_t>(cell);
  if (card_at_[cell] == treasure_) score_treasure();
  // Specialized deck: only the mover scores, so only the mover is checked (A-G3-14).
  if (phase_ != Phase::kOver && config_.deck == DeckKind::kSpecialized &&
      score_[to_move_] >= config_.target_score) {
    finish(to_move_);
  }
  end_turn();
}

inline int State::involuntary_destination(int cell) const {
  using rules_detail::cell_bit;
  const CardMoves& moves = *config_.moves;
  std::uint32_t visited = cell_bit(cell);
  for (;;) {
    // The Treasure Card always stops movement (G3.3), and a move off the board does not happen
    // (A-G3-8): both leave the pawn on its cell, which the chain has visited, so the one test
    // below ends the chain for every reason (one branch a hop, not three).
    const int card = card_at_[cell];
    const int next = card == treasure_ ? cell : moves.next[card][cell];
    if ((visited & cell_bit(next)) != 0) {
      // A-G3-3: a cycle stops the chain, before or on the repeated card.
      return config_.cycle_rule == CycleRule::kStopBeforeRepeat ? cell : next;
    }
    visited |= cell_bit(next);
    cell = next;
  }
}

inline void State::end_turn() {
  locked_cells_ = swapped_cells_;
  swapped_cells_ = 0;
  if (turn_ < kMaxTurn) ++turn_;  // saturates (kMaxTurn): no rule bounds a game's length
  to_move_ = static_cast<std::int8_t>(1 - to_move_);
  if (phase_ == Phase::kOver) return;
  phase_ = Phase::kSwap;
  // The most points wins, as at the normal end; equal is a draw.
  if (config_.turn_limit > 0 && turn_ >= config_.turn_limit) finish_by_score();
}

}  // namespace mw::treasure_hunt
