#pragma once
// Agents by spec string, usable everywhere (CLI, protocol, server, Python): "name" or
// "name:key=value,key=value". Generic agents work for every game; a game may add its own.
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/agent.h"
#include "core/game.h"
#include "core/json.h"
#include "core/registry.h"

namespace mw {

struct AgentSpec {
  std::string name;
  Json params = Json::object();  // values typed as JSON numbers, booleans or strings
  // Throws Error(kUnknownAgent) when the text is not "name[:k=v,...]".
  static AgentSpec parse(std::string_view text);
  std::string to_string() const;
};

struct AgentListing {
  std::string name;
  std::string help;
  bool game_specific = false;
};

// Throws Error(kUnknownAgent) naming the agents this game offers.
std::unique_ptr<Agent> make_agent(const Game& game, std::string_view spec);
std::vector<AgentListing> list_agents(const Game& game);

// The agent used when none is named: the game's own first agent (fast: self-play and analysis
// default to it), else "random".
std::string default_agent(const Game& game);
// The opponent `play` offers by default: GameEntry::strongest_agent for the game's options, else
// default_agent.
std::string strongest_agent(const Game& game);
// The strongest agent for each player count the game allows, keyed by the count as text
// (`{"2": spec, "3": spec}`), other options at their defaults. Games with a fixed count are loaded
// without a "players" option.
Json strongest_agent_by_players(const Registry& registry, const GameInfo& info);

// Every game's descriptor (GameInfo::to_json) plus "agents": the names of the agents it offers,
// "strongest_agent" (default options) and "strongest_agent_by_players". The catalogue
// `mazeworks games --json` prints and the engine's `games` request returns.
Json game_catalog(const Registry& registry);

}  // namespace mw
