#pragma once
// A Json's compact text, byte for byte what Json::dump() writes, at a fraction of its cost: the
// server writes every observer's view and every message with it after each move. dump() decodes
// each string's UTF-8 byte by byte and formats through a virtual output adapter; here an ASCII
// string is copied in runs between the characters that need escaping, and what is rare (strings
// with other bytes, floating-point numbers) is handed to dump() itself, so the two never differ.
#include <string>
#include <string_view>

#include "core/json.h"

namespace mw {

// Appends `value`'s text to `out`. Throws what dump() throws (a string that is not UTF-8).
void append_json_text(std::string& out, const Json& value);

// Appends `s` as a JSON string (quoted, escaped), as dump() writes it.
void append_json_string(std::string& out, std::string_view s);

inline std::string json_text(const Json& value) {
  std::string out;
  append_json_text(out, value);
  return out;
}

}  // namespace mw
