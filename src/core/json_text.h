#pragma once
// A Json's compact text, byte for byte what Json::dump() writes, at a fraction of its cost: the
// server writes every observer's view and every message with it after each move. dump() decodes
// each string's UTF-8 byte by byte and formats through a virtual output adapter; here an ASCII
// string is copied in runs between the characters that need escaping, and what is rare (strings
// with other bytes, floating-point numbers) is handed to dump() itself, so the two never differ.
#include <algorithm>
#include <charconv>
#include <cstdint>
#include <cstring>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>

#include "core/json.h"
#include "core/types.h"

namespace mw {

// Writes JSON text into a string as dump() would write the same document, value by value: a game
// writes its views through one of these instead of building a Json tree and dumping it. Commas
// are the writer's: key() and every value in an array put one after what came before. Writes go
// through a cursor into room made ahead (a view is hundreds of short strings and brackets, and a
// store is cheaper than a call that checks the capacity); the string is cut back to what was
// written when the writer goes. The caller balances the brackets.
class JsonTextWriter {
 public:
  explicit JsonTextWriter(std::string& out) : out_(out), size_(out.size()) {}
  ~JsonTextWriter() { out_.resize(size_); }
  JsonTextWriter(const JsonTextWriter&) = delete;
  JsonTextWriter& operator=(const JsonTextWriter&) = delete;

  void begin_object() { open('{'); }
  void end_object() { close('}'); }
  void begin_array() { open('['); }
  void end_array() { close(']'); }
  // A member's name (an ASCII name that needs no escape), before its value.
  void key(std::string_view name) {
    room(name.size() + 4);
    if (after_value_) out_[size_++] = ',';
    out_[size_++] = '"';
    std::memcpy(out_.data() + size_, name.data(), name.size());
    size_ += name.size();
    out_[size_++] = '"';
    out_[size_++] = ':';
    after_value_ = false;
  }
  void string(std::string_view s) {
    comma();
    write_string(s);
    after_value_ = true;
  }
  template <typename Integer>
  requires std::is_integral_v<Integer> &&(!std::is_same_v<Integer, bool>)void integer(Integer n) {
    comma();
    // Json stores narrow integers as 64-bit ones: written the same, but char types as numbers.
    if constexpr (std::is_signed_v<Integer>) {
      write_integer(static_cast<std::int64_t>(n));
    } else {
      write_integer(static_cast<std::uint64_t>(n));
    }
    after_value_ = true;
  }
  void boolean(bool b) {
    comma();
    put(b ? "true" : "false");
    after_value_ = true;
  }
  void null() {
    comma();
    put("null");
    after_value_ = true;
  }
  // A value already written as compact JSON text (a dump, or this writer's own output).
  void raw(std::string_view json_text) {
    comma();
    put(json_text);
    after_value_ = true;
  }
  // A whole value from a tree (what has no direct form yet).
  void value(const Json& v) {
    comma();
    write_value(v);
    after_value_ = true;
  }
  // Each member of `object`, in order, as a member of the object being written: a view's rare
  // members, built as a Json by the helper its view() uses too.
  void members(const Json& object) {
    for (auto it = object.begin(); it != object.end(); ++it) {
      key(it.key());
      value(*it);
    }
  }

 private:
  friend void append_json_text(std::string& out, const Json& value);

  void comma() {
    if (after_value_) put(',');
  }
  void open(char bracket) {
    comma();
    put(bracket);
    after_value_ = false;
  }
  void close(char bracket) {
    put(bracket);
    after_value_ = true;
  }
  // Inlined into every write (GCC otherwise calls it out of line from each: a call a key and a
  // value), with the rare growth kept out of the way.
  [[gnu::always_inline]] void room(std::size_t n) {
    if (size_ + n > out_.size()) [[unlikely]]
      grow(n);
  }
  // Into the capacity reserved ahead first, so that a caller who knows the size pays one fill.
  [[gnu::noinline, gnu::cold]] void grow(std::size_t n) {
    out_.resize(std::max({2 * out_.size(), size_ + n + 256, out_.capacity()}));
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
  void write_integer(Integer n) {
    constexpr std::size_t kDigits = 24;
    room(kDigits);
    char* at = out_.data() + size_;
    size_ += static_cast<std::size_t>(std::to_chars(at, at + kDigits, n).ptr - at);
  }
  void write_value(const Json& value);
  void write_string(std::string_view s);
  void escaped_string(std::string_view s);
  void escape(unsigned char c);

  std::string& out_;
  std::size_t size_;          // the bytes written; out_ beyond them is room
  bool after_value_ = false;  // a value was written at this level: the next needs a comma
};

// The members every game's view opens with, after begin_object(): "game", "observer" (the seat,
// "spectator" or "omniscient") and "seats" (their names).
void write_view_opening(JsonTextWriter& w, std::string_view game, Player observer,
                        std::span<const char* const> seat_names);

// A game of perfect information shows every observer the same view but for its "observer"
// member: appends to `out` the view `observer` would be written, made from `view`, another
// observer's view text, with only that member's value rewritten. False (and `out` unchanged) when
// `view` does not open as write_view_opening writes.
bool append_view_as_seen_by(std::string_view view, Player observer, std::string& out);

// Appends `value`'s text to `out`. Throws what dump() throws (a string that is not UTF-8).
void append_json_text(std::string& out, const Json& value);

inline std::string json_text(const Json& value) {
  std::string out;
  append_json_text(out, value);
  return out;
}

}  // namespace mw
