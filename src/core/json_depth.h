#pragma once
// A guard for untrusted JSON text (protocol lines, HTTP bodies, WebSocket messages): checked
// before parsing, so a line of a million '[' never reaches a recursive parser.
#include <string_view>

namespace mw {

// True when arrays/objects nest deeper than `limit` (brackets inside strings do not count).
bool json_nests_deeper_than(std::string_view text, int limit);

}  // namespace mw
