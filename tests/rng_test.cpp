#include <gtest/gtest.h>

#include "core/rng.h"

TEST(Rng, SameSeedSameStream) {
  mw::Rng a(7), b(7);
  for (int i = 0; i < 100; ++i) EXPECT_EQ(a.next(), b.next());
}
