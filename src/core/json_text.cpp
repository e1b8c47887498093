#include "core/json_text.h"

#include <array>
#include <charconv>

namespace mw {
namespace {

// What a byte of a string asks for: nothing, an escape, or dump()'s UTF-8 check.
enum class ByteKind : unsigned char { kPlain, kEscaped, kNotAscii };

constexpr std::array<ByteKind, 256> kByteKinds = [] {
  std::array<ByteKind, 256> kinds{};
  for (unsigned c = 0; c < 256; ++c) {
    if (c >= 0x80) {
      kinds[c] = ByteKind::kNotAscii;
    } else if (c < 0x20 || c == '"' || c == '\\') {
      kinds[c] = ByteKind::kEscaped;
    }
  }
  return kinds;
}();

// dump()'s escape of an ASCII byte that needs one.
void append_escape(std::string& out, unsigned char c) {
  switch (c) {
    case '\b':
      out += "\\b";
      return;
    case '\t':
      out += "\\t";
      return;
    case '\n':
      out += "\\n";
      return;
    case '\f':
      out += "\\f";
      return;
    case '\r':
      out += "\\r";
      return;
    case '"':
      out += "\\\"";
      return;
    case '\\':
      out += "\\\\";
      return;
    default: {
      constexpr char kHex[] = "0123456789abcdef";
      const char escape[] = {'\\', 'u', '0', '0', kHex[c >> 4], kHex[c & 15]};
      out.append(escape, sizeof escape);
      return;
    }
  }
}

template <typename Integer>
void append_integer(std::string& out, Integer n) {
  std::array<char, 24> digits{};
  const auto end = std::to_chars(digits.data(), digits.data() + digits.size(), n).ptr;
  out.append(digits.data(), end);
}

}  // namespace

void append_json_string(std::string& out, std::string_view s) {
  const std::size_t start = out.size();
  out += '"';
  std::size_t run = 0;
  for (std::size_t i = 0; i < s.size(); ++i) {
    const ByteKind kind = kByteKinds[static_cast<unsigned char>(s[i])];
    if (kind == ByteKind::kPlain) continue;
    if (kind == ByteKind::kNotAscii) {  // dump() checks the UTF-8 and throws on a bad sequence
      out.resize(start);
      out += Json(s).dump();
      return;
    }
    out.append(s.data() + run, i - run);
    append_escape(out, static_cast<unsigned char>(s[i]));
    run = i + 1;
  }
  out.append(s.data() + run, s.size() - run);
  out += '"';
}

void append_json_text(std::string& out, const Json& value) {
  switch (value.type()) {
    case Json::value_t::object: {
      out += '{';
      bool first = true;
      for (const auto& [key, member] : value.get_ref<const Json::object_t&>()) {
        if (!first) out += ',';
        first = false;
        append_json_string(out, key);
        out += ':';
        append_json_text(out, member);
      }
      out += '}';
      return;
    }
    case Json::value_t::array: {
      out += '[';
      bool first = true;
      for (const Json& item : value.get_ref<const Json::array_t&>()) {
        if (!first) out += ',';
        first = false;
        append_json_text(out, item);
      }
      out += ']';
      return;
    }
    case Json::value_t::string:
      append_json_string(out, value.get_ref<const Json::string_t&>());
      return;
    case Json::value_t::boolean:
      out += value.get<bool>() ? "true" : "false";
      return;
    case Json::value_t::null:
      out += "null";
      return;
    case Json::value_t::number_integer:
      append_integer(out, value.get<Json::number_integer_t>());
      return;
    case Json::value_t::number_unsigned:
      append_integer(out, value.get<Json::number_unsigned_t>());
      return;
    default:  // floating point, binary, discarded: dump()'s own formatting
      out += value.dump();
      return;
  }
}

}  // namespace mw
