#pragma once
// Games by id. The set of built-in games is assembled in src/games/all_games.cpp (the games layer);
// core only provides the container, so core never depends on a game.
#include <memory>
#include <string_view>
#include <vector>

#include "core/game.h"
#include "core/json.h"
#include "core/state.h"

namespace mw {

class Registry {
 public:
  void add(GameEntry entry);
  // Throws Error(kUnknownGame) listing the known ids.
  const GameEntry& entry(std::string_view id) const;
  std::vector<const GameEntry*> entries() const;
  // Resolves options (defaults filled, unknown or ill-typed ones rejected with kBadOption).
  Game load(std::string_view id, const Json& options = Json::object()) const;
  // Reads {"game", "options", "state"} (State::to_document).
  State state_from_document(const Json& document) const;

 private:
  std::vector<std::unique_ptr<GameEntry>> entries_;  // stable addresses: Games point into them
};

}  // namespace mw
