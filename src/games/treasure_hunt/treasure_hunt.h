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
#include <string>
#include <string_view>
#include <vector>

#include "core/grid.h"
#include "core/json.h"
#include "core/options.h"
#include "core/rng.h"
#include "core/types.h"

namespace mw::treasure_hunt {

inline constexpr int kSize = 5;
using Board = RectGrid<kSize, kSize>;
inline constexpr int kCells = Board::kCells;
inline constexpr int kNumCards = 25;
inline constexpr int kCenterCell = 12;

inline constexpr Action kSwapBase = 0;
inline constexpr Action kStepBase = 625;
inline constexpr Action kDealBase = 629;
inline constexpr Action kFirstPlayerBase = 654;
inline constexpr Action kNumActions = 656;

enum class DeckKind : std::uint8_t { kStandard, kSpecialized };
enum class CycleRule : std::uint8_t { kStopBeforeRepeat, kStopOnRepeat };
enum class Phase : std::uint8_t { kDeal, kChooseFirst, kSwap, kStep, kOver };

// The rule options of one game, resolved once from Options (std::string-free: copied per state).
struct Config {
  DeckKind deck = DeckKind::kStandard;
  CycleRule cycle_rule = CycleRule::kStopBeforeRepeat;
  std::int8_t first_player = -1;  // -1: decided by a chance node
  std::array<Dir, 25> card_dir{};  // the map key applied to each card id
  int target_score = 50;           // specialized deck only
  int turn_limit = 0;              // 0: none

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
std::string card_display(DeckKind deck, int card);          // "10♦", "T3", "R2"
int parse_card_code(DeckKind deck, std::string_view text);  // -1 when not a card of this deck
std::string cell_name(int cell);                            // "a1" = top-left, "e5" = bottom-right
int parse_cell(std::string_view text);                      // -1 when not a cell

inline constexpr std::array<const char*, 2> kSeatNames = {"Green", "Purple"};

class State {
 public:
  static State initial(const Options& options);
  static State from_json(const Json& body, const Options& options);

  int num_players() const { return 2; }
  Player current_player() const;
  bool is_terminal() const { return phase_ == Phase::kOver; }
  void legal_actions(ActionList& out) const;
  std::vector<ChanceOutcome> chance_outcomes() const;
  Action sample_chance(Rng& rng) const;
  std::string illegal_reason(Action a) const;
  void apply_legal(Action a);
  std::vector<double> returns() const;

  std::string action_to_string(Action a) const;
  Action parse_action(std::string_view text) const;

  Json view(Player observer) const;
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
  int turn() const { return turn_; }
  Player winner() const { return winner_; }  // -1: none (yet, or a draw)
  // The cards the opponent swapped on the immediately prior turn (rule 3); -1 when none.
  const std::array<std::int8_t, 2>& locked_cards() const { return locked_; }

  // Where a pawn that has just arrived on `cell` ends after involuntary movement (G3.3 step 3).
  int involuntary_destination(int cell) const;

 private:
  explicit State(const Config& config) : config_(config) {}
  void finish_deal();
  void end_turn();
  bool cell_blocked_for_swap(int cell) const;
  std::string swap_illegal_reason(int a, int b) const;
  Action parse_swap(std::string_view first, std::string_view second) const;
  int parse_card_or_cell(std::string_view text) const;
  Json board_json() const;

  Config config_;
  std::array<std::int8_t, kCells> card_at_{};   // card id on each cell; -1 before it is dealt
  std::array<std::int8_t, kNumCards> cell_of_{};  // cell of each card id; -1 before it is dealt
  std::uint32_t undealt_ = (1u << kNumCards) - 1;  // bit i: card id i not yet dealt
  std::int8_t dealt_ = 0;
  Phase phase_ = Phase::kDeal;
  std::int8_t to_move_ = 0;
  std::array<std::int8_t, 2> pawn_ = {kCenterCell, kCenterCell};
  std::array<std::int16_t, 2> score_ = {0, 0};
  std::int8_t treasure_ = 0;
  std::array<std::int8_t, 2> locked_ = {-1, -1};   // opponent's last swap
  std::array<std::int8_t, 2> swapped_ = {-1, -1};  // this turn's swap, locked for the opponent next
  std::int16_t turn_ = 0;                          // completed turns
  std::int8_t winner_ = -1;
};

}  // namespace mw::treasure_hunt
