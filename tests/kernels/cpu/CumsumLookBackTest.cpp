// The atomic cumsum's order dependence, shown without a race: the prefix a tile computes by
// looking back depends on what its predecessors had published when it looked.

#include "ops/CumsumLookBack.hpp"

#include <gtest/gtest.h>

#include <vector>

namespace detbench::cpu {
namespace {

TEST(CumsumLookBackTest, ThePrefixAssociatesAsThePredecessorsHadPublished) {
  // Aggregates of tiles 0..2 where the association shows: (1 + 1e8) - 1e8 = 0 in float32, but
  // 1 + (1e8 - 1e8) = 1.
  const float a0 = 1.0f, a1 = 1e8f, a2 = -1e8f;
  std::vector<std::atomic<std::uint64_t>> state(4);

  // Tiles 1 and 2 published their inclusive prefixes before tile 3 looked back.
  state[0] = pack(kInclusive, a0);
  state[1] = pack(kInclusive, a0 + a1);
  state[2] = pack(kInclusive, (a0 + a1) + a2);
  const float late = lookBack(state.data(), 3);

  // Tile 3 looked back while tiles 1 and 2 had published only their aggregates.
  state[1] = pack(kAggregate, a1);
  state[2] = pack(kAggregate, a2);
  const float early = lookBack(state.data(), 3);

  EXPECT_EQ(late, 0.0f);
  EXPECT_EQ(early, 1.0f);
  EXPECT_NE(late, early) << "the same inputs, another timing, other bits";
}

}  // namespace
}  // namespace detbench::cpu
