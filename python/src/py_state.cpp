#include "py_state.h"

#include <fmt/format.h>

#include "core/error.h"
#include "core/types.h"

namespace mw::python {

std::string describe_player(Player p) {
  switch (p) {
    case kChancePlayer:
      return "chance";
    case kTerminalPlayer:
      return "terminal";
    case kSpectator:
      return "spectator";
    case kOmniscient:
      return "omniscient";
    default:
      return std::to_string(p);
  }
}

void check_seat(const State& state, Player p, const char* what) {
  if (p < 0 || p >= state.num_players()) {
    throw Error(ErrorCode::kBadRequest,
                fmt::format("{}: expected a seat 0..{}, got {}", what, state.num_players() - 1, p));
  }
}

void check_observer(const State& state, Player p, const char* what) {
  if (p == kSpectator || p == kOmniscient) return;
  if (p < 0 || p >= state.num_players()) {
    throw Error(ErrorCode::kBadRequest,
                fmt::format("{}: expected a seat 0..{}, SPECTATOR ({}) or OMNISCIENT ({}), got {}",
                            what, state.num_players() - 1, kSpectator, kOmniscient, p));
  }
}

void check_decision(const State& state, const char* what) {
  const Player p = state.current_player();
  if (p < 0) {
    throw Error(ErrorCode::kBadRequest,
                fmt::format("{}: no seat is to act ({})", what,
                            p == kChancePlayer ? "a chance node: use sample_chance() or "
                                                 "chance_outcomes()"
                                               : "the game is over"));
  }
}

void check_nameable(const State& state, Action a) {
  if (const std::string why = state.illegal_reason(a); !why.empty()) {
    throw Error(ErrorCode::kIllegalAction,
                fmt::format("action {} is not legal here, so it has no text: {}", a, why));
  }
}

State state_from_json(const Game& game, const Json& j) {
  if (j.is_object() && j.contains("game") && j.contains("state")) {
    if (!j["game"].is_string() || j["game"].get<std::string>() != game.id()) {
      throw Error(ErrorCode::kBadState,
                  fmt::format("this document is of game {}, not {}", j["game"].dump(), game.id()));
    }
    if (j.contains("options") && j["options"] != game.options().to_json()) {
      throw Error(ErrorCode::kBadState,
                  fmt::format("this document's options {} differ from the game's {}; load it with "
                              "mazeworks.state_from_json",
                              j["options"].dump(), game.options().to_json().dump()));
    }
    return game.state_from_json(j["state"]);
  }
  return game.state_from_json(j);
}

}  // namespace mw::python
