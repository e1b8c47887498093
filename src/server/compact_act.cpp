#include "server/compact_act.h"

namespace mw::server {
namespace {

// A cursor over the message; every read either moves past what it expects or fails.
class Reader {
 public:
  explicit Reader(std::string_view text) : text_(text) {}
  bool done() const { return at_ == text_.size(); }

  bool take(char c) {
    if (at_ == text_.size() || text_[at_] != c) return false;
    ++at_;
    return true;
  }

  // A string of printable ASCII with no escape (no '"', no '\\'), quotes excluded.
  std::optional<std::string_view> plain_string() {
    if (!take('"')) return std::nullopt;
    const std::size_t begin = at_;
    while (at_ < text_.size() && text_[at_] != '"') {
      const char c = text_[at_];
      if (c < 0x20 || c > 0x7e || c == '\\') return std::nullopt;
      ++at_;
    }
    if (!take('"')) return std::nullopt;
    return text_.substr(begin, at_ - begin - 1);
  }

  // A JSON integer of 1 to 19 digits (no sign, no leading zero, no fraction or exponent after
  // it): always within std::uint64_t, as the full parser reads it.
  std::optional<std::uint64_t> small_natural() {
    const std::size_t begin = at_;
    std::uint64_t n = 0;
    while (at_ < text_.size() && text_[at_] >= '0' && text_[at_] <= '9') {
      n = n * 10 + static_cast<std::uint64_t>(text_[at_] - '0');
      ++at_;
    }
    const std::size_t digits = at_ - begin;
    if (digits == 0 || digits > 19 || (digits > 1 && text_[begin] == '0')) return std::nullopt;
    if (at_ < text_.size() && text_[at_] != ',' && text_[at_] != '}') return std::nullopt;
    return n;
  }

 private:
  std::string_view text_;
  std::size_t at_ = 0;
};

}  // namespace

std::optional<CompactAct> read_compact_act(std::string_view text) {
  Reader r(text);
  if (!r.take('{')) return std::nullopt;
  bool has_type = false, has_action = false, has_version = false;
  CompactAct act;
  do {
    const auto key = r.plain_string();
    if (!key || !r.take(':')) return std::nullopt;
    if (*key == "type" && !has_type) {
      const auto type = r.plain_string();
      if (type != "act") return std::nullopt;
      has_type = true;
    } else if (*key == "action" && !has_action) {
      const auto action = r.plain_string();
      if (!action) return std::nullopt;
      act.action = *action;
      has_action = true;
    } else if (*key == "version" && !has_version) {
      const auto version = r.small_natural();
      if (!version) return std::nullopt;
      act.version = *version;
      has_version = true;
    } else {
      return std::nullopt;
    }
  } while (r.take(','));
  if (!r.take('}') || !r.done() || !(has_type && has_action && has_version)) return std::nullopt;
  return act;
}

}  // namespace mw::server
