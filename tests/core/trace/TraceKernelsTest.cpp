// The kernels inside a call of compiled code: two runs' lists compared, and the alignment
// carrying run 1's list (kept compactly) to the cause.

#include "detbench/trace/TraceKernels.hpp"

#include <gtest/gtest.h>

#include "CraftedTensor.hpp"

#include "detbench/trace/TraceAlignment.hpp"
#include "detbench/trace/TraceCatalogLink.hpp"

namespace detbench::trace {
namespace {

TraceOp Call(std::vector<TraceKernel> kernels, std::int64_t calls = -1) {
  TraceOp op;
  op.name = "compiled::step";
  op.kernelCalls = calls < 0 ? static_cast<std::int64_t>(kernels.size()) : calls;
  op.kernels = std::move(kernels);
  return op;
}

TEST(TraceKernels, TheFirstKernelAfterWhichTheTensorsDifferIsNamed) {
  const TraceOp one = Call({{"cpp_fused_relu_0", 1}, {"cpp_fused_rand_like_1", 2}, {"k_2", 3}});
  const TraceOp two = Call({{"cpp_fused_relu_0", 1}, {"cpp_fused_rand_like_1", 5}, {"k_2", 6}});
  const auto d = compareKernels(one, two, 2);
  ASSERT_TRUE(d.has_value());
  EXPECT_EQ(d->index, 1);
  EXPECT_EQ(d->name, "cpp_fused_rand_like_1");
  EXPECT_TRUE(d->otherName.empty());
  EXPECT_EQ(d->count, 3);
  EXPECT_EQ(describeKernels(*d),
            "kernel 2 of 3, cpp_fused_rand_like_1, is the first after which its tensors differ");
}

TEST(TraceKernels, OtherKernelsChosenAreSaidAsSuch) {
  const TraceOp one = Call({{"triton_poi_fused_0", 1}, {"triton_red_fused_sum_1", 2}});
  const TraceOp two = Call({{"triton_poi_fused_0", 1}, {"triton_per_fused_sum_1", 2}});
  const auto d = compareKernels(one, two, 3);
  ASSERT_TRUE(d.has_value());
  EXPECT_EQ(d->index, 1);
  EXPECT_EQ(d->otherName, "triton_per_fused_sum_1");
  EXPECT_NE(describeKernels(*d).find("where run 3 ran triton_per_fused_sum_1"), std::string::npos);
  // One run ran a kernel more.
  const auto longer = compareKernels(one, Call({{"triton_poi_fused_0", 1}}), 2);
  ASSERT_TRUE(longer.has_value());
  EXPECT_EQ(longer->index, 1);
  EXPECT_EQ(longer->name, "triton_red_fused_sum_1");
  EXPECT_NE(describeKernels(*longer).find("only run 1 ran triton_red_fused_sum_1"),
            std::string::npos);
}

TEST(TraceKernels, EqualKernelsPointAtWhatTheCodeCallsItself) {
  const TraceOp one = Call({{"cpp_fused_add_0", 1}});
  const auto d = compareKernels(one, one, 2);
  ASSERT_TRUE(d.has_value());
  EXPECT_EQ(d->index, -1);
  EXPECT_FALSE(d->beyondListed);
  EXPECT_NE(describeKernels(*d).find("ATen call"), std::string::npos);
  // Past the probe's list nothing is known.
  const auto beyond = compareKernels(Call({{"k", 1}}, 2000), Call({{"k", 1}}, 2000), 2);
  ASSERT_TRUE(beyond.has_value());
  EXPECT_TRUE(beyond->beyondListed);
  EXPECT_EQ(describeKernels(*beyond).find("ATen call"), std::string::npos);
  // Nothing listed in either run: nothing to say.
  EXPECT_FALSE(compareKernels(Call({}), Call({}), 2).has_value());
}

TEST(TraceKernels, KernelsThatDrawRandomNumbersAreKnownByName) {
  EXPECT_TRUE(kernelDrawsRandomNumbers("cpp_fused__softmax_add_mul_rand_like_1"));
  EXPECT_TRUE(kernelDrawsRandomNumbers("triton_poi_fused_native_dropout_0"));
  EXPECT_FALSE(kernelDrawsRandomNumbers("triton_red_fused_native_layer_norm_0"));
  EXPECT_FALSE(kernelDrawsRandomNumbers("cpp_fused_add_mul_relu_sum_0"));
}

using crafted::EndRun;
using crafted::T;

// One run of `ops` (from op 1, at one site): the script prints the last op's output.
void FeedRun(TraceAligner& a, std::vector<TraceOp> ops) {
  a.beginRun();
  a.add(TraceSite{1, "/work/train.py", 12, "<module>"});
  for (std::size_t i = 0; i < ops.size(); ++i) {
    ops[i].seq = static_cast<std::int64_t>(i) + 1;
    ops[i].site = 1;
    ops[i].digested = true;
    a.add(ops[i]);
  }
  a.add(TraceUse{ops.back().seq, "print", {*ops.back().outputs.at(0).digest}});
  EndRun(a, static_cast<std::int64_t>(ops.size()));
}

void Feed(TraceAligner& a, std::uint64_t out, std::vector<TraceKernel> kernels) {
  TraceOp op = Call(std::move(kernels));
  op.inputs = {T(7)};
  op.outputs = {T(out)};
  FeedRun(a, {op});
}

TEST(TraceKernels, TheCauseCarriesTheComparisonOfRunOnesKernels) {
  TraceAligner a;
  Feed(a, 10, {{"cpp_fused_mul_0", 1}, {"cpp_fused_rand_1", 2}});
  Feed(a, 11, {{"cpp_fused_mul_0", 1}, {"cpp_fused_rand_1", 3}});
  const TraceAlignment& r = a.result();
  ASSERT_EQ(r.causes.size(), 1u);
  const TraceCause& c = r.causes[0];
  EXPECT_EQ(c.category, CauseCategory::Introduced);
  ASSERT_EQ(c.op.kernels.size(), 2u);  // run 1's, from the compact store
  EXPECT_EQ(c.op.kernels[1].digest, 2u);
  ASSERT_TRUE(c.kernels.has_value());
  EXPECT_EQ(c.kernels->index, 1);
  EXPECT_EQ(c.kernels->name, "cpp_fused_rand_1");
  EXPECT_EQ(c.kernels->run, 2);
}

// A compiled forward (op 1) and an op of its backward (op 2), which reads what compiled kernels
// made: `saved` differs between runs. The op is an ATen call of the output code (an extern mm),
// or, with `reader`, autograd's own (AccumulateGrad's detach of a gradient a kernel wrote).
void FeedForwardAndBackward(TraceAligner& a, std::uint64_t forward, std::uint64_t saved,
                            bool reader = false) {
  TraceOp f = Call({{"cpp_fused_native_dropout_0", forward}});
  f.inputs = {T(7)};
  f.outputs = {T(forward)};
  TraceOp b;
  b.name = reader ? "aten::detach" : "aten::mm";
  b.fromCompiledCode = !reader;
  b.inputs = {T(saved), T(8)};
  b.inputs[0].madeByCompiledCode = reader;
  b.outputs = {T(saved + 100)};
  FeedRun(a, {f, b});
}

TEST(TraceKernels, ACompiledBackwardReadsWhatTheCompiledForwardSavedNotDataFromOutside) {
  TraceAligner a;
  FeedForwardAndBackward(a, 10, 50);
  FeedForwardAndBackward(a, 11, 51);
  const TraceAlignment& r = a.result();
  ASSERT_EQ(r.causes.size(), 1u);
  EXPECT_EQ(r.causes[0].op.name, "compiled::step");
  EXPECT_TRUE(r.causes[0].matters);  // through the backward, to what the script printed
  EXPECT_EQ(r.runs[1].statuses.at(1), OpStatus::Inherited);
  TraceAligner b;
  FeedForwardAndBackward(b, 10, 50, true);
  FeedForwardAndBackward(b, 11, 51, true);
  ASSERT_EQ(b.result().causes.size(), 1u);
  EXPECT_EQ(b.result().causes[0].op.name, "compiled::step");
  EXPECT_EQ(b.result().runs[1].statuses.at(1), OpStatus::Inherited);
}

TEST(TraceKernels, ADifferenceOnlyTheCompiledBackwardShowsIsTheCompiledCodes) {
  TraceAligner a;
  FeedForwardAndBackward(a, 10, 50);
  FeedForwardAndBackward(a, 10, 51);  // the forward agrees; the backward's kernels did not
  const TraceAlignment& r = a.result();
  ASSERT_EQ(r.causes.size(), 1u);
  const TraceCause& c = r.causes[0];
  EXPECT_EQ(c.op.name, "aten::mm");
  EXPECT_EQ(c.category, CauseCategory::Data);
  EXPECT_TRUE(c.op.fromCompiledCode);  // kept through run 1's compact store
  const CauseExplanation e = explainCause(c, PyTorchRelease{2, 15});
  EXPECT_EQ(e.kind, CauseKind::CompiledRegion);
  EXPECT_EQ(e.fix, TraceFix::InductorDeterministic);
  TraceAligner b;
  FeedForwardAndBackward(b, 10, 50, true);
  FeedForwardAndBackward(b, 10, 51, true);
  ASSERT_EQ(b.result().causes.size(), 1u);
  EXPECT_EQ(b.result().causes[0].op.name, "aten::detach");
  EXPECT_TRUE(b.result().causes[0].op.inputs.at(0).madeByCompiledCode);
  EXPECT_EQ(explainCause(b.result().causes[0], PyTorchRelease{2, 15}).kind,
            CauseKind::CompiledRegion);
}

}  // namespace
}  // namespace detbench::trace
