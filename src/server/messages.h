#pragma once
// What the server sends to one observer (a seat or the spectator). Every field is built from that
// observer's view(), the legal actions when it is that seat's turn, the event log as told to that
// observer, and public facts (version, whose turn, returns at the end). Nothing else of the state
// is read here, which is what the hidden-information test checks message by message.
#include <cstdint>
#include <string>

#include "core/json.h"
#include "core/types.h"
#include "server/live_match.h"

namespace mw::server {

// {"type": "state", "match", "game", "version", "seat", "to_act", "status", "view", "legal",
//  "events_from", "events": [{"n", "player", "text"}], "returns"?}. Events are those from index
// `events_from` on (0: the full log, a resync); `seat` is null for a spectator.
Json state_message(const LiveMatch& match, Player observer, std::uint64_t events_from);

// {"type": "error", "code", "message", "version"}.
Json error_message(const std::string& code, const std::string& message, std::uint64_t version);

// Public summary for the HTTP API: id, game, options, seats (human/agent, joined), version,
// whose turn, status, returns when finished.
Json match_summary(const LiveMatch& match);

}  // namespace mw::server
