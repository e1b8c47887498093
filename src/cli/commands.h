#pragma once
// One function per `mazeworks` subcommand (one file each); main.cpp parses the command line with
// CLI11 and calls them. Each returns the process exit code.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace mw::cli {

struct GamesArgs {
  bool json = false;
};
int run_games(const GamesArgs& args);

}  // namespace mw::cli
