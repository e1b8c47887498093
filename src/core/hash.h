#pragma once
// A small, fixed 64-bit hasher for information-state keys and transposition tables. Stable across
// platforms and runs (no std::hash), so keys can be stored and compared between processes.
#include <cstdint>
#include <string_view>

namespace mw {

constexpr std::uint64_t mix64(std::uint64_t x) {
  x ^= x >> 33;
  x *= 0xff51afd7ed558ccdULL;
  x ^= x >> 33;
  x *= 0xc4ceb9fe1a85ec53ULL;
  x ^= x >> 33;
  return x;
}

class Hasher {
 public:
  constexpr explicit Hasher(std::uint64_t salt = 0x6d617a65776f726bULL) : h_(mix64(salt)) {}
  constexpr Hasher& add(std::uint64_t v) {
    h_ = mix64(h_ ^ (v + 0x9e3779b97f4a7c15ULL + (h_ << 6) + (h_ >> 2)));
    return *this;
  }
  constexpr Hasher& add(std::string_view s) {
    for (char c : s) add(static_cast<unsigned char>(c));
    return add(s.size());
  }
  constexpr std::uint64_t value() const { return h_; }

 private:
  std::uint64_t h_;
};

}  // namespace mw
