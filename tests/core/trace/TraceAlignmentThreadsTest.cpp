// The alignment of a script's threads on crafted records: each thread's ops against the same
// thread of run 1, however the threads interleave; data passed between threads followed by its
// digests; a thread that stops early parts on its own.

#include <gtest/gtest.h>

#include "CraftedTensor.hpp"

#include "detbench/base/Error.hpp"
#include "detbench/trace/TraceAlignment.hpp"
#include "detbench/trace/TraceReport.hpp"

namespace detbench::trace {
namespace {

using crafted::T;

TraceOp Op(int thread, std::int64_t seq, std::string name, std::vector<TraceTensor> in,
           std::vector<TraceTensor> out,
           std::vector<std::pair<std::string, std::string>> args = {}) {
  TraceOp op;
  op.thread = thread;
  op.seq = seq;
  op.name = std::move(name);
  op.site = 1;
  op.digested = true;
  op.inputs = std::move(in);
  op.outputs = std::move(out);
  op.scalars = std::move(args);
  return op;
}

// Feeds one run: the threads' names, the ops in the order given, the script printing `printed`,
// an end record and a clean exit.
void Feed(TraceAligner& a, const std::vector<TraceOp>& ops, std::vector<std::uint64_t> printed) {
  a.beginRun();
  a.add(TraceSite{1, "/work/train.py", 12, "<module>"});
  a.add(TraceThread{1, "loader"});
  a.add(TraceThread{2, "worker"});
  for (const auto& op : ops) a.add(op);
  a.add(TraceUse{0, "print", std::move(printed)});
  TraceEnd end;
  end.status = "ok";
  a.add(end);
  TraceRunExit exit;
  exit.exited = true;
  a.endRun(exit);
}

// Thread 1 scales a tensor by `scale`, thread 2 makes another, the main thread adds the two.
struct Job {
  TraceOp scale, worker, add;
};

Job MakeJob(const std::string& scale, std::uint64_t scaled, std::uint64_t sum) {
  return {Op(1, 1, "aten::mul.Tensor", {T(1)}, {T(scaled)}, {{"other", scale}}),
          Op(2, 1, "aten::sin", {T(2)}, {T(3)}),
          Op(0, 1, "aten::add.Tensor", {T(scaled), T(3)}, {T(sum)})};
}

TEST(TraceAlignmentThreads, ThreadsThatInterleaveOtherwiseStillAgree) {
  TraceAligner a;
  const Job j = MakeJob("0.5", 10, 20);
  Feed(a, {j.scale, j.worker, j.add}, {20});
  Feed(a, {j.worker, j.scale, j.add}, {20});  // the worker ran first this time
  const TraceAlignment& r = a.result();
  EXPECT_TRUE(r.reproducible());
  EXPECT_TRUE(r.partings.empty());
  EXPECT_EQ(r.runs[1].compared, 3);
  ASSERT_EQ(r.threads.size(), 2u);
  EXPECT_EQ(r.threadName(2), "worker");
}

TEST(TraceAlignmentThreads, ANumberOnAThreadIsItsCauseAndTheMainThreadInheritsIt) {
  TraceAligner a;
  const Job one = MakeJob("0.5", 10, 20);
  const Job two = MakeJob("0.75", 11, 21);
  Feed(a, {one.scale, one.worker, one.add}, {20});
  Feed(a, {two.worker, two.scale, two.add}, {21});
  const TraceAlignment& r = a.result();
  ASSERT_EQ(r.causes.size(), 1u);
  EXPECT_EQ(r.causes[0].thread, 1);
  EXPECT_EQ(r.causes[0].seq, 1);
  EXPECT_EQ(r.causes[0].category, CauseCategory::Data);
  ASSERT_EQ(r.causes[0].arguments.size(), 1u);
  EXPECT_EQ(r.causes[0].arguments[0].other, "0.75");
  EXPECT_TRUE(r.causes[0].matters);
  EXPECT_EQ(r.runs[1].statuses.size(), 1u);  // the main thread's op: inherited
  EXPECT_EQ(r.runs[1].statuses[0], OpStatus::Inherited);
  // Each thread's statuses, for the plot: thread 1's op is the cause, thread 2's agrees.
  EXPECT_EQ(r.runs[1].statusesOf(1), std::vector<OpStatus>{OpStatus::Data});
  EXPECT_EQ(r.runs[1].statusesOf(2), std::vector<OpStatus>{OpStatus::Equal});
  EXPECT_TRUE(r.runs[1].statusesOf(3).empty());
  EXPECT_EQ(&r.runs[1].statusesOf(0), &r.runs[1].statuses);
}

TEST(TraceAlignmentThreads, SameNumbersOnTwoThreadsAreTwoOps) {
  // Op 1 of thread 1 and op 1 of thread 2 are different ops: a cause on each is kept apart.
  TraceAligner a;
  Feed(a, {Op(1, 1, "aten::rand", {}, {T(1)}), Op(2, 1, "aten::rand", {}, {T(2)})}, {1, 2});
  Feed(a, {Op(2, 1, "aten::rand", {}, {T(4)}), Op(1, 1, "aten::rand", {}, {T(3)})}, {3, 4});
  const TraceAlignment& r = a.result();
  ASSERT_EQ(r.causes.size(), 2u);
  EXPECT_EQ(r.causes[0].thread, 1);
  EXPECT_EQ(r.causes[1].thread, 2);
  EXPECT_EQ(r.causes[0].category, CauseCategory::Introduced);
}

TEST(TraceAlignmentThreads, AThreadThatStopsEarlyPartsOnItsOwn) {
  TraceAligner a;
  const Job j = MakeJob("0.5", 10, 20);
  const TraceOp second = Op(2, 2, "aten::cos", {T(3)}, {T(5)});
  Feed(a, {j.scale, j.worker, second, j.add}, {20});
  Feed(a, {j.scale, j.worker, j.add}, {20});
  const TraceAlignment& r = a.result();
  ASSERT_EQ(r.partings.size(), 1u);
  EXPECT_EQ(r.partings[0].thread, 2);
  EXPECT_EQ(r.partings[0].seq, 2);
  EXPECT_EQ(r.partings[0].kind, PartingKind::RunEnded);
  EXPECT_FALSE(r.reproducible());
  EXPECT_NE(describeOpNumber(r, 2, 2).find("thread 2 (worker)"), std::string::npos);
}

TEST(TraceAlignmentThreads, OpNumbersFollowOnWithinEachThread) {
  TraceAligner a;
  a.beginRun();
  a.add(Op(1, 1, "aten::sin", {T(1)}, {T(2)}));
  a.add(Op(0, 1, "aten::sin", {T(1)}, {T(2)}));
  a.add(Op(1, 2, "aten::sin", {T(1)}, {T(2)}));
  EXPECT_THROW(a.add(Op(1, 4, "aten::sin", {T(1)}, {T(2)})), InvalidArgument);
  EXPECT_THROW(a.add(Op(kMaxScriptThreads + 1, 1, "aten::sin", {}, {})), InvalidArgument);
}

}  // namespace
}  // namespace detbench::trace
