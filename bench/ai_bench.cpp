// Search speed on every registered game: ISMCTS iterations per second on one core from an early
// decision of the game (random rollouts; and guided: the game's heuristic as prior and rollout
// policy, rollouts cut after `depth` actions), from a mid-game decision of every seat (random
// rollouts), and alpha-beta nodes per second where it applies.
//   build/bench/ai_bench --benchmark_repetitions=3 --benchmark_report_aggregates_only
#include <benchmark/benchmark.h>

#include <optional>
#include <string>

#include "ai/alphabeta.h"
#include "ai/ismcts.h"
#include "ai/pimc.h"
#include "core/state.h"
#include "games/all_games.h"

namespace mw {
namespace {

// The first decision after the opening chance outcomes, of a game seeded by `seed`.
State first_decision(const Game& game, std::uint64_t seed) {
  State s = game.new_initial_state();
  Rng rng(seed);
  while (s.is_chance_node()) s.apply_legal(s.sample_chance(rng));
  return s;
}

// One step of a random game: chance by its probabilities, a decision by an index drawn into the
// legal list, so the positions below do not move when a game draws its random actions faster
// another way (FastRandomAction).
void random_step(State& s, Rng& rng) {
  if (s.is_chance_node()) {
    s.apply_legal(s.sample_chance(rng));
    return;
  }
  const ActionList legal = s.legal_actions();
  s.apply_legal(legal[rng.below(legal.size())]);
}

// The middle one of `seat`'s decisions in a random game seeded by `seed` (random_step): a
// position well into the game, in a phase where that seat acts most. Nullopt when the seat never
// decides in that game.
std::optional<State> middle_decision(const Game& game, Player seat, std::uint64_t seed) {
  State s = game.new_initial_state();
  Rng rng(seed);
  int decisions = 0;  // the seat's decisions in the whole game
  for (State t = s; !t.is_terminal(); random_step(t, rng)) {
    if (t.current_player() == seat) ++decisions;
  }
  if (decisions == 0) return std::nullopt;
  rng = Rng(seed);  // the same game again, up to the middle decision
  for (int seen = 0;; random_step(s, rng)) {
    if (s.current_player() == seat && seen++ == decisions / 2) return s;
  }
}

void search_from(benchmark::State& bs, const State& s, const IsmctsConfig& config) {
  Rng rng(2);
  std::int64_t iterations = 0;
  for (auto _ : bs) {
    const RootStatistics stats = ismcts_search(Observation(s, s.current_player()), config, rng);
    iterations += stats.iterations;
  }
  bs.SetItemsProcessed(iterations);
  bs.SetLabel("items = ISMCTS iterations");
}

void run_ismcts(benchmark::State& bs, const std::string& id, const IsmctsConfig& config) {
  const Game game = builtin_games().load(id);
  search_from(bs, first_decision(game, 1), config);
}

// Random rollouts, multiple observers, from the middle decision of `seat` (middle_decision).
void BM_IsmctsMid(benchmark::State& bs, const std::string& id, Player seat) {
  const Game game = builtin_games().load(id);
  const std::optional<State> s = middle_decision(game, seat, 1);
  if (!s) {
    bs.SkipWithError("the seat never decides in the game of seed 1");
    return;
  }
  IsmctsConfig config;
  config.iterations = 2000;
  search_from(bs, *s, config);
}

void BM_Ismcts(benchmark::State& bs, const std::string& id, bool multi_observer) {
  IsmctsConfig config;
  config.iterations = 2000;
  config.multi_observer = multi_observer;
  run_ismcts(bs, id, config);
}

// Root parallel search: the same iterations split over `threads` trees. Wall-clock time, so that
// items/s compares one thread with several (on a quiet machine: other load takes the cores).
void BM_IsmctsThreads(benchmark::State& bs, const std::string& id) {
  IsmctsConfig config;
  config.iterations = 4000;
  config.threads = static_cast<int>(bs.range(0));
  run_ismcts(bs, id, config);
}

void BM_IsmctsGuided(benchmark::State& bs, const std::string& id, int depth) {
  IsmctsConfig config;
  config.iterations = 200;
  config.rollout = RolloutPolicy::kHeuristic;
  config.heuristic_prior = true;
  config.rollout_depth = depth;
  run_ismcts(bs, id, config);
}

// Plain UCT (`mcts`: PIMC with one world) from the first decision, random rollouts to the end:
// the search OpenSpiel's MCTSBot runs, on a game of perfect information.
void BM_Mcts(benchmark::State& bs, const std::string& id) {
  const Game game = builtin_games().load(id);
  const State s = first_decision(game, 1);
  PimcConfig config;
  config.worlds = 1;
  config.search.iterations = 2000;
  Rng rng(2);
  std::int64_t iterations = 0;
  for (auto _ : bs) {
    iterations += pimc_search(Observation(s, s.current_player()), config, rng).iterations;
  }
  bs.SetItemsProcessed(iterations);
  bs.SetLabel("items = MCTS iterations");
}

void BM_AlphaBeta(benchmark::State& bs, const std::string& id) {
  const Game game = builtin_games().load(id);
  const State s = first_decision(game, 1);
  std::int64_t nodes = 0;
  for (auto _ : bs) {
    AlphaBetaAgent agent(AlphaBetaConfig{/*max_depth=*/3, /*ms=*/0, /*table_bits=*/20});
    nodes += agent.search(s).nodes;
  }
  bs.SetItemsProcessed(nodes);
  bs.SetLabel("items = alpha-beta nodes, depth 3");
}

const int registered = [] {
  for (const GameEntry* e : builtin_games().entries()) {
    const std::string id = e->info.id;
    benchmark::RegisterBenchmark(("BM_IsmctsMO/" + id).c_str(), BM_Ismcts, id, true)
        ->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark(("BM_IsmctsSO/" + id).c_str(), BM_Ismcts, id, false)
        ->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark(("BM_IsmctsThreads/" + id).c_str(), BM_IsmctsThreads, id)
        ->ArgName("threads")
        ->Arg(1)
        ->Arg(2)
        ->UseRealTime()
        ->Unit(benchmark::kMillisecond);
    for (const int depth : {0, 20}) {
      benchmark::RegisterBenchmark(
          ("BM_IsmctsGuided/" + id + "/depth:" + std::to_string(depth)).c_str(), BM_IsmctsGuided,
          id, depth)
          ->Unit(benchmark::kMillisecond);
    }
    const Game game = builtin_games().load(id);
    for (Player seat = 0; seat < game.num_players(); ++seat) {
      benchmark::RegisterBenchmark(("BM_IsmctsMid/" + id + "/seat:" + std::to_string(seat)).c_str(),
                                   BM_IsmctsMid, id, seat)
          ->Unit(benchmark::kMillisecond);
    }
    if (e->info.perfect_information) {
      benchmark::RegisterBenchmark(("BM_Mcts/" + id).c_str(), BM_Mcts, id)
          ->Unit(benchmark::kMillisecond);
    }
    if (e->info.perfect_information && e->evaluate) {
      benchmark::RegisterBenchmark(("BM_AlphaBeta/" + id).c_str(), BM_AlphaBeta, id)
          ->Unit(benchmark::kMillisecond);
    }
  }
  return 0;
}();

}  // namespace
}  // namespace mw

BENCHMARK_MAIN();
