// What the server's diff costs a move (docs/server.md, "Patches"): seat 0's views along one seeded
// random game of each game, as the server keeps them (text), and the patch from each view to the
// next with the member starts carried from diff to diff, as ObserverViews does.
//   build/bench/view_patch --benchmark_repetitions=3 --benchmark_report_aggregates_only
#include "server/view_patch.h"

#include <benchmark/benchmark.h>

#include <cstdint>
#include <string>
#include <vector>

#include "core/rng.h"
#include "core/state.h"
#include "games/all_games.h"

namespace mw::bench {
namespace {

constexpr int kMoves = 100;  // the load test's longer runs play 100 moves a match

// Seat 0's view after each of the first kMoves decisions (chance played as it comes).
std::vector<std::string> views_along_a_game(const char* game, std::uint64_t seed) {
  State s = builtin_games().load(game).new_initial_state();
  Rng rng(seed);
  ActionList scratch;
  std::vector<std::string> views;
  std::string text;
  s.append_view_text(0, text);
  views.push_back(text);
  for (int move = 0; move < kMoves && !s.is_terminal(); ++move) {
    s.apply(s.random_legal_action(rng, scratch));
    text.clear();
    s.append_view_text(0, text);
    views.push_back(text);
  }
  return views;
}

void BM_ViewPatch(benchmark::State& bs, const char* game) {
  const std::vector<std::string> views = views_along_a_game(game, 1);
  std::size_t bytes = 0, patch_bytes = 0;
  for (auto _ : bs) {
    server::MemberStarts starts;
    for (std::size_t i = 1; i < views.size(); ++i) {
      server::TextNotes notes;
      notes.from_starts = starts.empty() ? nullptr : &starts;
      const std::string patch = server::view_patch_text(views[i - 1], views[i], notes);
      starts = std::move(notes.to_starts);
      patch_bytes += patch.size();
      benchmark::DoNotOptimize(patch.data());
    }
  }
  for (std::size_t i = 1; i < views.size(); ++i) bytes += views[i].size();
  const auto pairs = static_cast<std::int64_t>(views.size() - 1);
  bs.SetItemsProcessed(bs.iterations() * pairs);
  bs.SetLabel(std::to_string(bytes / (views.size() - 1)) + " bytes a view, " +
              std::to_string(patch_bytes /
                             (static_cast<std::size_t>(bs.iterations()) * (views.size() - 1))) +
              " a patch");
}

BENCHMARK_CAPTURE(BM_ViewPatch, treasure_hunt, "treasure-hunt");
BENCHMARK_CAPTURE(BM_ViewPatch, pathfinder_barriers, "pathfinder-barriers");
BENCHMARK_CAPTURE(BM_ViewPatch, pathfinder_cards, "pathfinder-cards");
BENCHMARK_CAPTURE(BM_ViewPatch, mazemakers, "mazemakers");
BENCHMARK_CAPTURE(BM_ViewPatch, jokers_labyrinth, "jokers-labyrinth");

}  // namespace
}  // namespace mw::bench

BENCHMARK_MAIN();
