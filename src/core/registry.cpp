#include "core/registry.h"

#include <fmt/format.h>

#include "core/error.h"

namespace mw {

void Registry::add(GameEntry entry) {
  for (const auto& e : entries_) {
    if (e->info.id == entry.info.id) {
      throw Error(ErrorCode::kInternal, fmt::format("game '{}' registered twice", entry.info.id));
    }
  }
  entries_.push_back(std::make_unique<GameEntry>(std::move(entry)));
}

const GameEntry& Registry::entry(std::string_view id) const {
  for (const auto& e : entries_) {
    if (e->info.id == id) return *e;
  }
  std::string known;
  for (const auto& e : entries_) known += (known.empty() ? "" : ", ") + e->info.id;
  throw Error(ErrorCode::kUnknownGame, fmt::format("unknown game '{}'; known: {}", id, known));
}

std::vector<const GameEntry*> Registry::entries() const {
  std::vector<const GameEntry*> out;
  for (const auto& e : entries_) out.push_back(e.get());
  return out;
}

Game Registry::load(std::string_view id, const Json& options) const {
  const GameEntry& e = entry(id);
  return Game(e, Options::resolve(e.info.options, options));
}

State Registry::state_from_document(const Json& document) const {
  if (!document.is_object() || !document.contains("game") || !document["game"].is_string() ||
      !document.contains("state")) {
    throw Error(ErrorCode::kBadState,
                "a state document is {\"game\": id, \"options\": {...}, \"state\": {...}}");
  }
  Game game = load(document["game"].get<std::string>(),
                   document.contains("options") ? document["options"] : Json::object());
  return game.state_from_json(document["state"]);
}

}  // namespace mw
