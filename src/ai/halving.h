#pragma once
// Successive halving (Karnin, Koren & Somekh 2013), the budget split of the maker's design search:
// every candidate gets one batch of noisy evaluations, then the better half one batch more, and so
// on until one is left, so most evaluations go to the candidates that still look best.
#include <cstddef>
#include <functional>

namespace mw {

struct HalvingResult {
  std::size_t best = 0;  // the candidate kept (0 when there were none)
  double mean = 0;       // its mean evaluation (0 when it was never evaluated)
  int batches = 0;       // batches it was evaluated in
};

// `evaluate(i)` plays one batch for candidate i and returns {sum of values, count}. `out_of_time`
// is asked before every batch; when it says yes the search stops and keeps, of the candidates with
// the most batches, the best mean (ties: the one ahead after the round before; at first the lower
// index).
struct BatchTotal {
  double sum = 0;
  int count = 0;
};
HalvingResult successive_halving(std::size_t candidates,
                                 const std::function<BatchTotal(std::size_t)>& evaluate,
                                 const std::function<bool()>& out_of_time);

}  // namespace mw
