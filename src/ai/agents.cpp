#include "ai/agents.h"

#include <fmt/format.h>

#include <charconv>
#include <cmath>
#include <functional>

#include "ai/alphabeta.h"
#include "ai/ismcts.h"
#include "ai/maker.h"
#include "ai/pimc.h"
#include "ai/random_agent.h"
#include "core/error.h"

namespace mw {
namespace {

struct GenericAgent {
  const char* name;
  const char* help;
  std::function<std::unique_ptr<Agent>(const Game&, const Json&)> make;
  bool (*applies)(const Game&) = [](const Game&) { return true; };
};

bool two_seat_perfect_information_with_evaluation(const Game& game) {
  return game.info().perfect_information && game.num_players() == 2 &&
         static_cast<bool>(game.entry().evaluate);
}

const std::vector<GenericAgent>& generic_agents() {
  static const std::vector<GenericAgent> agents = {
      {"random", "uniformly random legal actions",
       [](const Game&, const Json&) { return std::make_unique<RandomAgent>(); }},
      {"ismcts",
       "information-set Monte Carlo tree search (params: ms=1000 or iterations=N, c=0.7, "
       "final=visits|mean, rollout=random|heuristic, depth=0 (0: to the end), eps=0 (random "
       "steps in heuristic rollouts), prior=none|heuristic, pw=1 (prior weight), policy= (the "
       "agent of heuristic rollouts and the prior, ';' for ','; default the game's own), "
       "opponents=search|policy (policy: the other seats play the policy's moves in the tree), "
       "oeps=0 (with opponents=policy: the chance of a random move instead; learn: each "
       "opponent's, from how often its moves seen so far differ from the policy's; classify: the "
       "chance that the opponent plays at random rather than the policy, judged from the same "
       "moves), omax=1 (with oeps=learn or classify: the most noise learned for a seat), "
       "observer=multi|single, threads=1)",
       IsmctsAgent::make},
      {"pimc",
       "determinize and search: plain UCT in sampled worlds, votes summed (params: worlds=10 and "
       "the budget, c, final, rollout, depth, eps, policy of ismcts)",
       PimcAgent::make_pimc},
      {"mcts",
       "Monte Carlo tree search (UCT) for games of perfect information; elsewhere one sampled "
       "world (params: ms=1000 or iterations=N, c, final, rollout, depth, worlds=1)",
       PimcAgent::make_mcts},
      {"alphabeta",
       "alpha-beta with iterative deepening and a transposition table, for two-seat games of "
       "perfect information (params: ms=1000 or depth=N, tableBits=20)",
       AlphaBetaAgent::make, two_seat_perfect_information_with_evaluation},
      {"maker",
       "searches for a hard secret design (maze, barrier grid): the builder draws candidates=12 "
       "designs, each played on sims=6 times by the game's agents, the best for its seat is kept "
       "(params: build=, play=, rivals= agent specs, default the game's own agent, ';' for ',' "
       "inside them; halving=false (true: successive halving, sims more games a round for the "
       "better half); ms=0 (0: no time limit), maxActions=20000)",
       MakerAgent::make, MakerAgent::applies},
  };
  return agents;
}

Json parse_value(std::string_view text) {
  if (text == "true") return true;
  if (text == "false") return false;
  std::int64_t i = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), i);
  if (ec == std::errc() && end == text.data() + text.size()) return i;
  double d = 0;
  auto [dend, dec] = std::from_chars(text.data(), text.data() + text.size(), d);
  // "nan" and "inf" read as doubles, but JSON has no such numbers (they would print as null):
  // they stay text, and the parameter's reader says it wanted a number.
  if (dec == std::errc() && dend == text.data() + text.size() && std::isfinite(d)) return d;
  return std::string(text);
}

std::string known_agents(const Game& game) {
  std::string out;
  for (const auto& a : list_agents(game)) out += (out.empty() ? "" : ", ") + a.name;
  return out;
}

}  // namespace

AgentSpec AgentSpec::parse(std::string_view text) {
  AgentSpec spec;
  const auto colon = text.find(':');
  spec.name = std::string(text.substr(0, colon));
  if (spec.name.empty()) {
    throw Error(ErrorCode::kUnknownAgent,
                "an agent spec is name[:key=value,...], got an empty name");
  }
  if (colon == std::string_view::npos) return spec;
  std::string_view rest = text.substr(colon + 1);
  while (!rest.empty()) {
    const auto comma = rest.find(',');
    const std::string_view item = rest.substr(0, comma);
    const auto eq = item.find('=');
    if (eq == std::string_view::npos || eq == 0) {
      throw Error(ErrorCode::kUnknownAgent,
                  fmt::format("agent parameter '{}' should be key=value", item));
    }
    spec.params[std::string(item.substr(0, eq))] = parse_value(item.substr(eq + 1));
    rest = comma == std::string_view::npos ? std::string_view() : rest.substr(comma + 1);
  }
  return spec;
}

std::string AgentSpec::to_string() const {
  std::string out = name;
  char sep = ':';
  for (const auto& [k, v] : params.items()) {
    out += sep + k + "=" + (v.is_string() ? v.get<std::string>() : v.dump());
    sep = ',';
  }
  return out;
}

std::vector<AgentListing> list_agents(const Game& game) {
  std::vector<AgentListing> out;
  for (const auto& a : generic_agents()) {
    if (a.applies(game)) out.push_back({a.name, a.help, false});
  }
  for (const auto& a : game.entry().agents) out.push_back({a.name, a.help, true});
  return out;
}

std::unique_ptr<Agent> make_agent(const Game& game, std::string_view text) {
  const AgentSpec spec = AgentSpec::parse(text);
  for (const auto& a : game.entry().agents) {
    if (a.name == spec.name) return a.make(game, spec.params);
  }
  for (const auto& a : generic_agents()) {
    if (a.name == spec.name && a.applies(game)) return a.make(game, spec.params);
  }
  throw Error(ErrorCode::kUnknownAgent, fmt::format("unknown agent '{}' for {}; known: {}",
                                                    spec.name, game.id(), known_agents(game)));
}

std::string default_agent(const Game& game) {
  const auto& agents = game.entry().agents;
  return agents.empty() ? std::string("random") : agents.front().name;
}

std::string strongest_agent(const Game& game) {
  const auto& strongest = game.entry().strongest_agent;
  std::string spec = strongest ? strongest(game.options()) : std::string();
  return spec.empty() ? default_agent(game) : spec;
}

Json strongest_agent_by_players(const Registry& registry, const GameInfo& info) {
  Json by_players = Json::object();
  for (int players = info.min_players; players <= info.max_players; ++players) {
    Json options = Json::object();
    if (info.min_players != info.max_players) options["players"] = players;
    by_players[std::to_string(players)] = strongest_agent(registry.load(info.id, options));
  }
  return by_players;
}

Json game_catalog(const Registry& registry) {
  Json games = Json::array();
  for (const GameEntry* e : registry.entries()) {
    Json g = e->info.to_json();
    Json agents = Json::array();
    const Game game = registry.load(e->info.id);
    for (const auto& a : list_agents(game)) agents.push_back(a.name);
    g["agents"] = std::move(agents);
    g["strongest_agent"] = strongest_agent(game);
    g["strongest_agent_by_players"] = strongest_agent_by_players(registry, e->info);
    games.push_back(std::move(g));
  }
  return games;
}

}  // namespace mw
