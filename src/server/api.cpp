#include "server/api.h"

#include <fmt/format.h>

#include <algorithm>
#include <vector>

#include "core/json_depth.h"
#include "server/server_error.h"

namespace mw::server {
namespace {

constexpr int kMaxNesting = 32;

std::vector<std::string_view> split_path(std::string_view path) {
  std::vector<std::string_view> parts;
  while (!path.empty()) {
    const auto slash = path.find('/');
    const auto part = path.substr(0, slash);
    if (!part.empty()) parts.push_back(part);
    if (slash == std::string_view::npos) break;
    path.remove_prefix(slash + 1);
  }
  return parts;
}

Json parse_body(std::string_view body) {
  if (body.empty()) return Json::object();
  return parse_client_json(body, kMaxBodyBytes);
}

[[noreturn]] void method_not_allowed(std::string_view method, std::string_view path) {
  fail("method_not_allowed", 405, fmt::format("{} is not allowed on {}", method, path));
}

void limit(KeyedRateLimiter* limiter, const std::string& client, const char* what) {
  if (limiter != nullptr && !limiter->allow(client)) {
    fail("rate_limited", 429,
         fmt::format("too many {} from this address; try again in a minute", what));
  }
}

// Whether some string in `j` (keys included) holds a control character that no move, name or
// option needs.
bool has_control_character(const Json& j) {
  const auto bad = [](const std::string& s) {
    return std::any_of(s.begin(), s.end(), [](char c) {
      const auto u = static_cast<unsigned char>(c);
      return (u < 0x20 && c != '\t' && c != '\n' && c != '\r') || u == 0x7f;
    });
  };
  if (j.is_string()) return bad(j.get_ref<const std::string&>());
  if (j.is_object()) {
    for (const auto& [k, v] : j.items()) {
      if (bad(k) || has_control_character(v)) return true;
    }
  }
  if (j.is_array()) {
    for (const Json& v : j) {
      if (has_control_character(v)) return true;
    }
  }
  return false;
}

Json route(MatchService& service, std::string_view method, std::string_view target,
           std::string_view body, const std::optional<std::string>& token, const ApiClient& client,
           int& status) {
  const std::string_view path = target.substr(0, target.find('?'));
  if (query_param(target, "token")) {
    fail("bad_request", 400,
         "send the seat token as \"Authorization: Bearer <token>\", not in the URL (addresses "
         "end up in logs and browser histories)");
  }
  const auto parts = split_path(path);
  if (parts.size() < 2 || parts[0] != "api") fail("not_found", 404, "no such API route");
  const bool get = method == "GET", post = method == "POST";
  if (parts[1] == "games" && parts.size() == 2) {
    if (!get) method_not_allowed(method, path);
    return service.games();
  }
  if (parts[1] != "matches") fail("not_found", 404, "no such API route");
  if (parts.size() == 2) {
    if (post) {
      const Json request = parse_body(body);  // a malformed body does not cost a creation
      limit(client.creations, client.key, "new matches");
      status = 201;
      return service.create_match(request);
    }
    if (get) return service.list_public();
    method_not_allowed(method, path);
  }
  const std::string id(parts[2]);
  if (parts.size() == 3) {
    if (!get) method_not_allowed(method, path);
    return service.status(id);
  }
  if (parts.size() == 4 && parts[3] == "join") {
    if (!post) method_not_allowed(method, path);
    const Json request = parse_body(body);
    limit(client.joins, client.key, "joins");
    return service.join(id, request);
  }
  if (parts.size() == 4 && parts[3] == "record") {
    if (!get) method_not_allowed(method, path);
    return service.record(id, token);
  }
  if (parts.size() == 4 && parts[3] == "replay") {
    if (!get) method_not_allowed(method, path);
    return service.replay(id, query_param(target, "seat"), query_param(target, "step"), token);
  }
  fail("not_found", 404, "no such API route");
}

}  // namespace

Json parse_client_json(std::string_view text, std::size_t max_bytes) {
  if (text.size() > max_bytes) {
    fail("too_large", 413, fmt::format("a message is at most {} bytes", max_bytes));
  }
  // Error(kBadRequest) reaches the client as bad_request, 400, like the refusals below.
  const Json parsed =
      parse_untrusted_json(text, ErrorCode::kBadRequest, "the message", kMaxNesting);
  if (has_control_character(parsed)) {
    fail("bad_request", 400,
         "a string holds a control character (only tab, line feed and carriage return may)");
  }
  return parsed;
}

std::optional<std::string> query_param(std::string_view target, std::string_view name) {
  const auto q = target.find('?');
  if (q == std::string_view::npos) return std::nullopt;
  std::string_view rest = target.substr(q + 1);
  while (!rest.empty()) {
    const auto amp = rest.find('&');
    const auto pair = rest.substr(0, amp);
    const auto eq = pair.find('=');
    if (pair.substr(0, eq) == name) {
      return eq == std::string_view::npos ? std::string() : std::string(pair.substr(eq + 1));
    }
    if (amp == std::string_view::npos) break;
    rest.remove_prefix(amp + 1);
  }
  return std::nullopt;
}

ApiReply handle_api(MatchService& service, std::string_view method, std::string_view target,
                    std::string_view body, const std::optional<std::string>& token,
                    const ApiClient& client) {
  ApiReply reply;
  try {
    reply.body = route(service, method, target, body, token, client, reply.status);
  } catch (const std::exception& e) {
    reply.body = Json::object();
    reply.body["error"] = error_json(e, reply.status);
  } catch (...) {
    reply.status = 500;
    reply.body = {{"error", {{"code", "internal"}, {"message", "unknown exception"}}}};
  }
  return reply;
}

}  // namespace mw::server
