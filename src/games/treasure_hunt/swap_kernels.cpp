#include "games/treasure_hunt/swap_kernels.h"

#include <array>
#include <bit>

#include "core/bits.h"
#include "games/treasure_hunt/treasure_hunt.h"

#if defined(__x86_64__) && defined(__GNUC__)
#include <immintrin.h>
#define MW_TH_X86_KERNELS 1
#endif

namespace mw::treasure_hunt {
namespace {

// The 100 same-line pairs a < b in increasing action a * 25 + b, three ways: the portable loop
// reads one word per pair (action in the low half, cell mask in the high half); the vector loops
// read the actions and the masks as separate 64-bit lanes.
struct SwapTable {
  alignas(64) std::array<std::int64_t, kNumSwapPairs> action{};
  alignas(64) std::array<std::uint64_t, kNumSwapPairs> cells{};
  std::array<std::uint64_t, kNumSwapPairs> packed{};
};

constexpr SwapTable kTable = [] {
  SwapTable t;
  int i = 0;
  for (int a = 0; a < kCells; ++a) {
    for (int b = a + 1; b < kCells; ++b) {
      if (a / kSize != b / kSize && a % kSize != b % kSize) continue;
      const std::uint64_t cells = (1u << a) | (1u << b);
      t.action[i] = kSwapBase + a * kCells + b;
      t.cells[i] = cells;
      t.packed[i] = cells << 32 | static_cast<std::uint64_t>(t.action[i]);
      ++i;
    }
  }
  return t;
}();
static_assert(kTable.action[kNumSwapPairs - 1] == 23 * kCells + 24, "100 pairs, sorted");

// A set of pairs by their index in kTable: bits 0..63 in `low`, 64..99 in `high`.
struct PairSet {
  std::uint64_t low = 0;
  std::uint64_t high = 0;
};

// For each cell, the pairs that hold it (8 each: 4 in its row, 4 in its column). Entries 25..31
// hold none (see free_pairs).
constexpr std::array<PairSet, 32> kPairsOfCell = [] {
  std::array<PairSet, 32> out{};
  for (int i = 0; i < kNumSwapPairs; ++i) {
    for (int cell = 0; cell < kCells; ++cell) {
      if ((kTable.cells[i] >> cell & 1u) == 0) continue;
      if (i < 64) {
        out[cell].low |= std::uint64_t{1} << i;
      } else {
        out[cell].high |= std::uint64_t{1} << (i - 64);
      }
    }
  }
  return out;
}();

// Play blocks at most 5 cells (2 pawns, the marker, the 2 locked cells), often fewer where they
// coincide: a loop that stopped at the last blocked cell would mispredict its exit on many draws.
inline constexpr int kMostBlockedInPlay = 5;
// Never a cell: an emptied mask with it added names an entry of kPairsOfCell with no pairs.
inline constexpr std::uint32_t kNoCell = 1u << 31;

inline void remove_pairs_of(int cell, PairSet& free) {
  const PairSet& held = kPairsOfCell[static_cast<std::size_t>(cell)];
  free.low &= ~held.low;
  free.high &= ~held.high;
}

[[gnu::always_inline]] inline PairSet free_pairs(std::uint32_t blocked) {
  PairSet free{~std::uint64_t{0}, (std::uint64_t{1} << (kNumSwapPairs - 64)) - 1};
  std::uint32_t m = blocked;
#pragma GCC unroll 5
  for (int i = 0; i < kMostBlockedInPlay; ++i) {
    remove_pairs_of(std::countr_zero(m | kNoCell), free);
    m &= m - 1;
  }
  for (; m != 0; m &= m - 1) remove_pairs_of(std::countr_zero(m), free);  // more than play blocks
  return free;
}

#ifdef MW_TH_X86_KERNELS

// For each 4-bit lane mask, the 32-bit lane indices that move the chosen 64-bit lanes to the
// front (AVX2 has no compress instruction).
alignas(32) constexpr std::array<std::array<std::int32_t, 8>, 16> kCompress4 = [] {
  std::array<std::array<std::int32_t, 8>, 16> t{};
  for (int m = 0; m < 16; ++m) {
    int k = 0;
    for (int lane = 0; lane < 4; ++lane) {
      if ((m >> lane & 1) == 0) continue;
      t[m][2 * k] = 2 * lane;
      t[m][2 * k + 1] = 2 * lane + 1;
      ++k;
    }
  }
  return t;
}();

// 25 groups of 4 pairs; each group stores 4 lanes, of which the first popcount(m) count.
__attribute__((target("avx2,popcnt"))) std::size_t free_swaps_avx2(std::uint32_t blocked,
                                                                   Action* out) {
  const __m256i blocked_lanes = _mm256_set1_epi64x(blocked);
  const __m256i zero = _mm256_setzero_si256();
  std::size_t n = 0;
  for (int g = 0; g < kNumSwapPairs; g += 4) {
    const __m256i cells = _mm256_load_si256(reinterpret_cast<const __m256i*>(&kTable.cells[g]));
    const __m256i actions = _mm256_load_si256(reinterpret_cast<const __m256i*>(&kTable.action[g]));
    const __m256i free = _mm256_cmpeq_epi64(_mm256_and_si256(cells, blocked_lanes), zero);
    const int m = _mm256_movemask_pd(_mm256_castsi256_pd(free));
    const __m256i order = _mm256_load_si256(reinterpret_cast<const __m256i*>(kCompress4[m].data()));
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(out + n),
                        _mm256_permutevar8x32_epi32(actions, order));
    n += static_cast<std::size_t>(std::popcount(static_cast<unsigned>(m)));
  }
  return n;
}

// 13 groups of 8 pairs (the last one half full): compress the free lanes to the front of a
// register and store all 8 (a compress straight to memory is several times slower).
__attribute__((target("avx512f,popcnt"))) std::size_t free_swaps_avx512(std::uint32_t blocked,
                                                                        Action* out) {
  const __m512i blocked_lanes = _mm512_set1_epi64(blocked);
  std::size_t n = 0;
  for (int g = 0; g < kNumSwapPairs; g += 8) {
    const auto lanes = static_cast<__mmask8>(kNumSwapPairs - g >= 8 ? 0xFF : 0x0F);
    const __m512i cells = _mm512_maskz_loadu_epi64(lanes, &kTable.cells[g]);
    const __m512i actions = _mm512_maskz_loadu_epi64(lanes, &kTable.action[g]);
    const __mmask8 free = _mm512_mask_testn_epi64_mask(lanes, cells, blocked_lanes);
    _mm512_storeu_si512(out + n, _mm512_maskz_compress_epi64(free, actions));
    n += static_cast<std::size_t>(std::popcount(static_cast<unsigned>(free)));
  }
  return n;
}

#endif  // MW_TH_X86_KERNELS

swap_kernels::Kernel best_kernel() {
  if (auto k = swap_kernels::avx512()) return k;
  if (auto k = swap_kernels::avx2()) return k;
  return swap_kernels::portable;
}

}  // namespace

namespace swap_kernels {

// Branch-free: every pair is written and the cursor advances past the free ones only, so no
// branch depends on the position (mispredictions cost more than the wasted stores).
std::size_t portable(std::uint32_t blocked, Action* out) {
  const std::uint64_t blocked_high = std::uint64_t{blocked} << 32;
  std::size_t n = 0;
#pragma GCC unroll 4
  for (const std::uint64_t pair : kTable.packed) {
    out[n] = static_cast<std::uint32_t>(pair);
    n += (pair & blocked_high) == 0;
  }
  return n;
}

Kernel avx2() {
#ifdef MW_TH_X86_KERNELS
  if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("popcnt")) return free_swaps_avx2;
#endif
  return nullptr;
}

Kernel avx512() {
#ifdef MW_TH_X86_KERNELS
  if (__builtin_cpu_supports("avx512f") && __builtin_cpu_supports("popcnt")) {
    return free_swaps_avx512;
  }
#endif
  return nullptr;
}

}  // namespace swap_kernels

namespace {

// The draw k = rng.below(count) located in one 64-bit half: the pair is base + the position of
// the k-th set bit of `half`.
struct DrawnPair {
  std::uint64_t half;
  int k;
  int base;
};

[[gnu::always_inline]] inline DrawnPair draw_pair(std::uint32_t blocked, Rng& rng) {
  const PairSet free = free_pairs(blocked);
  const auto in_low = static_cast<std::uint64_t>(std::popcount(free.low));
  const std::uint64_t k = rng.below(in_low + static_cast<std::uint64_t>(std::popcount(free.high)));
  // All ones when the drawn pair is in the high word. Masks rather than a branch: about a third of
  // the draws land there, at random, and a branch on it mispredicted on many of them.
  const std::uint64_t in_high = 0 - static_cast<std::uint64_t>(k >= in_low);
  return {(free.low & ~in_high) | (free.high & in_high), static_cast<int>(k - (in_low & in_high)),
          static_cast<int>(64 & in_high)};
}

#ifdef MW_TH_X86_KERNELS
// PDEP deposits the bit 1 << k onto the k-th set bit of the half in one instruction.
__attribute__((target("bmi,bmi2,popcnt"))) Action free_swap_draw_bmi2(std::uint32_t blocked,
                                                                      Rng& rng) {
  const DrawnPair d = draw_pair(blocked, rng);
  const auto bit = static_cast<int>(_tzcnt_u64(_pdep_u64(std::uint64_t{1} << d.k, d.half)));
  return kTable.action[static_cast<std::size_t>(d.base + bit)];
}
#endif

// PDEP only where it is known to be fast: AMD cores before Zen 3 microcode it (hundreds of
// cycles) and have no AVX-512, so BMI2 with AVX-512 marks a fast one (Intel since Skylake-X,
// AMD Zen 4).
swap_kernels::SwapDraw best_swap_draw() {
  if (swap_kernels::SwapDraw draw = swap_kernels::draw_bmi2();
      draw != nullptr && __builtin_cpu_supports("avx512f")) {
    return draw;
  }
  return swap_kernels::draw_portable;
}

}  // namespace

namespace swap_kernels {

Action draw_portable(std::uint32_t blocked, Rng& rng) {
  const DrawnPair d = draw_pair(blocked, rng);
  return kTable.action[static_cast<std::size_t>(d.base + nth_set_bit(d.half, d.k))];
}

SwapDraw draw_bmi2() {
#ifdef MW_TH_X86_KERNELS
  if (__builtin_cpu_supports("bmi2")) return free_swap_draw_bmi2;
#endif
  return nullptr;
}

}  // namespace swap_kernels

Action random_free_swap(std::uint32_t blocked, Rng& rng) {
  static const swap_kernels::SwapDraw draw = best_swap_draw();
  return draw(blocked, rng);
}

std::size_t write_free_swaps(std::uint32_t blocked, Action* out) {
  static const swap_kernels::Kernel kernel = best_kernel();
  return kernel(blocked, out);
}

}  // namespace mw::treasure_hunt
