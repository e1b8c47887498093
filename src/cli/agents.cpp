// `mazeworks agents <game>`: the computer players a game offers (generic ones first).
#include "ai/agents.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "cli/commands.h"
#include "cli/terminal.h"

namespace mw::cli {

int run_agents(const AgentsArgs& args) {
  const Game game = load_game(args.game, args.options);
  const auto agents = list_agents(game);
  if (args.json) {
    Json list = Json::array();
    for (const auto& a : agents) {
      list.push_back({{"name", a.name}, {"help", a.help}, {"game_specific", a.game_specific}});
    }
    fmt::print("{}\n", Json{{"game", game.id()}, {"agents", std::move(list)}}.dump());
    return 0;
  }
  const std::string preferred = AgentSpec::parse(strongest_agent(game)).name;
  fmt::print("agents for {} (spec: name[:key=value,...]):\n", game.id());
  for (const auto& a : agents) {
    std::vector<std::string> tags;
    if (a.game_specific) tags.push_back("this game's own");
    if (a.name == preferred) tags.push_back("the default opponent");
    fmt::print("  {:<12} {}{}\n", a.name, a.help,
               tags.empty() ? "" : fmt::format(" [{}]", fmt::join(tags, ", ")));
  }
  return 0;
}

}  // namespace mw::cli
