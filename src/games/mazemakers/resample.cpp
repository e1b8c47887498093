// Resampling a MazeMakers state: the coin suits one seat has not seen, dealt again.
#include <algorithm>
#include <array>
#include <numeric>

#include "games/mazemakers/mazemakers.h"

namespace mw::mazemakers {

// Re-deals the suits p has not seen. For each value 2, 3, 4 the coins of that value still hidden
// somewhere (on the board or removed) carry a fixed multiset of suits; any permutation of it is
// a candidate world. A candidate is consistent when every coin p landed on keeps its suit and no
// coin that someone landed on without finding an artifact gets that player's suit (the public
// "monster for" facts). With at most 4 coins per value, all 24 permutations are enumerated and one
// consistent permutation is drawn uniformly: an exact sampler, no rejection loop.
State State::resample(Player p, Rng& rng) const {
  if (p == kOmniscient || phase_ == Phase::kOver) return *this;
  State out = *this;
  for (int v = 2; v <= 4; ++v) {
    std::array<int, 4> ids{};
    int m = 0;
    for (int s = 0; s < kNumSuits; ++s) {
      const int c = s * 3 + (v - 2);
      if (coin_cell_[c] >= 0 || ((removed_ >> c) & 1)) ids[m++] = c;
    }
    if (m < 2) continue;
    std::array<int, 4> perm{};
    std::iota(perm.begin(), perm.begin() + m, 0);
    std::array<std::array<int, 4>, 24> ok{};
    int count = 0;
    do {
      bool good = true;
      for (int j = 0; j < m && good; ++j) {
        const int old_id = ids[j], new_id = ids[perm[j]];
        if (p >= 0 && ((landed_[p] >> old_id) & 1) && new_id != old_id) good = false;
        for (Player q = 0; q < config_.players && good; ++q) {
          if (((landed_[q] >> old_id) & 1) && coin_suit(new_id) == suit_[q]) good = false;
        }
      }
      if (good) ok[count++] = perm;
    } while (std::next_permutation(perm.begin(), perm.begin() + m));
    const auto& pick = ok[rng.below(static_cast<std::uint64_t>(count))];  // identity is consistent
    for (int j = 0; j < m; ++j) {
      const int old_id = ids[j], new_id = ids[pick[j]];
      out.coin_cell_[new_id] = coin_cell_[old_id];
      const auto old_bit = static_cast<std::uint16_t>(1u << old_id);
      const auto new_bit = static_cast<std::uint16_t>(1u << new_id);
      out.removed_ = static_cast<std::uint16_t>((out.removed_ & ~new_bit) |
                                                ((removed_ & old_bit) ? new_bit : 0));
      for (Player q = 0; q < config_.players; ++q) {
        out.landed_[q] = static_cast<std::uint16_t>((out.landed_[q] & ~new_bit) |
                                                    ((landed_[q] & old_bit) ? new_bit : 0));
      }
    }
  }
  return out;
}

}  // namespace mw::mazemakers
