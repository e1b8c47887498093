#pragma once
// The one way JSON from outside enters the engine (protocol lines, notation text, record and
// saved-game files, option values, Python objects and strings, server messages): its depth is
// checked before anything recursive (a parser, dump(), a copy) touches it, so a line of a million
// '[' is refused instead of overflowing the stack.
#include <string_view>

#include "core/error.h"
#include "core/json.h"

namespace mw {

// The deepest nesting of arrays and objects the engine accepts from outside.
inline constexpr int kMaxJsonDepth = 64;

// True when arrays/objects nest deeper than `limit` (brackets inside strings do not count).
bool json_nests_deeper_than(std::string_view text, int limit);

// Parses untrusted JSON text. Throws Error(`code`) saying "<what> is not JSON: ..." or "<what> is
// nested deeper than 64 levels"; the message never quotes more than a short excerpt.
Json parse_untrusted_json(std::string_view text, ErrorCode code, std::string_view what,
                          int max_depth = kMaxJsonDepth);

// `j` as short text for an error message: at most `max_chars` characters of its dump, "…" after.
// Only for JSON whose depth was checked.
std::string json_excerpt(const Json& j, std::size_t max_chars = 60);

}  // namespace mw
