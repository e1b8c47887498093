#pragma once
// What the server sends to one observer (a seat or the spectator). Every field is built from that
// observer's view(), the legal actions when it is that seat's turn, the event log as told to that
// observer, and public facts (version, whose turn, returns at the end). Nothing else of the state
// is read here, which is what the hidden-information test checks message by message.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/json.h"
#include "core/types.h"
#include "server/live_match.h"

namespace mw::server {

// {"type": "state", "match", "game", "version", "seat", "to_act", "status", "view", "legal",
//  "events_from", "events": [{"n", "player", "text", "setup"?, "outcome"?}], "returns"?,
//  "resigned"?, "rematch"?, "seed_commitment"}. Events
// are those from index `events_from` on (0: the full log, a resync); `seat` is null for a
// spectator. `view` is the observer's view now (State::view); the HTTP record during play is this
// message, the WebSocket's full state its text (state_message_text).
Json state_message(const LiveMatch& match, Player observer, std::uint64_t events_from,
                   const Json& view);
// The same message as its text, json_text(state_message(...)) byte for byte, written member by
// member: `view_text` is the view's text (ObserverViews::current_text) and the legal moves are
// written straight (a Maker's first placement has 64,000 of them).
std::string state_message_text(const LiveMatch& match, Player observer, std::uint64_t events_from,
                               std::string_view view_text);

// {"type": "patch", "match", "version", "base", "to_act", "status", "patch", "legal", "events",
//  "returns"?, "resigned"?, "rematch"?}: what changed for `observer` since its version `base`.
// `patch` (view_patch) turns its view at `base` into its view now; the events are those told to
// it since, numbered from `base`. What never changes (game, seat, seed commitment) is left out:
// the client keeps it from the state message the patches follow. Returned as text: `patch` (JSON
// text, view_patch_text) is spliced in as written.
std::string patch_message(const LiveMatch& match, Player observer, std::uint64_t base,
                          std::string_view patch);

// What an event of the log says beyond its text, the same for every observer told of it:
// "setup": true for an action of the set-up (State::in_setup), "outcome" what it concluded (a
// fight's record, State::outcome_of); each only when there is one.
void add_event_facts(bool setup, const Json& outcome, Json& event);

// {"type": "error", "code", "message", "version", "request"?}. `request` names the client message
// refused ("act", "check", "suggest", ...) when known, so a client can tell which of its requests
// in flight the refusal answers.
Json error_message(const std::string& code, const std::string& message, std::uint64_t version,
                   const std::string& request = "");

// {"type": "presence", "seat", "event", "seats": [{"seat", "kind", "joined", "connected"}]}: who
// holds each seat now, sent to everyone watching when `seat` was taken by an invite ("joined"),
// opened its first connection ("connected") or closed its last ("disconnected").
// `connected[s]`: a connection holds seat s.
Json presence_message(const LiveMatch& match, const std::vector<bool>& connected, Player seat,
                      std::string_view event);

// {"type": "rematch", "match": <new id>, "seat"?, "token"?}: the finished match's rematch. A seat's
// own connections get its fresh token for the new match; everyone else only the id.
Json rematch_message(const std::string& next, std::optional<Player> seat, const std::string& token);

// Public summary for the HTTP API: id, game, options, created (unix seconds), seats (human/agent,
// joined: a human seat not joined is free), version, whose turn, status, returns when finished,
// and the commitment to the seed (LiveMatch::seed_commitment).
Json match_summary(const LiveMatch& match);

}  // namespace mw::server
