// `mazeworks selfplay`: many games between agents, summarised as a table or one JSON object.
#include "ai/selfplay.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cstdio>

#include "ai/agents.h"
#include "cli/batch.h"
#include "cli/commands.h"
#include "cli/mpi_support.h"
#include "cli/terminal.h"
#include "core/error.h"

namespace mw::cli {
namespace {

std::vector<std::string> agents_per_seat(const Game& game, const std::string& text) {
  std::vector<std::string> specs =
      text.empty() ? std::vector<std::string>{default_agent(game)} : split_agent_specs(text);
  // One spec plays every seat.
  if (specs.size() == 1) specs.assign(static_cast<std::size_t>(game.num_players()), specs[0]);
  if (static_cast<int>(specs.size()) != game.num_players()) {
    throw Error(ErrorCode::kBadRequest, fmt::format("--agents names {} agents but {} has {} seats",
                                                    specs.size(), game.id(), game.num_players()));
  }
  return specs;
}

// A few of the games worth watching again, by the seed `play --seed` takes.
void print_seeds(std::string_view kind, const std::vector<std::uint64_t>& seeds,
                 std::int64_t count) {
  constexpr std::size_t kShown = 5;
  if (seeds.empty()) return;
  const std::vector<std::uint64_t> shown(
      seeds.begin(), seeds.begin() + static_cast<std::ptrdiff_t>(std::min(kShown, seeds.size())));
  fmt::print(
      "  {} games' seeds: {}{}\n", kind, fmt::join(shown, " "),
      count > static_cast<std::int64_t>(shown.size()) ? " ... (--json lists up to 100)" : "");
}

void print_shared_wins(const SelfplaySummary& s) {
  if (std::all_of(s.shared_wins.begin(), s.shared_wins.end(), [](auto n) { return n == 0; }))
    return;
  for (std::size_t p = 0; p < s.shared_wins.size(); ++p) {
    const double n = static_cast<double>(s.games);
    fmt::print("    seat {}: won {} of them with others; win share {:.2f} ({} of the games)\n", p,
               s.shared_wins[p], s.win_shares[p], percent(n > 0 ? s.win_shares[p] / n : 0));
  }
}

void print_table(const Game& game, const SelfplayConfig& config, const SelfplaySummary& s) {
  const auto names = seat_names(game.new_initial_state());
  const std::string ranks = s.ranks > 1 ? fmt::format(" x {} MPI ranks", s.ranks) : "";
  fmt::print(
      "{}: {} games, seed {}, {} thread{}{}, {:.2f} s ({:.0f} games/s, {:.0f} actions/s)\n\n",
      game.id(), s.games, config.seed, s.threads, s.threads == 1 ? "" : "s", ranks, s.seconds,
      s.games_per_sec(), s.actions_per_sec());
  fmt::print("  {:<16} {:<16} {:>8} {:>9}  {:<17} {:>11}\n", "seat", "agent", "wins", "win rate",
             "95% CI (Wilson)", "mean return");
  for (std::size_t p = 0; p < s.wins.size(); ++p) {
    const double n = static_cast<double>(s.games);
    const Interval ci = wilson_interval(s.wins[p], s.games);
    fmt::print("  {:<16} {:<16} {:>8} {:>9}  {:<17} {:>11.3f}\n", fmt::format("{} {}", p, names[p]),
               config.agents[p], s.wins[p], percent(n > 0 ? static_cast<double>(s.wins[p]) / n : 0),
               fmt::format("[{}, {}]", percent(ci.low), percent(ci.high)),
               n > 0 ? s.return_sums[p] / n : 0.0);
  }
  const Interval draw_ci = wilson_interval(s.draws, s.games);
  fmt::print("\n  draws {} ({}, 95% CI [{}, {}]), truncated {}\n", s.draws,
             percent(s.games > 0 ? static_cast<double>(s.draws) / static_cast<double>(s.games) : 0),
             percent(draw_ci.low), percent(draw_ci.high), s.truncated);
  print_shared_wins(s);
  fmt::print("  per game: {:.1f} decisions, {:.1f} chance actions\n", s.mean_actions(),
             s.mean_chance_actions());
  print_seeds("drawn", seeds_of(config.seed, s.drawn_games), s.draws);
  print_seeds("truncated", seeds_of(config.seed, s.truncated_games), s.truncated);
}

void print(const Game& game, const SelfplayConfig& config, const SelfplaySummary& summary,
           bool json) {
  if (json) {
    fmt::print("{}\n", selfplay_json(game, config, summary).dump());
  } else {
    print_table(game, config, summary);
  }
}

int run_distributed(const Game& game, const SelfplayConfig& config, bool json) {
  return run_under_mpi([&](const auto& mpi) {
    const SelfplaySummary summary = run_selfplay_mpi(mpi, game, config);
    if (mpi.rank() == 0) print(game, config, summary, json);
  });
}

}  // namespace

int run_selfplay(const SelfplayArgs& args) {
  const Game game = load_game(args.game, args.options);
  SelfplayConfig config;
  config.agents = agents_per_seat(game, args.agents);
  copy_run_settings(args, config);

  if (args.mpi) return run_distributed(game, config, args.json);
  const SelfplaySummary summary = with_progress_bar(
      "self-play", !args.json,
      [&](const SelfplayProgress& progress) { return run_selfplay(game, config, progress); });
  print(game, config, summary, args.json);
  return 0;
}

}  // namespace mw::cli