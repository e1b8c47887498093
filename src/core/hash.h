#pragma once
// A small, fixed 64-bit hasher for information-state keys and transposition tables. Stable across
// platforms and runs (no std::hash), so keys can be stored and compared between processes.
#include <cstddef>
#include <cstdint>
#include <span>
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
  // Every byte, eight to a step and then the length: a key built from many small fields is
  // hashed in an eighth of the serial steps of add() a field (each step waits on the last).
  // Little-endian words, whatever the machine's order, so a value stays the same everywhere.
  constexpr Hasher& add_bytes(std::span<const std::uint8_t> bytes) {
    std::size_t i = 0;
    for (; i + 8 <= bytes.size(); i += 8) add(little_endian_word(bytes.subspan(i, 8)));
    add(little_endian_word(bytes.subspan(i)));
    return add(static_cast<std::uint64_t>(bytes.size()));
  }
  constexpr std::uint64_t value() const { return h_; }

 private:
  // Up to eight bytes as a number, the first the lowest (compilers make it one load).
  static constexpr std::uint64_t little_endian_word(std::span<const std::uint8_t> bytes) {
    std::uint64_t word = 0;
    for (std::size_t k = 0; k < bytes.size(); ++k) word |= std::uint64_t{bytes[k]} << (8 * k);
    return word;
  }

  std::uint64_t h_;
};

}  // namespace mw
