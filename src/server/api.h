#pragma once
// The HTTP JSON API under /api/ as a function: method, target, body and an optional bearer token
// in, status and JSON out. The network layer only frames it (docs/server.md lists every route).
#include <optional>
#include <string>
#include <string_view>

#include "core/json.h"
#include "server/match_service.h"
#include "server/rate_limit.h"

namespace mw::server {

// Request bodies are refused beyond this (the network layer also enforces it while reading).
inline constexpr std::size_t kMaxBodyBytes = 64 * 1024;

struct ApiReply {
  int status = 200;
  Json body;
};

// Who asks, for the per-client limits: the key of the peer's address (client_key) and the limiters
// of match creation and joins (null: unlimited).
struct ApiClient {
  std::string key;
  KeyedRateLimiter* creations = nullptr;
  KeyedRateLimiter* joins = nullptr;
};

// Never throws: every refusal is {"error": {"code", "message"}} with a 4xx/5xx status. The seat
// token comes only in the Authorization header: a URL's query string ends up in logs, so a
// `token` there is refused.
ApiReply handle_api(MatchService& service, std::string_view method, std::string_view target,
                    std::string_view body, const std::optional<std::string>& token,
                    const ApiClient& client = {});

// Parses a JSON message from a client with the size and nesting limits, and refuses control
// characters other than tab, line feed and carriage return in its strings (a NUL would cut the
// text short wherever it is quoted back); throws ServerError, or Error(kBadRequest) from
// parse_untrusted_json (both reach the client as bad_request, 400).
Json parse_client_json(std::string_view text, std::size_t max_bytes);

// The value of `name` in the query string of `target` ("/x?a=1&b=2"), if present.
std::optional<std::string> query_param(std::string_view target, std::string_view name);

}  // namespace mw::server
