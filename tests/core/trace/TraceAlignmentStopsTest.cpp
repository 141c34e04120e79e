// Runs stopped on purpose (the timeout, a cancel), on crafted records: they are compared over
// the ops both reached, and the op the stop's interrupt came in, which ended half way without
// outputs, is no difference.

#include <gtest/gtest.h>

#include "CraftedTensor.hpp"
#include "detbench/trace/TraceAlignment.hpp"

namespace detbench::trace {
namespace {

using crafted::Op;
using crafted::T;

TraceRunExit TimedOut() {
  TraceRunExit e;
  e.exited = false;
  e.signal = 9;
  e.timedOut = true;
  return e;
}

// Ops 1..n, each adding to what the one before made.
std::vector<TraceOp> Chain(int n) {
  std::vector<TraceOp> v;
  for (int i = 1; i <= n; ++i) {
    v.push_back(Op(i, "aten::add.Tensor", {T(static_cast<std::uint64_t>(i))},
                   {T(static_cast<std::uint64_t>(i + 1))}));
  }
  return v;
}

// Feeds one run that the timeout stopped: its ops, the last of them the one the interrupt came
// in when `interrupted` (the probe's raise record, then the op without outputs).
void FeedStopped(TraceAligner& a, std::vector<TraceOp> ops, bool interrupted = false) {
  a.beginRun();
  a.add(TraceSite{1, "/work/train.py", 12, "<module>"});
  for (std::size_t i = 0; i < ops.size(); ++i) {
    TraceOp& op = ops[i];
    if (interrupted && i + 1 == ops.size()) {
      a.add(TraceRaise{op.seq, op.name, 1, "KeyboardInterrupt", "", 0});
      op.raised = true;
      op.outputs.clear();
    }
    a.add(op);
  }
  a.endRun(TimedOut());
}

TEST(TraceAlignmentStops, RunsStoppedAtTheTimeoutAreComparedOverTheOpsBothReached) {
  TraceAligner shorterSecond;
  FeedStopped(shorterSecond, Chain(5));
  FeedStopped(shorterSecond, Chain(3));
  EXPECT_TRUE(shorterSecond.result().partings.empty());
  EXPECT_TRUE(shorterSecond.result().causes.empty());
  EXPECT_EQ(shorterSecond.result().comparedOps(), 3);
  EXPECT_FALSE(shorterSecond.result().reproducible());  // not every op was compared
  TraceAligner shorterFirst;
  FeedStopped(shorterFirst, Chain(3));
  FeedStopped(shorterFirst, Chain(5));
  EXPECT_TRUE(shorterFirst.result().partings.empty());
  EXPECT_EQ(shorterFirst.result().comparedOps(), 3);
}

TEST(TraceAlignmentStops, TheOpTheInterruptCameInIsNoDifference) {
  // Before, on PyTorch's ImageNet example stopped at the timeout: "the op sequences part", run
  // 2's last op (interrupted) having run with other tensors than run 1's.
  TraceAligner secondInterrupted;
  FeedStopped(secondInterrupted, Chain(6));
  FeedStopped(secondInterrupted, Chain(4), true);
  EXPECT_TRUE(secondInterrupted.result().partings.empty());
  EXPECT_TRUE(secondInterrupted.result().causes.empty());
  EXPECT_EQ(secondInterrupted.result().comparedOps(), 3);
  TraceAligner firstInterrupted;
  FeedStopped(firstInterrupted, Chain(4), true);
  FeedStopped(firstInterrupted, Chain(6));
  EXPECT_TRUE(firstInterrupted.result().partings.empty());
  EXPECT_TRUE(firstInterrupted.result().causes.empty());
  EXPECT_EQ(firstInterrupted.result().comparedOps(), 3);
  // An op that raised something else is compared as any other: it raised in one run only.
  TraceAligner raisedOtherwise;
  FeedStopped(raisedOtherwise, Chain(6));
  std::vector<TraceOp> ops = Chain(4);
  ops.back().raised = true;
  ops.back().outputs.clear();
  FeedStopped(raisedOtherwise, ops);
  EXPECT_FALSE(raisedOtherwise.result().partings.empty());
}

}  // namespace
}  // namespace detbench::trace
