#include "core/json_text.h"

#include <algorithm>
#include <array>

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

bool is_plain(char c) {
  return kByteKinds[static_cast<unsigned char>(c)] == ByteKind::kPlain;
}

}  // namespace

void JsonTextWriter::write_string(std::string_view s) {
  room(s.size() + 2);
  char* to = out_.data() + size_;
  *to++ = '"';
  for (const char c : s) {
    if (!is_plain(c)) {  // what is written so far is not counted: the slow way starts over
      escaped_string(s);
      return;
    }
    *to++ = c;
  }
  *to++ = '"';
  size_ = static_cast<std::size_t>(to - out_.data());
}

void JsonTextWriter::escaped_string(std::string_view s) {
  if (std::any_of(s.begin(), s.end(), [](char c) {
        return kByteKinds[static_cast<unsigned char>(c)] == ByteKind::kNotAscii;
      })) {
    put(Json(s).dump());  // dump() checks the UTF-8 and throws on a bad sequence: let it
    return;
  }
  put('"');
  for (const char c : s) {
    if (is_plain(c)) {
      put(c);
    } else {
      escape(static_cast<unsigned char>(c));
    }
  }
  put('"');
}

// dump()'s escape of an ASCII byte that needs one.
void JsonTextWriter::escape(unsigned char c) {
  switch (c) {
    case '\b':
      put("\\b");
      return;
    case '\t':
      put("\\t");
      return;
    case '\n':
      put("\\n");
      return;
    case '\f':
      put("\\f");
      return;
    case '\r':
      put("\\r");
      return;
    case '"':
      put("\\\"");
      return;
    case '\\':
      put("\\\\");
      return;
    default: {
      constexpr char kHex[] = "0123456789abcdef";
      const char escaped[] = {'\\', 'u', '0', '0', kHex[c >> 4], kHex[c & 15]};
      put(std::string_view(escaped, sizeof escaped));
      return;
    }
  }
}

void JsonTextWriter::write_value(const Json& value) {
  switch (value.type()) {
    case Json::value_t::object: {
      put('{');
      bool first = true;
      for (const auto& [key, member] : value.get_ref<const Json::object_t&>()) {
        if (!first) put(',');
        first = false;
        write_string(key);
        put(':');
        write_value(member);
      }
      put('}');
      return;
    }
    case Json::value_t::array: {
      put('[');
      bool first = true;
      for (const Json& item : value.get_ref<const Json::array_t&>()) {
        if (!first) put(',');
        first = false;
        write_value(item);
      }
      put(']');
      return;
    }
    case Json::value_t::string:
      write_string(value.get_ref<const Json::string_t&>());
      return;
    case Json::value_t::boolean:
      put(value.get<bool>() ? "true" : "false");
      return;
    case Json::value_t::null:
      put("null");
      return;
    case Json::value_t::number_integer:
      write_integer(value.get<Json::number_integer_t>());
      return;
    case Json::value_t::number_unsigned:
      write_integer(value.get<Json::number_unsigned_t>());
      return;
    default:  // floating point, binary, discarded: dump()'s own formatting
      put(value.dump());
      return;
  }
}

namespace {

// The "observer" member's value: the seat, "spectator" or "omniscient".
void write_observer(JsonTextWriter& w, Player observer) {
  if (observer >= 0) {
    w.integer(observer);
  } else {
    w.string(observer == kSpectator ? "spectator" : "omniscient");
  }
}

}  // namespace

void write_view_opening(JsonTextWriter& w, std::string_view game, Player observer,
                        std::span<const char* const> seat_names) {
  w.key("game");
  w.string(game);
  w.key("observer");
  write_observer(w, observer);
  w.key("seats");
  w.begin_array();
  for (const char* name : seat_names) w.string(name);
  w.end_array();
}

namespace {

// Where the value of the "observer" member that write_view_opening writes lies in `view`, as
// [begin, end); {0, 0} when `view` does not open that way.
std::pair<std::size_t, std::size_t> observer_value_span(std::string_view view) {
  constexpr std::string_view kOpening = R"({"game":")";
  constexpr std::string_view kObserver = R"(","observer":)";
  if (!view.starts_with(kOpening)) return {0, 0};
  const std::size_t id_end = view.find_first_of("\\\"", kOpening.size());
  if (id_end == std::string_view::npos || view[id_end] != '"') return {0, 0};
  if (view.substr(id_end, kObserver.size()) != kObserver) return {0, 0};
  const std::size_t begin = id_end + kObserver.size();
  const std::size_t end = view.find(',', begin);
  if (end == std::string_view::npos) return {0, 0};
  const std::string_view value = view.substr(begin, end - begin);
  const bool seat =
      !value.empty() && value.size() <= 3 &&
      std::all_of(value.begin(), value.end(), [](char c) { return c >= '0' && c <= '9'; });
  if (!seat && value != R"("spectator")" && value != R"("omniscient")") return {0, 0};
  return {begin, end};
}

}  // namespace

bool append_view_as_seen_by(std::string_view view, Player observer, std::string& out) {
  const auto [begin, end] = observer_value_span(view);
  if (begin == 0) return false;
  out.append(view.substr(0, begin));
  {
    JsonTextWriter w(out);  // as write_view_opening writes it
    write_observer(w, observer);
  }
  out.append(view.substr(end));
  return true;
}

void append_json_text(std::string& out, const Json& value) {
  JsonTextWriter(out).write_value(value);
}

}  // namespace mw
