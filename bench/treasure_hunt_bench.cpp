// Treasure Hunt speed: the figures behind "templates over a concept vs a thin virtual interface"
// (docs/rules/treasure-hunt.md, docs/architecture.md). items_per_second counts decisions, i.e.
// actions chosen by a seat; the 25 deals and the first-player draw are chance and not counted.
#include <benchmark/benchmark.h>

#include <cstdint>

#include "core/agent.h"
#include "core/state.h"
#include "games/all_games.h"
#include "games/treasure_hunt/greedy_agent.h"
#include "games/treasure_hunt/swap_kernels.h"
#include "games/treasure_hunt/treasure_hunt.h"
#include "view_bench.h"

namespace {

namespace th = mw::treasure_hunt;

const mw::Game& game() {
  static const mw::Game g = mw::builtin_games().load("treasure-hunt");
  return g;
}

// A position a few turns into a seeded random game, in the swap phase.
th::State midgame_swap_position() {
  th::State s = th::State::initial(game().options());
  mw::Rng rng(42);
  mw::ActionList scratch;
  while (s.phase() != th::Phase::kSwap || s.turn() < 10) {
    mw::play_random_actions(s, rng, 1, scratch);
  }
  return s;
}

// Every completed turn is two decisions (a swap and a step), and games end at the end of a turn.
std::int64_t decisions(const th::State& s) {
  return 2 * static_cast<std::int64_t>(s.turn());
}

void BM_CopyConcrete(benchmark::State& bs) {
  const th::State s = midgame_swap_position();
  for (auto _ : bs) {
    th::State copy = s;
    benchmark::DoNotOptimize(copy);
  }
  bs.SetLabel(std::to_string(sizeof(th::State)) + " bytes");
}
BENCHMARK(BM_CopyConcrete);

void BM_CopyErased(benchmark::State& bs) {
  const mw::State s = mw::make_state(game(), midgame_swap_position());
  for (auto _ : bs) {
    mw::State copy = s;
    benchmark::DoNotOptimize(copy);
  }
}
BENCHMARK(BM_CopyErased);

void BM_LegalActionsSwap(benchmark::State& bs) {
  const th::State s = midgame_swap_position();
  mw::ActionList out;
  for (auto _ : bs) {
    s.legal_actions(out);
    benchmark::DoNotOptimize(out.data());
  }
  bs.SetLabel(std::to_string(out.size()) + " swaps");
}
BENCHMARK(BM_LegalActionsSwap);

// A random swap: drawn without the list (State::random_legal_action, what rollouts use), and the
// same draw made by listing the swaps and indexing the list.
void BM_RandomSwap(benchmark::State& bs) {
  const th::State s = midgame_swap_position();
  mw::Rng rng(1);
  mw::ActionList scratch;
  for (auto _ : bs) benchmark::DoNotOptimize(s.random_legal_action(rng, scratch));
}
BENCHMARK(BM_RandomSwap);

void BM_RandomSwapFromList(benchmark::State& bs) {
  const th::State s = midgame_swap_position();
  mw::Rng rng(1);
  mw::ActionList legal;
  for (auto _ : bs) {
    s.legal_actions(legal);
    benchmark::DoNotOptimize(legal[rng.below(legal.size())]);
  }
}
BENCHMARK(BM_RandomSwapFromList);

// The three ways of listing the swaps (legal_actions uses the fastest the CPU offers).
void BM_SwapKernel(benchmark::State& bs, th::swap_kernels::Kernel kernel) {
  if (kernel == nullptr) {
    bs.SkipWithError("this CPU lacks the instructions");
    return;
  }
  const th::State s = midgame_swap_position();
  const std::uint32_t blocked = 1u << s.pawn(0) | 1u << s.pawn(1) | 1u << s.treasure_cell();
  mw::Action out[th::kSwapBufferSize];
  for (auto _ : bs) {
    benchmark::DoNotOptimize(kernel(blocked, out));
    benchmark::ClobberMemory();
  }
}
BENCHMARK_CAPTURE(BM_SwapKernel, portable, th::swap_kernels::portable);
BENCHMARK_CAPTURE(BM_SwapKernel, avx2, th::swap_kernels::avx2());
BENCHMARK_CAPTURE(BM_SwapKernel, avx512, th::swap_kernels::avx512());

// One whole turn on a copy (the copy is included: searches copy before they apply).
void BM_ApplySwapStep(benchmark::State& bs) {
  const th::State s = midgame_swap_position();
  mw::ActionList swaps, steps;
  s.legal_actions(swaps);
  std::size_t i = 0;
  for (auto _ : bs) {
    th::State copy = s;
    copy.apply_legal(swaps[i]);
    copy.apply_legal(th::kStepBase + static_cast<mw::Action>(i % 2));  // up or right
    benchmark::DoNotOptimize(copy);
    if (++i == swaps.size()) i = 0;
  }
  bs.SetItemsProcessed(static_cast<std::int64_t>(bs.iterations()) * 2);
}
BENCHMARK(BM_ApplySwapStep);

void BM_IllegalReasonLegal(benchmark::State& bs) {
  const th::State s = midgame_swap_position();
  mw::ActionList swaps;
  s.legal_actions(swaps);
  std::size_t i = 0;
  for (auto _ : bs) {
    benchmark::DoNotOptimize(s.illegal_reason(swaps[i]));
    if (++i == swaps.size()) i = 0;
  }
}
BENCHMARK(BM_IllegalReasonLegal);

void BM_RandomGameConcrete(benchmark::State& bs) {
  const th::State initial = th::State::initial(game().options());
  mw::Rng rng(1);
  mw::ActionList scratch;
  std::int64_t total = 0;
  for (auto _ : bs) {
    th::State s = initial;
    mw::play_random_actions(s, rng, 1'000'000, scratch);
    total += decisions(s);
  }
  bs.SetItemsProcessed(total);
}
BENCHMARK(BM_RandomGameConcrete);

void BM_RandomGameErasedPlayRandom(benchmark::State& bs) {
  const mw::State initial = game().new_initial_state();
  mw::Rng rng(1);
  std::int64_t total = 0;
  for (auto _ : bs) {
    mw::State s = initial;
    s.play_random(rng, 1'000'000);
    total += decisions(s.as<th::State>());
  }
  bs.SetItemsProcessed(total);
}
BENCHMARK(BM_RandomGameErasedPlayRandom);

// Random games stepped through the erased handle: virtual calls at every step, and with `Checked`
// every action goes through State::apply (illegal_reason), as the match runner does.
template <bool Checked>
void random_games_per_step(benchmark::State& bs) {
  const mw::State initial = game().new_initial_state();
  mw::Rng rng(1);
  mw::ActionList legal;
  std::int64_t total = 0;
  for (auto _ : bs) {
    mw::State s = initial;
    while (!s.is_terminal()) {
      mw::Action a;
      if (s.is_chance_node()) {
        a = s.sample_chance(rng);
      } else {
        s.legal_actions(legal);
        a = legal[rng.below(legal.size())];
      }
      if constexpr (Checked) {
        s.apply(a);
      } else {
        s.apply_legal(a);
      }
    }
    total += decisions(s.as<th::State>());
  }
  bs.SetItemsProcessed(total);
}

void BM_RandomGameErasedPerStep(benchmark::State& bs) {
  random_games_per_step<false>(bs);
}
BENCHMARK(BM_RandomGameErasedPerStep);

void BM_RandomGameErasedChecked(benchmark::State& bs) {
  random_games_per_step<true>(bs);
}
BENCHMARK(BM_RandomGameErasedChecked);

// One swap-phase decision of the greedy agent: every (swap, step) pair, then the defence check.
void BM_GreedySwapDecision(benchmark::State& bs) {
  const mw::State s = mw::make_state(game(), midgame_swap_position());
  th::GreedyAgent agent(th::GreedyAgent::Params{});
  mw::Rng rng(1);
  for (auto _ : bs)
    benchmark::DoNotOptimize(agent.choose(mw::Observation(s, s.current_player()), rng));
}
BENCHMARK(BM_GreedySwapDecision);

// The server's work per message (view_bench.h): arg 0 = the first swap (0) or a position a few
// turns in (1); arg 1 = the observer (seat 0, or -1 a spectator).
th::State view_position(std::int64_t stage) {
  return stage == 0 ? mw::bench::first_decision<th::State>(game().options(), 42)
                    : midgame_swap_position();
}

[[maybe_unused]] const bool kViewBenchmarks = mw::bench::register_view_benchmarks(view_position);

}  // namespace

BENCHMARK_MAIN();
