// Pathfinder with barriers: the options and the state machine (set-up, questions, the end).
#include "games/pathfinder_barriers/pathfinder_barriers.h"

#include <fmt/format.h>

#include <algorithm>

#include "core/error.h"

namespace mw::pathfinder_barriers {

// ---- options ----

std::vector<OptionSpec> option_specs() {
  return {
      OptionSpec::boolean("allowRedundantQuestions", false,
                          "allow asking about a slot already known to be blocked, a de facto "
                          "pass"),  // A-G2-6
      OptionSpec::choice("firstPlayer", "random", {"random", "north", "south"},
                         "who asks first; random: drawn at the start"),  // A-G2-12
      OptionSpec::integer("maxBarriers", kDefaultMaxBarriers, 0, kSlots,
                          "barrier chips each player may use (30 in the rules)"),  // G2.1
  };
}

Config Config::from_options(const Options& options) {
  Config c;
  c.allow_redundant = options.get_bool("allowRedundantQuestions");
  const std::string first = options.get_string("firstPlayer");
  c.first_player = first == "north" ? 0 : first == "south" ? 1 : -1;
  c.max_barriers = static_cast<std::int8_t>(options.get_int("maxBarriers"));
  return c;
}

// ---- the state machine ----

State State::initial(const Options& options) {
  return State(Config::from_options(options));
}

State State::for_search(const Options& options, const HomeGrid& target, Player p) {
  State s = initial(options);
  s.home_[1 - p] = target;
  s.home_[p].pawn = kSquares - 1;  // never searched: the other seat only passes
  s.setup_done_ = 3;
  s.begin_play(p);
  return s;
}

void State::pass_turn() {
  if (phase_ == Phase::kPlay) end_turn();
}

namespace {

// What the moves from one square need, by square: a table instead of branches on the row and the
// column, which a rollout's random walk makes unpredictable.
struct Moves {
  std::uint8_t on_grid;   // bit d: direction d stays on the grid; bit 4: exit (column 1)
  std::uint8_t up_bit;    // the h bit of the slot above (0 in row A, masked by on_grid)
  std::uint8_t left_bit;  // the v bit of the slot on the left (0 in column 1, masked)
  std::uint8_t row;
  // By direction: the bit of the slot crossed in its word (h up and down, v right and left; 0 off
  // the grid) and the square reached (neighbour).
  std::array<std::uint8_t, 4> bit;
  std::array<std::int8_t, 4> target;
};

constexpr std::array<Moves, kSquares> kMovesFrom = [] {
  std::array<Moves, kSquares> out{};
  for (int sq = 0; sq < kSquares; ++sq) {
    Moves& m = out[static_cast<std::size_t>(sq)];
    for (Dir d : kAllDirs) {
      const auto i = static_cast<std::size_t>(d);
      m.target[i] = static_cast<std::int8_t>(neighbour(sq, d));
      if (m.target[i] >= 0) m.on_grid = static_cast<std::uint8_t>(m.on_grid | (1u << i));
    }
    if (col_of(sq) == 0) m.on_grid = static_cast<std::uint8_t>(m.on_grid | (1u << 4));
    m.up_bit = static_cast<std::uint8_t>(row_of(sq) > 0 ? sq - kSize : 0);
    m.left_bit = static_cast<std::uint8_t>(col_of(sq) > 0 ? sq - 1 : 0);
    m.bit = {m.up_bit, static_cast<std::uint8_t>(sq), static_cast<std::uint8_t>(sq), m.left_bit};
    m.row = static_cast<std::uint8_t>(row_of(sq));
  }
  return out;
}();

}  // namespace

bool State::entry_allowed(int row) const {
  const Tracking& t = track_[to_move_];
  const auto known_blocked = [&](int r) { return ((t.blocked.l >> r) & 1) != 0; };
  if (known_blocked(row) && !config_.allow_redundant) return false;
  if (row != t.last_exit) return true;
  // A-G2-14: the row just exited only when every other row is known to be blocked. The test is
  // on what is known, not on what may be asked: under allowRedundantQuestions the other rows stay
  // askable (each a sure "No"), and without the exception two such seekers would only pass the
  // turn back and forth for ever (A-G2-15).
  for (int r = 0; r < kSize; ++r) {
    if (r != row && !known_blocked(r)) return false;
  }
  return true;
}

void State::setup_legal(ActionList& out) const {
  const HomeGrid& g = home_[to_move_];
  out.clear();
  if (g.pawn < 0) {
    for (int sq = 0; sq < kSquares; ++sq) out.push_back(kPawnBase + sq);
    return;
  }
  if (g.barriers.count() < config_.max_barriers) {
    // Only chips that keep a route to the pawn: a setup never reaches a dead end.
    const SlotSet free = kAllSlots.minus(g.barriers).minus(g.cutting_slots());
    for (std::uint64_t m = free.v; m != 0; m &= m - 1) {
      const int sq = std::countr_zero(m);
      out.push_back(kBarrierBase + row_of(sq) * 5 + col_of(sq));
    }
    for (std::uint64_t m = free.h; m != 0; m &= m - 1) {
      out.push_back(kBarrierBase + kFirstH + std::countr_zero(m));
    }
    for (unsigned m = free.l; m != 0; m &= m - 1) {
      out.push_back(kBarrierBase + kFirstL + std::countr_zero(m));
    }
  }
  out.push_back(kDone);
}

namespace {

// nth_set_bit of every mask of six bits: a rollout draws one of at most six choices at each step,
// and a table has no loop whose length the processor must guess.
constexpr std::array<std::array<std::int8_t, kSize>, 64> kNthOfSix = [] {
  std::array<std::array<std::int8_t, kSize>, 64> out{};
  for (std::uint64_t m = 0; m < 64; ++m) {
    for (int k = 0; k < std::popcount(m); ++k) {
      out[m][k] = static_cast<std::int8_t>(nth_set_bit(m, static_cast<std::uint64_t>(k)));
    }
  }
  return out;
}();

}  // namespace

Action State::random_legal_action(Rng& rng, ActionList& scratch) const {
  if (phase_ == Phase::kPlay) {  // the draw the list would give, without writing the list
    Action base = 0;
    const std::uint32_t choices = play_choices(base);  // at most six bits
    return base + kNthOfSix[choices][rng.below(static_cast<std::uint64_t>(std::popcount(choices)))];
  }
  const HomeGrid& g = home_[to_move_];
  if (phase_ != Phase::kSetup || g.pawn < 0 || g.barriers.count() >= config_.max_barriers) {
    legal_actions(scratch);
    return scratch[rng.below(scratch.size())];
  }
  // The empty slots in setup_legal's order, and kDone after them.
  const SlotSet empty = kAllSlots.minus(g.barriers);
  const int in_v = std::popcount(empty.v), in_h = std::popcount(empty.h);
  const int choices = empty.count() + 1;
  for (;;) {
    const int k = static_cast<int>(rng.below(static_cast<std::uint64_t>(choices)));
    if (k == choices - 1) return kDone;
    HomeGrid with = g;
    Action a;
    if (k < in_v) {
      const int sq = nth_set_bit(empty.v, static_cast<std::uint64_t>(k));
      with.barriers.v |= sq_bit(sq);
      a = kBarrierBase + row_of(sq) * 5 + col_of(sq);
    } else if (k < in_v + in_h) {
      const int bit = nth_set_bit(empty.h, static_cast<std::uint64_t>(k - in_v));
      with.barriers.h |= sq_bit(bit);
      a = kBarrierBase + kFirstH + bit;
    } else {
      const int row = nth_set_bit(empty.l, static_cast<std::uint64_t>(k - in_v - in_h));
      with.barriers.l = static_cast<std::uint8_t>(with.barriers.l | (1u << row));
      a = kBarrierBase + kFirstL + row;
    }
    if (with.valid()) return a;
  }
}

std::uint32_t State::play_choices(Action& base) const {
  const Tracking& t = track_[to_move_];
  std::uint32_t choices = 0;
  if (t.pos < 0) {
    // entry_allowed for every row at once (a rollout asks at each entry).
    base = kEnterBase;
    const std::uint32_t all_rows = 0x3f, known_blocked = t.blocked.l;
    choices = config_.allow_redundant ? all_rows : all_rows & ~known_blocked;
    if (t.last_exit >= 0) {
      const std::uint32_t exited = 1u << t.last_exit, others = all_rows & ~exited;
      if ((known_blocked & others) != others) choices &= ~exited;
    }
    return choices;
  }
  // Slot bits by square: the v-slot right of square sq is v bit sq, the h-slot below it h bit sq.
  // Without branches on the square (a rollout's squares are random): the bit of each direction's
  // slot is read from its word, and the directions that leave the grid are masked off after.
  static_assert(kExit == kMoveBase + 4);
  const SlotSet asked = config_.allow_redundant ? SlotSet{} : t.blocked;
  const Moves& m = kMovesFrom[static_cast<std::size_t>(t.pos)];
  const std::uint32_t blocked = static_cast<std::uint32_t>(
      ((asked.h >> m.up_bit) & 1) | (((asked.v >> t.pos) & 1) << 1) |
      (((asked.h >> t.pos) & 1) << 2) | (((asked.v >> m.left_bit) & 1) << 3) |
      (((asked.l >> m.row) & 1u) << 4));
  base = kMoveBase;
  return m.on_grid & ~blocked;
}

void State::play_legal(ActionList& out) const {
  Action base = 0;
  out.clear();
  for (std::uint32_t m = play_choices(base); m != 0; m &= m - 1) {
    out.push_back(base + std::countr_zero(m));
  }
}

void State::legal_actions(ActionList& out) const {
  switch (phase_) {
    case Phase::kSetup:
      setup_legal(out);
      return;
    case Phase::kChooseFirst:
      out.assign({kFirstPlayerBase, kFirstPlayerBase + 1});
      return;
    case Phase::kPlay:
      play_legal(out);
      return;
    case Phase::kOver:
      out.clear();
      return;
  }
}

std::vector<ChanceOutcome> State::chance_outcomes() const {
  if (phase_ != Phase::kChooseFirst) return {};
  return {{kFirstPlayerBase, 0.5}, {kFirstPlayerBase + 1, 0.5}};
}

Action State::sample_chance(Rng& rng) const {
  return kFirstPlayerBase + static_cast<Action>(rng.below(2));
}

std::string State::setup_illegal_reason(Action a) const {
  const HomeGrid& g = home_[to_move_];
  if (g.pawn < 0) {
    if (a >= kPawnBase && a < kPawnBase + kSquares) return {};
    return "first place your short pawn on a square of your home grid";  // G2.2 step 1
  }
  if (a == kDone) return {};
  if (a >= kPawnBase && a < kPawnBase + kSquares) {
    return fmt::format("your short pawn is already on {}", square_name(g.pawn));
  }
  if (a >= kBarrierBase && a < kBarrierBase + kSlots) {
    const int slot = static_cast<int>(a - kBarrierBase);
    if (g.barriers.contains(slot)) {
      return fmt::format("slot {} already holds a chip", slot_name(slot));
    }
    if (g.barriers.count() >= config_.max_barriers) {
      return fmt::format("all {} barrier chips are used", config_.max_barriers);  // G2.1
    }
    HomeGrid with = g;
    with.barriers.add(slot);
    if (!with.valid()) {
      return fmt::format(
          "a chip in {} would cut every route from an open entry slot to your pawn on {}",  // G2.2
                                                                                            // step
                                                                                            // 2,
                                                                                            // A-G2-9
          slot_name(slot), square_name(g.pawn));
    }
    return {};
  }
  return "the home grids are being set up: place your pawn, insert chips, or say done";
}

std::string State::play_illegal_reason(Action a) const {
  const Tracking& t = track_[to_move_];
  const bool off = t.pos < 0;
  if (a >= kEnterBase && a < kEnterBase + kSize) {
    const int r = static_cast<int>(a - kEnterBase);
    if (!off) {
      return fmt::format("your explorer is on {}; you enter only from off the grid",
                         square_name(t.pos));
    }
    if (((t.blocked.l >> r) & 1) && !config_.allow_redundant) {
      return fmt::format("the entry slot {} is known to be blocked",  // A-G2-6
                         slot_name(kFirstL + r));
    }
    if (!entry_allowed(r)) {
      return fmt::format("you just exited at {}: re-enter at another row",  // rule 8, A-G2-8
                         square_name(r * kSize));
    }
    return {};
  }
  if (a >= kMoveBase && a < kMoveBase + 4) {
    const auto d = static_cast<Dir>(a - kMoveBase);
    if (off) return "your explorer is off the grid: first enter at a column-1 square";  // rule 2
    const int slot = slot_between(t.pos, d);
    if (slot < 0) {
      if (d == Dir::kLeft) return "to leave the grid from column 1, exit";  // rule 8
      return fmt::format("moving {} from {} leaves the grid", dir_name(d), square_name(t.pos));
    }
    if (t.blocked.contains(slot) && !config_.allow_redundant) {
      return fmt::format("the slot {} is known to be blocked", slot_name(slot));  // A-G2-6
    }
    return {};
  }
  if (a == kExit) {
    if (off) return "your explorer is already off the grid";
    if (col_of(t.pos) != 0) return "you exit only from a column-1 square";  // rule 8
    const int slot = kFirstL + row_of(t.pos);
    if (t.blocked.contains(slot) && !config_.allow_redundant) {
      return fmt::format("the entry slot {} is known to be blocked", slot_name(slot));  // A-G2-6
    }
    return {};
  }
  if (a < kEnterBase) return "the home grids are set up; the search is on";
  return "the first player is already chosen";
}

std::string State::illegal_reason(Action a) const {
  if (phase_ == Phase::kOver) return "the game is over";
  const bool known = (a >= kPawnBase && a < kPawnBase + kSquares) ||
                     (a >= kBarrierBase && a < kBarrierBase + kSlots) || a == kDone ||
                     (a >= kEnterBase && a <= kExit) ||
                     (a >= kFirstPlayerBase && a < kFirstPlayerBase + 2);
  if (!known) return fmt::format("{} is not a Pathfinder action", a);
  switch (phase_) {
    case Phase::kSetup:
      return setup_illegal_reason(a);
    case Phase::kChooseFirst:
      return a >= kFirstPlayerBase ? "" : "the first player is being chosen";
    case Phase::kPlay:
      return play_illegal_reason(a);
    case Phase::kOver:
      break;
  }
  return "the game is over";
}

void State::begin_play(Player first) {
  phase_ = Phase::kPlay;
  to_move_ = static_cast<std::int8_t>(first);
  first_ = static_cast<std::int8_t>(first);
  track_[first].turns = 1;
}

void State::end_turn() {
  to_move_ = static_cast<std::int8_t>(1 - to_move_);
  if (track_[to_move_].turns < kMaxTurns) ++track_[to_move_].turns;
}

// One question, answered truthfully by the other seat's home grid: a "Yes" moves the explorer
// (and wins on the pawn, rule 11), a "No" is recorded and ends the turn (rule 5, A-G2-5).
void State::ask(int slot, int target) {
  const bool chip = home_[1 - to_move_].barriers.contains(slot);
  Tracking& t = track_[to_move_];
  SlotSet& answers = chip ? t.blocked : t.open;
  answers.add(slot);
  answer(chip, target);
}

// ask() for a step inside the grid, the slot read from its word without branching on whether it
// is a v or an h slot (a random walk turns unpredictably).
void State::ask_step(Dir d) {
  Tracking& t = track_[to_move_];
  const Moves& m = kMovesFrom[static_cast<std::size_t>(t.pos)];
  const auto i = static_cast<std::size_t>(d);
  std::uint64_t SlotSet::*const word = (i & 1) != 0 ? &SlotSet::v : &SlotSet::h;
  const std::uint64_t bit = sq_bit(m.bit[i]);
  const bool chip = (home_[1 - to_move_].barriers.*word & bit) != 0;
  SlotSet& answers = chip ? t.blocked : t.open;
  answers.*word |= bit;
  answer(chip, m.target[i]);
}

// The rest of a question once its answer is recorded in the tracking grid.
void State::answer(bool chip, int target) {
  Tracking& t = track_[to_move_];
  last_seat_ = to_move_;
  last_from_ = t.pos;
  last_yes_ = !chip;
  if (chip) {
    end_turn();
    return;
  }
  t.pos = static_cast<std::int8_t>(target);
  t.visited |= sq_bit(target);
  t.last_exit = -1;
  if (target == home_[1 - to_move_].pawn) {
    phase_ = Phase::kOver;
    winner_ = to_move_;
  }
}

void State::apply_legal(Action a) {
  switch (phase_) {
    case Phase::kSetup: {
      HomeGrid& g = home_[to_move_];
      if (a == kDone) {
        setup_done_ = static_cast<std::uint8_t>(setup_done_ | (1u << to_move_));
        if (to_move_ == 0) {
          to_move_ = 1;
        } else if (config_.first_player >= 0) {
          begin_play(config_.first_player);
        } else {
          phase_ = Phase::kChooseFirst;
        }
      } else if (a < kBarrierBase) {
        g.pawn = static_cast<std::int8_t>(a - kPawnBase);
      } else {
        g.barriers.add(static_cast<int>(a - kBarrierBase));
      }
      return;
    }
    case Phase::kChooseFirst:
      begin_play(static_cast<Player>(a - kFirstPlayerBase));
      return;
    case Phase::kPlay: {
      last_action_ = static_cast<std::int16_t>(a);
      if (a < kMoveBase) {
        const int r = static_cast<int>(a - kEnterBase);
        ask(kFirstL + r, r * kSize);
      } else if (a < kExit) {
        ask_step(static_cast<Dir>(a - kMoveBase));
      } else {
        // Exiting crosses the entry slot like a move (A-G2-7); a "Yes" ends the turn (rule 8).
        Tracking& me = track_[to_move_];
        const int row = row_of(me.pos), slot = kFirstL + row;
        last_seat_ = to_move_;
        last_from_ = me.pos;
        last_yes_ = !home_[1 - to_move_].barriers.contains(slot);
        if (last_yes_) {
          me.open.add(slot);
          me.pos = -1;
          me.last_exit = static_cast<std::int8_t>(row);
        } else {
          me.blocked.add(slot);
        }
        end_turn();
      }
      return;
    }
    case Phase::kOver:
      return;
  }
}

std::vector<double> State::returns() const {
  if (phase_ != Phase::kOver || winner_ < 0) return {0.0, 0.0};
  return winner_ == 0 ? std::vector<double>{1.0, -1.0} : std::vector<double>{-1.0, 1.0};
}

}  // namespace mw::pathfinder_barriers
