// `mazeworks games`: the games, their player counts and options.
#include <fmt/format.h>

#include <cstdio>

#include "ai/agents.h"
#include "cli/commands.h"
#include "games/all_games.h"

namespace mw::cli {

int run_games(const GamesArgs& args) {
  const Registry& registry = builtin_games();
  if (args.json) {
    fmt::print("{}\n", game_catalog(registry).dump());
    return 0;
  }
  for (const GameEntry* e : registry.entries()) {
    const GameInfo& info = e->info;
    const std::string players =
        info.min_players == info.max_players
            ? fmt::format("{} players", info.min_players)
            : fmt::format("{}-{} players", info.min_players, info.max_players);
    fmt::print("{}  ({}, {})\n  {}\n", info.id, info.name, players, info.summary);
    for (const auto& o : info.options) {
      fmt::print(
          "    --option {}={:<18} {}\n", o.name,
          o.default_value.is_string() ? o.default_value.get<std::string>() : o.default_value.dump(),
          o.help);
    }
  }
  return 0;
}

}  // namespace mw::cli
