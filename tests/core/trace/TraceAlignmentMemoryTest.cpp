// Memory no op made whole: a torch.empty read before any op wrote it, and one that ops wrote a
// part of through views. A difference there is the reader's own, not data from outside. And
// memory that enters from outside with bits this run made before (torch.save, then torch.load):
// the earlier difference come back, not data.

#include <gtest/gtest.h>

#include "CraftedTensor.hpp"
#include "detbench/trace/TraceAlignment.hpp"

namespace detbench::trace {
namespace {

using crafted::EndRun;
using crafted::Op;
using crafted::T;

// One run of `ops` whose last op's outputs the script prints.
void Feed(TraceAligner& a, const std::vector<TraceOp>& ops) {
  a.beginRun();
  a.add(TraceSite{1, "/work/train.py", 12, "<module>"});
  for (const auto& op : ops) a.add(op);
  TraceUse use{ops.back().seq, "print", {}};
  for (const auto& t : ops.back().outputs) {
    if (t.digest) use.digests.push_back(*t.digest);
  }
  a.add(use);
  EndRun(a, static_cast<std::int64_t>(ops.size()));
}

TraceTensor Unwritten() {
  TraceTensor empty;
  empty.dtype = "float32";
  empty.shape = {4};
  empty.device = "cpu";
  empty.uninitialized = true;
  return empty;
}

TEST(TraceAlignment, UninitializedMemoryThatDiffersIsACause) {
  TraceAligner a;
  const auto program = [](std::uint64_t garbage) {
    const TraceTensor empty = Unwritten();
    TraceTensor read = T(garbage);
    read.uninitialized = true;
    return std::vector<TraceOp>{Op(1, "aten::empty.memory_format", {}, {empty}),
                                Op(2, "aten::index_put_", {read, T(3), T(4)}, {T(garbage + 1)})};
  };
  Feed(a, program(100));
  Feed(a, program(200));
  const TraceAlignment& r = a.result();
  ASSERT_EQ(r.causes.size(), 1u);
  EXPECT_EQ(r.causes[0].seq, 2);
  EXPECT_EQ(r.causes[0].category, CauseCategory::Uninitialized);
  EXPECT_EQ(r.runs[1].statuses[0], OpStatus::Equal) << "empty's output is not compared";
}

// x = torch.empty(4); x[:2] = `half` (fill_ through a view); x.sum(): the probe flags x as
// partly written (and written through views).
std::vector<TraceOp> PartlyWritten(std::uint64_t half, std::uint64_t whole) {
  TraceTensor written = T(half, {2});
  written.assembled = true;
  TraceTensor read = T(whole);
  read.partlyUninitialized = true;
  read.assembled = true;
  return {Op(1, "aten::empty.memory_format", {}, {Unwritten()}),
          Op(2, "aten::fill_.Scalar", {}, {written}),
          Op(3, "aten::sum", {read}, {T(whole + 1, {})})};
}

TEST(TraceAlignment, APartlyWrittenTensorThatDiffersWhereNoOpWroteIsUninitialized) {
  TraceAligner a;
  Feed(a, PartlyWritten(10, 100));
  Feed(a, PartlyWritten(10, 200));
  const TraceAlignment& r = a.result();
  ASSERT_EQ(r.causes.size(), 1u);
  EXPECT_EQ(r.causes[0].seq, 3);
  EXPECT_EQ(r.causes[0].category, CauseCategory::Uninitialized);
}

TEST(TraceAlignment, APartlyWrittenTensorCarriesTheDifferenceWrittenIntoIt) {
  TraceAligner a;
  Feed(a, PartlyWritten(10, 100));
  Feed(a, PartlyWritten(11, 200));  // fill_ wrote another number: its cause, reaching the sum
  const TraceAlignment& r = a.result();
  ASSERT_EQ(r.causes.size(), 1u);
  EXPECT_EQ(r.causes[0].seq, 2);
  EXPECT_EQ(r.runs[1].statuses.at(2), OpStatus::Inherited);
}

TEST(TraceAlignment, DataThatComesBackWithBitsTheRunMadeIsNoNewCause) {
  // randn (a cause), its bits saved and loaded (set_ over the loaded storage: an entry), summed.
  const auto program = [](std::uint64_t drawn, std::uint64_t loaded) {
    TraceOp load = Op(2, "aten::set_.source_Storage", {}, {T(loaded)});
    load.entry = true;
    return std::vector<TraceOp>{Op(1, "aten::randn", {}, {T(drawn)}), load,
                                Op(3, "aten::sum", {T(loaded)}, {T(loaded + 1, {})})};
  };
  TraceAligner a;
  Feed(a, program(10, 10));
  Feed(a, program(20, 20));
  ASSERT_EQ(a.result().causes.size(), 1u);
  EXPECT_EQ(a.result().causes[0].op.name, "aten::randn");
  EXPECT_TRUE(a.result().notes.empty());  // its difference reached the sum through the load
  // Bits this run never made before: data, as ever (and the draw, read by nothing, a note).
  TraceAligner b;
  Feed(b, program(10, 10));
  Feed(b, program(20, 30));
  ASSERT_EQ(b.result().causes.size(), 1u);
  EXPECT_EQ(b.result().causes[0].category, CauseCategory::Data);
  EXPECT_EQ(b.result().notes.size(), 1u);
}

}  // namespace
}  // namespace detbench::trace
