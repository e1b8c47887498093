// The `mazeworks` program: parses the command line and dispatches to one subcommand.
#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include "cli/commands.h"
#include "core/error.h"

int main(int argc, char** argv) {
  CLI::App app{"Mazeworks: five maze-exploration games, their engine and computer players"};
  app.require_subcommand(1);

  mw::cli::GamesArgs games_args;
  auto* games = app.add_subcommand("games", "list the games, player counts and options");
  games->add_flag("--json", games_args.json, "print JSON");

  CLI11_PARSE(app, argc, argv);
  try {
    if (games->parsed()) return mw::cli::run_games(games_args);
  } catch (const mw::Error& e) {
    fmt::print(stderr, "mazeworks: {} ({})\n", e.what(), mw::error_code_name(e.code()));
    return 2;
  }
  return 1;
}
