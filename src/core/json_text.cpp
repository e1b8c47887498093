#include "core/json_text.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <cstring>

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

// Appends to a string through a cursor into room made ahead, so that a byte written is a store
// rather than a call that checks the capacity: a view is hundreds of short strings and brackets.
// The string is cut back to what was written when the writer goes.
class Writer {
 public:
  explicit Writer(std::string& out) : out_(out), size_(out.size()) {}
  ~Writer() { out_.resize(size_); }
  Writer(const Writer&) = delete;
  Writer& operator=(const Writer&) = delete;

  void value(const Json& value);
  void string(std::string_view s);

 private:
  void room(std::size_t n) {
    if (size_ + n > out_.size()) out_.resize(std::max(2 * out_.size(), size_ + n + 256));
  }
  void put(char c) {
    room(1);
    out_[size_++] = c;
  }
  void put(std::string_view bytes) {
    room(bytes.size());
    std::memcpy(out_.data() + size_, bytes.data(), bytes.size());
    size_ += bytes.size();
  }
  template <typename Integer>
  void integer(Integer n) {
    constexpr std::size_t kDigits = 24;
    room(kDigits);
    char* at = out_.data() + size_;
    size_ += static_cast<std::size_t>(std::to_chars(at, at + kDigits, n).ptr - at);
  }
  void escaped_string(std::string_view s);
  void escape(unsigned char c);

  std::string& out_;
  std::size_t size_;  // the bytes written; out_ beyond them is room
};

void Writer::string(std::string_view s) {
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

void Writer::escaped_string(std::string_view s) {
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
void Writer::escape(unsigned char c) {
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

void Writer::value(const Json& value) {
  switch (value.type()) {
    case Json::value_t::object: {
      put('{');
      bool first = true;
      for (const auto& [key, member] : value.get_ref<const Json::object_t&>()) {
        if (!first) put(',');
        first = false;
        string(key);
        put(':');
        this->value(member);
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
        this->value(item);
      }
      put(']');
      return;
    }
    case Json::value_t::string:
      string(value.get_ref<const Json::string_t&>());
      return;
    case Json::value_t::boolean:
      put(value.get<bool>() ? "true" : "false");
      return;
    case Json::value_t::null:
      put("null");
      return;
    case Json::value_t::number_integer:
      integer(value.get<Json::number_integer_t>());
      return;
    case Json::value_t::number_unsigned:
      integer(value.get<Json::number_unsigned_t>());
      return;
    default:  // floating point, binary, discarded: dump()'s own formatting
      put(value.dump());
      return;
  }
}

}  // namespace

void append_json_text(std::string& out, const Json& value) {
  Writer(out).value(value);
}

void append_json_string(std::string& out, std::string_view s) {
  Writer(out).string(s);
}

}  // namespace mw
