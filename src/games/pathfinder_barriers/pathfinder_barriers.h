#pragma once
// PATHFINDER (Milton Bradley, 1977; seed 001, rulings G2): each player hides a short pawn on a
// 6x6 home grid walled by at most 30 barrier chips; players take turns asking to enter and step
// through the other's grid, square by square, until a "No" ends the turn. The first to step onto
// the other's pawn wins.
//
// Geometry. Rows A-F (A at the top, index 0), columns 1-6 (index 0-5); square = row * 6 + col.
// The 66 meaningful slots (A-G2-2) are numbered:
//   0..29   V(r, c): between (r, c) and (r, c + 1), c = 0..4       -> r * 5 + c
//   30..59  H(r, c): between (r, c) and (r + 1, c), r = 0..4       -> 30 + r * 6 + c
//   60..65  L(r):    the entry slot to the left of (r, 0)          -> 60 + r
// Sets of slots are kept as bit masks indexed by the square on their upper/left side (SlotSet).
//
// Action encoding (stable; records store these integers):
//   0..35     setup: place the short pawn on square n
//   100..165  setup: insert a barrier chip in slot n - 100
//   199       setup: done (the home grid is complete)
//   200..205  "May I enter at row r?" (r = A..F)
//   210..213  move up, right, down, left from the explorer's square
//   214       exit the grid from a column-1 square (A-G2-7)
//   300, 301  chance: North (seat 0) or South (seat 1) plays first (A-G2-12)
#include <array>
#include <bit>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/bits.h"
#include "core/grid.h"
#include "core/json.h"
#include "core/json_text.h"
#include "core/options.h"
#include "core/rng.h"
#include "core/types.h"

namespace mw::pathfinder_barriers {

inline constexpr int kSize = 6;
inline constexpr int kSquares = 36;
inline constexpr int kSlots = 66;
inline constexpr int kFirstH = 30;
inline constexpr int kFirstL = 60;
inline constexpr int kDefaultMaxBarriers = 30;
// The turns-begun counter saturates here, the bound load accepts: nothing in the rules ends a
// search that keeps entering and exiting, so play alone does not bound it.
inline constexpr std::int16_t kMaxTurns = 30000;

inline constexpr Action kPawnBase = 0;
inline constexpr Action kBarrierBase = 100;
inline constexpr Action kDone = 199;
inline constexpr Action kEnterBase = 200;
inline constexpr Action kMoveBase = 210;
inline constexpr Action kExit = 214;
inline constexpr Action kFirstPlayerBase = 300;

inline constexpr std::uint64_t kAllSquares = (std::uint64_t{1} << kSquares) - 1;
// Squares whose right-hand slot exists (column < 6) and whose lower slot exists (row < F).
inline constexpr std::uint64_t kHasRight = [] {
  std::uint64_t m = 0;
  for (int sq = 0; sq < kSquares; ++sq) {
    if (sq % kSize < kSize - 1) m |= std::uint64_t{1} << sq;
  }
  return m;
}();
inline constexpr std::uint64_t kHasBelow = (std::uint64_t{1} << (kSquares - kSize)) - 1;
inline constexpr std::uint64_t kColumn1 = 0x041041041ULL;  // squares (r, 0)

constexpr std::uint64_t sq_bit(int sq) {
  return std::uint64_t{1} << sq;
}
constexpr int row_of(int sq) {
  return sq / kSize;
}
constexpr int col_of(int sq) {
  return sq % kSize;
}

// The column-1 squares whose entry slots are in the 6-bit row mask `rows`.
constexpr std::uint64_t entry_squares(std::uint8_t rows) {
  std::uint64_t m = 0;
  for (int r = 0; r < kSize; ++r) {
    if ((rows >> r) & 1) m |= sq_bit(r * kSize);
  }
  return m;
}

// entry_squares of every row mask.
inline constexpr std::array<std::uint64_t, 64> kEntrySquares = [] {
  std::array<std::uint64_t, 64> out{};
  for (int m = 0; m < 64; ++m) out[m] = entry_squares(static_cast<std::uint8_t>(m));
  return out;
}();

// A set of slots: v and h by the square on the slot's left/upper side, l by row.
struct SlotSet {
  std::uint64_t v = 0;
  std::uint64_t h = 0;
  std::uint8_t l = 0;

  // Inline: the rollouts of a search ask these at every step.
  constexpr bool contains(int slot) const {
    if (slot < kFirstH) return (v >> (slot / 5 * kSize + slot % 5)) & 1;
    if (slot < kFirstL) return (h >> (slot - kFirstH)) & 1;
    return (l >> (slot - kFirstL)) & 1;
  }
  constexpr void add(int slot) {
    if (slot < kFirstH) {
      v |= sq_bit(slot / 5 * kSize + slot % 5);
    } else if (slot < kFirstL) {
      h |= sq_bit(slot - kFirstH);
    } else {
      l = static_cast<std::uint8_t>(l | (1u << (slot - kFirstL)));
    }
  }
  constexpr void remove(int slot) {
    if (slot < kFirstH) {
      v &= ~sq_bit(slot / 5 * kSize + slot % 5);
    } else if (slot < kFirstL) {
      h &= ~sq_bit(slot - kFirstH);
    } else {
      l = static_cast<std::uint8_t>(l & ~(1u << (slot - kFirstL)));
    }
  }
  // remove(slots()[k]) without building the list; k < count().
  constexpr void remove_nth(int k) {
    const int in_v = std::popcount(v), in_h = std::popcount(h);
    if (k < in_v) {
      v &= ~sq_bit(nth_set_bit(v, static_cast<std::uint64_t>(k)));
    } else if (k < in_v + in_h) {
      h &= ~sq_bit(nth_set_bit(h, static_cast<std::uint64_t>(k - in_v)));
    } else {
      l = static_cast<std::uint8_t>(
          l & ~(1u << nth_set_bit(l, static_cast<std::uint64_t>(k - in_v - in_h))));
    }
  }
  int count() const { return std::popcount(v) + std::popcount(h) + std::popcount(l); }
  bool empty() const { return (v | h | l) == 0; }
  bool intersects(const SlotSet& o) const {
    return (v & o.v) != 0 || (h & o.h) != 0 || (l & o.l) != 0;
  }
  SlotSet operator|(const SlotSet& o) const {
    return {v | o.v, h | o.h, static_cast<std::uint8_t>(l | o.l)};
  }
  SlotSet minus(const SlotSet& o) const {
    return {v & ~o.v, h & ~o.h, static_cast<std::uint8_t>(l & ~o.l)};
  }
  std::vector<int> slots() const;  // in increasing slot order
  // Calls visit(slot) for each slot in increasing order, without building the list.
  template <class Visit>
  constexpr void for_each(Visit visit) const {
    for (std::uint64_t m = v; m != 0; m &= m - 1) {
      const int sq = std::countr_zero(m);
      visit(row_of(sq) * 5 + col_of(sq));
    }
    for (std::uint64_t m = h; m != 0; m &= m - 1) visit(kFirstH + std::countr_zero(m));
    for (unsigned m = l; m != 0; m &= m - 1) visit(kFirstL + std::countr_zero(m));
  }
  friend bool operator==(const SlotSet&, const SlotSet&) = default;
};

// Every meaningful slot.
inline constexpr SlotSet kAllSlots = {kHasRight, kHasBelow, 0x3f};

// The slot crossed by a step from `sq` in direction d; -1 off the grid (the left edge of column
// 1 is the entry slot, reached by Exit rather than a move).
constexpr int slot_between(int sq, Dir d) {
  const int r = row_of(sq), c = col_of(sq);
  switch (d) {
    case Dir::kUp:
      return r > 0 ? kFirstH + sq - kSize : -1;
    case Dir::kDown:
      return r < kSize - 1 ? kFirstH + sq : -1;
    case Dir::kLeft:
      return c > 0 ? r * 5 + c - 1 : -1;
    case Dir::kRight:
      return c < kSize - 1 ? r * 5 + c : -1;
  }
  return -1;
}
// The square a step leads to, or -1 off the grid.
constexpr int neighbour(int sq, Dir d) {
  const int r = row_of(sq) + row_delta(d), c = col_of(sq) + col_delta(d);
  if (r < 0 || r >= kSize || c < 0 || c >= kSize) return -1;
  return r * kSize + c;
}

// Squares reachable by orthogonal steps through slots not in `barriers`, starting from the
// column-1 squares whose entry slot is open (validity, A-G2-9) or from `seeds`.
std::uint64_t flood(std::uint64_t seeds, const SlotSet& barriers);
std::uint64_t reachable_from_entries(const SlotSet& barriers);

// One player's secret home grid: the short pawn (-1 before it is placed) and the dark chips.
struct HomeGrid {
  SlotSet barriers;
  std::int8_t pawn = -1;

  // G2.2 step 2: some column-1 square with an open entry slot leads to the pawn.
  bool valid() const { return pawn >= 0 && (reachable_from_entries(barriers) & sq_bit(pawn)) != 0; }
  // Why the grid is not a legal home grid under `max_barriers`, or "" when it is.
  std::string invalid_reason(int max_barriers) const;
  // The slots that may not be added (a barrier there would cut every route to the pawn).
  SlotSet cutting_slots() const;
  friend bool operator==(const HomeGrid&, const HomeGrid&) = default;
};

// What one seeker knows of the other's grid (the public tracking grid), and where it stands.
struct Tracking {
  SlotSet blocked;             // "No" answers: the light chips (A-G2-3)
  SlotSet open;                // "Yes" answers
  std::uint64_t visited = 0;   // squares stood on: trail discs; the pawn is on none of them
  std::int8_t pos = -1;        // the explorer's square; -1 = off the grid
  std::int8_t last_exit = -1;  // row exited at, until the next entry (A-G2-8)
  std::int16_t turns = 0;      // turns begun, up to kMaxTurns
  friend bool operator==(const Tracking&, const Tracking&) = default;
};

enum class Phase : std::uint8_t { kSetup, kChooseFirst, kPlay, kOver };

struct Config {
  bool allow_redundant = false;   // A-G2-6
  std::int8_t first_player = -1;  // -1: a chance node (A-G2-12)
  std::int8_t max_barriers = kDefaultMaxBarriers;
  static Config from_options(const Options& options);
};

std::vector<OptionSpec> option_specs();

inline constexpr std::array<const char*, 2> kSeatNames = {"North", "South"};

std::string square_name(int sq);          // "B-1"
int parse_square(std::string_view text);  // -1 when not a square
std::string slot_name(int slot);          // "B-3|B-4", "E-1|F-1", "|C-1"
int parse_slot(std::string_view text);    // -1 when not a slot
// The same names as JSON strings, quotes included (they need no escape): views write them as they
// are, for each of the many squares and slots a view lists at every move.
std::string_view square_json(int sq);
std::string_view slot_json(int slot);
std::string home_grid_text(const HomeGrid& grid);  // "E-5: |C-1 E-1|F-1 ..."
// Reads the compact text form ("E-5: |C-1 E-1|F-1 ...") or the JSON form ({"pawn": "E-5",
// "barriers": [...]}, also as text). Throws Error(kParse) saying what is wrong; checks shape only
// (validity is HomeGrid::invalid_reason).
HomeGrid parse_home_grid(std::string_view text);
HomeGrid home_grid_from_json(const Json& j);
Json home_grid_json(const HomeGrid& grid);

// One position. Small and trivially copyable: two home grids and two tracking grids as masks.
class State {
 public:
  static State initial(const Options& options);
  static State from_json(const Json& body, const Options& options);

  int num_players() const { return 2; }
  Player current_player() const {
    if (phase_ == Phase::kSetup || phase_ == Phase::kPlay) return to_move_;
    return phase_ == Phase::kOver ? kTerminalPlayer : kChancePlayer;
  }
  bool is_terminal() const { return phase_ == Phase::kOver; }
  // The home grids and the choice of the first player (core SetupPhases).
  bool in_setup() const { return phase_ == Phase::kSetup || phase_ == Phase::kChooseFirst; }
  void legal_actions(ActionList& out) const;
  std::vector<ChanceOutcome> chance_outcomes() const;
  Action sample_chance(Rng& rng) const;
  // Uniform over legal_actions() (core FastRandomAction): a set-up chip is drawn among the empty
  // slots and drawn again when it would cut the pawn off, one flood a draw instead of the route
  // and floods that listing every uncut slot takes. Elsewhere the list, built in `scratch`.
  Action random_legal_action(Rng& rng, ActionList& scratch) const;
  std::string illegal_reason(Action a) const;
  void apply_legal(Action a);
  std::vector<double> returns() const;

  std::string action_to_string(Action a) const;
  void write_action_text(Action a, JsonTextWriter& w) const;  // ActionTextWriting
  // What `observer` is told of `a` played now (core PrivateActionText): the full text for the
  // acting seat and for every public action (questions, moves, exits, the first-player draw); a
  // secret setup decision reaches the other seat and the spectator only as "South places a chip".
  std::string action_to_string_for(Player observer, Action a) const;
  bool sees_action_in_full(Player observer, Action a) const;
  Action parse_action(std::string_view text) const;
  // A whole home grid ("E-5: |C-1 E-1|F-1 ...", or its JSON) in setup, a whole path
  // ("B-1>B-2>B-3", "enter B-1 > B-2 > exit") in play: cut after the first "No" (A-G2-5).
  std::vector<Action> parse_actions(std::string_view text) const;

  Json view(Player observer) const;
  // view(observer) as its text, written without the tree (core ViewTextWriting).
  void write_view(Player observer, JsonTextWriter& w) const;
  std::uint64_t information_state_key(Player p) const;
  // A state in which the opponent's grid is drawn anew consistently with p's tracking grid
  // (docs/rules/pathfinder-barriers.md, "resample").
  State resample(Player p, Rng& rng) const;
  Json to_json() const;

  // Read access for agents, renderers and tests.
  const Config& config() const { return config_; }
  Phase phase() const { return phase_; }
  const HomeGrid& home(Player p) const { return home_[p]; }
  // Seat p's exploration of the other seat's home grid.
  const Tracking& tracking(Player p) const { return track_[p]; }
  Player winner() const { return winner_; }
  bool setup_done(Player p) const { return (setup_done_ >> p) & 1; }

  // Analysis only (not a rule action, never listed as legal): the seat to move gives its turn
  // away. Used to measure how many turns a seeker needs against one grid.
  void pass_turn();
  // Analysis only: a state in the play phase with seat `p` to move, searching `target`.
  static State for_search(const Options& options, const HomeGrid& target, Player p);

 private:
  explicit State(const Config& config) : config_(config) {}
  void setup_legal(ActionList& out) const;
  void play_legal(ActionList& out) const;
  // The play phase's decisions as bits in legal_actions' order, each action `base` + its bit:
  // before the seeker is in the grid bit r enters row r; then bit d steps in direction d and
  // bit 4 exits.
  std::uint32_t play_choices(Action& base) const;
  std::string setup_illegal_reason(Action a) const;
  std::string play_illegal_reason(Action a) const;
  bool entry_allowed(int row) const;
  void ask(int slot, int target);
  void ask_step(Dir d);
  void answer(bool chip, int target);
  void end_turn();
  void begin_play(Player first);
  Action parse_setup(std::string_view text) const;
  Action parse_play(std::string_view text) const;
  std::vector<Action> parse_path(std::string_view text) const;
  std::vector<Action> parse_setup_text(std::string_view text) const;
  Json tracking_json(Player p) const;
  void write_tracking(Player p, JsonTextWriter& w) const;
  // Whether `observer` sees seat p's home grid: its own, the referee's, and both once it is over.
  bool sees_home(Player observer, Player p) const {
    return observer == p || observer == kOmniscient || phase_ == Phase::kOver;
  }
  void read_json(const Json& body);

  Config config_;
  std::array<HomeGrid, 2> home_{};
  std::array<Tracking, 2> track_{};
  Phase phase_ = Phase::kSetup;
  std::int8_t to_move_ = 0;
  std::int8_t winner_ = -1;
  std::uint8_t setup_done_ = 0;  // bit p: seat p said "done"
  std::int8_t first_ = -1;       // who played first
  // The last question, for the views ("North asked B-3>B-4: No").
  std::int16_t last_action_ = -1;
  std::int8_t last_seat_ = -1;
  std::int8_t last_from_ = -1;
  bool last_yes_ = false;
};

// The prior of sample_home_grid: the chance that a slot whose answer is unknown holds a chip
// (about 20 chips on the 66 slots).
inline constexpr double kChipDensity = 0.3;

// A random home grid consistent with what a seeker knows (`t`): pawn uniform over the squares not
// visited that an open route could reach, each unknown slot a chip with probability kChipDensity
// (within the cap), then the fewest of those chips removed to open a route. Never touches a known
// slot.
HomeGrid sample_home_grid(const Tracking& t, int max_barriers, Rng& rng);

}  // namespace mw::pathfinder_barriers
