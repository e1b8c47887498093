#include "core/error.h"

namespace mw {

std::string_view error_code_name(ErrorCode code) {
  switch (code) {
    case ErrorCode::kBadRequest: return "bad_request";
    case ErrorCode::kParse: return "parse_error";
    case ErrorCode::kIllegalAction: return "illegal_action";
    case ErrorCode::kUnknownGame: return "unknown_game";
    case ErrorCode::kBadOption: return "bad_option";
    case ErrorCode::kBadState: return "bad_state";
    case ErrorCode::kBadRecord: return "bad_record";
    case ErrorCode::kUnknownAgent: return "unknown_agent";
    case ErrorCode::kIo: return "io_error";
    case ErrorCode::kInternal: return "internal";
  }
  return "internal";
}

}  // namespace mw
