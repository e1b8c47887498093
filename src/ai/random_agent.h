#pragma once
#include "core/agent.h"

namespace mw {

// Uniform over the legal actions: the baseline every other agent must beat.
class RandomAgent final : public Agent {
 public:
  Action choose(const Observation& obs, Rng& rng) override {
    obs.legal_actions(scratch_);
    return scratch_[rng.below(scratch_.size())];
  }

 private:
  ActionList scratch_;
};

}  // namespace mw
