#pragma once
// A game record: game id + options + seed + every action (chance outcomes included), from the
// initial state or from a set-up position. Replaying it reproduces the game bit for bit.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/json.h"
#include "core/registry.h"
#include "core/state.h"

namespace mw {

struct GameRecord {
  std::string game;
  Json options = Json::object();
  std::uint64_t seed = 0;
  std::optional<Json> start;  // a state body to start from; none = the initial state
  ActionList actions;
  std::vector<std::string> players;  // who sat where (agent specs or "human"); informational

  // Adds "notation" (each action as text) and, at the end of a game, "returns". Throws
  // Error(kBadRecord) like replay() when an action does not apply.
  Json to_json(const Registry& registry) const;
  // Checks the shape; throws Error(kBadRecord) saying which field is wrong.
  static GameRecord from_json(const Json& j);
};

// The state after the first `count` actions (all of them by default). Throws Error(kBadRecord)
// naming the first action that does not apply, and why.
State replay(const Registry& registry, const GameRecord& record,
             std::size_t count = static_cast<std::size_t>(-1));

}  // namespace mw
