#pragma once
// Explicit, seedable randomness. The algorithms are fixed (SplitMix64 for seeding, xoshiro256** for
// the stream, Lemire's method for bounded integers) rather than std:: distributions, whose output
// differs between standard libraries: a seed must mean the same game everywhere.
#include <cstdint>
#include <iterator>
#include <limits>
#include <utility>

namespace mw {

constexpr std::uint64_t splitmix64(std::uint64_t& x) {
  std::uint64_t z = (x += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

// Independent sub-seeds: game i of a run is seeded by derive_seed(run_seed, i) alone, so results do
// not depend on which thread or MPI rank plays it.
constexpr std::uint64_t derive_seed(std::uint64_t seed, std::uint64_t stream) {
  std::uint64_t x = seed ^ (stream * 0xd1342543de82ef95ULL + 0x2545f4914f6cdd1dULL);
  splitmix64(x);
  return splitmix64(x);
}

__extension__ using Uint128 = unsigned __int128;  // GCC and Clang both have it

class Rng {
 public:
  using result_type = std::uint64_t;

  explicit constexpr Rng(std::uint64_t seed = 0) {
    for (auto& word : s_) word = splitmix64(seed);
  }

  constexpr std::uint64_t next() {
    const std::uint64_t result = rotl(s_[1] * 5, 7) * 9;
    const std::uint64_t t = s_[1] << 17;
    s_[2] ^= s_[0];
    s_[3] ^= s_[1];
    s_[1] ^= s_[2];
    s_[0] ^= s_[3];
    s_[2] ^= t;
    s_[3] = rotl(s_[3], 45);
    return result;
  }

  // Uniform in [0, bound); bound must be positive.
  constexpr std::uint64_t below(std::uint64_t bound) {
    Uint128 m = static_cast<Uint128>(next()) * bound;
    auto low = static_cast<std::uint64_t>(m);
    if (low < bound) {
      const std::uint64_t threshold = (0 - bound) % bound;
      while (low < threshold) {
        m = static_cast<Uint128>(next()) * bound;
        low = static_cast<std::uint64_t>(m);
      }
    }
    return static_cast<std::uint64_t>(m >> 64);
  }

  // Uniform in [0, 1) with 53 random bits.
  constexpr double uniform() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }

  template <std::random_access_iterator It>
  constexpr void shuffle(It first, It last) {
    for (auto n = last - first; n > 1; --n) {
      auto j = static_cast<decltype(n)>(below(static_cast<std::uint64_t>(n)));
      using std::swap;
      swap(first[n - 1], first[j]);
    }
  }

  static constexpr result_type min() { return 0; }
  static constexpr result_type max() { return std::numeric_limits<result_type>::max(); }
  constexpr result_type operator()() { return next(); }

 private:
  static constexpr std::uint64_t rotl(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
  std::uint64_t s_[4]{};
};

}  // namespace mw
