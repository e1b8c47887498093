#include "server/view_patch.h"

#include <boost/container/small_vector.hpp>
#include <string>
#include <string_view>

namespace mw::server {
namespace {

// A value inside a compact JSON text (Json::dump() with no indent): [begin, end).
struct Span {
  std::size_t begin = 0;
  std::size_t end = 0;
};

struct Member {
  std::string_view key;  // as written, quotes and escapes included
  Span value;
};

// A view's objects and arrays are small: their parts are listed without a heap allocation.
using Members = boost::container::small_vector<Member, 24>;
using Spans = boost::container::small_vector<Span, 16>;

// Positions in a compact JSON text, which has no whitespace to skip.
class Scanner {
 public:
  explicit Scanner(std::string_view text) : text_(text) {}
  std::string_view at(Span s) const { return text_.substr(s.begin, s.end - s.begin); }

  // The end of the value that starts at `i`.
  std::size_t skip_value(std::size_t i) const {
    const char c = text_[i];
    if (c == '"') return skip_string(i);
    if (c != '{' && c != '[') {
      while (i < text_.size() && text_[i] != ',' && text_[i] != '}' && text_[i] != ']') ++i;
      return i;
    }
    int depth = 0;
    do {
      if (text_[i] == '"') {
        i = skip_string(i);
        continue;
      }
      if (text_[i] == '{' || text_[i] == '[') ++depth;
      if (text_[i] == '}' || text_[i] == ']') --depth;
      ++i;
    } while (depth > 0);
    return i;
  }

  Members members(Span s) const {
    Members out;
    std::size_t i = s.begin + 1;  // past '{'
    while (text_[i] != '}') {
      const std::size_t key_end = skip_string(i);
      const std::size_t value_end = skip_value(key_end + 1);  // past ':'
      out.push_back({text_.substr(i, key_end - i), {key_end + 1, value_end}});
      i = text_[value_end] == ',' ? value_end + 1 : value_end;
    }
    return out;
  }

  Spans elements(Span s) const {
    Spans out;
    std::size_t i = s.begin + 1;  // past '['
    while (text_[i] != ']') {
      const std::size_t end = skip_value(i);
      out.push_back({i, end});
      i = text_[end] == ',' ? end + 1 : end;
    }
    return out;
  }

 private:
  std::size_t skip_string(std::size_t i) const {
    for (++i; text_[i] != '"'; ++i) {
      if (text_[i] == '\\') ++i;
    }
    return i + 1;
  }

  std::string_view text_;
};

// A member name as written in JSON (quotes included) as one token of a JSON Pointer (RFC 6901:
// '~' and '/' escaped), still as written inside a JSON string: a JSON escape sequence holds
// neither character (Json::dump writes '/' as it is), so escaping before or after decoding gives
// the same pointer.
void append_pointer_token(std::string& path, std::string_view written) {
  for (const char c : written.substr(1, written.size() - 2)) {
    if (c == '~') {
      path += "~0";
    } else if (c == '/') {
      path += "~1";
    } else {
      path += c;
    }
  }
}

// Walks the two texts side by side. Equal text is an equal value (a dump is canonical: the same
// members in the same order, numbers printed one way), so an unchanged part is passed over with
// one comparison of bytes; the operations are written as text, their values copied as written.
class Differ {
 public:
  Differ(std::string_view from, std::string_view to, std::string& out)
      : from_(from), to_(to), out_(out) {}

  void diff(Span a, Span b) {
    const std::string_view x = from_.at(a);
    const std::string_view y = to_.at(b);
    if (x == y) return;
    if (x.front() == '{' && y.front() == '{') {
      objects(a, b);
    } else if (x.front() == '[' && y.front() == '[') {
      arrays(a, b);
    } else {
      op("replace", &b);
    }
  }

 private:
  void op(const char* name, const Span* value) {
    out_ += out_.size() > 1 ? ",{\"op\":\"" : "{\"op\":\"";
    out_ += name;
    out_ += "\",\"path\":\"";
    out_ += path_;
    out_ += '"';
    if (value) {
      out_ += ",\"value\":";
      out_ += to_.at(*value);
    }
    out_ += '}';
  }

  static bool same_keys(const Members& a, const Members& b) {
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i) {
      if (a[i].key != b[i].key) return false;
    }
    return true;
  }
  static const Member* find(const Members& members, std::string_view key) {
    for (const Member& m : members) {
      if (m.key == key) return &m;
    }
    return nullptr;
  }

  // After removals and appends, the kept members of `from` stay in their order and the new ones
  // follow: a patch can keep `to`'s order only when `to` lists them that way.
  static bool order_survives_patching(const Members& from, const Members& to) {
    auto kept = from.begin();
    bool past_kept = false;  // a new member was seen: every later one must be new too
    for (const Member& m : to) {
      if (!find(from, m.key)) {
        past_kept = true;
        continue;
      }
      if (past_kept) return false;
      while (kept != from.end() && !find(to, kept->key)) ++kept;
      if (kept == from.end() || kept->key != m.key) return false;
      ++kept;
    }
    return true;
  }

  void objects(Span a, Span b) {
    const Members from = from_.members(a);
    const Members to = to_.members(b);
    const std::size_t mark = path_.size();
    const auto at_member = [&](std::string_view key) {
      path_.resize(mark);
      path_ += '/';
      append_pointer_token(path_, key);
    };
    if (same_keys(from, to)) {
      for (std::size_t i = 0; i < from.size(); ++i) {
        if (from_.at(from[i].value) == to_.at(to[i].value)) continue;
        at_member(from[i].key);
        diff(from[i].value, to[i].value);
      }
    } else if (!order_survives_patching(from, to)) {
      op("replace", &b);
    } else {
      for (const Member& m : from) {
        at_member(m.key);
        if (const Member* there = find(to, m.key)) {
          diff(m.value, there->value);
        } else {
          op("remove", nullptr);
        }
      }
      for (const Member& m : to) {
        if (find(from, m.key)) continue;
        at_member(m.key);
        op("add", &m.value);
      }
    }
    path_.resize(mark);
  }

  void arrays(Span a, Span b) {
    const Spans from = from_.elements(a);
    const Spans to = to_.elements(b);
    const std::size_t mark = path_.size();
    const std::size_t common = std::min(from.size(), to.size());
    const auto at_index = [&](std::size_t i) {
      path_.resize(mark);
      path_ += '/';
      path_ += std::to_string(i);
    };
    for (std::size_t i = 0; i < common; ++i) {
      if (from_.at(from[i]) == to_.at(to[i])) continue;
      at_index(i);
      diff(from[i], to[i]);
    }
    // Removed from the end first, so each index is still the element it names.
    for (std::size_t i = from.size(); i > common; --i) {
      at_index(i - 1);
      op("remove", nullptr);
    }
    path_.resize(mark);
    path_ += "/-";
    for (std::size_t i = common; i < to.size(); ++i) op("add", &to[i]);
    path_.resize(mark);
  }

  Scanner from_;
  Scanner to_;
  std::string& out_;
  std::string path_;  // a JSON Pointer, as written inside a JSON string
};

}  // namespace

std::string view_patch_text(std::string_view from, std::string_view to) {
  std::string out;
  out.reserve(256);  // a move's patch is usually a few operations
  out += '[';
  Differ(from, to, out).diff({0, from.size()}, {0, to.size()});
  out += ']';
  return out;
}

Json view_patch(const Json& from, const Json& to) {
  return Json::parse(view_patch_text(from.dump(), to.dump()));
}

}  // namespace mw::server
