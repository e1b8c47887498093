#pragma once
// A finished or running match seen at any step (GET /api/matches/{id}/replay, docs/server.md):
// the stored actions replayed (exact for every game) up to step K, with the view and the event log
// as one observer (a seat, the spectator or the omniscient referee) sees them. Who may ask for
// which observer is decided by the service; this only builds the answer.
#include <cstdint>
#include <optional>
#include <string>

#include "core/json.h"
#include "core/registry.h"
#include "core/types.h"
#include "server/store.h"

namespace mw::server {

// The observer a replay request names: "omniscient", "spectator" or a seat number; nullopt when
// absent. Throws ServerError(bad_request) for anything else or a seat out of range.
std::optional<Player> parse_replay_observer(const std::optional<std::string>& text, int num_seats);

// The step a replay request names, 0..steps; absent: steps (the end). Throws
// ServerError(bad_request) for anything else, a step out of range included.
std::size_t parse_replay_step(const std::optional<std::string>& text, std::size_t steps);

// {"match", "game", "options", "step", "steps", "seat", "observer", "view", "to_act", "status",
//  "events": [{"n", "player", "text", "setup"?, "outcome"?}], "returns"?} after the first `step`
// events `observer` was told of (out of `steps`, LiveMatch::version_for): actions told to it as
// nothing are neither listed nor counted, like in its live messages. "seat" is the seat number or
// null (spectator, omniscient); "observer" names which. Events carry "setup" and "outcome" as in
// state messages (add_event_facts).
Json replay_at(const Registry& registry, const MatchSetup& setup, const ActionList& actions,
               Player observer, std::size_t step, std::size_t steps);

}  // namespace mw::server
