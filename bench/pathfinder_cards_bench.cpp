// Pathfinder speed: random play of whole games (building included, and from a built maze), state
// copies, and the Runner's resample. items_per_second counts decisions (chance picks excluded).
#include <benchmark/benchmark.h>

#include <cstdint>

#include "core/state.h"
#include "games/all_games.h"
#include "games/pathfinder_cards/pathfinder_cards.h"
#include "view_bench.h"

namespace {

namespace pf = mw::pathfinder_cards;

const mw::Game& game() {
  static const mw::Game g = mw::builtin_games().load("pathfinder-cards");
  return g;
}

const char* kMaze =
    "AC  2C  3C  4C  5C  6C  7C  8C\n"
    "9C  10C JC  QC  KC  8D  9D  10D\n"
    "AD  2D  3D  4D  5D  6D  7D  JK\n"
    "AS  2S  3S  4S  5S  6S  7S  8S\n"
    "9S  10S JS  QS  KS  JD  QD  KD\n";

// Plays seeded random games from `start`, each decision an index drawn into the legal list, or
// with `fast` the game's own draw (random_legal_action, what rollouts and the random agent use);
// counts decisions.
void random_games(benchmark::State& bs, const pf::State& start, bool fast = false) {
  mw::Rng rng(1);
  mw::ActionList scratch;
  std::int64_t decisions = 0;
  for (auto _ : bs) {
    pf::State s = start;
    while (!s.is_terminal()) {
      if (s.current_player() == mw::kChancePlayer) {
        s.apply_legal(s.sample_chance(rng));
        continue;
      }
      if (fast) {
        s.apply_legal(s.random_legal_action(rng, scratch));
      } else {
        s.legal_actions(scratch);
        s.apply_legal(scratch[rng.below(scratch.size())]);
      }
      ++decisions;
    }
  }
  bs.SetItemsProcessed(decisions);
}

void BM_RandomGameWithBuilding(benchmark::State& bs) {
  random_games(bs, pf::State::initial(game().options()));
}
BENCHMARK(BM_RandomGameWithBuilding);

void BM_RandomGameWithBuildingFastDraws(benchmark::State& bs) {
  random_games(bs, pf::State::initial(game().options()), true);
}
BENCHMARK(BM_RandomGameWithBuildingFastDraws);

void BM_RandomGameFromMaze(benchmark::State& bs) {
  random_games(bs, pf::State::from_layout(pf::parse_maze(kMaze), game().options()));
}
BENCHMARK(BM_RandomGameFromMaze);

void BM_Copy(benchmark::State& bs) {
  const pf::State s = pf::State::from_layout(pf::parse_maze(kMaze), game().options());
  for (auto _ : bs) {
    pf::State copy = s;
    benchmark::DoNotOptimize(copy);
  }
  bs.SetLabel(std::to_string(sizeof(pf::State)) + " bytes");
}
BENCHMARK(BM_Copy);

void BM_ResampleRunner(benchmark::State& bs) {
  const pf::State s = pf::State::from_layout(pf::parse_maze(kMaze), game().options());
  mw::Rng rng(2);
  for (auto _ : bs) {
    pf::State w = s.resample(pf::kRunner, rng);
    benchmark::DoNotOptimize(w);
  }
  bs.SetItemsProcessed(bs.iterations());
}
BENCHMARK(BM_ResampleRunner);

// The advanced game on a hex board: the artifacts' edges and the closure checks cost extra.
const mw::Game& advanced_hex() {
  static const mw::Game g =
      mw::builtin_games().load("pathfinder-cards", mw::Json{{"advanced", true}, {"board", "hex"}});
  return g;
}

pf::State advanced_hex_start() {
  const pf::Layout l = pf::parse_maze(kMaze, pf::Topology::kHex, true);
  return pf::State::from_layout(l, advanced_hex().options());
}

void BM_AdvancedHexRandomGameFromMaze(benchmark::State& bs) {
  random_games(bs, advanced_hex_start());
}
BENCHMARK(BM_AdvancedHexRandomGameFromMaze);

void BM_AdvancedHexResampleRunner(benchmark::State& bs) {
  const pf::State s = advanced_hex_start();
  mw::Rng rng(2);
  for (auto _ : bs) {
    pf::State w = s.resample(pf::kRunner, rng);
    benchmark::DoNotOptimize(w);
  }
  bs.SetItemsProcessed(bs.iterations());
}
BENCHMARK(BM_AdvancedHexResampleRunner);

// The advanced game's card-by-card build: the Maker's legal placements at every card of random
// legal building (the completion search answers those no basic path allows).
void BM_AdvancedBuildLegalPlacements(benchmark::State& bs) {
  const bool hex = bs.range(0) == 1;
  const mw::Game game = mw::builtin_games().load(
      "pathfinder-cards", mw::Json{{"advanced", true}, {"board", hex ? "hex" : "square"}});
  mw::Rng rng(5);
  mw::ActionList legal;
  std::int64_t steps = 0;
  for (auto _ : bs) {
    pf::State s = pf::State::initial(game.options());
    while (s.current_player() == mw::kChancePlayer) s.apply_legal(s.sample_chance(rng));
    while (s.phase() == pf::Phase::kBuild) {
      s.legal_actions(legal);
      s.apply_legal(legal[rng.below(legal.size())]);
      ++steps;
    }
  }
  bs.SetItemsProcessed(steps);
  bs.SetLabel(hex ? "hex" : "square");
}
BENCHMARK(BM_AdvancedBuildLegalPlacements)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond);

// The server's work per message (view_bench.h): arg 0 = the Maker's first placement (every card
// on every cell: 64,000 legal actions) or the 20th decision of play after a random build (1, the
// first seed from 42 whose game lasts that long); arg 1 = the observer (seat 0, or -1 a
// spectator).
pf::State view_position(std::int64_t stage) {
  if (stage == 0) return mw::bench::first_decision<pf::State>(game().options(), 42);
  for (std::uint64_t seed = 42;; ++seed) {
    pf::State s = mw::bench::first_decision<pf::State>(game().options(), seed);
    mw::Rng rng(seed);
    mw::ActionList scratch;
    int decisions = 0;
    while (!s.is_terminal() && (s.phase() != pf::Phase::kPlay || decisions < 20)) {
      if (s.phase() == pf::Phase::kPlay) ++decisions;
      mw::play_random_actions(s, rng, 1, scratch);
      s = mw::bench::at_decision(s, rng);
    }
    if (!s.is_terminal()) return s;
  }
}

[[maybe_unused]] const bool kViewBenchmarks = mw::bench::register_view_benchmarks(view_position);

}  // namespace

BENCHMARK_MAIN();
