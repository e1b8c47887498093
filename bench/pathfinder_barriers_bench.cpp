// Pathfinder (Milton Bradley) speed and agent figures (docs/rules/pathfinder-barriers.md).
// items_per_second counts decisions (actions chosen by a seat; the first-player draw is chance).
// The *Turns benchmarks report, as the counter "turns", the mean number of turns a seeker needs
// to step onto the pawn of a grid alone (the other seat passing).
#include <benchmark/benchmark.h>

#include <cstdint>

#include "ai/ismcts.h"
#include "ai/random_agent.h"
#include "core/agent.h"
#include "core/state.h"
#include "games/all_games.h"
#include "games/pathfinder_barriers/agents.h"
#include "games/pathfinder_barriers/pathfinder_barriers.h"
#include "view_bench.h"

namespace {

namespace pb = mw::pathfinder_barriers;

const mw::Game& game() {
  static const mw::Game g = mw::builtin_games().load("pathfinder-barriers");
  return g;
}

// A position a few questions into a seeded random game.
pb::State midgame() {
  pb::State s = pb::State::initial(game().options());
  mw::Rng rng(42);
  mw::ActionList scratch;
  while (s.phase() != pb::Phase::kPlay || s.tracking(0).turns + s.tracking(1).turns < 8) {
    mw::play_random_actions(s, rng, 1, scratch);
  }
  return s;
}

void BM_CopyConcrete(benchmark::State& bs) {
  const pb::State s = midgame();
  for (auto _ : bs) {
    pb::State copy = s;
    benchmark::DoNotOptimize(copy);
  }
  bs.SetLabel(std::to_string(sizeof(pb::State)) + " bytes");
}
BENCHMARK(BM_CopyConcrete);

void BM_RandomGameConcrete(benchmark::State& bs) {
  const pb::State initial = pb::State::initial(game().options());
  mw::Rng rng(1);
  mw::ActionList scratch;
  std::int64_t decisions = 0, games = 0;
  for (auto _ : bs) {
    pb::State s = initial;
    decisions += mw::play_random_actions(s, rng, 1'000'000, scratch) - 1;  // one chance draw
    ++games;
  }
  bs.SetItemsProcessed(decisions);
  bs.counters["decisions/game"] =
      benchmark::Counter(static_cast<double>(decisions) / static_cast<double>(games));
}
BENCHMARK(BM_RandomGameConcrete);

void BM_RandomGameErasedPlayRandom(benchmark::State& bs) {
  const mw::State initial = game().new_initial_state();
  mw::Rng rng(1);
  std::int64_t decisions = 0;
  for (auto _ : bs) {
    mw::State s = initial;
    decisions += s.play_random(rng, 1'000'000) - 1;
  }
  bs.SetItemsProcessed(decisions);
}
BENCHMARK(BM_RandomGameErasedPlayRandom);

// The search phase alone, from a fixed pair of set-up grids.
void BM_RandomSearchOnly(benchmark::State& bs) {
  pb::State start = pb::State::initial(game().options());
  mw::Rng rng(3);
  mw::ActionList scratch;
  while (start.phase() != pb::Phase::kPlay) mw::play_random_actions(start, rng, 1, scratch);
  std::int64_t decisions = 0;
  for (auto _ : bs) {
    pb::State s = start;
    decisions += mw::play_random_actions(s, rng, 1'000'000, scratch);
  }
  bs.SetItemsProcessed(decisions);
}
BENCHMARK(BM_RandomSearchOnly);

void BM_SetupLegalActions(benchmark::State& bs) {
  pb::State s = pb::State::initial(game().options());
  mw::Rng rng(5);
  mw::ActionList out;
  for (int i = 0; i < 16; ++i) mw::play_random_actions(s, rng, 1, out);
  for (auto _ : bs) {
    s.legal_actions(out);
    benchmark::DoNotOptimize(out.data());
  }
  bs.SetLabel(std::to_string(out.size()) + " actions");
}
BENCHMARK(BM_SetupLegalActions);

void BM_Resample(benchmark::State& bs) {
  const pb::State s = midgame();
  mw::Rng rng(7);
  for (auto _ : bs) benchmark::DoNotOptimize(s.resample(0, rng));
  bs.SetItemsProcessed(static_cast<std::int64_t>(bs.iterations()));
}
BENCHMARK(BM_Resample);

void BM_BuildGrid(benchmark::State& bs) {
  mw::Rng rng(9);
  const int difficulty = static_cast<int>(bs.range(0));
  double score = 0;
  for (auto _ : bs) {
    const pb::HomeGrid g = pb::build_home_grid(difficulty, 30, rng);
    score += pb::maze_score(g);
  }
  bs.counters["maze_score"] = benchmark::Counter(score, benchmark::Counter::kAvgIterations);
}
BENCHMARK(BM_BuildGrid)->DenseRange(0, 3);

void BM_SeekerDecision(benchmark::State& bs) {
  const mw::State s = mw::make_state(game(), midgame());
  mw::Rng rng(1);
  for (auto _ : bs) {
    pb::SeekerAgent agent({});
    benchmark::DoNotOptimize(agent.choose(mw::Observation(s, s.current_player()), rng));
  }
}
BENCHMARK(BM_SeekerDecision);

// Mean turns to find the pawn: arg 0 = the seeker (1) or random (0); arg 1 = grids from the
// random agent's setup (-1) or the builder at that difficulty.
void BM_Turns(benchmark::State& bs) {
  const bool seeker = bs.range(0) == 1;
  const int difficulty = static_cast<int>(bs.range(1));
  mw::Rng rng(11);
  pb::SeekerAgent seek({});
  mw::RandomAgent random;
  mw::Agent& agent = seeker ? static_cast<mw::Agent&>(seek) : random;
  double turns = 0;
  for (auto _ : bs) {
    pb::HomeGrid grid;
    if (difficulty < 0) {
      pb::State s = pb::State::initial(game().options());
      mw::ActionList out;
      while (s.setup_done(0) == false) mw::play_random_actions(s, rng, 1, out);
      grid = s.home(0);
    } else {
      grid = pb::build_home_grid(difficulty, 30, rng);
    }
    turns += pb::turns_to_find(game(), grid, agent, rng);
  }
  bs.counters["turns"] = benchmark::Counter(turns, benchmark::Counter::kAvgIterations);
}
BENCHMARK(BM_Turns)
    ->ArgsProduct({{0, 1}, {-1, 0, 2, 3}})
    ->Iterations(400)
    ->Unit(benchmark::kMillisecond);

// The server's work per message (view_bench.h): arg 0 = the first set-up decision (0) or a
// position a few questions in (1); arg 1 = the observer (seat 0, or -1 a spectator).
pb::State view_position(std::int64_t stage) {
  return stage == 0 ? mw::bench::first_decision<pb::State>(game().options(), 42) : midgame();
}

[[maybe_unused]] const bool kViewBenchmarks = mw::bench::register_view_benchmarks(view_position);

}  // namespace

// ISMCTS (random rollouts to the end, multiple observers) from the first seeker decision after
// two random set-ups, the decision OpenSpiel's port is measured at (../shared/BENCHMARKS.md).
void BM_IsmctsFirstSeekerDecision(benchmark::State& bs) {
  pb::State start = pb::State::initial(game().options());
  mw::Rng rng(3);
  mw::ActionList scratch;
  while (start.phase() != pb::Phase::kPlay) mw::play_random_actions(start, rng, 1, scratch);
  const mw::State s = mw::make_state(game(), start);
  mw::IsmctsConfig config;
  config.iterations = 4000;
  std::int64_t iterations = 0;
  for (auto _ : bs) {
    iterations += mw::ismcts_search(mw::Observation(s, s.current_player()), config, rng).iterations;
  }
  bs.SetItemsProcessed(iterations);
  bs.SetLabel("items = ISMCTS iterations");
}
BENCHMARK(BM_IsmctsFirstSeekerDecision);

BENCHMARK_MAIN();
