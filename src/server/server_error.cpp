#include "server/server_error.h"

#include <fmt/format.h>

namespace mw::server {
namespace {

// A message may quote a client's bytes: invalid UTF-8 becomes U+FFFD, control characters are
// written out as \uXXXX, and it is cut short.
std::string clean(const std::string& text) {
  std::string escaped;
  for (const char c : text) {
    const auto u = static_cast<unsigned char>(c);
    if (u < 0x20 || u == 0x7f) {
      escaped += fmt::format("\\u{:04x}", u);
    } else {
      escaped += c;
    }
  }
  std::string s = Json::parse(Json(escaped).dump(-1, ' ', false, Json::error_handler_t::replace))
                      .get<std::string>();
  if (s.size() > 1000) {
    std::size_t cut = 1000;
    while (cut > 0 && (static_cast<unsigned char>(s[cut]) & 0xC0) == 0x80) --cut;
    s = s.substr(0, cut) + "…";
  }
  return s;
}

}  // namespace

Json error_json(const std::exception& e, int& status) {
  Json j;
  if (const auto* se = dynamic_cast<const ServerError*>(&e)) {
    status = se->http_status();
    j["code"] = se->code();
  } else if (const auto* me = dynamic_cast<const Error*>(&e)) {
    status = me->code() == ErrorCode::kInternal || me->code() == ErrorCode::kIo ? 500 : 400;
    j["code"] = std::string(error_code_name(me->code()));
  } else {
    status = 500;
    j["code"] = "internal";
  }
  j["message"] = clean(e.what());
  return j;
}

}  // namespace mw::server
