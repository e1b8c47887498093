#pragma once
#include "core/agent.h"

namespace mw {

// Uniform over the legal actions: the baseline every other agent must beat.
class RandomAgent final : public Agent {
 public:
  Action choose(const Observation& obs, Rng& rng) override {
    return obs.random_legal_action(rng, scratch_);
  }

 private:
  ActionList scratch_;
};

}  // namespace mw
