#pragma once
// What the server does for every message, timed on one game's concrete state: an observer's
// view(), and the legal list as strings for the seat to act (legal_actions + action_to_string).
// Each game's bench picks its positions and registers these (docs/architecture.md, "Views and
// legal lists").
#include <benchmark/benchmark.h>

#include <cstdint>
#include <string>
#include <vector>

#include "core/json.h"
#include "core/rng.h"
#include "core/state.h"
#include "core/types.h"

namespace mw::bench {

// The benchmarks' observers: arg 0 is seat 0, arg -1 a spectator.
inline Player observer_of(std::int64_t arg) {
  return arg < 0 ? kSpectator : static_cast<Player>(arg);
}

// Plays chance until a seat is to act (or the game is over).
template <class S>
S at_decision(S s, Rng& rng) {
  ActionList scratch;
  while (s.current_player() == kChancePlayer) play_random_actions(s, rng, 1, scratch);
  return s;
}

// The first decision of a seeded game: chance (a deal, the first player) resolved.
template <class S>
S first_decision(const Options& options, std::uint64_t seed) {
  Rng rng(seed);
  return at_decision(S::initial(options), rng);
}

template <class S>
void time_view(benchmark::State& bs, const S& s, Player observer) {
  bs.SetLabel(std::to_string(s.view(observer).dump().size()) + " bytes");
  for (auto _ : bs) {
    Json v = s.view(observer);
    benchmark::DoNotOptimize(v);
  }
}

// The same view as text, as the server keeps and diffs it (written directly by a game that can).
template <class S>
void time_view_text(benchmark::State& bs, const S& s, Player observer) {
  std::string text;
  for (auto _ : bs) {
    text.clear();
    append_view_text_of(s, observer, text);
    benchmark::DoNotOptimize(text.data());
  }
  bs.SetLabel(std::to_string(text.size()) + " bytes");
}

template <class S>
void time_legal_strings(benchmark::State& bs, const S& s) {
  ActionList legal;
  std::vector<std::string> texts;
  for (auto _ : bs) {
    s.legal_actions(legal);
    texts.clear();
    for (const Action a : legal) texts.push_back(s.action_to_string(a));
    benchmark::DoNotOptimize(texts.data());
  }
  bs.SetLabel(std::to_string(texts.size()) + " actions" +
              (texts.empty() ? "" : ", e.g. '" + texts.back() + "'"));
}

// Registers BM_View and BM_ViewText (arg 0 the position, arg 1 the observer: seat 0, or -1 a
// spectator) and BM_LegalStrings (arg 0 the position) for a game's positions 0 (the first decision
// after chance) and 1 (a later one). Call it to initialise a namespace-scope constant of the bench
// file.
template <class S>
bool register_view_benchmarks(S (*position)(std::int64_t stage)) {
  benchmark::RegisterBenchmark("BM_View", [position](benchmark::State& bs) {
    time_view(bs, position(bs.range(0)), observer_of(bs.range(1)));
  })->ArgsProduct({{0, 1}, {0, -1}});
  benchmark::RegisterBenchmark("BM_ViewText", [position](benchmark::State& bs) {
    time_view_text(bs, position(bs.range(0)), observer_of(bs.range(1)));
  })->ArgsProduct({{0, 1}, {0, -1}});
  benchmark::RegisterBenchmark(
      "BM_LegalStrings",
      [position](benchmark::State& bs) { time_legal_strings(bs, position(bs.range(0))); })
      ->Arg(0)
      ->Arg(1);
  return true;
}

}  // namespace mw::bench
