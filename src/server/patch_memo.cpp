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

}  // namespace

const std::string& PatchMemo::patch(std::string_view from, std::string_view to,
                                    MemberStarts& starts) {
  last_reused_ = reusable(from, to);
  if (last_reused_) {
    starts = to_starts_;  // the same length and no structure changed: the same places
    return patch_;
  }
  TextNotes notes;
  notes.from_starts = starts.empty() ? nullptr : &starts;
  patch_ = view_patch_text(from, to, notes);
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

}  // namespace mw::server
