#include "games/mazemakers/heuristic_agent.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <bitset>
#include <limits>
#include <optional>
#include <vector>

#include "core/error.h"
#include "core/state.h"
#include "games/mazemakers/mazemakers.h"
#include "games/mazemakers/way.h"

namespace mw::mazemakers {
namespace {

// P(a total of `mine` + die >= `theirs` + die) style helpers over the die faces.
double p_at_least(const State& s, int bonus, int needed) {
  int n = 0;
  for (int f = 0; f < 6; ++f) n += s.die_value(f) + bonus >= needed ? 1 : 0;
  return n / 6.0;
}

// Probability that the mover (bonus a) reaches at least the blocker's total (bonus b).
double p_mover_wins(const State& s, int a, int b) {
  int n = 0;
  for (int x = 0; x < 6; ++x) {
    for (int y = 0; y < 6; ++y) n += s.die_value(x) + a >= s.die_value(y) + b ? 1 : 0;
  }
  return n / 36.0;
}

// For each board cell, the probability that its coin is `me`'s artifact given what `me` knows:
// the uniform distribution over suit permutations consistent with me's own landings and the
// public "monster for" facts (the same world set resample() draws from), enumerated per value.
std::array<double, kMaxCells> artifact_odds(const State& s, Player me) {
  std::array<double, kMaxCells> odds{};
  for (int v = 2; v <= 4; ++v) {
    std::array<int, 4> ids{};
    int m = 0;
    for (int suit = 0; suit < kNumSuits; ++suit) {
      const int c = suit * 3 + (v - 2);
      if (s.coin_cell(c) >= 0 || ((s.removed() >> c) & 1)) ids[m++] = c;
    }
    std::array<int, 4> perm{};
    for (int j = 0; j < m; ++j) perm[j] = j;
    std::array<int, 4> mine{};  // per physical coin: consistent worlds where it is mine
    int total = 0;
    do {
      bool good = true;
      for (int j = 0; j < m && good; ++j) {
        const int old_id = ids[j], new_id = ids[perm[j]];
        if (((s.landed(me) >> old_id) & 1) && new_id != old_id) good = false;
        for (Player q = 0; q < s.num_players() && good; ++q) {
          if (((s.landed(q) >> old_id) & 1) && coin_suit(new_id) == s.suit(q)) good = false;
        }
      }
      if (!good) continue;
      ++total;
      for (int j = 0; j < m; ++j) mine[j] += coin_suit(ids[perm[j]]) == s.suit(me) ? 1 : 0;
    } while (std::next_permutation(perm.begin(), perm.begin() + m));
    for (int j = 0; j < m; ++j) {
      const int cell = s.coin_cell(ids[j]);
      if (cell >= 0 && total > 0) odds[cell] = static_cast<double>(mine[j]) / total;
    }
  }
  return odds;
}

// The opponent furthest ahead; ties go to the next seat after `me` (seat-relative, so no seat
// number is favoured).
Player leader(const State& s, Player me) {
  Player best = -1;
  int best_key = std::numeric_limits<int>::min();
  for (int k = 1; k < s.num_players(); ++k) {
    const Player q = (me + k) % s.num_players();
    if (!s.alive(q) || s.exited(q)) continue;
    const int key = s.artifacts(q) * 100 - distance_to_targets(s, q);
    if (key > best_key) best_key = key, best = q;
  }
  return best;
}

// Own way: for the move that follows, while the other pawns stand still, so only free targets
// count: a coin under another pawn is no way out of a walled pocket (issue 33). The leader's way:
// for its next turn, when the pawns on its coins (this one too) have usually moved on.
double wall_score(const State& s, Player me, Player lead, double leader_weight, WayCache& ways) {
  double score = -ways.to_free_targets(s, me);
  if (lead >= 0) score += leader_weight * (1 + s.artifacts(lead)) / 2.0 * ways.to_targets(s, lead);
  return score;
}

// Walled off from every target, a wall `me` takes control of now can open the way next turn: the
// gain of its best move, seen from `next` (the position after taking it).
double best_move_gain(const State& next, int piece, Player me, Player lead, double weight,
                      WayCache& ways) {
  std::vector<Mask> moves;
  next.wall_move_results(piece, moves);
  const double now = wall_score(next, me, lead, weight, ways);
  double best = now;
  for (const Mask& walls : moves)
    best = std::max(best, wall_score(next.with_walls(walls), me, lead, weight, ways));
  return best - now;
}

Action choose_wall_action(const State& s, const ActionList& legal, Player me, double weight,
                          Rng& rng) {
  const Player lead = leader(s, me);
  const bool walled_off = distance_to_free_targets(s, me) >= kFar;
  WayCache ways;  // the positions weighed differ from one another mostly in walls
  Action best = legal.back();
  double best_score = -1e9;
  for (Action a : legal) {
    State next = s;
    next.apply_legal(a);
    double score = wall_score(next, me, lead, weight, ways);
    if (a >= kControlBase && a < kRecover) {
      const int piece = static_cast<int>(a - kControlBase);
      score += s.wall_owner(piece) == lead && lead >= 0 ? 0.8 : 0.3;
      if (walled_off) score += 0.5 * best_move_gain(next, piece, me, lead, weight, ways);
    } else if (a >= kHoleCoinBase) {  // No-Pentominos: control coins into a hole
      const int hole = static_cast<int>(a - kHoleCoinBase);
      const int slot = s.hole_slot(hole);
      score += slot >= 0 && s.wall_owner(slot) == lead && lead >= 0 ? 0.8 : 0.3;
      // Holding a hole pays off next turn, when it can be filled: half credit for the way that
      // filling it would open (or the leader's way it would close).
      const double filled = wall_score(next.with_hole_filled(hole), me, lead, weight, ways);
      score += 0.5 * std::max(0.0, filled - wall_score(next, me, lead, weight, ways));
    }
    score += rng.uniform() * 1e-3;  // break ties at random
    if (score > best_score) best_score = score, best = a;
  }
  return best;
}

// Distances to the squares worth heading for (nullopt: none): the coins that may be me's
// artifacts, or START with three. A coin under another pawn cannot be landed on (A-G4-17), so
// waiting beside one is right only while no free coin can be reached: two pawns each on the
// other's coin would otherwise wait there for ever, even once a wall opened the way (issue 33).
std::optional<Dist> goal_distances(const State& s, Player me,
                                   const std::array<double, kMaxCells>& odds) {
  if (s.artifacts(me) == 3) return distances(s, {kStart});
  const Cells coins = coin_mask(s);
  std::vector<int> free, all;
  for (int cell = 0; cell < s.num_cells(); ++cell) {
    if (!has(coins, cell) || odds[cell] <= 0.01) continue;
    all.push_back(cell);
    if (!held_by_other(s, me, cell)) free.push_back(cell);
  }
  if (all.empty()) return std::nullopt;
  if (!free.empty()) {
    const Dist d = distances(s, free);
    if (d[s.pawn(me)] < kFar || free.size() == all.size()) return d;
  }
  return distances(s, all);
}

// Scores the square a move may end on; the move then takes the first step of a shortest path.
Action choose_step(const State& s, const ActionList& legal, Player me, Rng& rng) {
  const auto odds = artifact_odds(s, me);
  const Cells coins = coin_mask(s);
  const std::optional<Dist> to_goal = goal_distances(s, me, odds);
  auto onward = [&](int cell) { return to_goal ? -static_cast<double>((*to_goal)[cell]) : 0.0; };
  // Ending the move on `cell`: a likely artifact is worth the trip; a monster only as a way on.
  auto value = [&](int cell) -> double {
    if (cell == kStart) return s.artifacts(me) == 3 ? 1000.0 : onward(cell);
    const int coin = s.coin_at(cell);
    if (coin < 0) return onward(cell);
    const double p = s.artifacts(me) < 3 ? odds[cell] : 0.0;
    const double lose = 1.0 - p_at_least(s, s.artifacts(me), coin_value(coin));
    const double risk = (1.0 - p) * lose * (s.health(me) <= 1 ? 40.0 : 6.0);
    return p > 0.01 ? 20.0 + 40.0 * p - risk : onward(cell) - 1.0 - risk;
  };
  // Squares reachable this move, by BFS from the pawn with the steps left; each candidate's
  // first step is remembered.
  std::array<int, kMaxCells + 1> first{};
  first.fill(-1);
  std::array<int, kMaxCells + 1> dist{};
  dist.fill(99);
  const int from = s.pawn(me);
  dist[from] = 0;
  std::vector<int> queue = {from};
  // Staying on a coin's square fights nothing: only the way on counts.
  const double stay = from == kStart ? value(from) : onward(from);
  double best_value = s.occupant(from) < 0 || from == kStart ? stay - 0.01 : -1e9;
  int best_first = -1;
  for (std::size_t i = 0; i < queue.size(); ++i) {
    const int c = queue[i];
    if (dist[c] >= s.steps_left()) continue;
    if (c != from && c != kStart && has(coins, c)) continue;
    std::array<int, 8> nb{};
    const int n = s.neighbours(c, nb);
    for (int k = 0; k < n; ++k) {
      const int t = nb[k];
      if (dist[t] <= dist[c] + 1) continue;
      const int occ = t == kStart ? -1 : s.occupant(t);
      if (occ >= 0) {
        if (has(coins, t)) continue;
        // Pass only where a block is unlikely to beat us.
        if (p_mover_wins(s, s.artifacts(me), s.artifacts(occ)) < 0.5) continue;
      }
      dist[t] = dist[c] + 1;
      first[t] = c == from ? t : first[c];
      queue.push_back(t);
      if (occ < 0) {
        const double v = value(t) - 0.01 * dist[t] + rng.uniform() * 1e-4;
        if (v > best_value) best_value = v, best_first = first[t];
      }
    }
  }
  const Action step = best_first < 0 ? kStop : kStepBase + best_first;
  if (std::find(legal.begin(), legal.end(), step) != legal.end()) return step;
  return std::find(legal.begin(), legal.end(), kStop) != legal.end() ? kStop : legal.front();
}

// Setup: keep START open to as much of the board as possible.
Action choose_setup_wall(const State& s, const ActionList& legal, Rng& rng) {
  Action best = legal.front();
  double best_score = -1;
  for (int k = 0; k < 150; ++k) {  // a random sample of the (up to ~4000) placements
    const Action a = legal[rng.below(legal.size())];
    State next = s;
    next.apply_legal(a);
    const double score = squares_reached_from_start(next) + rng.uniform() * 0.5;
    if (score > best_score) best_score = score, best = a;
  }
  return best;
}

Action choose_block(const State& s, Player me) {
  const Player mover = s.mover();
  const double p_lose = p_mover_wins(s, s.artifacts(mover), s.artifacts(me));
  if (s.health(me) <= 1) return kAllow;
  const bool leader_moving = s.artifacts(mover) >= 2 && s.artifacts(mover) >= s.artifacts(me);
  return p_lose < (leader_moving ? 0.65 : 0.5) ? kBlock : kAllow;
}

}  // namespace

std::unique_ptr<Agent> HeuristicAgent::make(const Game&, const Json& params) {
  Params p;
  if (!params.is_object()) return std::make_unique<HeuristicAgent>(p);
  for (const auto& [name, value] : params.items()) {
    if (name == "leaderWeight" && value.is_number()) {
      p.leader_weight = value.get<double>();
    } else {
      throw Error(ErrorCode::kUnknownAgent,
                  fmt::format("heuristic: unknown or bad parameter '{}' (leaderWeight)", name));
    }
  }
  return std::make_unique<HeuristicAgent>(p);
}

Action HeuristicAgent::choose(const Observation& obs, Rng& rng) {
  obs.legal_actions(legal_);
  const ActionList& legal = legal_;
  if (legal.size() == 1) return legal.front();
  // Only what this seat knows is read (the coins' faces it has seen, the public targets), so a
  // world sampled for the seat would give the same choice (MazeMakersHeuristic.
  // ChoosesFromWhatItsSeatKnowsAlone).
  const auto& s = obs.position_read_fairly<mazemakers::State>();
  const Player me = obs.player();
  switch (s.phase()) {
    case Phase::kWalls:
    case Phase::kTiles:
      return choose_setup_wall(s, legal, rng);
    case Phase::kWallAction:
      return choose_wall_action(s, legal, me, params_.leader_weight, rng);
    case Phase::kMove:
      return choose_step(s, legal, me, rng);
    case Phase::kBlockChoice:
      return choose_block(s, me);
    default:
      return legal[rng.below(legal.size())];
  }
}

}  // namespace mw::mazemakers
