// nll_loss2d_forward on the host: the cascade sum cut into blocks of any level, the blocks
// summed apart and the levels above replayed, equals the position-by-position cascade bit for
// bit (the deterministic forms of cpu-threads and cuda run that cut), for position counts
// that are and are not multiples of the blocks, and the level sizes follow PyTorch's rule.

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <string>
#include <vector>

#include "detbench/base/Error.hpp"
#include "detbench/catalog/OpCatalog.hpp"
#include "detbench/ops/NllLoss2dForwardOp.hpp"

namespace detbench {
namespace {

using Op = ops::NllLoss2dForwardOp;

struct Case {
  OpInputs inputs;
  OpParams params;
  Op::Problem p;
  Op::Args<float> args() const {
    return {inputs.tensors[Op::kInput].as<float>().data(),
            inputs.tensors[Op::kTarget].as<std::int64_t>().data(),
            inputs.tensors[Op::kWeight].as<float>().data()};
  }
};

Case makeCase(const OpParams& given) {
  const OpDefinition& def = opDefinition(Op::kName);
  Case c;
  c.params = resolveParams(std::string(Op::kName), def.params(), given);
  c.inputs = prepareInputs(def, c.params, 5, 1ull << 30);
  c.p = Op::problem(c.params);
  return c;
}

std::uint32_t bitsOf(float f) {
  std::uint32_t u;
  std::memcpy(&u, &f, sizeof u);
  return u;
}

TEST(NllLoss2dForwardTest, TheCascadeCutIntoBlocksOfAnyLevelEqualsTheWholeCascade) {
  // Position counts: 1, below one block, a multiple of 256 plus one, a multiple of 4096, and
  // two past a multiple of 65536 (where the fourth level is reached).
  const std::vector<OpParams> shapes{
      {{"batch", 1}, {"height", 1}, {"width", 1}},
      {{"batch", 1}, {"height", 3}, {"width", 5}},
      {{"batch", 1}, {"height", 257}, {"width", 1}},
      {{"batch", 2}, {"height", 32}, {"width", 64}},
      {{"batch", 4}, {"height", 129}, {"width", 127}, {"weighted", 0}},
      {{"batch", 3}, {"height", 21846}, {"width", 1}, {"reduction", 1}},
  };
  for (const OpParams& given : shapes) {
    const Case c = makeCase(given);
    const float whole = Op::finish<float>(c.p, c.args(), 0, nullptr);
    for (int level = 1; level <= 4; ++level) {
      std::vector<Op::Pair<float>> values(static_cast<std::size_t>(c.p.blocks(level)));
      for (std::int64_t k = 0; k < c.p.blocks(level); ++k) {
        values[static_cast<std::size_t>(k)] = Op::blockValue(c.p, c.args(), level, k);
      }
      const float cut = Op::finish<float>(c.p, c.args(), level, values.data());
      EXPECT_EQ(bitsOf(cut), bitsOf(whole)) << "level " << level << ", " << c.p.positions()
                                            << " positions: " << cut << " vs " << whole;
    }
  }
}

TEST(NllLoss2dForwardTest, TheCascadeIsNotAPlainRunningSum) {
  // Over 2^16 positions the partials of 16, 256 and 4096 positions round otherwise than one
  // running sum does (the reason PyTorch's CPU result needs the cascade to be reproduced).
  const Case c = makeCase({{"batch", 4}, {"height", 128}, {"width", 128}, {"reduction", 1}});
  float running = 0.0f;
  for (std::int64_t i = 0; i < c.p.positions(); ++i) {
    Op::Pair<float> acc{running, 0.0f};
    Op::addPosition(c.p, c.args(), i, acc);
    running = acc.loss;
  }
  const float cascade = Op::finish<float>(c.p, c.args(), 0, nullptr);
  EXPECT_NE(bitsOf(running), bitsOf(cascade));
  EXPECT_NEAR(running, cascade, 1e-3 * std::abs(cascade) + 1e-2);
}

TEST(NllLoss2dForwardTest, LevelsFollowPyTorchsRule) {
  // L = max(4, ceil(log2 M) / 8).
  const Op::Problem small{1, 2, 256, 256, true, true};  // 2^16 positions: 16 / 8 = 2, so 4
  EXPECT_EQ(small.levelPower(), 4);
  const Op::Problem large{1024, 2, 32768, 32768, true, true};  // 2^40: 40 / 8 = 5
  EXPECT_EQ(large.levelPower(), 5);
  const Op::Problem one{1, 2, 1, 1, true, true};
  EXPECT_EQ(one.levelPower(), 4);
  EXPECT_EQ(one.blocks(2), 0);
  // At most 2^14 blocks at the level the deterministic forms cut.
  EXPECT_LE(large.blocks(large.blockLevel()), std::int64_t{1} << 14);
  EXPECT_EQ(small.blockLevel(), 2);
  EXPECT_THROW(Op::problem({{"batch", 65536},
                            {"classes", 1 << 16},
                            {"height", 1 << 15},
                            {"width", 1 << 15},
                            {"weighted", 1},
                            {"reduction", 0}}),
               InvalidArgument);
}

}  // namespace
}  // namespace detbench
