#pragma once
// One exception type for every boundary (notation, JSON, options, records, protocol), carrying a
// stable machine-readable code so the engine protocol, the server and Python can map it.
#include <stdexcept>
#include <string>
#include <string_view>

namespace mw {

enum class ErrorCode {
  kBadRequest,     // a malformed request (protocol, CLI)
  kParse,          // text that is not valid notation
  kIllegalAction,  // well-formed, but not legal now
  kUnknownGame,
  kBadOption,
  kBadState,   // a state JSON that does not describe a valid position
  kBadRecord,  // a game record that does not replay
  kUnknownAgent,
  kIo,
  kInternal,
};

std::string_view error_code_name(ErrorCode code);

class Error : public std::runtime_error {
 public:
  Error(ErrorCode code, const std::string& message) : std::runtime_error(message), code_(code) {}
  ErrorCode code() const { return code_; }

 private:
  ErrorCode code_;
};

}  // namespace mw
