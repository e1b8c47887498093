// MazeMakers speed (docs/rules/mazemakers.md): uniformly random play from the initial state to the
// end (items = actions, chance included), legal-action generation in the wall phase, resampling.
#include <benchmark/benchmark.h>

#include <cstdint>

#include "core/state.h"
#include "games/all_games.h"
#include "games/mazemakers/mazemakers.h"
#include "view_bench.h"

namespace {

namespace mm = mw::mazemakers;

const mw::Game& game(int players) {
  static const mw::Game g2 = mw::builtin_games().load("mazemakers", {{"players", 2}});
  static const mw::Game g4 = mw::builtin_games().load("mazemakers", {{"players", 4}});
  return players == 2 ? g2 : g4;
}

mm::State midgame(int players) {
  mm::State s = mm::State::initial(game(players).options());
  mw::Rng rng(42);
  mw::ActionList scratch;
  while (s.phase() != mm::Phase::kWallAction || s.round() < 5) {
    mw::play_random_actions(s, rng, 1, scratch);
  }
  return s;
}

void BM_RandomGame(benchmark::State& bs) {
  const auto players = static_cast<int>(bs.range(0));
  std::uint64_t seed = 0;
  std::int64_t actions = 0;
  mw::ActionList scratch;
  for (auto _ : bs) {
    mm::State s = mm::State::initial(game(players).options());
    mw::Rng rng(seed++);
    actions += mw::play_random_actions(s, rng, 100000, scratch);
  }
  bs.SetItemsProcessed(actions);
}
BENCHMARK(BM_RandomGame)->Arg(2)->Arg(4);

// The No-Pentominos board (18x18 window of small squares, holes as walls).
void BM_RandomGameNoPentominos(benchmark::State& bs) {
  const mw::Game g = mw::builtin_games().load(
      "mazemakers", {{"players", static_cast<int>(bs.range(0))}, {"board", "noPentominos"}});
  std::uint64_t seed = 0;
  std::int64_t actions = 0;
  mw::ActionList scratch;
  for (auto _ : bs) {
    mm::State s = mm::State::initial(g.options());
    mw::Rng rng(seed++);
    actions += mw::play_random_actions(s, rng, 100000, scratch);
  }
  bs.SetItemsProcessed(actions);
}
BENCHMARK(BM_RandomGameNoPentominos)->Arg(2)->Arg(4);

void BM_LegalActionsWallPhase(benchmark::State& bs) {
  const mm::State s = midgame(static_cast<int>(bs.range(0)));
  mw::ActionList out;
  for (auto _ : bs) {
    s.legal_actions(out);
    benchmark::DoNotOptimize(out.data());
  }
}
BENCHMARK(BM_LegalActionsWallPhase)->Arg(2)->Arg(4);

void BM_Resample(benchmark::State& bs) {
  const mm::State s = midgame(static_cast<int>(bs.range(0)));
  mw::Rng rng(1);
  for (auto _ : bs) {
    mm::State w = s.resample(0, rng);
    benchmark::DoNotOptimize(w);
  }
}
BENCHMARK(BM_Resample)->Arg(2)->Arg(4);

// The server's work per message (view_bench.h), 4 players: arg 0 = the first decision (0) or a
// wall-action decision of round 5 (1); arg 1 = the observer (seat 0, or -1 a spectator).
mm::State view_position(std::int64_t stage) {
  return stage == 0 ? mw::bench::first_decision<mm::State>(game(4).options(), 42) : midgame(4);
}

[[maybe_unused]] const bool kViewBenchmarks = mw::bench::register_view_benchmarks(view_position);

}  // namespace

BENCHMARK_MAIN();
