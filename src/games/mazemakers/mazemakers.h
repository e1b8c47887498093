#pragma once
// MazeMakers (seed 003, rulings G4): a 10x10 board of small squares with a 2x2 START hole, nine
// pentomino walls that their controllers move, number-up coins that are monsters or (one's own
// suit) artifacts, and a race to exit with three artifacts. The No-Pentominos board (option
// `board=noPentominos`) is a 9x9 window of tile positions (18x18 small squares): 23 grid tiles,
// the face-up START tile, and holes as walls.
//
// Cells: on the pentomino board cell = row * 10 + col (0..99); on the No-Pentominos board cell =
// row * 18 + col (0..323). kStart (324) is the START node on both. Tile positions (0..80) are
// tile_row * 9 + tile_col; tile (i, j) covers rows 2i..2i+1 and cols 2j..2j+1.
//
// Action encoding (stable; records store these integers):
//   0..6299      place / move a pentomino: orientation o (0..62, pentomino.h) with its bounding box
//                at cell a (10x10): o * 100 + a. At setup it places that piece; in play it moves
//                it.
//   6300..6311   put control coins on wall (piece) p (setup: one coin; play: 1, or takeover m+1)
//   6312         recover the coins of a forced wall that has no legal placement (A-G4-15)
//   6313         no wall action this turn
//   6314..6638   step to cell c (6314 + c), 6638 = step onto START
//   6639         stop moving
//   6640, 6641   block, allow (the occupant of the square being entered)
//   6642..6645   choose suit Suns, Moons, Crowns, Arms
//   chance: 6646..6649 first player; 6650..6653 the extra suit (2 players); 6654..6977 the next
//   board coin goes on cell c; 6978..6983 a combat die shows face index f; 6984..7007 the suits of
//   the coins of one value are dealt by permutation index i (after the coins are on the board,
//   so that no view ever ties a square to a suit).
//   No-Pentominos: 7008..13568 setup: move the tile at position f to empty position t
//   (7008 + f * 81 + t); 13569..20129 move a wall: fill hole h with the tile at t
//   (13569 + h * 81 + t); 20130..20210 control coins into hole h.
#include <array>
#include <bit>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/json.h"
#include "core/json_text.h"
#include "core/options.h"
#include "core/rng.h"
#include "core/types.h"
#include "games/mazemakers/pentomino.h"

namespace mw::mazemakers {

inline constexpr int kMaxPlayers = 4;
inline constexpr int kNumSuits = 4;
inline constexpr int kNumCoins = 12;  // coin id = suit * 3 + (value - 2), values 2..4
inline constexpr int kMaxSide = 18;   // small squares per side of the No-Pentominos window
inline constexpr int kMaxCells = kMaxSide * kMaxSide;
inline constexpr int kStart = kMaxCells;  // the START node (A-G4-2), on both boards
inline constexpr int kTileSide = 9;       // tile positions per side of the No-Pentominos window
inline constexpr int kTileSlots = kTileSide * kTileSide;
inline constexpr int kStartTile = 6 * kTileSide + 6;  // the 5x5 frame sits at tile rows/cols 2-6
inline constexpr int kCentreTile = 4 * kTileSide + 4;
inline constexpr int kTileMoves = 12;  // relocations at No-Pentominos setup (G4.2 6')
inline constexpr int kWallsToPlace = 9;
inline constexpr int kMaxHealth = 5;
// The completed-rounds counter saturates here (roundLimit=0 has no end), the bound load accepts.
inline constexpr std::int32_t kMaxRound = 1 << 30;

inline constexpr Action kPlaceBase = 0;
inline constexpr Action kControlBase = 6300;
inline constexpr Action kRecover = 6312;
inline constexpr Action kPass = 6313;
inline constexpr Action kStepBase = 6314;
inline constexpr Action kStop = 6639;
inline constexpr Action kBlock = 6640;
inline constexpr Action kAllow = 6641;
inline constexpr Action kSuitBase = 6642;
inline constexpr Action kFirstBase = 6646;
inline constexpr Action kExtraSuitBase = 6650;
inline constexpr Action kCoinCellBase = 6654;
inline constexpr Action kDieBase = 6978;
inline constexpr Action kPermBase = 6984;
inline constexpr Action kRelocBase = 7008;
inline constexpr Action kFillBase = kRelocBase + kTileSlots * kTileSlots;
inline constexpr Action kHoleCoinBase = kFillBase + kTileSlots * kTileSlots;
inline constexpr Action kNumActions = kHoleCoinBase + kTileSlots;

inline constexpr std::array<std::string_view, 4> kSuitNames = {"Suns", "Moons", "Crowns", "Arms"};

enum class Phase : std::uint8_t {
  kFirst,        // chance: who plays first
  kSuit,         // each player picks a suit, in playing order
  kExtraSuit,    // chance (2 players): the one non-player suit in play
  kWalls,        // pentomino placement in playing order until three remain
  kTiles,        // No-Pentominos: twelve tile relocations in playing order
  kControl,      // one control coin each, reverse playing order
  kCoins,        // chance: the board coins go on random open squares, values only
  kCoinSuits,    // chance: for values 2, 3, 4, a random permutation of the suits over those coins
  kWallAction,   // B (or A when forced)
  kMove,         // C, step by step
  kBlockChoice,  // the occupant decides
  kPvpRoll,      // chance: mover's die, then blocker's die
  kMonsterRoll,  // chance
  kRolloff,      // chance: tie-break roll-off among the tied exiters
  kOver,
};

enum class CombatDie : std::uint8_t { kPiecepack, kD6 };
enum class TieBreak : std::uint8_t { kNone, kHealth, kRolloff };
enum class BoardKind : std::uint8_t { kPentomino, kTiles };

struct Config {
  std::int8_t players = 2;
  BoardKind board = BoardKind::kPentomino;
  CombatDie die = CombatDie::kPiecepack;
  TieBreak tie_break = TieBreak::kNone;
  bool exact_movement = false;
  bool remove_defeated = false;
  bool revival = false;            // variant 1
  bool start_healing = false;      // variant 2
  bool harsh_damage = false;       // variant 3
  std::int32_t round_limit = 100;  // 0: none (a digital safeguard, see the rules page)
  static Config from_options(const Options& options);
};

std::vector<OptionSpec> option_specs();

// "a1" top-left .. "j10" ("r18" on the No-Pentominos board); "start" for kStart.
std::string cell_name(int cell, BoardKind board = BoardKind::kPentomino);
int parse_cell(std::string_view text, BoardKind board = BoardKind::kPentomino);  // -1: not a cell
// No-Pentominos tile positions, named by their top-left small square.
inline constexpr int tile_of(int cell) {
  return (cell / kMaxSide / 2) * kTileSide + (cell % kMaxSide) / 2;
}
inline constexpr int tile_corner(int pos) {
  return (pos / kTileSide) * 2 * kMaxSide + (pos % kTileSide) * 2;
}

inline constexpr int coin_suit(int coin) {
  return coin / 3;
}
inline constexpr int coin_value(int coin) {
  return coin % 3 + 2;
}

// The last combat (issue 33), public: who fought what on which square, each side's die and
// artifact bonus, and what the loser's fall left. Totals, the winner and the damage follow from
// these and the options, so they are not stored twice (one position, one document).
struct Combat {
  std::int8_t fighter = -1;       // the mover; -1: no combat yet
  std::int8_t blocker = -1;       // the blocking seat; -1 against a monster
  std::int8_t monster = 0;        // the monster's value 2..4; 0 against a player
  std::int16_t cell = -1;         // the monster's square, or the square the blocker held
  std::int8_t fighter_die = 0;    // die values (A-G4-3), not face indices
  std::int8_t fighter_bonus = 0;  // artifacts held at the fight
  std::int8_t blocker_die = 0;
  std::int8_t blocker_bonus = 0;
  bool loser_died = false;       // health reached 0 (and, with `revival`, back on START at once)
  std::int16_t stopped_at = -1;  // a beaten mover still standing: its square after A-G4-28
  bool any() const { return fighter >= 0; }
  bool vs_monster() const { return blocker < 0; }
  int fighter_total() const { return fighter_die + fighter_bonus; }
  int opponent_total() const { return vs_monster() ? monster : blocker_die + blocker_bonus; }
  // ">= the value" beats a monster (A-G4-27); a PvP tie damages the blocker (G4.3 C).
  bool fighter_won() const { return fighter_total() >= opponent_total(); }
  bool operator==(const Combat&) const = default;
};

class State {
 public:
  static State initial(const Options& options);
  static State from_json(const Json& body, const Options& options);

  int num_players() const { return config_.players; }
  Player current_player() const;
  bool is_terminal() const { return phase_ == Phase::kOver; }
  // G4.2, from the first player to the suits of the coins (core SetupPhases).
  bool in_setup() const { return phase_ < Phase::kWallAction; }
  // {"combat": the lastCombat view} for the die that resolves a combat, else null (core
  // ActionOutcome; docs/rules/mazemakers.md, Views).
  Json outcome_of(Action a) const;
  void legal_actions(ActionList& out) const;
  // legal_actions()[rng.below(its size)] from the same random number (core FastRandomAction), so
  // seeded games and searches do not change: the wall phases of the pentomino board, whose lists
  // were half of a random game's time, are counted and only the drawn placement found; steps on
  // the pentomino board are counted in masks and only the drawn one found.
  Action random_legal_action(Rng& rng, ActionList& scratch) const;
  std::vector<ChanceOutcome> chance_outcomes() const;
  Action sample_chance(Rng& rng) const;
  std::string illegal_reason(Action a) const;
  void apply_legal(Action a);
  std::vector<double> returns() const;

  std::string action_to_string(Action a) const;
  // What `observer` is told of `a` played now (core PrivateActionText). Every action is public
  // except the deal of coin suits, which no seat sees: others read "the suits of the 3-coins are
  // dealt face down". A suit seen on landing is in view(p) only, never in an action's text.
  std::string action_to_string_for(Player observer, Action a) const;
  bool sees_action_in_full(Player observer, Action a) const;
  Action parse_action(std::string_view text) const;
  std::vector<Action> parse_actions(std::string_view text) const;

  Json view(Player observer) const;
  // view(observer) as text, written directly (core ViewTextWriting: the server writes it after
  // every move); the view tests (MazeMakersView, core.JsonTextWritesEveryGamesViewsAsDumpDoes)
  // hold the two to one text.
  void write_view(Player observer, JsonTextWriter& w) const;
  std::uint64_t information_state_key(Player p) const;
  State resample(Player p, Rng& rng) const;
  Json to_json() const;

  // Read access for agents, renderers and tests.
  const Config& config() const { return config_; }
  Phase phase() const { return phase_; }
  int suit(Player p) const { return suit_[p]; }
  int pawn(Player p) const { return pawn_[p]; }  // a cell, kStart, or -1 (dead)
  BoardKind board() const { return config_.board; }
  bool tiles_board() const { return config_.board == BoardKind::kTiles; }
  int side() const { return tiles_board() ? kMaxSide : kSide; }
  int num_cells() const { return side() * side(); }  // cell ids are 0..num_cells()-1
  std::string name(int cell) const { return cell_name(cell, config_.board); }
  // A board square a pawn or coin may stand on: not START, not under a wall, not in a hole.
  bool walkable(int cell) const;
  // No-Pentominos: grid tiles (bit = tile position; START excluded) and their bounding box.
  Mask tiles() const { return tiles_; }
  bool tile_at(int pos) const { return pos >= 0 && pos < kTileSlots && ((tiles_ >> pos) & 1); }
  bool inside_board(int pos) const;  // within the tiles' bounding box, START included (A-G4-23)
  int hole_slot(int pos) const;      // the wall slot holding control coins in hole pos, or -1
  bool free_tile(int pos) const;     // a grid tile with no coin and no pawn on it (G4.3 B1')
  Mask busy_tiles() const;           // tile positions under a board coin or a pawn
  // Agents' look-ahead (No-Pentominos): this position with hole `pos` holding a grid tile, as if
  // its wall had been moved (the tile it would take is not removed). Not a reachable state.
  State with_hole_filled(int pos) const {
    State out = *this;
    out.tiles_ |= Mask{1} << pos;
    return out;
  }
  // Agents' look-ahead (pentomino board): the walls masks that would result from each move of
  // wall `piece` its holder could make now (G4.3 B1), and this position with other walls (only
  // the walls change: not a reachable state).
  void wall_move_results(int piece, std::vector<Mask>& out) const;
  State with_walls(Mask walls) const {
    State out = *this;
    out.walls_ = walls;
    return out;
  }
  int health(Player p) const { return health_[p]; }
  int artifacts(Player p) const { return artifacts_[p]; }
  bool alive(Player p) const { return pawn_[p] >= 0; }
  bool exited(Player p) const { return (exited_ >> p) & 1; }
  int hand(Player p) const;  // suit-up coins not on walls
  int wall_owner(int piece) const { return owner_[piece]; }
  int wall_coins(int piece) const { return owner_coins_[piece]; }
  // Pentomino: the placement (-1: not on the board). No-Pentominos: slot `piece` holds control
  // coins in the hole at this tile position (-1: slot unused).
  int wall_placement(int piece) const { return placement_[piece]; }
  Mask walls() const { return walls_; }
  int coin_at(int cell) const;  // coin id or -1
  int coin_cell(int coin) const { return coin_cell_[coin]; }
  // Coins whose suit `p` has seen by landing on them (each is publicly a monster for p).
  std::uint16_t landed(Player p) const { return landed_[p]; }
  std::uint16_t taken() const { return taken_; }
  std::uint16_t removed() const { return removed_; }
  std::uint8_t used_suits() const { return used_suits_; }
  int first_player() const { return first_; }
  int setup_count() const { return setup_count_; }
  int target() const { return target_; }
  int blocker() const { return blocker_; }
  const Combat& last_combat() const { return last_combat_; }
  // Health the loser of `c` lost: 1, or the difference under variant 3 (A-G4-22); 0 for a
  // defeated monster.
  int combat_damage(const Combat& c) const;
  // The coin the next kCoins chance node deals (-1 when all are dealt): values 2, then 3, then 4,
  // each provisionally in suit order until kCoinSuits deals the suits.
  int next_coin_to_deal() const;
  int suits_in_play() const { return std::popcount(static_cast<unsigned>(used_suits_)); }
  int steps_left() const { return steps_left_; }
  int round() const { return round_; }
  Player mover() const { return mover_; }
  std::uint8_t winners() const { return winners_; }
  bool forced_wall() const { return forced_ >= 0; }
  int forced_piece() const { return forced_; }
  int die_value(int face) const;
  // Squares open to pawns and coins (pentomino board): the board without START and the walls.
  Mask open_squares() const;
  int occupant(int cell) const;  // the living pawn on a board square, -1 if none

  // Test and agent helpers.
  bool can_place(int o, int anchor) const;  // legal as the next action in this phase
  // The walkable squares orthogonally next to `cell`, and START (up to 8 next to START).
  int neighbours(int cell, std::array<int, 8>& out) const;
  bool adjacent(int from, int to) const;  // geometric: walls and holes ignored

 private:
  explicit State(const Config& config) : config_(config) {}
  Player seat_in_order(int k) const { return static_cast<Player>((first_ + k) % config_.players); }
  void legal_wall_actions(ActionList& out) const;
  void legal_steps(ActionList& out) const;
  int step_choices(std::array<Action, 9>& out) const;  // legal_steps' list, returns its size
  // legal_steps' list on the pentomino board as sets, in the list's order: the squares
  // ascending, then START, then stop.
  struct StepSet {
    Mask squares = 0;
    bool start = false;
    bool stop = false;
    int count() const { return cells_in(squares) + start + stop; }
    Action nth(int k) const;  // the k-th action of the list (k < count())
  };
  StepSet pentomino_step_set() const;
  // Appends the placements of `piece` covering nothing of `blocked`, except `current` (its
  // placement now, orientation * 100 + anchor; -1: none).
  void add_placements(int piece, const ShiftedSquares& blocked, int current, ActionList& out) const;
  // The same placements as anchor sets: f(orientation, anchors) for each orientation, in order.
  template <class F>
  void for_each_placement_set(int piece, const ShiftedSquares& blocked, int current, F&& f) const;
  Action random_wall_action(Rng& rng) const;  // pentomino board, kWalls or kWallAction
  Action random_coin_cell(Rng& rng) const;    // pentomino board, kCoins
  void legal_tile_wall_actions(ActionList& out) const;
  void add_fills(int slot, ActionList& out) const;
  void legal_relocations(ActionList& out) const;
  bool any_free_hole() const;
  std::string reloc_reason(Action a) const;
  std::string fill_reason(Action a) const;
  std::string hole_control_reason(int pos) const;
  void apply_relocate(int from, int to);
  void apply_fill(int hole, int tile);
  void apply_hole_control(int pos);
  void start_move();
  void check_tile_invariants(bool setup);
  bool any_setup_placement() const;
  bool step_ok(int target) const;
  bool can_finish(int cell, int steps) const;
  std::string place_reason(Action a) const;
  std::string step_reason(Action a) const;
  std::string control_reason(int piece) const;
  // Suit-up coins that taking a placed wall costs the mover (G4.3 B2): one more than its owner's.
  int control_price(int piece) const {
    return 1 + static_cast<int>(owner_[piece] >= 0) * owner_coins_[piece];
  }
  unsigned walls_held() const;                  // the mover's walls (bit w: wall w)
  unsigned walls_to_take(unsigned held) const;  // the walls it may take now (G4.3 B2)
  Mask pawns_and_coins() const;
  Mask blocked_for_move(int piece) const;
  Mask blocked_for_move(int piece, Mask pawns_and_coins) const;
  void apply_place(int o, int anchor);
  void apply_control(int piece);
  void apply_step(int target);
  void enter(int target);
  void land_on_coin(int coin);
  void resolve_pvp(int blocker_die);
  void resolve_monster(int roll);
  bool damage(Player p, int amount);  // true when it killed
  void kill(Player p);
  void release_walls(Player p, bool return_coins);
  void end_move();
  void end_turn();
  void start_turn();
  void finish_game();
  void finish_rolloff();
  void begin_play();
  void deal_suits(int value, int index);
  int move_steps_allowance() const;
  void check_invariants();  // from_json
  void check_progress(bool setup);
  void check_last_combat(bool setup) const;
  // The view's parts (state_json_write.cpp), each as a tree for view() and as text for
  // write_view.
  void check_move_fields() const;  // throws on a position no view describes
  bool turn_under_way() const;     // the view has a "turn"
  Json player_view(Player p) const;
  void write_player(Player p, JsonTextWriter& w) const;
  void add_tiles_view(Json& v) const;
  void write_tiles(JsonTextWriter& w) const;
  Json pieces_view() const;
  void write_pieces(JsonTextWriter& w) const;
  std::string unplaced_pieces() const;
  void add_coins_view(Json& v, Player observer) const;
  void write_coins(Player observer, JsonTextWriter& w) const;
  Json coin_view(int c, Player observer) const;
  void write_coin(int c, Player observer, JsonTextWriter& w) const;
  Json removed_monsters_view(Player observer) const;  // rare: a tree for both
  int coins_to_deal() const;
  Json turn_view() const;
  void write_turn(JsonTextWriter& w) const;
  Json combat_view() const;
  void write_combat(JsonTextWriter& w) const;
  // The members only the last phases have ("rolloff", "winners"): rare, a tree for both.
  Json closing_members_view() const;

  Config config_;
  Phase phase_ = Phase::kFirst;
  std::int8_t first_ = 0;
  std::int8_t order_index_ = 0;  // position in playing order of the seat acting in setup / turn
  std::int8_t setup_count_ = 0;  // walls placed, control coins placed or coins dealt
  std::array<std::int8_t, kMaxPlayers> suit_ = {-1, -1, -1, -1};
  std::uint8_t used_suits_ = 0;                        // bit s: the board holds suit s's 2, 3, 4
  std::array<std::int16_t, kNumPieces> placement_{};   // orientation * 100 + anchor, -1 unplaced
  std::array<std::int8_t, kNumPieces> owner_{};        // seat controlling the wall, -1 none
  std::array<std::int8_t, kNumPieces> owner_coins_{};  // how many of the owner's coins
  Mask walls_ = 0;
  Mask tiles_ = 0;                                   // No-Pentominos grid tiles
  std::array<std::int16_t, kNumCoins> coin_cell_{};  // cell, -1 off the board (unused, undealt,
                                                     // or an artifact)
  std::array<std::uint16_t, kMaxPlayers> landed_{};
  std::uint16_t taken_ = 0;    // coins taken as artifacts (their suit is public)
  std::uint16_t removed_ = 0;  // defeated monsters taken off (removeDefeatedMonsters)
  std::array<std::int16_t, kMaxPlayers> pawn_ = {kStart, kStart, kStart, kStart};
  std::array<std::int8_t, kMaxPlayers> health_ = {5, 5, 5, 5};
  std::array<std::int8_t, kMaxPlayers> artifacts_{};
  std::uint8_t exited_ = 0;
  std::uint8_t winners_ = 0;
  std::int8_t mover_ = 0;
  std::int8_t forced_ = -1;  // the wall P must move this turn (A)
  std::int8_t steps_left_ = 0;
  std::int16_t last_free_ = kStart;  // where a blocked mover goes back to (A-G4-17)
  std::int16_t target_ = -1;         // the square being entered (block) or the coin landed on
  std::int8_t blocker_ = -1;
  std::int8_t pending_roll_ = -1;     // the mover's die while the blocker's is rolled
  bool turn_began_on_start_ = false;  // variant 2
  bool left_start_ = false;
  std::uint8_t rolloff_ = 0;       // seats still in the roll-off
  std::uint8_t rolloff_done_ = 0;  // seats that have rolled this pass
  std::array<std::int8_t, kMaxPlayers> rolloff_total_{};
  std::int32_t round_ = 0;  // completed rounds
  Combat last_combat_;
};

}  // namespace mw::mazemakers
