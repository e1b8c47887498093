#pragma once
// What the batch commands (selfplay, tournament, analyze) share: the run settings their command
// lines name alike, a progress bar while the games are played, and how a fraction is printed.
#include <fmt/format.h>

#include <cstdint>
#include <cstdio>
#include <optional>
#include <string>
#include <string_view>

#include "cli/terminal.h"

namespace mw::cli {

// Copies games, seed, threads and max_actions from a command's arguments to its run's config
// (SelfplayConfig, TournamentConfig, AnalysisConfig all name them so).
template <typename Args, typename Config>
void copy_run_settings(const Args& args, Config& config) {
  config.games = args.games;
  config.seed = args.seed;
  config.threads = args.threads;
  config.max_actions = args.max_actions;
}

// Returns `run(progress)`, with a progress bar labelled `label` drawn on standard error while it
// runs when `show_bar` and standard error is a terminal (not while printing JSON for a script).
template <typename Run>
auto with_progress_bar(std::string_view label, bool show_bar, Run&& run) {
  std::optional<ProgressBar> bar;
  if (show_bar && is_tty(stderr)) bar.emplace(stderr, std::string(label));
  auto result = run([&bar](std::int64_t done, std::int64_t total) {
    if (bar) bar->draw(done, total);
  });
  if (bar) bar->finish();
  return result;
}

// "12.5%"
inline std::string percent(double fraction) {
  return fmt::format("{:.1f}%", fraction * 100);
}

}  // namespace mw::cli
