// The Joker's Labyrinth speed: random play (actions and games per second), state copies,
// legal-action generation and resampling (docs/rules/jokers-labyrinth.md has the figures).
#include <benchmark/benchmark.h>

#include <cstdint>

#include "core/state.h"
#include "games/all_games.h"
#include "games/jokers_labyrinth/jokers_labyrinth.h"
#include "view_bench.h"

namespace {

namespace jl = mw::jokers_labyrinth;

const mw::Game& game(int players) {
  static const mw::Game g2 = mw::builtin_games().load("jokers-labyrinth", {{"players", 2}});
  static const mw::Game g4 = mw::builtin_games().load("jokers-labyrinth", {{"players", 4}});
  return players == 2 ? g2 : g4;
}

// A position some way into a seeded random game, at a decision of the player to move.
jl::State midgame(int players) {
  jl::State s = jl::State::initial(game(players).options());
  mw::Rng rng(42);
  mw::ActionList scratch;
  mw::play_random_actions(s, rng, 300, scratch);
  while (s.current_player() < 0 && !s.is_terminal()) mw::play_random_actions(s, rng, 1, scratch);
  return s;
}

void BM_RandomGame(benchmark::State& bs) {
  const int players = static_cast<int>(bs.range(0));
  std::uint64_t seed = 0;
  std::int64_t actions = 0;
  mw::ActionList scratch;
  for (auto _ : bs) {
    jl::State s = jl::State::initial(game(players).options());
    mw::Rng rng(seed++);
    actions += mw::play_random_actions(s, rng, 200000, scratch);
  }
  bs.SetItemsProcessed(actions);  // actions (decisions and chance) per second
}
BENCHMARK(BM_RandomGame)->Arg(2)->Arg(4);

void BM_Copy(benchmark::State& bs) {
  const jl::State s = midgame(2);
  for (auto _ : bs) {
    jl::State copy = s;
    benchmark::DoNotOptimize(copy);
  }
  bs.SetLabel(std::to_string(sizeof(jl::State)) + " bytes");
}
BENCHMARK(BM_Copy);

void BM_LegalActions(benchmark::State& bs) {
  const jl::State s = midgame(2);
  mw::ActionList out;
  for (auto _ : bs) {
    s.legal_actions(out);
    benchmark::DoNotOptimize(out.data());
  }
}
BENCHMARK(BM_LegalActions);

void BM_Resample(benchmark::State& bs) {
  const jl::State s = midgame(static_cast<int>(bs.range(0)));
  mw::Rng rng(7);
  for (auto _ : bs) {
    jl::State w = s.resample(0, rng);
    benchmark::DoNotOptimize(w);
  }
}
BENCHMARK(BM_Resample)->Arg(2)->Arg(4);

void BM_InformationStateKey(benchmark::State& bs) {
  const jl::State s = midgame(2);
  for (auto _ : bs) benchmark::DoNotOptimize(s.information_state_key(0));
}
BENCHMARK(BM_InformationStateKey);

// The server's work per message (view_bench.h), 4 players: arg 0 = the first decision (0) or a
// decision 300 random actions in (1); arg 1 = the observer (seat 0, or -1 a spectator).
jl::State view_position(std::int64_t stage) {
  return stage == 0 ? mw::bench::first_decision<jl::State>(game(4).options(), 42) : midgame(4);
}

[[maybe_unused]] const bool kViewBenchmarks = mw::bench::register_view_benchmarks(view_position);

}  // namespace
BENCHMARK_MAIN();
