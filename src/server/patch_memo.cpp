#include "server/patch_memo.h"

#include <algorithm>
#include <bit>
#include <cstdint>
#include <cstring>

namespace mw::server {
namespace {

// How many bytes `a` and `b` share at their start, and at their end: eight at a time, the first
// differing byte found in the word's XOR (the byte order of the machine decides which end).
std::uint64_t word_at(std::string_view s, std::size_t i) {
  std::uint64_t w;
  std::memcpy(&w, s.data() + i, sizeof w);
  return w;
}
std::size_t common_prefix(std::string_view a, std::string_view b) {
  const std::size_t n = std::min(a.size(), b.size());
  std::size_t i = 0;
  if constexpr (std::endian::native == std::endian::little) {
    for (; i + 8 <= n; i += 8) {
      if (const std::uint64_t x = word_at(a, i) ^ word_at(b, i); x != 0) {
        return i + static_cast<std::size_t>(std::countr_zero(x)) / 8;
      }
    }
  }
  while (i < n && a[i] == b[i]) ++i;
  return i;
}
std::size_t common_suffix(std::string_view a, std::string_view b) {
  const std::size_t n = std::min(a.size(), b.size());
  std::size_t i = 0;  // bytes matched from the end
  if constexpr (std::endian::native == std::endian::little) {
    for (; i + 8 <= n; i += 8) {
      const std::uint64_t x = word_at(a, a.size() - i - 8) ^ word_at(b, b.size() - i - 8);
      if (x != 0) return i + static_cast<std::size_t>(std::countl_zero(x)) / 8;
    }
  }
  while (i < n && a[a.size() - 1 - i] == b[b.size() - 1 - i]) ++i;
  return i;
}

bool holds_structure(std::string_view text) {
  return text.find_first_of("\"\\,:[]{}") != std::string_view::npos;
}

// Member k of a top-level object whose members begin at `starts`: its key, colon and value.
std::string_view member_text(std::string_view text, const MemberStarts& starts, std::size_t k) {
  const std::size_t end = k + 1 < starts.size() ? starts[k + 1] - 1 : text.size() - 1;
  return text.substr(starts[k], end - starts[k]);
}

}  // namespace

const std::string& PatchMemo::patch(std::string_view from, std::string_view to,
                                    MemberStarts& starts) {
  last_reused_ = reusable(from, to);
  if (last_reused_) {
    starts = to_starts_;  // the same length and no structure changed: the same places
    return patch_;
  }
  MemberStarts reused_starts;
  last_reused_ = reusable_by_members(from, to, starts, reused_starts);
  if (last_reused_) {
    starts = std::move(reused_starts);
    return patch_;
  }
  TextNotes notes;
  notes.from_starts = starts.empty() ? nullptr : &starts;
  patch_ = view_patch_text(from, to, notes);
  if (notes.members_in_step) {
    from_starts_ = starts;
  } else {
    from_starts_.clear();
  }
  starts = notes.to_starts;
  to_starts_ = std::move(notes.to_starts);
  from_.assign(from);
  to_.assign(to);
  first_change_ = common_prefix(from, to);
  first_copied_ = notes.first_copied;
  held_ = true;
  return patch_;
}

const std::string& PatchMemo::patch(std::string_view from, std::string_view to) {
  MemberStarts unknown;
  return patch(from, to, unknown);
}

// The last pair again, but for bytes [p, q) that are the same in both new texts, lie before the
// last pair's first difference and before anything its patch copied, and hold no structure in
// either pair (no quote, escape, comma, colon or bracket): then every span the diff compares is
// equal or not in both pairs alike, every value ends at the same place, and the patch is the same.
bool PatchMemo::reusable(std::string_view from, std::string_view to) const {
  if (!held_ || from.size() != from_.size() || to.size() != to_.size()) return false;
  const std::size_t p = std::min(common_prefix(from, from_), common_prefix(to, to_));
  if (p == from.size() && p == to.size()) return true;
  const std::size_t q =
      std::max(from.size() - common_suffix(from, from_), to.size() - common_suffix(to, to_));
  if (q > first_change_ || q > first_copied_) return false;
  const std::string_view changed = from.substr(p, q - p);
  return changed == to.substr(p, q - p) && !holds_structure(changed) &&
         !holds_structure(std::string_view(from_).substr(p, q - p));
}

// The last pair's diff walked its members in step, so each member's operations came from that
// member's two texts alone. In this pair a member the same in `from` and `to`, and in the last
// pair too, has none in either; one whose texts are the last pair's has the same. So if every
// member is one or the other, the patch is the last one. `to` is never scanned: each of its
// members is checked to be written as the one it must equal, and to end where that one ends (a
// delimiter follows: a number cannot go on).
bool PatchMemo::reusable_by_members(std::string_view from, std::string_view to,
                                    const MemberStarts& starts, MemberStarts& to_starts) const {
  const std::size_t members = from_starts_.size();
  if (!held_ || members == 0 || starts.size() != members || to_starts_.size() != members ||
      to.empty() || to[0] != '{' || !member_starts_fit(from, starts)) {
    return false;
  }
  to_starts.clear();
  to_starts.reserve(members);
  std::size_t at = 1;  // past '{'
  for (std::size_t k = 0; k < members; ++k) {
    const std::string_view mine = member_text(from, starts, k);
    const std::string_view last_from = member_text(from_, from_starts_, k);
    const std::string_view last_to = member_text(to_, to_starts_, k);
    const auto written = [&](std::string_view member) {
      return to.size() - at > member.size() && to.compare(at, member.size(), member) == 0;
    };
    to_starts.push_back(static_cast<std::uint32_t>(at));
    if (last_from == last_to && written(mine)) {
      at += mine.size();
    } else if (mine == last_from && written(last_to)) {
      at += last_to.size();
    } else {
      return false;
    }
    const bool last = k + 1 == members;
    if (to[at] != (last ? '}' : ',')) return false;
    ++at;
  }
  return at == to.size();
}

}  // namespace mw::server
