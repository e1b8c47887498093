// `mazeworks tournament`: every agent against every other in every seat arrangement.
#include "ai/tournament.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstdio>

#include "cli/batch.h"
#include "cli/commands.h"
#include "cli/mpi_support.h"
#include "cli/terminal.h"
#include "core/error.h"

namespace mw::cli {
namespace {

void print_standings(const Game& game, const TournamentConfig& config, const TournamentResult& r) {
  fmt::print("{}: {} agents, {} arrangements x {} games, seed {}, {:.2f} s\n\n", game.id(),
             config.agents.size(), r.arrangements.size(), config.games, config.seed, r.seconds);
  std::size_t width = 5;
  for (const auto& a : config.agents) width = std::max(width, a.size());
  fmt::print("  {:<{}} {:>6} {:>6} {:>6} {:>6} {:>7}  {:<17} {:>6}\n", "agent", width, "games",
             "wins", "draws", "losses", "score", "win rate 95% CI", "Elo");
  for (const Standing& s : r.standings) {
    fmt::print("  {:<{}} {:>6} {:>6} {:>6} {:>6} {:>7}  {:<17} {:>+6.0f}\n", s.agent, width,
               s.games, s.wins, s.draws, s.losses, percent(s.score),
               fmt::format("[{}, {}]", percent(s.win_interval.low), percent(s.win_interval.high)),
               s.elo);
  }
  fmt::print("\n  head to head: wins of the row's agent against the column's\n");
  std::size_t label_width = 0;
  for (std::size_t i = 0; i < config.agents.size(); ++i) {
    label_width = std::max(label_width, fmt::format("#{} {}", i, config.agents[i]).size());
  }
  fmt::print("  {:<{}}", "", label_width);
  for (std::size_t j = 0; j < config.agents.size(); ++j)
    fmt::print(" {:>8}", fmt::format("#{}", j));
  fmt::print("\n");
  for (std::size_t i = 0; i < config.agents.size(); ++i) {
    fmt::print("  {:<{}}", fmt::format("#{} {}", i, config.agents[i]), label_width);
    for (std::size_t j = 0; j < config.agents.size(); ++j) {
      std::string cell = "-";
      for (const HeadToHead& p : r.pairs) {
        if (static_cast<std::size_t>(p.a) == i && static_cast<std::size_t>(p.b) == j) {
          cell = fmt::format("{}/{}", p.wins_a, p.games);
        } else if (static_cast<std::size_t>(p.b) == i && static_cast<std::size_t>(p.a) == j) {
          cell = fmt::format("{}/{}", p.wins_b, p.games);
        }
      }
      fmt::print(" {:>8}", cell);
    }
    fmt::print("\n");
  }
}

void print(const Game& game, const TournamentConfig& config, const TournamentResult& result,
           bool json) {
  if (json) {
    fmt::print("{}\n", tournament_json(game, config, result).dump());
  } else {
    print_standings(game, config, result);
  }
}

int run_distributed(const Game& game, TournamentConfig config, bool json) {
  return run_under_mpi([&](const auto& mpi) {
    distribute_tournament(mpi, config);
    const TournamentResult result = mw::run_tournament(game, config);
    if (mpi.rank() == 0) print(game, config, result, json);
  });
}

}  // namespace

int run_tournament(const TournamentArgs& args) {
  const Game game = load_game(args.game, args.options);
  TournamentConfig config;
  config.agents = split_agent_specs(args.agents);
  copy_run_settings(args, config);
  if (args.mpi) return run_distributed(game, config, args.json);

  const TournamentResult result = with_progress_bar(
      "tournament", !args.json,
      [&](const SelfplayProgress& progress) { return mw::run_tournament(game, config, progress); });
  print(game, config, result, args.json);
  return 0;
}

}  // namespace mw::cli
