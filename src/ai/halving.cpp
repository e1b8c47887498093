#include "ai/halving.h"

#include <algorithm>
#include <vector>

namespace mw {
namespace {

struct Entry {
  std::size_t index = 0;
  double sum = 0;
  int count = 0;
  int batches = 0;
  double mean() const { return count > 0 ? sum / count : 0; }
};

// More batches first, then the higher mean; stable, so ties keep the lower index first.
bool ahead(const Entry& a, const Entry& b) {
  return a.batches != b.batches ? a.batches > b.batches : a.mean() > b.mean();
}

}  // namespace

HalvingResult successive_halving(std::size_t candidates,
                                 const std::function<BatchTotal(std::size_t)>& evaluate,
                                 const std::function<bool()>& out_of_time) {
  if (candidates == 0) return {};
  std::vector<Entry> pool(candidates);
  for (std::size_t i = 0; i < candidates; ++i) pool[i].index = i;
  for (bool timed_out = false;;) {
    for (Entry& e : pool) {
      if ((timed_out = out_of_time())) break;
      const BatchTotal t = evaluate(e.index);
      e.sum += t.sum;
      e.count += t.count;
      ++e.batches;
    }
    std::stable_sort(pool.begin(), pool.end(), ahead);
    if (timed_out || pool.size() == 1) break;
    pool.resize((pool.size() + 1) / 2);
    if (pool.size() == 1) break;
  }
  return {pool.front().index, pool.front().mean(), pool.front().batches};
}

}  // namespace mw
