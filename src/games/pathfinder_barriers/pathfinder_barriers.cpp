#include "games/pathfinder_barriers/pathfinder_barriers.h"

#include <fmt/format.h>

#include <algorithm>

#include "core/error.h"
#include "games/pathfinder_barriers/agents.h"

namespace mw::pathfinder_barriers {
namespace {

// Column-1 squares of each 6-bit row mask.
constexpr std::array<std::uint64_t, 64> kEntrySquares = [] {
  std::array<std::uint64_t, 64> out{};
  for (int m = 0; m < 64; ++m) out[m] = entry_squares(static_cast<std::uint8_t>(m));
  return out;
}();

// One step of the flood: the squares next to `x` through open slots.
inline std::uint64_t spread(std::uint64_t x, std::uint64_t open_right, std::uint64_t open_down) {
  return x | ((x & open_right) << 1) | ((x >> 1) & open_right) | ((x & open_down) << kSize) |
         ((x >> kSize) & open_down);
}

// A route from the outside to `target` through open slots: the slots it crosses, entry first.
// Returns the number of slots (0 when there is none).
// `squares[j]` receives the square the route reaches through out[j].
int route_slots(const SlotSet& barriers, int target, std::array<int, kSquares + 1>& out,
                std::array<int, kSquares + 1>& squares) {
  const std::uint64_t open_right = kHasRight & ~barriers.v, open_down = kHasBelow & ~barriers.h;
  std::array<std::uint64_t, kSquares + 1> layers{};
  layers[0] = kEntrySquares[~barriers.l & 0x3f];
  std::uint64_t seen = layers[0];
  int k = 0;
  while ((layers[k] & sq_bit(target)) == 0) {
    const std::uint64_t next = spread(layers[k], open_right, open_down) & ~seen;
    if (next == 0) return 0;
    seen |= next;
    layers[++k] = next;
  }
  int n = k + 1, cur = target;
  for (int j = k; j > 0; --j) {
    squares[j] = cur;
    for (Dir d : kAllDirs) {
      const int nb = neighbour(cur, d);
      if (nb < 0 || (layers[j - 1] & sq_bit(nb)) == 0) continue;
      const int slot = slot_between(cur, d);
      if (barriers.contains(slot)) continue;
      out[j] = slot;
      cur = nb;
      break;
    }
  }
  squares[0] = cur;
  out[0] = kFirstL + row_of(cur);
  return n;
}

}  // namespace

// ---- slots and geometry ----

bool SlotSet::contains(int slot) const {
  if (slot < kFirstH) return (v >> (slot / 5 * kSize + slot % 5)) & 1;
  if (slot < kFirstL) return (h >> (slot - kFirstH)) & 1;
  return (l >> (slot - kFirstL)) & 1;
}

void SlotSet::add(int slot) {
  if (slot < kFirstH) {
    v |= sq_bit(slot / 5 * kSize + slot % 5);
  } else if (slot < kFirstL) {
    h |= sq_bit(slot - kFirstH);
  } else {
    l = static_cast<std::uint8_t>(l | (1u << (slot - kFirstL)));
  }
}

void SlotSet::remove(int slot) {
  if (slot < kFirstH) {
    v &= ~sq_bit(slot / 5 * kSize + slot % 5);
  } else if (slot < kFirstL) {
    h &= ~sq_bit(slot - kFirstH);
  } else {
    l = static_cast<std::uint8_t>(l & ~(1u << (slot - kFirstL)));
  }
}

std::vector<int> SlotSet::slots() const {
  std::vector<int> out;
  for (std::uint64_t m = v; m != 0; m &= m - 1) {
    const int sq = std::countr_zero(m);
    out.push_back(row_of(sq) * 5 + col_of(sq));
  }
  for (std::uint64_t m = h; m != 0; m &= m - 1) out.push_back(kFirstH + std::countr_zero(m));
  for (unsigned m = l; m != 0; m &= m - 1) out.push_back(kFirstL + std::countr_zero(m));
  return out;
}

int neighbour(int sq, Dir d) {
  const int r = row_of(sq) + row_delta(d), c = col_of(sq) + col_delta(d);
  if (r < 0 || r >= kSize || c < 0 || c >= kSize) return -1;
  return r * kSize + c;
}

int slot_between(int sq, Dir d) {
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

std::uint64_t flood(std::uint64_t seeds, const SlotSet& barriers) {
  const std::uint64_t open_right = kHasRight & ~barriers.v, open_down = kHasBelow & ~barriers.h;
  std::uint64_t x = seeds;
  for (;;) {
    const std::uint64_t next = spread(x, open_right, open_down);
    if (next == x) return x;
    x = next;
  }
}

std::uint64_t reachable_from_entries(const SlotSet& barriers) {
  return flood(kEntrySquares[~barriers.l & 0x3f], barriers);
}

// ---- home grids ----

std::string HomeGrid::invalid_reason(int max_barriers) const {
  if (pawn < 0) return "no short pawn is placed (G2.2 step 1)";
  if (barriers.count() > max_barriers) {
    return fmt::format("{} barrier chips; at most {} may be used (G2.1)", barriers.count(),
                       max_barriers);
  }
  if (valid()) return {};
  const std::string where = square_name(pawn);
  if ((flood(kColumn1, barriers) & sq_bit(pawn)) == 0) {
    return fmt::format(
        "no route leads from a column-1 square to the pawn on {}: it is walled in (G2.2 step 2)",
        where);
  }
  return fmt::format(
      "the only routes to the pawn on {} start at column-1 squares whose entry slot is blocked "
      "(A-G2-9)",
      where);
}

// Only a slot of one route to the pawn can cut every route. Number the route's nodes 0 (the
// outside) .. n (the pawn); route slot j joins nodes j and j + 1. With all route slots closed, the
// grid falls into components; slot j can be bypassed exactly when one component holds a route
// node <= j and one >= j + 1. One flood per component (usually a few) instead of one per slot.
SlotSet HomeGrid::cutting_slots() const {
  SlotSet cut;
  std::array<int, kSquares + 1> route{}, squares{};
  const int n = route_slots(barriers, pawn, route, squares);
  SlotSet walls = barriers;
  for (int i = 0; i < n; ++i) walls.add(route[i]);
  std::uint64_t bypassed = 0;  // bit j: route slot j can be bypassed
  std::uint64_t labelled = 0;
  // A component whose lowest route node is `lo` covers the slots lo .. (its highest node) - 1.
  const auto cover = [&](std::uint64_t comp, int lo) {
    int hi = lo;
    for (int j = 0; j < n; ++j) {
      if ((comp & sq_bit(squares[j])) != 0) hi = j + 1;
    }
    bypassed |= ((std::uint64_t{1} << hi) - 1) & ~((std::uint64_t{1} << lo) - 1);
    labelled |= comp;
  };
  cover(flood(kEntrySquares[~walls.l & 0x3f], walls), 0);  // the outside's component
  for (int j = 0; j < n; ++j) {
    if ((labelled & sq_bit(squares[j])) == 0) cover(flood(sq_bit(squares[j]), walls), j + 1);
  }
  for (int j = 0; j < n; ++j) {
    if (((bypassed >> j) & 1) == 0) cut.add(route[j]);
  }
  return cut;
}

// ---- options ----

std::vector<OptionSpec> option_specs() {
  return {
      OptionSpec::boolean("allowRedundantQuestions", false,
                          "allow asking about a slot already known to be blocked, a de facto "
                          "pass (A-G2-6)"),
      OptionSpec::choice("firstPlayer", "random", {"random", "north", "south"},
                         "who asks first (A-G2-12); random is a chance node"),
      OptionSpec::integer("maxBarriers", kDefaultMaxBarriers, 0, kSlots,
                          "barrier chips each player may use (G2.1: 30)"),
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

void State::play_legal(ActionList& out) const {
  const Tracking& t = track_[to_move_];
  out.clear();
  if (t.pos < 0) {
    for (int r = 0; r < kSize; ++r) {
      if (entry_allowed(r)) out.push_back(kEnterBase + r);
    }
    return;
  }
  for (Dir d : kAllDirs) {
    const int slot = slot_between(t.pos, d);
    if (slot >= 0 && (config_.allow_redundant || !t.blocked.contains(slot))) {
      out.push_back(kMoveBase + static_cast<int>(d));
    }
  }
  if (col_of(t.pos) == 0 &&
      (config_.allow_redundant || !t.blocked.contains(kFirstL + row_of(t.pos)))) {
    out.push_back(kExit);
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
    return "first place your short pawn on a square of your home grid (G2.2 step 1)";
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
      return fmt::format("all {} barrier chips are used (G2.1)", config_.max_barriers);
    }
    HomeGrid with = g;
    with.barriers.add(slot);
    if (!with.valid()) {
      return fmt::format(
          "a chip in {} would cut every route from an open entry slot to your pawn on {} (G2.2 "
          "step 2, A-G2-9)",
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
      return fmt::format("the entry slot {} is known to be blocked (A-G2-6)",
                         slot_name(kFirstL + r));
    }
    if (!entry_allowed(r)) {
      return fmt::format("you just exited at {}: re-enter at another row (rule 8, A-G2-8)",
                         square_name(r * kSize));
    }
    return {};
  }
  if (a >= kMoveBase && a < kMoveBase + 4) {
    const auto d = static_cast<Dir>(a - kMoveBase);
    if (off) return "your explorer is off the grid: first enter at a column-1 square (rule 2)";
    const int slot = slot_between(t.pos, d);
    if (slot < 0) {
      if (d == Dir::kLeft) return "to leave the grid from column 1, exit (rule 8)";
      return fmt::format("moving {} from {} leaves the grid", dir_name(d), square_name(t.pos));
    }
    if (t.blocked.contains(slot) && !config_.allow_redundant) {
      return fmt::format("the slot {} is known to be blocked (A-G2-6)", slot_name(slot));
    }
    return {};
  }
  if (a == kExit) {
    if (off) return "your explorer is already off the grid";
    if (col_of(t.pos) != 0) return "you exit only from a column-1 square (rule 8)";
    const int slot = kFirstL + row_of(t.pos);
    if (t.blocked.contains(slot) && !config_.allow_redundant) {
      return fmt::format("the entry slot {} is known to be blocked (A-G2-6)", slot_name(slot));
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

// ---- resample ----

namespace {

int kth_bit(std::uint64_t m, std::uint64_t k) {
  for (; k > 0; --k) m &= m - 1;
  return std::countr_zero(m);
}

// The fewest sampled (not known) chips to remove so that a route reaches the pawn: a 0-1 BFS from
// the outside (node 36) where a known-blocked slot is a wall and a sampled chip costs 1.
void repair(HomeGrid& g, const SlotSet& known_blocked) {
  constexpr int kOutside = kSquares;
  std::array<int, kSquares + 1> dist{}, via_slot{}, via_node{};
  dist.fill(1 << 20);
  std::array<int, 4 * (kSquares + 1) * 2> deque{};
  int head = static_cast<int>(deque.size()) / 2, tail = head;
  dist[kOutside] = 0;
  deque[tail++] = kOutside;
  auto relax = [&](int from, int to, int slot) {
    if (known_blocked.contains(slot)) return;
    const int w = g.barriers.contains(slot) ? 1 : 0;
    if (dist[from] + w >= dist[to]) return;
    dist[to] = dist[from] + w;
    via_slot[to] = slot;
    via_node[to] = from;
    if (w == 0) {
      deque[--head] = to;
    } else {
      deque[tail++] = to;
    }
  };
  while (head < tail) {
    const int node = deque[head++];
    if (node == kOutside) {
      for (int r = 0; r < kSize; ++r) relax(node, r * kSize, kFirstL + r);
      continue;
    }
    for (Dir d : kAllDirs) {
      const int nb = neighbour(node, d);
      if (nb >= 0) relax(node, nb, slot_between(node, d));
    }
  }
  for (int node = g.pawn; node != kOutside && dist[node] < (1 << 20); node = via_node[node]) {
    g.barriers.remove(via_slot[node]);
  }
}

}  // namespace

HomeGrid sample_home_grid(const Tracking& t, int max_barriers, Rng& rng) {
  HomeGrid g;
  const std::uint64_t reach = reachable_from_entries(t.blocked);
  std::uint64_t candidates = reach & ~t.visited;
  if (candidates == 0) candidates = reach != 0 ? reach : kAllSquares;  // inconsistent input only
  g.pawn = static_cast<std::int8_t>(
      kth_bit(candidates, rng.below(static_cast<std::uint64_t>(std::popcount(candidates)))));
  // Each unknown slot holds a chip with probability kChipDensity, visited from a random start
  // so that the cap, when it binds, favours no slot.
  g.barriers = t.blocked;
  const SlotSet known = t.blocked | t.open;
  int count = t.blocked.count();
  const int start = static_cast<int>(rng.below(kSlots));
  for (int i = 0; i < kSlots && count < max_barriers; ++i) {
    const int slot = (start + i) % kSlots;
    if (known.contains(slot) || rng.uniform() >= kChipDensity) continue;
    g.barriers.add(slot);
    ++count;
  }
  if (!g.valid()) repair(g, t.blocked);
  return g;
}

// The builder difficulty of the agents' own grids (SeekerAgent's default).
constexpr int kSetupPriorDifficulty = 2;

State State::resample(Player p, Rng& rng) const {
  if (phase_ == Phase::kOver) return *this;
  const Player q = 1 - p;
  State s = *this;
  const int cap = config_.max_barriers;
  if (phase_ == Phase::kSetup) {
    // The other seat's grid is hidden whether finished or in progress; one it has not begun is
    // empty for certain. With no evidence yet, the prior is the maze builder's grid (what a
    // careful player hides), not random chips: a designer simulating the game against random
    // grids would find every one of its own designs equally good, since random grids fall fast.
    const bool begun = setup_done(q) || (to_move_ == q);
    if (begun) s.home_[q] = build_home_grid(kSetupPriorDifficulty, cap, rng);
    return s;
  }
  s.home_[q] = sample_home_grid(track_[p], cap, rng);
  return s;
}

}  // namespace mw::pathfinder_barriers
