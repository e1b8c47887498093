#pragma once
// Thorin Tatge's Pathfinder (seed 000, rulings G1), basic game: the Maze Maker (seat 0) builds a
// maze of 40 cards card by card, the Maze Runner (seat 1) explores it from the Ace of Diamonds to
// the Joker while trials and spades drain her hand of hearts.
//
// Action encoding (stable; records store these integers). Cells are y * 40 + x.
//   0..63999            place maze card id at cell: id * 1600 + cell           (Maker, building)
//   64002..64013        choose the Compass card: 64000 + heart rank 2..13      (Runner)
//   64100..65699        explore cell: 64100 + cell                             (Runner, MAIN)
//   65700 withdraw the Compass card, 65701 use the Compass,
//   65702 continue (decline a withdrawal window), 65703 pass (no Ace alteration)
//   65711..65723        chance: the damage pick, 65710 + heart rank
//   65740..65743        A♥ save by one special heart: 65730 + rank 10..13
//   65750..65949        A♥ save by two hearts: 65750 + r1 * 14 + r2 (r1 < r2)
//   65950, 65951        chance (option roles=random): the seat that makes the first maze
//   66000..67599        choose a cell: 10♠ flip (Runner), Queen card and King flip (Maker)
//   67600..67602        10♦ suit chosen by the Maker: 67600 + suit (C D S)
//   67610..67657        a count guess: 67610 + suit * 16 + n
//   67700..74099        Jack trial: 67700 + cell * 4 + prediction (C D S JK)
//   74100..74103        Queen trial prediction: 74100 + prediction
//   74200..138199       King trial answer: 74200 + cell * 40 + card id
//   140000..            Ace alteration swap: 140000 + a * 1600 + b (cells, a < b)
//   3000000..           Ace alteration / Mover move: 3000000 + from * 1600 + to (the swaps
//                       above serve the Mover too)
//   6000000..           the same move to a vacant cell just outside the box (x or y = -1 or 40,
//                       A-G1-48): 6000000 + from * 1764 + (y + 1) * 42 + (x + 1)
//   65704..65707        use the Advisor, Pathfinder, Seer, Mover (10H..KH)
//   5600000..           Recall: 5600000 + power * 4096 + mask of the 3 hearts (bit r - 2)
//   5700000..           one token of an Advisor question: 5700000 + aql token id
#include <array>
#include <cstdint>
#include <limits>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/json.h"
#include "core/json_text.h"
#include "core/options.h"
#include "core/rng.h"
#include "core/types.h"
#include "games/pathfinder_cards/aql.h"
#include "games/pathfinder_cards/layout.h"

namespace mw::pathfinder_cards {

// Roles. Option roles (G1.2 step 1) says which seat makes the (first) maze: a chance node at the
// start (random, the default), seat 0 or seat 1. In a match (option matchGames > 1) the seats
// alternate roles game by game (G1.3.7). The rules work on roles; role_of/seat_of translate.
inline constexpr Player kMaker = 0;
inline constexpr Player kRunner = 1;
// Seat names: the roles' names when a seat keeps one role for the whole session, else neutral.
inline constexpr std::array<const char*, 2> kSeatNames = {"Maker", "Runner"};
inline constexpr std::array<const char*, 2> kMatchSeatNames = {"Player 1", "Player 2"};
enum class Roles : std::uint8_t { kRandom, kSeat0Maker, kSeat0Runner };
inline constexpr std::array<const char*, 3> kRolesNames = {"random", "seat0Maker", "seat0Runner"};
inline constexpr int kMaxMatchGames = 4;
// The classes of cards interchangeable for the build constraint (legal.cpp placement_classes).
inline constexpr std::size_t kPlacementClasses = 7;

inline constexpr Action kPlaceBase = 0;
inline constexpr Action kCompassBase = 64000;
inline constexpr Action kExploreBase = 64100;
inline constexpr Action kWithdraw = 65700;
inline constexpr Action kUseCompass = 65701;
inline constexpr Action kContinue = 65702;
inline constexpr Action kPass = 65703;
inline constexpr Action kUsePowerBase = 65704;  // + power
inline constexpr Action kPickBase = 65710;
inline constexpr Action kSaveOneBase = 65730;
inline constexpr Action kSavePairBase = 65750;
inline constexpr Action kRolesBase = 65950;  // + the seat that makes the first maze
inline constexpr Action kCellBase = 66000;
inline constexpr Action kSuitBase = 67600;
inline constexpr Action kGuessBase = 67610;
inline constexpr Action kPredictAtBase = 67700;
inline constexpr Action kPredictBase = 74100;
inline constexpr Action kNameBase = 74200;
inline constexpr Action kSwapBase = 140000;
inline constexpr Action kMoveBase = 3000000;
inline constexpr Action kActionEnd = kMoveBase + Action{kCells} * kCells;
// Moves to a cell outside the box: the target in the box grown by one cell on every side.
inline constexpr int kFrameSide = kSide + 2;
inline constexpr Action kMoveOutBase = 6000000;
inline constexpr Action kMoveOutEnd = kMoveOutBase + Action{kCells} * kFrameSide * kFrameSide;
inline constexpr Action kRecallBase = 5600000;
inline constexpr Action kTokenBase = 5700000;
inline constexpr Action kTokenEnd = kTokenBase + aql::kTokenEnd;

// The special hearts' powers (G1.3.4); the heart of power p is rank 10 + p.
enum Power : int { kAdvisor = 0, kPathfinder = 1, kSeer = 2, kMover = 3 };
inline constexpr std::array<const char*, 4> kPowerNames = {"advisor", "pathfinder", "seer",
                                                           "mover"};

enum class Phase : std::uint8_t { kBuild, kCompass, kPlay, kOver };
enum class CompassState : std::uint8_t { kNone, kTable, kWithdrawn, kUsed };
enum class TaskKind : std::uint8_t {
  kEncounter,
  kDamage,
  kTrial,
  kAlteration,
  kAdvisor,     // step 0: first question, 1: second question or stop (A-G1-41)
  kPathfinder,  // choose the active diamond she stands on
  kSeer,        // step 0, 1: the two face-down cards
  kMover,       // a move; `pay` holds the hearts it costs when it is not cancelled (A-G1-16/40)
  kWake,        // advanced game: artifact `aux`'s trial is over, its power starts (A-G1-38)
};
// The trials by the card that starts them, after A-G1-1 (the headings rotated).
enum class TrialKind : std::uint8_t { kTenSpades, kTenClubs, kTenDiamonds, kJack, kQueen, kKing };

// Who decides what now: one value per decision point of G1.3.
enum class Decision : std::uint8_t {
  kNone,
  kPlace,
  kCompass,
  kMain,
  kDamageWindow,
  kDamagePick,
  kSave,
  kTrialWindow,
  kTenSpadesFlip,
  kCountGuess,  // 10♣ (suit and count) and 10♦ (count of the Maker's suit)
  kTenDiamondsSuit,
  kJackPredict,
  kQueenPick,
  kQueenPredict,
  kKingFlip,
  kKingName,
  kAlteration,
  kAdvisorAsk,
  kPathfinderPick,
  kSeerPick,
  kMoverMove,
  kRoles,  // chance: who makes the first maze (option roles=random, G1.2 step 1)
};

// A move of the card on `from` to the vacant cell (x, y), which may lie one cell outside the box
// (A-G1-48); decode_move gives nullopt for an action that is not a move.
struct MoveSpec {
  int from = -1;
  int x = 0;
  int y = 0;
};
std::optional<MoveSpec> decode_move(Action a);
Action encode_move(int from, int x, int y);

// One pending effect (G1.3.2-G1.3.6); the effect stack resolves the top first.
struct Task {
  TaskKind kind = TaskKind::kEncounter;
  TrialKind trial = TrialKind::kTenSpades;
  std::uint8_t step = 0;
  std::int8_t aux = -1;     // 10♦: the Maker's suit
  std::int16_t cell = -1;   // the card that caused it
  std::int16_t cell2 = -1;  // Queen: the chosen card; King: the flipped card
  std::uint8_t flags = 0;
  std::uint16_t pay = 0;  // Mover: hearts (bit per rank) to discard once a move is made
};
inline constexpr std::uint8_t kNoWindow = 1;  // damage from the 10♠ after its flip (G1.6.4)
inline constexpr std::uint8_t kWasUp = 2;     // King: the flipped card was face up
inline constexpr std::uint8_t kTried = 4;     // Mover: a proposal was cancelled; she may stop
inline constexpr int kMaxTasks = 16;

// What the Runner was told by a special heart: an Advisor question and its answer, or the
// Pathfinder's directions from a cell. Part of her view and of the sampler's constraints while
// `current` (an Ace alteration or a Mover move may have moved the cards it was about).
struct Answer {
  std::uint8_t kind = 0;  // 0 Advisor, 1 Pathfinder
  bool yes = false;
  bool current = true;
  std::uint32_t dirs = 0;  // Pathfinder: bit per edge label (layout.h Link)
  std::int16_t cell = -1;
  std::int8_t len = 0;
  Shift since;           // the layout's shift since it was asked (its cells are named as then)
  std::uint64_t up = 0;  // the cards face up when asked (facing tests)
  std::array<std::uint16_t, aql::kMaxTokens> tokens{};
};
inline constexpr int kMaxAnswers = 16;

// A ten-count trial's answer, part of the Runner's knowledge (and of the sampler's constraints
// until an Ace alteration may have moved the cards she counted).
struct TenResult {
  std::int16_t cell = -1;
  std::int8_t suit = 0;
  std::int8_t guess = 0;
  std::int8_t actual = 0;
  std::int8_t ten = 0;  // the ten's card id
  bool valid = false;   // still describes the current layout as far as the Runner can know
  Shift since;          // the layout's shift since the count (`cell` is named as then)
};

struct Config {
  Topology topo = Topology::kSquare;    // option board (G1.4 hexagonal variant)
  bool advanced = false;                // option advanced (G1.4 advanced game)
  bool ten_spades_joker_safe = false;   // A-G1-8
  bool predict_joker = true;            // A-G1-14 / A-G1-46
  bool maker_moves_ad_joker = true;     // A-G1-17
  bool score_ace = true;                // A-G1-30
  bool score_compass = true;            // A-G1-30
  bool mover_spent_on_cancel = false;   // A-G1-16 / A-G1-40
  bool recall_damage_discards = false;  // A-G1-23
  int king_study_seconds = 30;          // G1.6.2: the client's study phase (no rule effect)
  int match_games = 1;                  // G1.3.7 match play: games, roles alternating
  Roles roles = Roles::kRandom;         // G1.2 step 1: who makes the (first) maze
  static Config from_options(const Options& options);
};

std::vector<OptionSpec> option_specs();

// The whole-maze text form: rows of card codes separated by spaces ("." = no card), rows by new
// lines or "/" (on a hex board a row is r and a column q; indentation is ignored). parse_maze
// validates a complete maze of that game (throws Error(kParse) saying what is wrong);
// placement_order gives the Maker's placements that build it card by card (the Joker last in the
// advanced game, so every earlier card keeps a completion possible).
Layout parse_maze(std::string_view text, Topology topo = Topology::kSquare, bool advanced = false);
std::vector<Action> placement_order(const Layout& layout);
std::string draw_maze(const Layout& layout);

class StepGraph;

class State {
 public:
  static State initial(const Options& options);
  static State from_json(const Json& body, const Options& options);

  int num_players() const { return 2; }
  Player current_player() const { return seat_of(role_to_act()); }
  bool is_terminal() const { return phase_ == Phase::kOver; }
  // The roles, the maze being built and the Compass card (G1.2; core SetupPhases).
  bool in_setup() const { return phase_ == Phase::kBuild || phase_ == Phase::kCompass; }
  void legal_actions(ActionList& out) const;
  // One of legal_actions() drawn uniformly (core FastRandomAction). The Maker's placements, the
  // swaps and moves of an Ace alteration or the Mover and the Advisor's question tokens are drawn
  // without listing them: one at random among the candidates, drawn again when it is refused
  // (random_action.cpp).
  Action random_legal_action(Rng& rng, ActionList& scratch) const;
  std::vector<ChanceOutcome> chance_outcomes() const;
  Action sample_chance(Rng& rng) const;
  std::string illegal_reason(Action a) const;
  void apply_legal(Action a);
  std::vector<double> returns() const;

  std::string action_to_string(Action a) const;
  // Its text as a JSON string (core ActionTextWriting): a placement without building a string (the
  // Maker's first placement lists every card on every cell, 64,000 texts in each message to her).
  void write_action_text(Action a, JsonTextWriter& w) const;
  // A swap or move named in the coordinates before the layout moved by `since` (A-G1-48), as it
  // is named now.
  std::string action_to_string_shifted(Action a, const Shift& since) const;
  // What `observer` is told of `a` played now (core PrivateActionText): the full text for the
  // acting seat and whoever sees everything; the Maker's secret building, King flip and Ace
  // alteration are told to the others only as what they can see of them (G1.6.3).
  std::string action_to_string_for(Player observer, Action a) const;
  bool sees_action_in_full(Player observer, Action a) const;
  Action parse_action(std::string_view text) const;
  // A whole maze drawn as text (docs/rules/pathfinder-cards.md) while nothing is placed yet, or
  // one action.
  std::vector<Action> parse_actions(std::string_view text) const;
  // "ask <question>" / "recall advisor 2H+3H+4H ask <question>": the whole question in AQL
  // (G1.6.1), parsed before anything is spent (A-G1-41).
  std::vector<Action> parse_question(std::string_view text) const;

  Json view(Player observer) const;
  // view(observer) as text, written directly (core ViewTextWriting: the server writes it after
  // every move); the view tests and core.JsonTextWritesEveryGamesViewsAsDumpDoes hold the two to
  // one text.
  void write_view(Player observer, JsonTextWriter& w) const;
  std::uint64_t information_state_key(Player p) const;
  State resample(Player p, Rng& rng) const;
  Json to_json() const;

  // Read access for agents, renderers and tests.
  const Config& config() const { return config_; }
  const Layout& layout() const { return layout_; }
  Phase phase() const { return phase_; }
  Decision decision() const;
  std::uint16_t hand() const { return hand_; }  // bit r: heart of rank r (1..13)
  bool in_hand(int rank) const { return (hand_ >> rank) & 1; }
  CompassState compass() const { return compass_; }
  int compass_rank() const { return compass_rank_; }
  Player winner() const { return winner_; }  // the role that won the game under way or last

  // Matches (G1.3.7): the game under way (0-based), each seat's role in it, and the Runner's
  // score of every finished game (5 + hearts left if she won, else 0).
  // Before the roles are drawn (roles=random) nobody acts but chance; seat 0 counts as the Maker.
  Player role_of(Player seat) const { return seat < 0 ? seat : seat ^ swap(); }
  Player seat_of(Player role) const { return role < 0 ? role : role ^ swap(); }
  // The seat that makes the first maze; -1 while the chance node of roles=random is pending.
  Player first_maker() const { return first_maker_; }
  // Whether the seats are named by their roles ("Maker", "Runner") or "Player 1", "Player 2".
  bool role_seat_names() const {
    return config_.match_games == 1 && config_.roles != Roles::kRandom;
  }
  std::string seat_name(Player seat) const {
    return role_seat_names() ? kSeatNames[static_cast<std::size_t>(role_of(seat))]
                             : kMatchSeatNames[static_cast<std::size_t>(seat)];
  }
  int game_index() const { return game_no_; }
  int game_score(int g) const { return results_[static_cast<std::size_t>(g)]; }
  // The seat that made the maze of game g.
  Player maker_seat_of_game(int g) const { return (first_maker_ > 0 ? 1 : 0) ^ (g & 1); }
  // The maze of finished game g (< game_index()) as it ended, every card face up; no cards when
  // it is unknown (a body from before the earlier mazes were kept). Public once that game is over.
  Layout earlier_maze(int g) const;
  // Who won game g (a role): the game under way or one already finished.
  Player game_winner(int g) const;
  // Points per seat over the match so far (each seat scores in the games it ran).
  std::array<int, 2> totals() const;
  const Task* top() const { return depth_ > 0 ? &stack_[depth_ - 1] : nullptr; }
  int depth() const { return depth_; }
  const std::array<TenResult, 3>& tens() const { return tens_; }
  std::vector<int> discards() const;
  bool compass_usable() const;
  int score() const;  // G1.3.7: the Runner's score (0 unless she won)
  // The hearts' sums of the 10♠ trial: a heart of value v or >= 2 hearts summing to v (A♥ = 14).
  bool hand_matches(int value) const;
  // The A♥ save options (G1.3.3 step 4), as actions.
  void save_actions(ActionList& out) const;
  // The King-trial layout before the Maker's flip (the Runner studied it), as face-up cards.
  std::uint64_t king_before_up() const;
  // Special hearts: powers used (bit per Power) and those a Recall may repeat (A-G1-23).
  std::uint8_t used_powers() const { return used_powers_; }
  // Hearts lost to damage: the random pick or an A♥ save (bit per rank; A-G1-49).
  std::uint16_t lost_to_damage() const { return lost_to_damage_; }
  std::uint8_t recallable() const;
  int question_length() const { return q_len_; }
  const std::uint16_t* question() const { return q_.data(); }
  int num_answers() const { return num_answers_; }
  const Answer& answer(int i) const { return answers_[i]; }
  // How many current special-heart answers and ten-count answers `l` contradicts (resample).
  // `graph_kept`: the caller knows that `l` has the diamond graph (the cells of the diamonds and
  // the Joker) of a layout that contradicts no Pathfinder answer, so those are not looked at.
  // `graph`, when given, follows `l` (a basic layout) and answers the Pathfinder's questions.
  // The count stops once it is above `stop_above` (it is then above it, not exact).
  int knowledge_violation(const Layout& l, bool graph_kept = false,
                          const StepGraph* graph = nullptr,
                          int stop_above = std::numeric_limits<int>::max()) const;
  // knowledge_violation(...) == 0, stopping at the first contradiction (the resample's mixing
  // asks this on every swap it tries).
  bool knowledge_holds(const Layout& l, bool graph_kept = false,
                       const StepGraph* graph = nullptr) const;

  // For tests: force the next damage chance outcome, or set up positions directly.
  static State from_layout(const Layout& layout, const Options& options);

 private:
  explicit State(const Config& config) : config_(config) {
    layout_.topo = config.topo;
    layout_.advanced = config.advanced;
    for (auto& maze : earlier_) maze.fill(-1);
    if (config.roles != Roles::kRandom) first_maker_ = config.roles == Roles::kSeat0Maker ? 0 : 1;
  }
  Task& top_task() { return stack_[depth_ - 1]; }
  void push(const Task& t) { stack_[depth_++] = t; }
  void pop() { --depth_; }
  Player role_to_act() const;
  Player swap() const { return (first_maker_ > 0 ? 1 : 0) ^ (game_no_ & 1); }
  void settle();
  void finish(Player winner);
  void next_game();
  void finish_build();
  void expand_encounter(const Task& t);
  void push_damage(std::uint8_t flags, int units = 1);
  void push_encounter(int cell);
  bool build_ok(const Layout& l) const;
  void flip_up(int cell) { layout_.set_up(layout_.at[cell], true); }
  void discard(int rank);
  void discard_lost_to_damage(int rank);

  void legal_build(ActionList& out) const;
  std::array<std::uint64_t, kPlacementClasses> placement_classes() const;
  bool class_fits(std::uint64_t cls, int cell, Layout& scratch) const;
  Action random_placement(Rng& rng, ActionList& scratch) const;
  Action random_rearrangement(Rng& rng, ActionList& scratch, bool mover, Action extra) const;
  Action random_token(Rng& rng, ActionList& scratch) const;
  void legal_main(ActionList& out) const;
  void legal_alteration(ActionList& out) const;
  void legal_rearrangements(ActionList& out, bool mover) const;
  bool mover_ok(Action a) const;
  bool power_use_ok(Action a) const;
  bool mover_fixed(int card) const;  // A♦ or the face-up Joker: the Mover never moves them
  void legal_powers(ActionList& out) const;
  void legal_power_task(ActionList& out) const;
  void apply_power_use(Action a);
  void apply_power_task(Action a);
  void forget_positions();
  // The layout after swap or move `a` (re-anchored when a card went outside the box) and the
  // shift applied; false when `a` is no swap or move of a card to a vacant cell of the frame.
  bool rearranged(Action a, Layout& out, Shift& shift) const;
  // The layout moved by `shift` (A-G1-48): what the Runner was told follows it (cells named).
  void follow_shift(const Shift& shift);
  void legal_cells_face_down(ActionList& out, Action base, int per, int extra) const;
  bool placement_ok(int card, int cell) const;
  bool alteration_ok(Action a) const;
  std::string decision_reason(Action a) const;
  std::string alteration_seen(Action a) const;

  void apply_main(Action a);
  void apply_damage(Action a);
  void apply_trial(Action a);
  void apply_alteration(Action a);
  void record_ten(const Task& t, int suit, int guess);

  State resample_runner(Rng& rng) const;
  State random_build(int cards, Rng& rng) const;
  // Whether `observer`'s view shows every card: the Maker's, the omniscient one, or the game over.
  bool sees_everything(Player observer) const {
    return role_of(observer) == kMaker || observer == kOmniscient || phase_ == Phase::kOver;
  }
  // The view's parts (view.cpp); `all`: the observer sees everything.
  void add_base_view(Json& v, Player observer, bool all) const;
  Json earlier_games_json() const;
  Json match_json() const;
  Json cards_json(bool all) const;
  void add_play_view(Json& v) const;
  Json pending_json(bool all) const;
  static Json task_json(const Task& t, bool all);
  Json tens_json() const;
  static Json ten_json(const TenResult& r);
  Json king_before_json() const;
  Json answers_json() const;
  Json answer_json(const Answer& a) const;
  void add_closing_view(Json& v, Player observer) const;
  // The same parts written as text (view_write.cpp); `occupied`: the cells holding cards, in order.
  void write_base_view(Player observer, bool all, std::span<const int> occupied,
                       JsonTextWriter& w) const;
  void write_cards(bool all, std::span<const int> occupied, JsonTextWriter& w) const;
  void write_play_view(std::span<const int> occupied, JsonTextWriter& w) const;
  void write_knowledge_view(bool all, JsonTextWriter& w) const;

  friend struct JsonIo;
  friend struct ViewReference;  // view_test.cpp: the view construction view() replaced

  Config config_;
  Layout layout_;
  std::array<Task, kMaxTasks> stack_{};
  std::array<TenResult, 3> tens_{};
  std::array<std::int8_t, 13> discards_{};
  std::int8_t num_discards_ = 0;
  std::int8_t depth_ = 0;
  std::uint16_t hand_ = 0x3ffe;       // all 13 hearts
  std::uint16_t lost_to_damage_ = 0;  // discarded hearts lost to damage (A-G1-49)
  std::int8_t compass_rank_ = 0;
  CompassState compass_ = CompassState::kNone;
  Phase phase_ = Phase::kBuild;
  std::int8_t winner_ = -1;
  std::uint8_t used_powers_ = 0;
  std::int8_t q_len_ = 0;
  std::int8_t num_answers_ = 0;
  std::int32_t last_cancel_ = -1;  // the Mover's last cancelled proposal (she was told)
  Shift cancel_since_;             // the layout's shift since that proposal
  std::array<std::uint16_t, aql::kMaxTokens> q_{};
  std::array<Answer, kMaxAnswers> answers_{};
  std::int8_t game_no_ = 0;
  std::int8_t first_maker_ = -1;  // the seat that makes the first maze; -1 until drawn
  std::array<std::int8_t, kMaxMatchGames> results_{};
  // The card cells of each finished game's maze at its end (G1.3.7 match play; 240 bytes, not
  // whole layouts, to keep the state cheap to copy).
  std::array<std::array<std::int16_t, kNumCards>, kMaxMatchGames - 1> earlier_{};
};

}  // namespace mw::pathfinder_cards
