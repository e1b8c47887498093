#include "core/record.h"

#include <fmt/format.h>

#include "core/error.h"
#include "core/json_depth.h"

namespace mw {
namespace {

constexpr const char* kFormat = "mazeworks-record";
constexpr int kVersion = 1;

State starting_state(const Registry& registry, const GameRecord& record) {
  Game game = registry.load(record.game, record.options);
  return record.start ? game.state_from_json(*record.start) : game.new_initial_state();
}

void apply_recorded(State& state, Action a, std::size_t index) {
  std::string reason = state.is_terminal() ? "the game is over" : state.illegal_reason(a);
  if (!reason.empty()) {
    throw Error(ErrorCode::kBadRecord,
                fmt::format("game record: action #{} ({}) does not apply: {}", index + 1, a, reason));
  }
  state.apply_legal(a);
}

}  // namespace

Json GameRecord::to_json(const Registry& registry) const {
  Json j;
  j["format"] = kFormat;
  j["version"] = kVersion;
  j["game"] = game;
  j["options"] = options;
  j["seed"] = seed;
  if (start) j["start"] = *start;
  j["players"] = players;
  j["actions"] = actions;
  State state = starting_state(registry, *this);
  Json notation = Json::array();
  for (std::size_t i = 0; i < actions.size(); ++i) {
    notation.push_back(state.action_to_string(actions[i]));
    apply_recorded(state, actions[i], i);
  }
  j["notation"] = std::move(notation);
  if (state.is_terminal()) j["returns"] = state.returns();
  return j;
}

GameRecord GameRecord::from_json(const Json& j) {
  auto fail = [](const std::string& what) {
    throw Error(ErrorCode::kBadRecord, "game record: " + what);
  };
  if (!j.is_object()) fail("expected a JSON object");
  if (j.contains("format") && j["format"] != kFormat) fail("format must be \"mazeworks-record\"");
  if (j.contains("version") && j["version"] != kVersion) {
    // A later format may mean something this engine would misread: refuse rather than guess.
    fail(fmt::format("\"version\" {} is not one this engine reads (it reads {})",
                     json_excerpt(j["version"]), kVersion));
  }
  if (!j.contains("game") || !j["game"].is_string()) fail("\"game\" must be a game id string");
  GameRecord r;
  r.game = j["game"].get<std::string>();
  if (j.contains("options")) {
    if (!j["options"].is_object()) fail("\"options\" must be an object");
    r.options = j["options"];
  }
  if (j.contains("seed")) {
    // is_number_integer() holds for negative numbers too; get<uint64_t>() would wrap them.
    const Json& seed = j["seed"];
    if (!seed.is_number_integer() || (!seed.is_number_unsigned() && seed.get<std::int64_t>() < 0)) {
      fail("\"seed\" must be a non-negative integer");
    }
    r.seed = seed.get<std::uint64_t>();
  }
  if (j.contains("start") && !j["start"].is_null()) r.start = j["start"];
  if (!j.contains("actions") || !j["actions"].is_array()) fail("\"actions\" must be an array");
  for (const auto& a : j["actions"]) {
    if (!a.is_number_integer()) fail("every action must be an integer");
    r.actions.push_back(a.get<Action>());
  }
  if (j.contains("players") && j["players"].is_array()) {
    for (const auto& p : j["players"]) {
      if (p.is_string()) r.players.push_back(p.get<std::string>());
    }
  }
  return r;
}

State replay(const Registry& registry, const GameRecord& record, std::size_t count) {
  State state = starting_state(registry, record);
  const std::size_t n = std::min(count, record.actions.size());
  for (std::size_t i = 0; i < n; ++i) apply_recorded(state, record.actions[i], i);
  return state;
}

}  // namespace mw
