#pragma once
// Errors the server reports to clients: a stable code, a message, and the HTTP status it maps to.
// Engine errors (mw::Error) keep the engine's code names (docs/protocol.md); the server adds
// not_found, unauthorized, not_your_turn, stale_version, seat_taken and too_large.
#include <stdexcept>
#include <string>

#include "core/error.h"
#include "core/json.h"

namespace mw::server {

class ServerError : public std::runtime_error {
 public:
  ServerError(std::string code, int http_status, const std::string& message)
      : std::runtime_error(message), code_(std::move(code)), http_status_(http_status) {}
  const std::string& code() const { return code_; }
  int http_status() const { return http_status_; }

 private:
  std::string code_;
  int http_status_;
};

[[noreturn]] inline void fail(const char* code, int status, const std::string& message) {
  throw ServerError(code, status, message);
}

// {"code": ..., "message": ...} for any exception a request handler lets escape; the HTTP status
// goes to `status`.
Json error_json(const std::exception& e, int& status);

}  // namespace mw::server
