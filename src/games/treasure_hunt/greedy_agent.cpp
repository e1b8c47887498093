#include "games/treasure_hunt/greedy_agent.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstdlib>
#include <vector>

#include "core/error.h"
#include "games/treasure_hunt/treasure_hunt.h"

namespace mw::treasure_hunt {
namespace {

// One way to finish the mover's turn and how good its result is for the mover.
struct Candidate {
  Action swap = kNoAction;  // kNoAction when the swap is already made (step phase)
  Action step = kNoAction;
  int gain = 0;      // points scored this turn
  int distance = 0;  // from the mover's pawn to the (next) Treasure Card, in steps
};

int manhattan(int a, int b) {
  const Cell ca = Board::cell(a), cb = Board::cell(b);
  return std::abs(ca.row - cb.row) + std::abs(ca.col - cb.col);
}

// The ordering of the issue: the most points now, then the closest to the treasure.
bool better(const Candidate& a, const Candidate& b) {
  return a.gain != b.gain ? a.gain > b.gain : a.distance < b.distance;
}

Candidate candidate_after(const State& after_swap, Action swap, Action step, Player me) {
  State after = after_swap;
  after.apply_legal(step);
  return {swap, step, after.score(me) - after_swap.score(me),
          manhattan(after.pawn(me), after.treasure_cell())};
}

// Every (swap, step) pair in the swap phase; the steps alone in the step phase.
std::vector<Candidate> candidates(const State& s, Player me) {
  std::vector<Candidate> out;
  ActionList swaps, steps;
  if (s.phase() == Phase::kStep) {
    s.legal_actions(steps);
    for (Action step : steps) out.push_back(candidate_after(s, kNoAction, step, me));
    return out;
  }
  s.legal_actions(swaps);
  for (Action swap : swaps) {
    State after_swap = s;
    after_swap.apply_legal(swap);
    after_swap.legal_actions(steps);
    for (Action step : steps) out.push_back(candidate_after(after_swap, swap, step, me));
  }
  return out;
}

std::vector<Candidate> best_ties(const std::vector<Candidate>& all) {
  const Candidate best = *std::min_element(all.begin(), all.end(), better);
  std::vector<Candidate> ties;
  for (const Candidate& c : all) {
    if (!better(best, c)) ties.push_back(c);
  }
  return ties;
}

State play_out(const State& s, const Candidate& c) {
  State after = s;
  if (c.swap != kNoAction) after.apply_legal(c.swap);
  after.apply_legal(c.step);
  return after;
}

// Whether the player to move can score this turn, by any swap and any step. Only the chain's
// end matters, so the step is not applied.
bool can_score_now(const State& s) {
  if (s.is_terminal()) return false;
  const Cell from = Board::cell(s.pawn(s.current_player()));
  ActionList swaps;
  s.legal_actions(swaps);
  for (Action swap : swaps) {
    State after_swap = s;
    after_swap.apply_legal(swap);
    for (Dir d : kAllDirs) {
      const Cell to = from.step(d);
      if (!Board::contains(to)) continue;
      const int end = after_swap.involuntary_destination(Board::index(to));
      if (after_swap.card_at(end) == after_swap.treasure()) return true;
    }
  }
  return false;
}

// The first of the (shuffled) ties after which the opponent cannot score at once, looking at
// `limit` of them at most; the first tie when none is safe.
const Candidate& safest(const State& s, const std::vector<Candidate>& ties, int limit) {
  const auto n = std::min(ties.size(), static_cast<std::size_t>(limit));
  for (std::size_t i = 0; i < n && ties.size() > 1; ++i) {
    if (!can_score_now(play_out(s, ties[i]))) return ties[i];
  }
  return ties.front();
}

[[noreturn]] void bad_param(const std::string& what) {
  throw Error(ErrorCode::kUnknownAgent, "greedy: " + what);
}

}  // namespace

std::unique_ptr<Agent> GreedyAgent::make(const Game&, const Json& params) {
  Params p;
  for (const auto& [name, value] : params.items()) {
    if (name == "defend") {
      if (!value.is_boolean())
        bad_param(fmt::format("defend expects true or false, got {}", value.dump()));
      p.defend = value.get<bool>();
    } else if (name == "defendLimit") {
      if (!value.is_number_integer() || value.get<std::int64_t>() < 1 ||
          value.get<std::int64_t>() > 10000) {
        bad_param(fmt::format("defendLimit expects an integer in 1..10000, got {}", value.dump()));
      }
      p.defend_limit = value.get<int>();
    } else {
      bad_param(fmt::format("unknown parameter '{}'; known: defend, defendLimit", name));
    }
  }
  return std::make_unique<GreedyAgent>(p);
}

// Perfect information: the sampled world is the position itself. The step phase re-evaluates
// the four steps by the same ordering, so it completes the turn the swap phase chose (or one
// just as good).
Action GreedyAgent::choose(const Observation& obs, Rng& rng) {
  const mw::State world = obs.sample_world(rng);
  const State& s = world.as<State>();
  std::vector<Candidate> ties = best_ties(candidates(s, obs.player()));
  rng.shuffle(ties.begin(), ties.end());
  const Candidate& pick = params_.defend ? safest(s, ties, params_.defend_limit) : ties.front();
  return s.phase() == Phase::kSwap ? pick.swap : pick.step;
}

}  // namespace mw::treasure_hunt
