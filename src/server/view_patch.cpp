#include "server/view_patch.h"

#include <algorithm>
#include <array>
#include <boost/container/small_vector.hpp>
#include <cstdint>
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
using Elements = boost::container::small_vector<Span, 32>;

// What a byte is to a scan of compact JSON text that only looks for where values end.
enum class Byte : unsigned char { kPlain, kQuote, kOpen, kClose, kDelimiter };

constexpr std::array<Byte, 256> kBytes = [] {
  std::array<Byte, 256> kinds{};
  kinds['"'] = Byte::kQuote;
  kinds['{'] = kinds['['] = Byte::kOpen;
  kinds['}'] = kinds[']'] = Byte::kClose;
  kinds[','] = Byte::kDelimiter;
  return kinds;
}();

Byte byte_kind(char c) {
  return kBytes[static_cast<unsigned char>(c)];
}

// Positions in a compact JSON text, which has no whitespace to skip.
class Scanner {
 public:
  explicit Scanner(std::string_view text) : text_(text) {}
  std::string_view at(Span s) const { return text_.substr(s.begin, s.end - s.begin); }
  char operator[](std::size_t i) const { return text_[i]; }
  bool holds(std::string_view part) const {
    return part.data() >= text_.data() && part.data() < text_.data() + text_.size();
  }
  std::size_t offset(std::string_view part) const {
    return static_cast<std::size_t>(part.data() - text_.data());
  }
  std::size_t size() const { return text_.size(); }
  bool written_at(std::size_t i, std::string_view part) const {
    return text_.size() - i >= part.size() && text_.compare(i, part.size(), part) == 0;
  }

  // Whether `starts` can be where the members of the object `s` begin: each after the '{' or a
  // ',' and at a key's quote (a cheap check of a list kept beside this text, not a proof).
  bool member_starts_fit(const MemberStarts& starts, Span s) const {
    if (starts.empty() || starts.front() != s.begin + 1) return false;
    for (const std::uint32_t at : starts) {
      if (at >= s.end || text_[at] != '"' || (at != s.begin + 1 && text_[at - 1] != ',')) {
        return false;
      }
    }
    return true;
  }

  // The end of the value that starts at `i`.
  std::size_t skip_value(std::size_t i) const {
    switch (byte_kind(text_[i])) {
      case Byte::kQuote:
        return skip_string(i);
      case Byte::kOpen:
        return skip_container(i);
      default:
        while (i < text_.size() && !ends_scalar(text_[i])) ++i;
        return i;
    }
  }

  // Whether the value that starts at `i` in `other` is written at `j` here too. A string, an
  // array or an object ends where its own bytes say; a number or a literal where a delimiter
  // follows, which is checked too ("12" is not "123").
  bool same_value_at(std::size_t j, const Scanner& other, Span value) const {
    if (!written_at(j, other.at(value))) return false;
    const std::size_t end = j + (value.end - value.begin);
    return end == text_.size() || ends_scalar(text_[end]);
  }

  // The string that starts at `i` (its opening quote), as written.
  std::string_view string_at(std::size_t i) const { return text_.substr(i, skip_string(i) - i); }

  Members members(Span s) const {
    Members out;
    std::size_t i = s.begin + 1;  // past '{'
    while (text_[i] != '}') {
      const std::size_t key_end = skip_string(i);
      const std::size_t value_end = skip_value(key_end + 1);  // past ':'
      out.push_back({text_.substr(i, key_end - i), {key_end + 1, value_end}});
      i = past_comma(value_end);
    }
    return out;
  }

  // The values of an array from the one at `i` to its end, after `out`'s; returns where the array
  // ends (past its ']').
  std::size_t elements(std::size_t i, Elements& out) const {
    while (text_[i] != ']') {
      const Span value{i, skip_value(i)};
      out.push_back(value);
      i = past_comma(value.end);
    }
    return i + 1;
  }

  // Past the comma that follows a value ending at `i`, if one does.
  std::size_t past_comma(std::size_t i) const { return text_[i] == ',' ? i + 1 : i; }

 private:
  static bool ends_scalar(char c) {
    const Byte kind = byte_kind(c);
    return kind == Byte::kDelimiter || kind == Byte::kClose;
  }

  std::size_t skip_string(std::size_t i) const {
    for (++i; text_[i] != '"'; ++i) {
      if (text_[i] == '\\') ++i;
    }
    return i + 1;
  }

  // One look at each byte outside strings, in a table.
  std::size_t skip_container(std::size_t i) const {
    int depth = 0;
    for (;; ++i) {
      switch (byte_kind(text_[i])) {
        case Byte::kQuote:
          i = skip_string(i) - 1;
          break;
        case Byte::kOpen:
          ++depth;
          break;
        case Byte::kClose:
          if (--depth == 0) return i + 1;
          break;
        default:
          break;
      }
    }
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
// one comparison of bytes, and only `from` is scanned for where its values end (`to` is scanned
// only where it differs); the operations are written as text, their values copied as written.
class Differ {
 public:
  Differ(std::string_view from, std::string_view to, std::string& out)
      : from_(from), to_(to), out_(out) {}

  // No byte before this offset, of `from` or of `to`, is in the patch (a key in a path, a value).
  std::size_t first_copied() const { return first_copied_; }

  // The whole texts, as diff() does, with where `from`'s top-level members begin if known, and
  // where `to`'s begin written to `to_starts` (empty unless `to` is an object). Returns whether
  // the known starts fit and the members were walked in step (TextNotes::members_in_step).
  bool diff_top(const MemberStarts* from_starts, MemberStarts& to_starts) {
    const Span a{0, from_.size()}, b{0, to_.size()};
    to_starts.clear();
    bool in_step = false;
    if (from_[0] != '{' || to_[0] != '{') {
      diff(a, b.begin);
    } else {
      const MemberStarts* known =
          from_starts && from_.member_starts_fit(*from_starts, a) ? from_starts : nullptr;
      if (known && from_.at(a) == to_.at(b)) {
        to_starts = *known;
        return true;
      }
      to_starts.reserve(known ? known->size() + 4 : 32);
      in_step = objects(a, b.begin, known, &to_starts).in_step && known;
    }
    if (to_[0] == '{' && to_starts.empty()) {  // not walked in step: the members' own scan
      for (const Member& m : to_.members(b)) {
        to_starts.push_back(static_cast<std::uint32_t>(to_.offset(m.key)));
      }
    }
    return in_step;
  }

  // The operations for `from`'s value `a` and `to`'s value that begins at `j`; returns where that
  // one ends. `to` is scanned once, as the walk goes, where its value differs from `a`.
  std::size_t diff(Span a, std::size_t j) {
    if (to_.same_value_at(j, from_, a)) return j + (a.end - a.begin);
    return diff_differing(a, j);
  }

 private:
  // diff() of values known to be written differently.
  std::size_t diff_differing(Span a, std::size_t j) {
    const char x = from_[a.begin];
    if (x == '{' && to_[j] == '{') return objects(a, j);
    if (x == '[' && to_[j] == '[') return arrays(a, j);
    const Span b{j, to_.skip_value(j)};
    op("replace", &b);
    return b.end;
  }

  void op(const char* name, const Span* value) {
    out_ += out_.size() > 1 ? ",{\"op\":\"" : "{\"op\":\"";
    out_ += name;
    out_ += "\",\"path\":\"";
    out_ += path_;
    out_ += '"';
    if (value) {
      out_ += ",\"value\":";
      out_ += to_.at(*value);
      first_copied_ = std::min(first_copied_, value->begin);
    }
    out_ += '}';
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

  void at_member(std::size_t mark, std::string_view key) {
    first_copied_ = std::min(first_copied_, from_.holds(key) ? from_.offset(key) : to_.offset(key));
    path_.resize(mark);
    path_ += '/';
    append_pointer_token(path_, key);
  }
  void at_index(std::size_t mark, std::size_t i) {
    path_.resize(mark);
    path_ += '/';
    path_ += std::to_string(i);
  }

  // Where `to`'s value at `j` ends, `from`'s value `x` standing at the same member or index:
  // passed over when written the same, else diffed at the path `locate` sets.
  template <typename Locate>
  std::size_t value_in_step(Span x, std::size_t j, Locate locate) {
    if (to_.same_value_at(j, from_, x)) return j + (x.end - x.begin);
    locate();
    return diff_differing(x, j);
  }

  // The objects `a` of `from` and the one at `j` of `to`; returns where that one ends. `known` and
  // `starts` as objects_in_step takes them; `starts` is left empty when the keys differ and the
  // objects are diffed member by member.
  std::size_t objects(Span a, std::size_t j) { return objects(a, j, nullptr, nullptr).end; }
  struct Walked {
    std::size_t end;
    bool in_step;
  };
  Walked objects(Span a, std::size_t j, const MemberStarts* known, MemberStarts* starts) {
    const std::size_t written = out_.size();
    const std::size_t path_mark = path_.size();
    if (const std::size_t end = objects_in_step(a, j, known, starts); end != kNotInStep) {
      return {end, true};
    }
    out_.resize(written);  // what was written is written again below, or replaced
    path_.resize(path_mark);
    if (starts) starts->clear();
    const Span b{j, to_.skip_value(j)};
    objects_by_members(a, b);
    return {b.end, false};
  }

  // The usual case: the two objects have the same keys in the same order. They are walked side
  // by side, and `to` is scanned only where its value differs from `from`'s: a value written the
  // same at the same member is the same value. Returns where `to`'s object ends, or kNotInStep
  // (the patch so far to be dropped) when the keys differ.
  // With `known`, where `from`'s members begin (checked against the text by the caller), `from`
  // is not scanned at all; `starts`, when given, gets where `to`'s members begin.
  static constexpr std::size_t kNotInStep = std::string_view::npos;
  std::size_t objects_in_step(Span a, std::size_t j, const MemberStarts* known,
                              MemberStarts* starts) {
    const std::size_t mark = path_.size();
    std::size_t i = a.begin + 1;  // past '{'
    ++j;                          // past '{'
    bool same_keys = true;
    for (std::size_t k = 0; from_[i] != '}' && to_[j] != '}'; ++k) {
      if (starts) starts->push_back(static_cast<std::uint32_t>(j));
      const std::size_t member_end =
          known ? (k + 1 < known->size() ? (*known)[k + 1] - 1 : a.end - 1) : 0;
      // Most members of a view are unchanged by a move: a member written the same, key and
      // value, is passed over with one comparison, its key not scanned.
      if (known && to_.same_value_at(j, from_, {i, member_end})) {
        j = to_.past_comma(j + (member_end - i));
        i = from_.past_comma(member_end);
        continue;
      }
      const std::string_view key = from_.string_at(i);
      if (!to_.written_at(j, key)) {  // the same bytes, quotes included: the same key
        same_keys = false;
        break;
      }
      const std::size_t value = i + key.size() + 1;  // past ':'
      const Span x{value, known ? member_end : from_.skip_value(value)};
      const std::size_t y_end = value_in_step(x, j + key.size() + 1, [&] { at_member(mark, key); });
      i = from_.past_comma(x.end);
      j = to_.past_comma(y_end);
    }
    path_.resize(mark);
    return same_keys && from_[i] == '}' && to_[j] == '}' ? j + 1 : kNotInStep;
  }

  void objects_by_members(Span a, Span b) {
    const Members from = from_.members(a);
    const Members to = to_.members(b);
    const std::size_t mark = path_.size();
    if (!order_survives_patching(from, to)) {
      op("replace", &b);
      return;
    }
    for (const Member& m : from) {
      at_member(mark, m.key);
      if (const Member* there = find(to, m.key)) {
        diff(m.value, there->value.begin);
      } else {
        op("remove", nullptr);
      }
    }
    for (const Member& m : to) {
      if (find(from, m.key)) continue;
      at_member(mark, m.key);
      op("add", &m.value);
    }
    path_.resize(mark);
  }

  // The elements both arrays begin with are passed over in step (compared, not scanned in `to`),
  // and those they end with are left alone; what lies between is diffed element by element, then
  // `from`'s extra elements there are removed (from the last, so each index is still the element
  // it names) and `to`'s extra ones added in place (at the end: `.../-`). So an element inserted
  // into or taken out of a sorted list is one operation, not a replace of every element after it.
  std::size_t arrays(Span a, std::size_t j) {
    const std::size_t mark = path_.size();
    std::size_t i = a.begin + 1;  // past '['
    ++j;                          // past '['
    std::size_t index = 0;
    Elements xs;  // from the first that differs (scanned once: kept from the loop below)
    for (; from_[i] != ']' && to_[j] != ']'; ++index) {
      const Span x{i, from_.skip_value(i)};
      if (!to_.same_value_at(j, from_, x)) {
        xs.push_back(x);
        i = from_.past_comma(x.end);
        break;
      }
      i = from_.past_comma(x.end);
      j = to_.past_comma(j + (x.end - x.begin));
    }
    from_.elements(i, xs);
    Elements ys;
    const std::size_t end = to_.elements(j, ys);
    std::size_t m = xs.size(), n = ys.size();  // the differing middles: xs[0, m), ys[0, n)
    while (m > 0 && n > 0 && from_.at(xs[m - 1]) == to_.at(ys[n - 1])) {
      --m;
      --n;
    }
    const bool at_end = m == xs.size();  // nothing follows the middle
    std::size_t k = 0;
    for (; k < std::min(m, n); ++k) {
      at_index(mark, index + k);
      diff(xs[k], ys[k].begin);
    }
    for (std::size_t r = m; r > k; --r) {
      at_index(mark, index + r - 1);
      op("remove", nullptr);
    }
    for (; k < n; ++k) {
      if (at_end) {
        path_.resize(mark);
        path_ += "/-";
      } else {
        at_index(mark, index + k);
      }
      op("add", &ys[k]);
    }
    path_.resize(mark);
    return end;
  }

  Scanner from_;
  Scanner to_;
  std::string& out_;
  std::string path_;  // a JSON Pointer, as written inside a JSON string
  std::size_t first_copied_ = std::string_view::npos;
};

}  // namespace

std::string view_patch_text(std::string_view from, std::string_view to) {
  std::string out;
  out.reserve(256);  // a move's patch is usually a few operations
  out += '[';
  Differ(from, to, out).diff({0, from.size()}, 0);
  out += ']';
  return out;
}

std::string view_patch_text(std::string_view from, std::string_view to, TextNotes& notes) {
  std::string out;
  out.reserve(256);
  out += '[';
  Differ differ(from, to, out);
  notes.members_in_step = differ.diff_top(notes.from_starts, notes.to_starts);
  out += ']';
  notes.first_copied = differ.first_copied();
  return out;
}

bool member_starts_fit(std::string_view text, const MemberStarts& starts) {
  return !text.empty() && text[0] == '{' &&
         Scanner(text).member_starts_fit(starts, {0, text.size()});
}

Json view_patch(const Json& from, const Json& to) {
  return Json::parse(view_patch_text(from.dump(), to.dump()));
}

}  // namespace mw::server
