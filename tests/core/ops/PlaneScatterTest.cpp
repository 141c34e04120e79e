// The gather form of the pooling and upsampling backward ops (ops/PlaneScatter.hpp), run on the
// host: every output that scatters into an input element lies in that element's source box,
// and each input element computed alone equals the sequential scatter bit for bit, for shapes
// with overlap, padding, odd sizes and windows that do not divide the input. The cuda device's
// deterministic form runs this same code, one thread per element.

#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <vector>

#include "detbench/base/Error.hpp"
#include "detbench/catalog/OpCatalog.hpp"
#include "detbench/ops/AdaptiveAvgPool2dBackwardOp.hpp"
#include "detbench/ops/AdaptiveAvgPool3dBackwardOp.hpp"
#include "detbench/ops/AvgPool3dBackwardOp.hpp"
#include "detbench/ops/MaxPool2dBackwardOp.hpp"
#include "detbench/ops/MaxPoolBackwardOps.hpp"
#include "detbench/ops/PadBackwardOps.hpp"
#include "detbench/ops/UpsampleBicubic2dBackwardOp.hpp"
#include "detbench/ops/UpsampleBilinear2dBackwardOp.hpp"
#include "detbench/ops/UpsampleLinear1dBackwardOp.hpp"
#include "detbench/ops/UpsampleTrilinear3dBackwardOp.hpp"

namespace detbench {
namespace {

struct Case {
  OpInputs inputs;
  OpParams params;
};

Case makeCase(std::string_view op, const OpParams& given) {
  const OpDefinition& def = opDefinition(op);
  Case c;
  c.params = resolveParams(std::string(op), def.params(), given);
  c.inputs = prepareInputs(def, c.params, 7, 1ull << 30);
  return c;
}

template <typename Op>
void checkGather(const typename Op::Problem& p, const typename Op::template Args<float>& a,
                 const std::string& label) {
  // Every contribution's output lies in its target's box.
  std::int64_t contributions = 0, outside = 0;
  for (std::int64_t plane = 0; plane < p.planes(); ++plane) {
    for (std::int64_t o = 0; o < p.outPlane(); ++o) {
      Op::scatter(p, a, plane, o, [&](std::int64_t idx, float) {
        ++contributions;
        const ops::SourceBox b = Op::template sources<float>(p, idx - plane * p.inPlane());
        const std::int64_t w = o % b.size[2], h = (o / b.size[2]) % b.size[1],
                           d = o / (b.size[2] * b.size[1]);
        const bool in = b.begin[0] <= d && d < b.end[0] && b.begin[1] <= h && h < b.end[1] &&
                        b.begin[2] <= w && w < b.end[2];
        if (!in) ++outside;
      });
    }
  }
  EXPECT_GT(contributions, 0) << label;
  EXPECT_EQ(outside, 0) << label << ": outputs outside their target's source box";

  const std::size_t n = static_cast<std::size_t>(p.planes() * p.inPlane());
  std::vector<float> sequential(n), gathered(n);
  Op::sequential(p, a, sequential.data());
  for (std::int64_t plane = 0; plane < p.planes(); ++plane) {
    for (std::int64_t i = 0; i < p.inPlane(); ++i) {
      gathered[static_cast<std::size_t>(plane * p.inPlane() + i)] =
          ops::planeGather<Op, float>(p, a, plane, i);
    }
  }
  std::size_t differing = 0;
  for (std::size_t k = 0; k < n; ++k) {
    differing += std::memcmp(&sequential[k], &gathered[k], sizeof(float)) != 0;
  }
  EXPECT_EQ(differing, 0u) << label << ": elements differing from the sequential scatter";
}

std::string labelOf(std::string_view op, const OpParams& params) {
  std::string s(op);
  for (const auto& [k, v] : params) s += " " + k + "=" + std::to_string(v);
  return s;
}

TEST(PlaneScatterTest, MaxPool2dGatherEqualsTheSequentialScatter) {
  using Op = ops::MaxPool2dBackwardOp;
  for (const OpParams& given :
       std::vector<OpParams>{{{"batch", 2}, {"channels", 3}, {"height", 17}, {"width", 13}},
                             {{"batch", 1},
                              {"channels", 2},
                              {"height", 20},
                              {"width", 21},
                              {"kernel", 5},
                              {"stride", 2}},
                             {{"batch", 1},
                              {"channels", 2},
                              {"height", 9},
                              {"width", 9},
                              {"kernel", 2},
                              {"stride", 3}},
                             {{"batch", 1},
                              {"channels", 1},
                              {"height", 8},
                              {"width", 8},
                              {"kernel", 4},
                              {"stride", 1}}}) {
    const Case c = makeCase(Op::kName, given);
    checkGather<Op>(Op::problem(c.params),
                    {c.inputs.tensors[Op::kGradOutput].as<float>().data(),
                     c.inputs.tensors[Op::kIndices].as<std::int64_t>().data()},
                    labelOf(Op::kName, c.params));
  }
}

TEST(PlaneScatterTest, AvgPool3dGatherEqualsTheSequentialScatter) {
  using Op = ops::AvgPool3dBackwardOp;
  for (const OpParams& given : std::vector<OpParams>{
           {{"batch", 1}, {"channels", 2}, {"depth", 7}, {"height", 9}, {"width", 10}},
           {{"batch", 1},
            {"channels", 1},
            {"depth", 6},
            {"height", 11},
            {"width", 8},
            {"kernel", 4},
            {"stride", 3},
            {"padding", 2}},
           {{"batch", 1},
            {"channels", 1},
            {"depth", 5},
            {"height", 5},
            {"width", 5},
            {"kernel", 2},
            {"stride", 3},
            {"padding", 0}},
           {{"batch", 1},
            {"channels", 1},
            {"depth", 4},
            {"height", 6},
            {"width", 7},
            {"kernel", 3},
            {"stride", 1},
            {"padding", 1}}}) {
    const Case c = makeCase(Op::kName, given);
    checkGather<Op>(Op::problem(c.params), {c.inputs.tensors[Op::kGradOutput].as<float>().data()},
                    labelOf(Op::kName, c.params));
  }
}

TEST(PlaneScatterTest, AdaptiveAvgPool2dGatherEqualsTheSequentialScatter) {
  using Op = ops::AdaptiveAvgPool2dBackwardOp;
  for (const OpParams& given : std::vector<OpParams>{{{"batch", 1},
                                                      {"channels", 2},
                                                      {"height", 23},
                                                      {"width", 17},
                                                      {"out_height", 7},
                                                      {"out_width", 5}},
                                                     {{"batch", 1},
                                                      {"channels", 1},
                                                      {"height", 5},
                                                      {"width", 6},
                                                      {"out_height", 3},
                                                      {"out_width", 4}},
                                                     {{"batch", 1},
                                                      {"channels", 1},
                                                      {"height", 4},
                                                      {"width", 4},
                                                      {"out_height", 9},
                                                      {"out_width", 7}},
                                                     {{"batch", 1},
                                                      {"channels", 1},
                                                      {"height", 12},
                                                      {"width", 12},
                                                      {"out_height", 4},
                                                      {"out_width", 6}}}) {
    const Case c = makeCase(Op::kName, given);
    checkGather<Op>(Op::problem(c.params), {c.inputs.tensors[Op::kGradOutput].as<float>().data()},
                    labelOf(Op::kName, c.params));
  }
}

TEST(PlaneScatterTest, UpsampleBilinear2dGatherEqualsTheSequentialScatter) {
  using Op = ops::UpsampleBilinear2dBackwardOp;
  for (const OpParams& given : std::vector<OpParams>{
           {{"batch", 1}, {"channels", 2}, {"height", 13}, {"width", 9}, {"scale", 2}},
           {{"batch", 1}, {"channels", 1}, {"height", 7}, {"width", 11}, {"scale", 3}},
           {{"batch", 1}, {"channels", 1}, {"height", 5}, {"width", 4}, {"scale", 1}},
           {{"batch", 1}, {"channels", 1}, {"height", 1}, {"width", 6}, {"scale", 5}}}) {
    const Case c = makeCase(Op::kName, given);
    checkGather<Op>(Op::problem(c.params), {c.inputs.tensors[Op::kGradOutput].as<float>().data()},
                    labelOf(Op::kName, c.params));
  }
}

TEST(PlaneScatterTest, UpsampleTrilinear3dGatherEqualsTheSequentialScatter) {
  using Op = ops::UpsampleTrilinear3dBackwardOp;
  for (const OpParams& given : std::vector<OpParams>{
           {{"batch", 1}, {"channels", 2}, {"depth", 5}, {"height", 6}, {"width", 7}, {"scale", 2}},
           {{"batch", 1}, {"channels", 1}, {"depth", 3}, {"height", 4}, {"width", 2}, {"scale", 3}},
           {{"batch", 1},
            {"channels", 1},
            {"depth", 1},
            {"height", 5},
            {"width", 3},
            {"scale", 1}}}) {
    const Case c = makeCase(Op::kName, given);
    checkGather<Op>(Op::problem(c.params), {c.inputs.tensors[Op::kGradOutput].as<float>().data()},
                    labelOf(Op::kName, c.params));
  }
}

TEST(PlaneScatterTest, ReplicationPad2dGatherEqualsTheSequentialScatter) {
  using Op = ops::ReplicationPad2dBackwardOp;
  for (const OpParams& given : std::vector<OpParams>{
           {{"batch", 1}, {"channels", 2}, {"height", 9}, {"width", 7}, {"pad", 3}},
           {{"batch", 1}, {"channels", 1}, {"height", 1}, {"width", 5}, {"pad", 4}},
           {{"batch", 1}, {"channels", 1}, {"height", 4}, {"width", 4}, {"pad", 0}},
           {{"batch", 2}, {"channels", 1}, {"height", 2}, {"width", 3}, {"pad", 9}}}) {
    const Case c = makeCase(Op::kName, given);
    checkGather<Op>(Op::problem(c.params), {c.inputs.tensors[Op::kGradOutput].as<float>().data()},
                    labelOf(Op::kName, c.params));
  }
}

TEST(PlaneScatterTest, ReflectionPad2dGatherEqualsTheSequentialScatter) {
  using Op = ops::ReflectionPad2dBackwardOp;
  // Both mirrors of one element (pad reaching past the middle), 1-wide dimensions, no padding.
  for (const OpParams& given : std::vector<OpParams>{
           {{"batch", 1}, {"channels", 2}, {"height", 9}, {"width", 7}, {"pad", 6}},
           {{"batch", 1}, {"channels", 1}, {"height", 1}, {"width", 5}, {"pad", 0}},
           {{"batch", 1}, {"channels", 1}, {"height", 4}, {"width", 4}, {"pad", 3}},
           {{"batch", 2}, {"channels", 1}, {"height", 12}, {"width", 3}, {"pad", 2}}}) {
    const Case c = makeCase(Op::kName, given);
    checkGather<Op>(Op::problem(c.params), {c.inputs.tensors[Op::kGradOutput].as<float>().data()},
                    labelOf(Op::kName, c.params));
  }
  // Input 0 1 2 3 padded by 2 reads 2 1 0 1 2 3 2 1.
  const std::int64_t expected[] = {2, 1, 0, 1, 2, 3, 2, 1};
  for (std::int64_t o = 0; o < 8; ++o) {
    EXPECT_EQ(ops::PadRule<ops::PadMode::Reflect>::source(o, 4, 2), expected[o]) << o;
  }
  EXPECT_THROW(Op::problem({{"height", 4}, {"width", 8}, {"pad", 4}}), InvalidArgument);
}

TEST(PlaneScatterTest, UpsampleBicubic2dGatherEqualsTheSequentialScatter) {
  using Op = ops::UpsampleBicubic2dBackwardOp;
  // Inputs narrower than the four taps (every tap clamped), odd scales.
  for (const OpParams& given : std::vector<OpParams>{
           {{"batch", 1}, {"channels", 2}, {"height", 9}, {"width", 7}, {"scale", 2}},
           {{"batch", 1}, {"channels", 1}, {"height", 1}, {"width", 2}, {"scale", 3}},
           {{"batch", 2}, {"channels", 1}, {"height", 5}, {"width", 6}, {"scale", 5}}}) {
    const Case c = makeCase(Op::kName, given);
    checkGather<Op>(Op::problem(c.params), {c.inputs.tensors[Op::kGradOutput].as<float>().data()},
                    labelOf(Op::kName, c.params));
  }
  // The weights of one output sum to 1 (an interpolation), and at scale 2 they are exact.
  const auto t = Op::taps<float>(8, 16, 5, false);
  EXPECT_EQ(t.w[0] + t.w[1] + t.w[2] + t.w[3], 1.0f);
  EXPECT_EQ(t.first, 1);  // 0.5 * 5.5 - 0.5 = 2.25: taps 1 to 4
}

TEST(PlaneScatterTest, UpsampleLinear1dGatherEqualsTheSequentialScatter) {
  using Op = ops::UpsampleLinear1dBackwardOp;
  for (const OpParams& given :
       std::vector<OpParams>{{{"batch", 1}, {"channels", 2}, {"width", 13}, {"scale", 2}},
                             {{"batch", 1}, {"channels", 1}, {"width", 1}, {"scale", 4}},
                             {{"batch", 2}, {"channels", 1}, {"width", 9}, {"scale", 5}}}) {
    const Case c = makeCase(Op::kName, given);
    checkGather<Op>(Op::problem(c.params), {c.inputs.tensors[Op::kGradOutput].as<float>().data()},
                    labelOf(Op::kName, c.params));
  }
}

// The argmax scatters of the other max-pooling ops, with overlapping windows; the adaptive ones
// with more outputs than inputs too, the fractional ones with their pseudo-random windows
// (whose box is the whole plane).
template <typename Op>
void checkArgmaxOp(const std::vector<OpParams>& cases) {
  for (const OpParams& given : cases) {
    const Case c = makeCase(Op::kName, given);
    checkGather<Op>(Op::problem(c.params),
                    {c.inputs.tensors[Op::kGradOutput].template as<float>().data(),
                     c.inputs.tensors[Op::kIndices].template as<std::int64_t>().data()},
                    labelOf(Op::kName, c.params));
  }
}

TEST(PlaneScatterTest, OtherMaxPoolingGathersEqualTheSequentialScatter) {
  checkArgmaxOp<ops::MaxPool3dBackwardOp>(
      {{{"batch", 1}, {"channels", 2}, {"depth", 7}, {"height", 9}, {"width", 8}},
       {{"batch", 1},
        {"channels", 1},
        {"depth", 6},
        {"height", 6},
        {"width", 6},
        {"kernel", 4},
        {"stride", 1}}});
  checkArgmaxOp<ops::AdaptiveMaxPool2dBackwardOp>({{{"batch", 1},
                                                    {"channels", 2},
                                                    {"height", 17},
                                                    {"width", 13},
                                                    {"out_height", 5},
                                                    {"out_width", 4}},
                                                   {{"batch", 1},
                                                    {"channels", 2},
                                                    {"height", 6},
                                                    {"width", 5},
                                                    {"out_height", 17},
                                                    {"out_width", 11}}});
  checkArgmaxOp<ops::FractionalMaxPool2dBackwardOp>({{{"batch", 1},
                                                      {"channels", 3},
                                                      {"height", 20},
                                                      {"width", 17},
                                                      {"out_height", 15},
                                                      {"out_width", 9}}});
  checkArgmaxOp<ops::FractionalMaxPool3dBackwardOp>({{{"batch", 1},
                                                      {"channels", 2},
                                                      {"depth", 9},
                                                      {"height", 8},
                                                      {"width", 10},
                                                      {"kernel", 2},
                                                      {"out_depth", 6},
                                                      {"out_height", 5},
                                                      {"out_width", 7}}});
}

template <typename Op>
void checkGradientOnlyOp(const std::vector<OpParams>& cases) {
  for (const OpParams& given : cases) {
    const Case c = makeCase(Op::kName, given);
    checkGather<Op>(Op::problem(c.params),
                    {c.inputs.tensors[Op::kGradOutput].template as<float>().data()},
                    labelOf(Op::kName, c.params));
  }
}

TEST(PlaneScatterTest, AdaptiveAvgPool3dGatherEqualsTheSequentialScatter) {
  checkGradientOnlyOp<ops::AdaptiveAvgPool3dBackwardOp>({{{"batch", 1}, {"channels", 2}},
                                                         {{"batch", 1},
                                                          {"channels", 1},
                                                          {"depth", 3},
                                                          {"height", 5},
                                                          {"width", 4},
                                                          {"out_depth", 7},
                                                          {"out_height", 4},
                                                          {"out_width", 9}}});
}

// Padding in 1-D and 3-D: both mirrors of one element, 1-wide inputs, no padding.
TEST(PlaneScatterTest, PaddingGathersIn1dAnd3dEqualTheSequentialScatter) {
  checkGradientOnlyOp<ops::ReplicationPad1dBackwardOp>(
      {{{"batch", 1}, {"channels", 2}, {"width", 9}, {"pad", 5}},
       {{"batch", 1}, {"channels", 1}, {"width", 1}, {"pad", 4}},
       {{"batch", 1}, {"channels", 1}, {"width", 4}, {"pad", 0}}});
  checkGradientOnlyOp<ops::ReflectionPad1dBackwardOp>(
      {{{"batch", 1}, {"channels", 2}, {"width", 9}, {"pad", 7}},
       {{"batch", 1}, {"channels", 1}, {"width", 5}, {"pad", 0}},
       {{"batch", 2}, {"channels", 1}, {"width", 12}, {"pad", 2}}});
  checkGradientOnlyOp<ops::ReplicationPad3dBackwardOp>(
      {{{"batch", 1}, {"channels", 1}, {"depth", 3}, {"height", 4}, {"width", 5}, {"pad", 3}},
       {{"batch", 1}, {"channels", 1}, {"depth", 1}, {"height", 2}, {"width", 1}, {"pad", 2}}});
  checkGradientOnlyOp<ops::ReflectionPad3dBackwardOp>(
      {{{"batch", 1}, {"channels", 1}, {"depth", 4}, {"height", 5}, {"width", 6}, {"pad", 3}},
       {{"batch", 1}, {"channels", 2}, {"depth", 2}, {"height", 9}, {"width", 3}, {"pad", 1}}});
  // The pad must be less than every padded size (the depth here).
  using Reflect3d = ops::ReflectionPad3dBackwardOp;
  const OpDefinition& def = opDefinition(Reflect3d::kName);
  EXPECT_THROW(Reflect3d::problem(resolveParams(std::string(Reflect3d::kName), def.params(),
                                                {{"depth", 2}, {"pad", 2}})),
               InvalidArgument);
  EXPECT_NO_THROW(Reflect3d::problem(
      resolveParams(std::string(Reflect3d::kName), def.params(), {{"depth", 3}, {"pad", 2}})));
}

}  // namespace
}  // namespace detbench
