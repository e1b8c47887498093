#include "games/pathfinder_barriers/agents.h"

#include <fmt/format.h>

#include <algorithm>

#include "core/error.h"

namespace mw::pathfinder_barriers {
namespace {

// Squares one step from `x` through slots not in `barriers` (excluding x itself).
std::uint64_t step_out(std::uint64_t x, const SlotSet& barriers) {
  const std::uint64_t r = kHasRight & ~barriers.v, d = kHasBelow & ~barriers.h;
  return (((x & r) << 1) | ((x >> 1) & r) | ((x & d) << kSize) | ((x >> kSize) & d)) & ~x;
}

int random_bit(std::uint64_t m, Rng& rng) {
  return nth_set_bit(m, rng.below(static_cast<std::uint64_t>(std::popcount(m))));
}

HomeGrid random_grid(int max_barriers, Rng& rng, std::uint64_t pawn_squares) {
  HomeGrid g;
  g.pawn = static_cast<std::int8_t>(random_bit(pawn_squares, rng));
  const int target =
      max_barriers / 2 +
      static_cast<int>(rng.below(static_cast<std::uint64_t>(max_barriers - max_barriers / 2 + 1)));
  std::array<int, kSlots> order{};
  for (int i = 0; i < kSlots; ++i) order[i] = i;
  rng.shuffle(order.begin(), order.end());
  for (int slot : order) {
    if (g.barriers.count() >= target) break;
    HomeGrid with = g;
    with.barriers.add(slot);
    if (with.valid()) g = with;
  }
  return g;
}

[[noreturn]] void bad_param(const char* agent, const std::string& what) {
  throw Error(ErrorCode::kUnknownAgent, fmt::format("{}: {}", agent, what));
}

int int_param(const char* agent, const std::string& name, const Json& value, int lo, int hi) {
  if (!value.is_number_integer() || value.get<std::int64_t>() < lo ||
      value.get<std::int64_t>() > hi) {
    bad_param(agent,
              fmt::format("{} expects an integer in {}..{}, got {}", name, lo, hi, value.dump()));
  }
  return value.get<int>();
}

// The setup decisions that build `plan` (pawn, chips in slot order, done).
Action next_setup_action(const State& s, Player me, const HomeGrid& plan) {
  const HomeGrid& mine = s.home(me);
  if (mine.pawn < 0) return kPawnBase + plan.pawn;
  if (mine.pawn == plan.pawn) {
    for (int slot : plan.barriers.minus(mine.barriers).slots()) {
      if (s.illegal_reason(kBarrierBase + slot).empty()) return kBarrierBase + slot;
    }
  }
  return kDone;
}

}  // namespace

// ---- the builder ----

int maze_score(const HomeGrid& g) {
  // One flood from the pawn gives its component (validity and the dead entries) and, on the way,
  // the distance to the nearest open entry: in an undirected grid, the distance from the outside.
  // Only dead entries need a second flood, for the squares they reach beyond the component.
  const std::uint64_t entries = kEntrySquares[~g.barriers.l & 0x3f];
  const std::uint64_t right = kHasRight & ~g.barriers.v, down = kHasBelow & ~g.barriers.h;
  std::uint64_t component = sq_bit(g.pawn);
  int dist = -1;
  for (int steps = 0;; ++steps) {
    if (dist < 0 && (component & entries) != 0) dist = steps;
    const std::uint64_t next = component | ((component & right) << 1) | ((component >> 1) & right) |
                               ((component & down) << kSize) | ((component >> kSize) & down);
    if (next == component) break;
    component = next;
  }
  if (dist < 0) return -1;
  const std::uint64_t dead = entries & ~component;
  const std::uint64_t reach = dead != 0 ? component | flood(dead, g.barriers) : component;
  return 4 * dist + std::popcount(reach) + 3 * std::popcount(dead);
}

HomeGrid build_home_grid(int difficulty, int max_barriers, Rng& rng) {
  constexpr std::uint64_t kFar = 0xE38E38E38ULL;  // columns 4-6
  if (difficulty <= 0) return random_grid(max_barriers, rng, kAllSquares);
  static constexpr std::array<int, kMaxDifficulty + 1> kIterations = {0, 250, 1000, 4000};
  HomeGrid best = random_grid(max_barriers, rng, kFar);
  int best_score = maze_score(best), best_count = best.barriers.count();
  const int iterations = kIterations[std::min(difficulty, kMaxDifficulty)];
  for (int i = 0; i < iterations; ++i) {
    HomeGrid g = best;
    int count = best_count;
    const auto kind = rng.below(10);
    if (kind == 0) {
      g.pawn = static_cast<std::int8_t>(random_bit(kFar, rng));
    } else {
      if (count > 0 && (kind >= 4 || count >= max_barriers)) {
        g.barriers.remove_nth(static_cast<int>(rng.below(static_cast<std::uint64_t>(count))));
        --count;
      }
      if (kind >= 2) {
        const int slot = static_cast<int>(rng.below(kSlots));
        if (!g.barriers.contains(slot)) {
          g.barriers.add(slot);
          ++count;
        }
      }
    }
    // An unchanged grid (a chip added where one is, the pawn moved to its square) keeps its score.
    if (count > max_barriers || g == best) continue;
    const int score = maze_score(g);  // -1: the change cut the pawn off
    if (score >= 0 && score >= best_score) {
      best = g;
      best_score = score;
      best_count = count;
    }
  }
  return best;
}

// ---- the seeker ----

std::unique_ptr<Agent> SeekerAgent::make(const Game&, const Json& params) {
  SeekerParams p;
  for (const auto& [name, value] : params.items()) {
    if (name == "samples") {
      p.samples = int_param("seeker", name, value, 1, 4096);
    } else if (name == "difficulty") {
      p.difficulty = int_param("seeker", name, value, 0, kMaxDifficulty);
    } else {
      bad_param("seeker", fmt::format("unknown parameter '{}'; known: samples, difficulty", name));
    }
  }
  return std::make_unique<SeekerAgent>(p);
}

Action SeekerAgent::choose(const Observation& obs, Rng& rng) {
  // Any sampled world carries this seat's public facts exactly; only the other grid is drawn.
  const mw::State world = obs.sample_world(rng);
  return choose_in(world.as<State>(), obs.player(), rng);
}

Action SeekerAgent::setup_action(const State& s, Player me, Rng& rng) {
  if (s.home(me).pawn < 0) {
    plan_ = build_home_grid(params_.difficulty, s.config().max_barriers, rng);
  }
  return next_setup_action(s, me, plan_);
}

Action SeekerAgent::choose_in(const State& s, Player me, Rng& rng) {
  if (s.phase() == Phase::kSetup) return setup_action(s, me, rng);
  if (s.phase() != Phase::kPlay) return kFirstPlayerBase;
  const Tracking& t = s.tracking(me);
  // A new question only when something was learned or the explorer has left the grid. A free
  // entry (by a known-open slot) keeps the question it was made for: asking again there could
  // swing between two regions without ever asking anything.
  const bool still = have_target_ && t.blocked == known_blocked_ && t.open == known_open_ &&
                     !(t.pos < 0 && target_slot_ < 0) &&
                     (target_slot_ < 0 || !(t.blocked | t.open).contains(target_slot_));
  if (!still) plan_question(s, me, rng);
  return walk_to_target(s, me, rng);
}

namespace {

// Where the seeker may go this turn without asking an unknown question.
struct FreeRegion {
  std::uint64_t squares = 0;
  std::uint8_t entry_rows = 0;  // off the grid: rows it may ask to enter at
};

FreeRegion free_region(const State& s, Player me) {
  const Tracking& t = s.tracking(me);
  const SlotSet closed = kAllSlots.minus(t.open);
  FreeRegion f;
  if (t.pos >= 0) {
    f.squares = flood(sq_bit(t.pos), closed);
    return f;
  }
  ActionList legal;
  s.legal_actions(legal);
  std::uint8_t known_open = 0;
  for (Action a : legal) {
    const int r = static_cast<int>(a - kEnterBase);
    f.entry_rows = static_cast<std::uint8_t>(f.entry_rows | (1u << r));
    if ((t.open.l >> r) & 1) known_open = static_cast<std::uint8_t>(known_open | (1u << r));
  }
  f.squares = flood(entry_squares(known_open), closed);
  return f;
}

// In world `w`, the first unknown slot of a shortest route from the free region to the pawn
// (and the free square it is crossed from, -1 from outside); {-2, -1} when no route avoids exits.
std::pair<int, int> first_question(const FreeRegion& f, const Tracking& t, const HomeGrid& w) {
  std::array<std::uint64_t, kSquares + 2> layers{};
  layers[0] = f.squares;
  std::uint8_t unknown_entries =
      static_cast<std::uint8_t>(f.entry_rows & ~t.open.l & ~w.barriers.l);
  layers[1] = (step_out(f.squares, w.barriers) | entry_squares(unknown_entries)) & ~f.squares;
  std::uint64_t seen = layers[0] | layers[1];
  int k = 1;
  while ((layers[k] & sq_bit(w.pawn)) == 0) {
    if (layers[k] == 0) return {-2, -1};
    layers[k + 1] = step_out(layers[k], w.barriers) & ~seen;
    seen |= layers[k + 1];
    ++k;
  }
  int cur = w.pawn;
  for (int j = k; j > 1; --j) {
    for (Dir d : kAllDirs) {
      const int nb = neighbour(cur, d);
      if (nb >= 0 && ((layers[j - 1] >> nb) & 1) && !w.barriers.contains(slot_between(cur, d))) {
        cur = nb;
        break;
      }
    }
  }
  for (Dir d : kAllDirs) {
    const int nb = neighbour(cur, d);
    const int slot = nb >= 0 ? slot_between(cur, d) : -1;
    if (nb >= 0 && ((f.squares >> nb) & 1) && !w.barriers.contains(slot)) return {slot, nb};
  }
  return {kFirstL + row_of(cur), -1};
}

// The first step of a shortest walk from `from` to `to` over known-open slots; -1 if none.
int first_step(int from, int to, const SlotSet& open) {
  std::array<int, kSquares> prev{};
  prev.fill(-1);
  std::array<int, kSquares> queue{};
  int head = 0, tail = 0;
  queue[tail++] = to;
  prev[to] = to;
  while (head < tail) {
    const int sq = queue[head++];
    if (sq == from) break;
    for (Dir d : kAllDirs) {
      const int nb = neighbour(sq, d);
      if (nb < 0 || prev[nb] >= 0 || !open.contains(slot_between(sq, d))) continue;
      prev[nb] = sq;
      queue[tail++] = nb;
    }
  }
  if (prev[from] < 0 || from == to) return -1;
  for (Dir d : kAllDirs) {
    if (neighbour(from, d) == prev[from]) return static_cast<int>(d);
  }
  return -1;
}

}  // namespace

void SeekerAgent::plan_question(const State& s, Player me, Rng& rng) {
  const Tracking& t = s.tracking(me);
  const FreeRegion f = free_region(s, me);
  std::array<int, kSlots + 1> votes{};  // the last entry: exit
  std::array<int, kSlots> from{};
  from.fill(-1);
  std::array<int, kSlots> open_in{};  // worlds in which each slot is open
  for (int i = 0; i < params_.samples; ++i) {
    const HomeGrid w = sample_home_grid(t, s.config().max_barriers, rng);
    for (int slot : kAllSlots.minus(w.barriers).slots()) ++open_in[slot];
    const auto [slot, sq] = first_question(f, t, w);
    if (slot == -2) {
      ++votes[kSlots];
    } else {
      ++votes[slot];
      from[slot] = sq;
    }
  }
  // The most-voted question among [lo, hi), ties broken at random; -1 when none has a vote.
  auto most_voted = [&](int lo, int hi) {
    int best = -1, ties = 0;
    for (int i = lo; i < hi; ++i) {
      if (votes[i] == 0) continue;
      if (best < 0 || votes[i] > votes[best]) {
        best = i;
        ties = 1;
      } else if (votes[i] == votes[best] && rng.below(static_cast<std::uint64_t>(++ties)) == 0) {
        best = i;
      }
    }
    return best;
  };
  int best = most_voted(0, kSlots);
  if (t.pos < 0) {
    // Off the grid, a question inside a region entered for free is judged like one asked from
    // it (below) against the best entry question: otherwise the seeker would walk back into
    // the region it has just decided to leave.
    const int inner = most_voted(0, kFirstL), entry = most_voted(kFirstL, kSlots);
    const bool inner_ok = inner >= 0 && 2 * votes[inner] >= params_.samples - open_in[inner];
    best = entry >= 0 && !(inner_ok && votes[inner] >= votes[entry]) ? entry : inner;
  }
  // Exiting costs this turn for sure; a question costs it only on a "No", and a "Yes" on the
  // route saves coming back later (about two turns). So leave only when the best question's
  // chance of starting the route, doubled, is below its chance of a "No".
  const bool ask = best >= 0 && 2 * votes[best] >= params_.samples - open_in[best];
  if (!ask && votes[kSlots] > 0 && t.pos >= 0) best = kSlots;
  have_target_ = best >= 0;
  known_blocked_ = t.blocked;
  known_open_ = t.open;
  target_slot_ = best == kSlots ? -1 : best;
  target_from_ = best >= 0 && best < kSlots ? from[best] : -1;
}

Action SeekerAgent::walk_to_target(const State& s, Player me, Rng& rng) {
  const Tracking& t = s.tracking(me);
  ActionList legal;
  s.legal_actions(legal);
  auto is_legal = [&](Action a) { return std::find(legal.begin(), legal.end(), a) != legal.end(); };
  auto fallback = [&] {
    have_target_ = false;
    return legal[rng.below(legal.size())];
  };
  if (!have_target_) return fallback();
  // The square to stand on before asking: the free side of the slot, or a column-1 square with a
  // known-open entry slot to exit from.
  int goal = target_from_;
  if (target_slot_ < 0) {
    const std::uint64_t region = flood(sq_bit(std::max<int>(t.pos, 0)), kAllSlots.minus(t.open));
    const std::uint64_t exits = region & entry_squares(t.open.l);
    if (t.pos < 0 || exits == 0) return fallback();
    if ((exits >> t.pos) & 1) {
      have_target_ = false;
      return kExit;
    }
    goal = std::countr_zero(exits);
  }
  if (t.pos < 0) {
    if (goal < 0) {  // the question is an entry slot
      const Action a = kEnterBase + (target_slot_ - kFirstL);
      return is_legal(a) ? a : fallback();
    }
    // Enter (a sure "Yes") at a known-open row whose region holds the goal.
    for (Action a : legal) {
      const int r = static_cast<int>(a - kEnterBase);
      if (((t.open.l >> r) & 1) &&
          ((flood(sq_bit(r * kSize), kAllSlots.minus(t.open)) >> goal) & 1)) {
        return a;
      }
    }
    return fallback();
  }
  if (goal == t.pos && target_slot_ >= 0) {
    for (Dir d : kAllDirs) {
      if (slot_between(t.pos, d) == target_slot_) {
        const Action a = kMoveBase + static_cast<int>(d);
        return is_legal(a) ? a : fallback();
      }
    }
    if (target_slot_ == kFirstL + row_of(t.pos) && is_legal(kExit)) return kExit;
    return fallback();
  }
  const int d = goal >= 0 ? first_step(t.pos, goal, t.open) : -1;
  if (d < 0) return fallback();
  const Action a = kMoveBase + d;
  return is_legal(a) ? a : fallback();
}

// ---- the builder agent ----

std::unique_ptr<Agent> BuilderAgent::make(const Game&, const Json& params) {
  int difficulty = 2;
  for (const auto& [name, value] : params.items()) {
    if (name == "difficulty") {
      difficulty = int_param("builder", name, value, 0, kMaxDifficulty);
    } else {
      bad_param("builder", fmt::format("unknown parameter '{}'; known: difficulty", name));
    }
  }
  return std::make_unique<BuilderAgent>(difficulty);
}

Action BuilderAgent::choose(const Observation& obs, Rng& rng) {
  const mw::State world = obs.sample_world(rng);
  const State& s = world.as<State>();
  if (s.phase() == Phase::kSetup) {
    if (s.home(obs.player()).pawn < 0) {
      plan_ = build_home_grid(difficulty_, s.config().max_barriers, rng);
    }
    return next_setup_action(s, obs.player(), plan_);
  }
  const ActionList legal = obs.legal_actions();
  return legal[rng.below(legal.size())];
}

// ---- measurement ----

int turns_to_find(const Game& game, const HomeGrid& grid, Agent& agent, Rng& rng, int max_turns) {
  agent.reset();
  mw::State state = make_state(game, State::for_search(game.options(), grid, 0));
  while (!state.is_terminal()) {
    State& s = state.as<State>();
    if (s.current_player() != 0) {
      s.pass_turn();
      continue;
    }
    // The counter stops at kMaxTurns, so a larger max_turns would never be passed.
    if (s.tracking(0).turns > max_turns || s.tracking(0).turns == kMaxTurns) break;
    state.apply(agent.choose(Observation(state, 0), rng));
  }
  return state.as<State>().tracking(0).turns;
}

}  // namespace mw::pathfinder_barriers
