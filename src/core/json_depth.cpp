#include "core/json_depth.h"

#include <fmt/format.h>

namespace mw {

bool json_nests_deeper_than(std::string_view text, int limit) {
  int depth = 0;
  bool in_string = false;
  bool escaped = false;
  for (const char c : text) {
    if (in_string) {
      if (escaped) {
        escaped = false;
      } else if (c == '\\') {
        escaped = true;
      } else if (c == '"') {
        in_string = false;
      }
    } else if (c == '"') {
      in_string = true;
    } else if (c == '[' || c == '{') {
      if (++depth > limit) return true;
    } else if (c == ']' || c == '}') {
      --depth;
    }
  }
  return false;
}

Json parse_untrusted_json(std::string_view text, ErrorCode code, std::string_view what,
                          int max_depth) {
  if (json_nests_deeper_than(text, max_depth)) {
    throw Error(code, fmt::format("{} is nested deeper than {} levels", what, max_depth));
  }
  try {
    return Json::parse(text.begin(), text.end());
  } catch (const Json::exception& e) {
    // nlohmann's text starts with a tag ("[json.exception.parse_error.101] "): drop it.
    std::string message = e.what();
    if (const auto end = message.find("] "); end != std::string::npos) {
      message = message.substr(end + 2);
    }
    if (message.size() > 100) message = message.substr(0, 100) + "…";
    throw Error(code, fmt::format("{} is not JSON: {}", what, message));
  }
}

std::string json_excerpt(const Json& j, std::size_t max_chars) {
  std::string text = j.dump(-1, ' ', false, Json::error_handler_t::replace);
  if (text.size() > max_chars) {
    std::size_t cut = max_chars;
    while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80) --cut;
    text = text.substr(0, cut) + "…";
  }
  return text;
}

}  // namespace mw
