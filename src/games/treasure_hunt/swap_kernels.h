#pragma once
// The inner loop of random play and of every search: listing the legal swaps. A swap is one of
// the 100 same-line cell pairs (rule 1) whose two cells are both free of pawns, the Treasure
// Marker and the opponent's last swap (rules 2 and 3), i.e. a pair whose cell mask misses one
// `blocked` mask. The vector versions, chosen once at run time from what the CPU offers, are
// several times faster than the portable one (bench/treasure_hunt_bench.cpp); all three must
// agree exactly (swap_kernels_test.cpp).
#include <cstddef>
#include <cstdint>

#include "core/rng.h"
#include "core/types.h"

namespace mw::treasure_hunt {

// Room `out` must have: the 100 pairs, plus the lanes the vector versions store past the last
// free pair (they store whole groups and keep only the leading ones).
inline constexpr std::size_t kSwapBufferSize = 104;

// Writes the free swaps in increasing action order to out[0..); returns how many.
std::size_t write_free_swaps(std::uint32_t blocked, Action* out);

// One free swap drawn uniformly, without the list: the k-th free pair in action order for
// k = rng.below(count), i.e. the draw write_free_swaps' list indexed by rng.below(its size) makes,
// from the same random number. The free pairs are found as a 100-bit set: every pair minus the
// pairs of each blocked cell (at most 5).
Action random_free_swap(std::uint32_t blocked, Rng& rng);

namespace swap_kernels {
using Kernel = std::size_t (*)(std::uint32_t blocked, Action* out);
std::size_t portable(std::uint32_t blocked, Action* out);
// nullptr when the CPU (or the compiler) lacks the instructions.
Kernel avx2();
Kernel avx512();
// random_free_swap's two ways of finding the k-th free pair: a branch-free count of bytes and a
// table, or one PDEP instruction (chosen only where PDEP is fast).
using SwapDraw = Action (*)(std::uint32_t blocked, Rng& rng);
Action draw_portable(std::uint32_t blocked, Rng& rng);
SwapDraw draw_bmi2();  // nullptr when the CPU (or the compiler) lacks BMI2
}  // namespace swap_kernels

}  // namespace mw::treasure_hunt
