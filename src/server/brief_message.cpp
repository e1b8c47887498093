#include "server/brief_message.h"

#include <charconv>

namespace mw::server {
namespace {

bool is_space(char c) {
  return c == ' ' || c == '\n' || c == '\t' || c == '\r';
}

// A cursor over JSON text that skips values without building them. Every step checks the end of
// the text: a message cut short or malformed ends the reading, never reads past it.
class Cursor {
 public:
  explicit Cursor(std::string_view text) : text_(text) {}

  bool at_end() const { return i_ >= text_.size(); }
  char peek() {
    skip_space();
    return at_end() ? '\0' : text_[i_];
  }
  bool take(char c) {
    if (peek() != c) return false;
    ++i_;
    return true;
  }
  // A string as written, quotes included; empty if there is none here.
  std::string_view string() {
    if (peek() != '"') return {};
    const std::size_t begin = i_;
    for (++i_; i_ < text_.size(); ++i_) {
      if (text_[i_] == '\\') {
        ++i_;
      } else if (text_[i_] == '"') {
        ++i_;
        return text_.substr(begin, i_ - begin);
      }
    }
    return {};
  }
  // Any value as written; empty if it is not well bracketed.
  std::string_view value() {
    const char c = peek();
    if (c == '"') return string();
    const std::size_t begin = i_;
    if (c != '{' && c != '[') {
      while (i_ < text_.size() && text_[i_] != ',' && text_[i_] != '}' && text_[i_] != ']' &&
             !is_space(text_[i_]))
        ++i_;
      return text_.substr(begin, i_ - begin);
    }
    int depth = 0;
    while (i_ < text_.size()) {
      const char d = text_[i_];
      if (d == '"') {
        if (string().empty()) return {};
        continue;
      }
      ++i_;
      if (d == '{' || d == '[') ++depth;
      if ((d == '}' || d == ']') && --depth == 0) return text_.substr(begin, i_ - begin);
    }
    return {};
  }

 private:
  void skip_space() {
    while (i_ < text_.size() && is_space(text_[i_])) ++i_;
  }
  std::string_view text_;
  std::size_t i_ = 0;
};

template <typename T>
std::optional<T> number(std::string_view written) {
  T value{};
  const auto [end, ec] = std::from_chars(written.data(), written.data() + written.size(), value);
  if (ec != std::errc() || end != written.data() + written.size()) return std::nullopt;
  return value;
}

// The strings of an array as written; false if it holds anything else.
bool read_strings(std::string_view array, std::vector<std::string_view>& out) {
  Cursor c(array);
  if (!c.take('[')) return false;
  if (c.take(']')) return true;
  do {
    const std::string_view s = c.string();
    if (s.empty()) return false;
    out.push_back(s);
  } while (c.take(','));
  return c.take(']');
}

}  // namespace

std::optional<BriefMessage> read_brief(std::string_view text) {
  Cursor c(text);
  BriefMessage brief;
  if (!c.take('{')) return std::nullopt;
  if (c.take('}')) return c.peek() == '\0' ? std::optional(brief) : std::nullopt;
  do {
    const std::string_view key = c.string();
    if (key.empty() || !c.take(':')) return std::nullopt;
    const std::string_view value = c.value();
    if (value.empty()) return std::nullopt;
    if (key == "\"type\"") {
      brief.type = value;
    } else if (key == "\"status\"") {
      brief.status = value;
    } else if (key == "\"version\"") {
      brief.version = number<std::uint64_t>(value);
    } else if (key == "\"to_act\"") {
      brief.to_act = number<int>(value);
    } else if (key == "\"legal\"") {
      if (!read_strings(value, brief.legal)) return std::nullopt;
    }
  } while (c.take(','));
  if (!c.take('}') || c.peek() != '\0') return std::nullopt;
  return brief;
}

}  // namespace mw::server
