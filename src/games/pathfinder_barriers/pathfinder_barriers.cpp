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

Action State::random_legal_action(Rng& rng, ActionList& scratch) const {
  if (phase_ == Phase::kPlay) {  // the draw the list would give, without writing the list
    Action base = 0;
    const std::uint32_t choices = play_choices(base);
    return base +
           nth_set_bit(choices, rng.below(static_cast<std::uint64_t>(std::popcount(choices))));
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
    base = kEnterBase;
    for (int r = 0; r < kSize; ++r) {
      if (entry_allowed(r)) choices |= 1u << r;
    }
    return choices;
  }
  // Slot bits by square: the v-slot right of square sq is v bit sq, the h-slot below it h bit sq.
  static_assert(kExit == kMoveBase + 4);
  const SlotSet asked = config_.allow_redundant ? SlotSet{} : t.blocked;
  const int sq = t.pos, r = row_of(sq), c = col_of(sq);
  const auto open = [](std::uint64_t blocked, int bit) { return ((blocked >> bit) & 1) == 0; };
  base = kMoveBase;
  if (r > 0 && open(asked.h, sq - kSize)) choices |= 1u << static_cast<int>(Dir::kUp);
  if (c < kSize - 1 && open(asked.v, sq)) choices |= 1u << static_cast<int>(Dir::kRight);
  if (r < kSize - 1 && open(asked.h, sq)) choices |= 1u << static_cast<int>(Dir::kDown);
  if (c > 0 && open(asked.v, sq - 1)) choices |= 1u << static_cast<int>(Dir::kLeft);
  if (c == 0 && open(asked.l, r)) choices |= 1u << 4;
  return choices;
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
  Tracking& t = track_[to_move_];
  const HomeGrid& g = home_[1 - to_move_];
  last_seat_ = to_move_;
  last_from_ = t.pos;
  if (g.barriers.contains(slot)) {
    t.blocked.add(slot);
    last_yes_ = false;
    end_turn();
    return;
  }
  t.open.add(slot);
  last_yes_ = true;
  t.pos = static_cast<std::int8_t>(target);
  t.visited |= sq_bit(target);
  t.last_exit = -1;
  if (target == g.pawn) {
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
      const Tracking& t = track_[to_move_];
      if (a < kMoveBase) {
        const int r = static_cast<int>(a - kEnterBase);
        ask(kFirstL + r, r * kSize);
      } else if (a < kExit) {
        const auto d = static_cast<Dir>(a - kMoveBase);
        ask(slot_between(t.pos, d), neighbour(t.pos, d));
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
