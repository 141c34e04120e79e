// What the script took out of torch without an op (TraceUse), compared with run 1's in order: a
// result that differs where no cause the alignment followed reaches it is never "agree", and the
// in-place writes before it that seemed to reach nothing become causes.

#include <gtest/gtest.h>

#include <utility>

#include "CraftedTensor.hpp"
#include "detbench/trace/TraceAlignment.hpp"
#include "detbench/trace/TraceCatalogLink.hpp"

namespace detbench::trace {
namespace {

using crafted::EndRun;
using crafted::Op;
using crafted::T;

// One run: the ops, then the script takes out the tensor with digest `taken` (Tensor.tolist at
// site 2), then its end.
void FeedRun(TraceAligner& a, const std::vector<TraceOp>& ops, std::uint64_t taken) {
  a.beginRun();
  a.add(TraceSite{1, "/work/train.py", 3, "<module>"});
  a.add(TraceSite{2, "/work/train.py", 5, "<module>"});
  for (const auto& op : ops) a.add(op);
  a.add(TraceUse{ops.back().seq, "Tensor.tolist", {taken}, 0, 2});
  EndRun(a, static_cast<std::int64_t>(ops.size()));
}

// x = zeros; head = x[:2] (a view: not an op the probe digests the bits of later); x.normal_();
// head.tolist(): the write reaches the result through the view taken before it.
std::vector<TraceOp> WriteThenTake(std::uint64_t drawn) {
  return {Op(1, "aten::zeros", {}, {T(5)}), Op(2, "aten::normal_", {T(5)}, {T(drawn)})};
}

TEST(TraceAlignmentResults, AnInPlaceWriteBeforeAResultThatDiffersIsACause) {
  TraceAligner a;
  FeedRun(a, WriteThenTake(10), 20);
  FeedRun(a, WriteThenTake(11), 21);
  const TraceAlignment& r = a.result();
  EXPECT_FALSE(r.reproducible());
  ASSERT_EQ(r.causes.size(), 1u);
  EXPECT_EQ(r.causes[0].op.name, "aten::normal_");
  EXPECT_TRUE(r.notes.empty());
  ASSERT_EQ(r.differingResults.size(), 1u);
  const TraceResultDifference& d = r.differingResults[0];
  EXPECT_EQ(d.run, 2);
  EXPECT_EQ(d.seq, 2);
  EXPECT_EQ(d.what, "Tensor.tolist");
  ASSERT_TRUE(d.site.has_value());
  EXPECT_EQ(d.site->line, 5);
  EXPECT_EQ(d.suspects, (std::vector<CauseId>{{0, 2}}));
}

TEST(TraceAlignmentResults, AnOpsFreshOutputStaysANoteAndTheResultStillDiffers) {
  // randn's fresh output (a library's workspace is one too) cannot be read through a view taken
  // before it: it stays a note, and the result's difference is said on its own.
  const auto ops = [](std::uint64_t drawn) {
    return std::vector<TraceOp>{Op(1, "aten::randn", {}, {T(drawn)}),
                                Op(2, "aten::ones", {}, {T(7)})};
  };
  TraceAligner a;
  FeedRun(a, ops(10), 20);
  FeedRun(a, ops(11), 21);
  const TraceAlignment& r = a.result();
  EXPECT_FALSE(r.reproducible());
  EXPECT_TRUE(r.causes.empty());
  ASSERT_EQ(r.notes.size(), 1u);
  ASSERT_EQ(r.differingResults.size(), 1u);
  EXPECT_TRUE(r.differingResults[0].suspects.empty());
}

TEST(TraceAlignmentResults, OtherTensorsChosenInPythonAreADifferingResult) {
  // Every op gave run 1's bits; the script took out another of them in run 2.
  const std::vector<TraceOp> ops{Op(1, "aten::full", {}, {T(1)}), Op(2, "aten::full", {}, {T(2)})};
  TraceAligner a;
  FeedRun(a, ops, 1);
  FeedRun(a, ops, 2);
  const TraceAlignment& r = a.result();
  EXPECT_FALSE(r.reproducible());
  EXPECT_TRUE(r.causes.empty());
  ASSERT_EQ(r.differingResults.size(), 1u);
  EXPECT_TRUE(r.differingResults[0].suspects.empty());
}

TEST(TraceAlignmentResults, TheSameResultsAgreeAndATaintedOneIsTheCausesOwn) {
  TraceAligner same;
  FeedRun(same, WriteThenTake(10), 20);
  FeedRun(same, WriteThenTake(10), 20);
  EXPECT_TRUE(same.result().reproducible());
  EXPECT_TRUE(same.result().differingResults.empty());
  // The result is normal_'s own output: the cause reaches it the way the digests follow.
  TraceAligner followed;
  FeedRun(followed, WriteThenTake(10), 10);
  FeedRun(followed, WriteThenTake(11), 11);
  EXPECT_EQ(followed.result().causes.size(), 1u);
  EXPECT_TRUE(followed.result().differingResults.empty());
}

// quantize_per_tensor's output was not digested before (no bits the probe read): a drawn
// difference that reached it was "absorbed", and the runs agreed while the script saved other
// bits. An output the probe could not read passes a difference on.
TEST(TraceAlignmentResults, AnOutputWhoseBitsWereNotReadPassesTheDifferenceOn) {
  const auto ops = [](std::uint64_t drawn) {
    TraceTensor unread = T(0);
    unread.digest.reset();
    unread.dtype = "quint8";
    return std::vector<TraceOp>{Op(1, "aten::randn", {}, {T(drawn)}),
                                Op(2, "aten::quantize_per_tensor", {T(drawn)}, {unread})};
  };
  TraceAligner a;
  FeedRun(a, ops(10), 7);
  FeedRun(a, ops(11), 7);
  const TraceAlignment& r = a.result();
  EXPECT_FALSE(r.reproducible());
  ASSERT_EQ(r.causes.size(), 1u);
  EXPECT_EQ(r.causes[0].op.name, "aten::randn");
  EXPECT_TRUE(r.notes.empty());
}

// torch.save of what an op made from a cause's difference (quantize_per_tensor of a draw): the
// cause mattered where that op read it, and the result is no unexplained one.
TEST(TraceAlignmentResults, AResultMadeFromADifferenceIsExplainedByIt) {
  const auto ops = [](std::uint64_t drawn, std::uint64_t made) {
    return std::vector<TraceOp>{Op(1, "aten::randn", {}, {T(drawn)}),
                                Op(2, "aten::quantize_per_tensor", {T(drawn)}, {T(made)})};
  };
  TraceAligner a;
  FeedRun(a, ops(10, 20), 20);
  FeedRun(a, ops(11, 21), 21);
  const TraceAlignment& r = a.result();
  ASSERT_EQ(r.causes.size(), 1u);
  EXPECT_TRUE(r.differingResults.empty());
}

// for name in order: acc = acc * 2 + params[name], the order another in run 2: every op that
// made a tensor gave run 1's bits, and the first op handed the other one is a cause, its inputs
// chosen in Python. Before, "the runs differ" with no cause at all.
TEST(TraceAlignmentResults, AnOpHandedOtherTensorsOfTheRunsOwnIsACauseOfItsOwn) {
  const auto ops = [](std::uint64_t first, std::uint64_t mixed) {
    return std::vector<TraceOp>{Op(1, "aten::full", {}, {T(1)}), Op(2, "aten::full", {}, {T(2)}),
                                Op(3, "aten::add.Tensor", {T(first), T(9)}, {T(mixed)})};
  };
  TraceAligner a;
  FeedRun(a, ops(1, 30), 30);
  FeedRun(a, ops(2, 31), 31);
  const TraceAlignment& r = a.result();
  ASSERT_EQ(r.causes.size(), 1u);
  EXPECT_EQ(r.causes[0].seq, 3);
  EXPECT_EQ(r.causes[0].category, CauseCategory::Data);
  EXPECT_TRUE(r.causes[0].chosen);
  EXPECT_EQ(r.causes[0].inputs, std::vector<int>{0});
  EXPECT_EQ(explainCause(r.causes[0], PyTorchRelease{2, 8}).kind, CauseKind::ChosenTensors);
  EXPECT_EQ(explainCause(r.causes[0], PyTorchRelease{2, 8}).fix, TraceFix::SameNumber);
  EXPECT_EQ(explainCause(r.causes[0], PyTorchRelease{2, 8}, {"random"}).fix,
            TraceFix::SeedPythonRandom);
}

}  // namespace
}  // namespace detbench::trace
