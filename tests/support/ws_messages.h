#pragma once
// Reading a WebSocket client's messages as a player does: the next state or patch message.
#include <vector>

#include "core/json.h"
#include "server/net_client.h"

namespace mw::server::test {

// Reads messages until a state or patch message (errors before it are returned through
// `errors`); the fields a player reads (version, to_act, status, legal) are in both.
inline Json next_state_or_patch(WsClient& c, std::vector<Json>* errors = nullptr) {
  for (;;) {
    Json m = Json::parse(c.receive());
    if (m["type"] == "state" || m["type"] == "patch") return m;
    if (errors) errors->push_back(m);
  }
}

}  // namespace mw::server::test
