// grid_sampler_2d_backward on the host: the cell index holds every point that has a corner
// inside, once, in point order; the gather (the cuda device's deterministic form, one pixel
// at a time) equals the sequential form bit for bit, with contention (zoom), corners outside
// the input and chunks cut short; and the sequential form's chunked order is PyTorch's CPU
// order, which is not the order of one point after another.

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <string>
#include <vector>

#include "detbench/base/Error.hpp"
#include "detbench/catalog/OpCatalog.hpp"
#include "detbench/ops/GridSampler2dBackwardOp.hpp"

namespace detbench {
namespace {

using Op = ops::GridSampler2dBackwardOp;

struct Case {
  OpInputs inputs;
  OpParams params;
  Op::Problem p;
  Op::Args<float> args() const {
    return {inputs.tensors[Op::kGradOutput].as<float>().data(),
            inputs.tensors[Op::kGrid].as<float>().data()};
  }
};

Case makeCase(const OpParams& given) {
  const OpDefinition& def = opDefinition(Op::kName);
  Case c;
  c.params = resolveParams(std::string(Op::kName), def.params(), given);
  c.inputs = prepareInputs(def, c.params, 11, 1ull << 30);
  c.p = Op::problem(c.params);
  return c;
}

std::string labelOf(const OpParams& params) {
  std::string s(Op::kName);
  for (const auto& [k, v] : params) s += " " + k + "=" + std::to_string(v);
  return s;
}

std::vector<float> sequential(const Case& c) {
  std::vector<float> out(static_cast<std::size_t>(c.p.planes() * c.p.inPlane()));
  Op::sequential<float>(c.p, c.args(), out.data());
  return out;
}

bool bitwiseEqual(const std::vector<float>& a, const std::vector<float>& b) {
  return a.size() == b.size() && std::memcmp(a.data(), b.data(), a.size() * sizeof(float)) == 0;
}

const std::vector<OpParams>& shapes() {
  static const std::vector<OpParams> all{
      // Points past the edges (zero padding), a last chunk of 3 points (5 x 7 = 35).
      {{"batch", 2},
       {"channels", 3},
       {"height", 6},
       {"width", 9},
       {"out_height", 5},
       {"out_width", 7}},
      // Many points per pixel: the grid covers the middle eighth.
      {{"batch", 1},
       {"channels", 2},
       {"height", 16},
       {"width", 16},
       {"out_height", 24},
       {"out_width", 24},
       {"zoom", 8}},
      // A 1 x 1 input: every point's corners but one are outside.
      {{"batch", 2},
       {"channels", 1},
       {"height", 1},
       {"width", 1},
       {"out_height", 3},
       {"out_width", 4}},
  };
  return all;
}

TEST(GridSampler2dBackwardTest, TheCellIndexHoldsEachPointWithACornerInsideOnceInOrder) {
  for (const OpParams& given : shapes()) {
    const Case c = makeCase(given);
    std::vector<std::uint32_t> start, points;
    Op::buildCellIndex(c.p, c.args().grid, start, points);
    const std::string label = labelOf(c.params);
    ASSERT_EQ(start.size(), static_cast<std::size_t>(c.p.batch * (c.p.cells() + 1))) << label;
    std::size_t expected = 0;
    for (std::int64_t n = 0; n < c.p.batch; ++n) {
      const std::uint32_t* s = start.data() + n * (c.p.cells() + 1);
      for (std::int64_t cell = 0; cell < c.p.cells(); ++cell) {
        for (std::uint32_t j = s[cell]; j < s[cell + 1]; ++j) {
          const auto smp = Op::sample<float>(c.p, c.args().grid, n, points[j]);
          EXPECT_EQ(Op::cellOf(c.p, smp.x, smp.y), cell) << label;
          if (j > s[cell]) {
            EXPECT_LT(points[j - 1], points[j]) << label;
          }
        }
      }
      for (std::int64_t point = 0; point < c.p.points(); ++point) {
        const auto smp = Op::sample<float>(c.p, c.args().grid, n, point);
        bool anyInside = false;
        for (int k = 0; k < 4; ++k) {
          anyInside |= Op::inside(c.p, Op::cornerX(smp.x, k), Op::cornerY(smp.y, k));
        }
        expected += anyInside ? 1 : 0;
        EXPECT_EQ(anyInside, Op::cellOf(c.p, smp.x, smp.y) >= 0) << label;
      }
    }
    EXPECT_EQ(points.size(), expected) << label;
    EXPECT_GT(expected, 0u) << label;
  }
}

TEST(GridSampler2dBackwardTest, TheGatherEqualsTheSequentialFormBitForBit) {
  for (const OpParams& given : shapes()) {
    const Case c = makeCase(given);
    std::vector<std::uint32_t> start, points;
    Op::buildCellIndex(c.p, c.args().grid, start, points);
    std::vector<float> gathered(static_cast<std::size_t>(c.p.planes() * c.p.inPlane()));
    for (std::int64_t plane = 0; plane < c.p.planes(); ++plane) {
      for (std::int64_t i = 0; i < c.p.inPlane(); ++i) {
        gathered[static_cast<std::size_t>(plane * c.p.inPlane() + i)] = Op::gather<float>(
            c.p, c.args(), start.data(), points.data(), plane, i / c.p.width, i % c.p.width);
      }
    }
    EXPECT_TRUE(bitwiseEqual(gathered, sequential(c))) << labelOf(c.params);
  }
}

TEST(GridSampler2dBackwardTest, TheChunkedCpuOrderIsNotOnePointAfterAnother) {
  // With many points per pixel, adding each point's four corners in turn (the order of
  // PyTorch's CUDA threads, were they to run one by one) rounds some pixels otherwise than the
  // CPU kernel's chunks of kLanes points, corner by corner.
  const Case c = makeCase(shapes()[1]);
  std::vector<float> pointByPoint(static_cast<std::size_t>(c.p.planes() * c.p.inPlane()), 0.0f);
  for (std::int64_t point = 0; point < c.p.points(); ++point) {
    Op::scatterPoint(c.p, c.args(), 0, point, [&](std::int64_t i, float v) {
      pointByPoint[static_cast<std::size_t>(i)] += v;
    });
  }
  const std::vector<float> cpu = sequential(c);
  EXPECT_FALSE(bitwiseEqual(pointByPoint, cpu));
  // The same sums all the same: within a few ulps of each other everywhere.
  for (std::size_t i = 0; i < cpu.size(); ++i) {
    EXPECT_NEAR(pointByPoint[i], cpu[i], 1e-5f * (1.0f + std::abs(cpu[i]))) << i;
  }
}

TEST(GridSampler2dBackwardTest, WeightsFollowTheCpuKernelsFusedUnnormalisation) {
  // x = fma(g + 1, W / 2, -0.5): the grid's corners map half a pixel outside the input.
  const Op::Problem p{1, 1, 4, 6, 1, 1, 1};
  const float corner[2] = {-1.0f, 1.0f};
  const auto s = Op::sample<float>(p, corner, 0, 0);
  EXPECT_EQ(s.x, -1);  // x = -0.5
  EXPECT_EQ(s.y, 3);   // y = 3.5
  for (float w : s.w) EXPECT_EQ(w, 0.25f);
  // Weights of an inside point sum to 1 (they are products of 1 - t and t).
  const float inside[2] = {0.3f, -0.45f};
  const auto t = Op::sample<float>(p, inside, 0, 0);
  EXPECT_NEAR(t.w[0] + t.w[1] + t.w[2] + t.w[3], 1.0f, 1e-6f);
  EXPECT_THROW(Op::problem({{"batch", 65536},
                            {"height", 32768},
                            {"width", 32768},
                            {"channels", 1},
                            {"out_height", 1},
                            {"out_width", 1},
                            {"zoom", 1}}),
               InvalidArgument);
}

}  // namespace
}  // namespace detbench
