#pragma once
// A small, fixed 64-bit hasher for information-state keys and transposition tables. Stable across
// platforms and runs (no std::hash), so keys can be stored and compared between processes.
#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <span>
#include <stdexcept>
#include <string_view>
#include <type_traits>

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
  // Every byte, then the length: a key built from many small fields is hashed in far fewer
  // serial steps than add() a field (each step waits on the last). 32 bytes make one step: their
  // four words are mixed apart, each with its lane's constant (so words trading places change the
  // value), which the processor does side by side, and folded into one add(); the rest eight to a
  // step. Little-endian words, whatever the machine's order, so a value stays the same everywhere.
  constexpr Hasher& add_bytes(std::span<const std::uint8_t> bytes) {
    std::size_t i = 0;
    for (; i + 32 <= bytes.size(); i += 32) add(block_of_four(bytes.subspan(i, 32)));
    for (; i + 8 <= bytes.size(); i += 8) add(little_endian_word(bytes.subspan(i, 8)));
    add(little_endian_word(bytes.subspan(i)));
    return add(static_cast<std::uint64_t>(bytes.size()));
  }
  // The one word add_bytes() adds for 32 bytes.
  static constexpr std::uint64_t block_of_four(std::span<const std::uint8_t> bytes) {
    constexpr std::uint64_t kLanes[4] = {0x243f6a8885a308d3ULL, 0x13198a2e03707344ULL,
                                         0xa4093822299f31d0ULL, 0x082efa98ec4e6c89ULL};
    std::uint64_t folded = 0;
    for (std::size_t lane = 0; lane < 4; ++lane) {
      folded ^= std::rotl(mix64(little_endian_word(bytes.subspan(8 * lane, 8)) ^ kLanes[lane]),
                          static_cast<int>(16 * lane));
    }
    return folded;
  }
  constexpr std::uint64_t value() const { return h_; }

 private:
  // Up to eight bytes as a number, the first the lowest (eight are one load at run time).
  static constexpr std::uint64_t little_endian_word(std::span<const std::uint8_t> bytes) {
    if (!std::is_constant_evaluated() && bytes.size() == 8) {
      std::uint64_t word;
      std::memcpy(&word, bytes.data(), 8);
      if constexpr (std::endian::native == std::endian::big) word = __builtin_bswap64(word);
      return word;
    }
    std::uint64_t word = 0;
    for (std::size_t k = 0; k < bytes.size(); ++k) word |= std::uint64_t{bytes[k]} << (8 * k);
    return word;
  }

  std::uint64_t h_;
};

// A key's fields gathered as bytes, to be hashed by one add_bytes(): a key of a hundred small
// fields is then a few dozen steps that do not wait on each other, not a hundred add() that do.
// Each integer takes four bytes (its 32 bits, little-endian), so a key's layout is fixed by the
// fields it has already put (a phase, a player count); more than N bytes throws std::length_error.
template <std::size_t N>
class KeyBytes {
 public:
  KeyBytes& add(int v) {
    room_for(4);
    auto u = static_cast<std::uint32_t>(v);
    if constexpr (std::endian::native == std::endian::big) u = __builtin_bswap32(u);
    std::memcpy(bytes_.data() + size_, &u, 4);
    size_ += 4;
    return *this;
  }
  KeyBytes& add_bytes(std::span<const std::uint8_t> bytes) {
    room_for(bytes.size());
    std::memcpy(bytes_.data() + size_, bytes.data(), bytes.size());
    size_ += bytes.size();
    return *this;
  }
  std::span<const std::uint8_t> bytes() const { return std::span(bytes_).first(size_); }

 private:
  void room_for(std::size_t more) const {
    if (more > N - size_) throw std::length_error("KeyBytes: a key longer than its capacity");
  }

  std::array<std::uint8_t, N> bytes_;
  std::size_t size_ = 0;
};

}  // namespace mw
