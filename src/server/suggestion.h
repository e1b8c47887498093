#pragma once
// What a computer player would play for a seat, without playing it (the WebSocket "suggest"
// message, docs/server.md): the agent sees only that seat's Observation of a copy of the state. In
// a design phase (GameEntry::designing: a card maze, a barrier grid) it plays the whole design;
// otherwise one action.
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "core/agent.h"
#include "core/json.h"
#include "core/rng.h"
#include "core/state.h"

namespace mw::server {

// A design longer than this means the agent is not finishing it: the suggestion is refused.
inline constexpr std::size_t kMaxSuggestedActions = 500;

struct Suggestion {
  std::vector<std::string> actions;  // notation, each written before it was applied
  Json view;                         // see suggest_actions
  std::optional<std::string> text;   // the actions as one text `act` accepts, when there is one
};

// Runs `agent` for `seat` (who must be to act in `start`). A design phase: its decisions while the
// design lasts and `seat` is to act, `view` the seat's view of the finished design. Otherwise one
// action and `view` the seat's view now: applying a move can reveal what only playing it may
// reveal (a barrier's answer), so no suggestion shows a position after a move of play. Throws
// ServerError("internal") if the agent chooses an illegal action or designs without end.
Suggestion suggest_actions(const State& start, Player seat, Agent& agent, Rng& rng,
                           const std::function<bool(const State&)>& designing);

// {"type": "suggestion", "version", "actions", "view", "text"?}
Json suggestion_message(const Suggestion& suggestion, std::uint64_t version);

}  // namespace mw::server
