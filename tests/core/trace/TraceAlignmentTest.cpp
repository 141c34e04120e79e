// The alignment rule on crafted records: introduced against inherited, data from outside,
// uninitialized memory, sequences that part, runs that end early (those stopped on purpose:
// TraceAlignmentStopsTest).

#include "detbench/trace/TraceAlignment.hpp"

#include <gtest/gtest.h>

#include "CraftedTensor.hpp"

#include "detbench/base/Error.hpp"

namespace detbench::trace {
namespace {

using crafted::Op;
using crafted::T;

TraceRunExit Completed() {
  TraceRunExit e;
  e.exited = true;
  return e;
}

// Feeds one run: a start, a site, the ops, the script's use of the last op's outputs (it prints
// them) and an end record, then the exit.
void Feed(TraceAligner& a, const std::vector<TraceOp>& ops, TraceRunExit exit = Completed(),
          bool endRecord = true) {
  a.beginRun();
  a.add(TraceSite{1, "/work/train.py", 12, "<module>"});
  for (const auto& op : ops) a.add(op);
  if (!ops.empty()) {
    TraceUse use{ops.back().seq, "print", {}};
    for (const auto& t : ops.back().outputs) {
      if (t.digest) use.digests.push_back(*t.digest);
    }
    a.add(use);
  }
  if (endRecord) {
    TraceEnd end;
    end.ops = static_cast<std::int64_t>(ops.size());
    end.status = exit.code == 0 ? "ok" : "exception";
    a.add(end);
  }
  a.endRun(exit);
}

// A small program: x = randn (op 1, no inputs); y = x * w (op 2, w from outside); z = sum (op 3).
std::vector<TraceOp> Program(std::uint64_t randn, std::uint64_t w, std::uint64_t product,
                             std::uint64_t sum) {
  return {Op(1, "aten::randn", {}, {T(randn)}),
          Op(2, "aten::mul.Tensor", {T(randn), T(w)}, {T(product)}),
          Op(3, "aten::sum", {T(product)}, {T(sum, {})})};
}

TEST(TraceAlignment, IdenticalRunsAreReproducible) {
  TraceAligner a;
  Feed(a, Program(10, 20, 30, 40));
  Feed(a, Program(10, 20, 30, 40));
  const TraceAlignment& r = a.result();
  EXPECT_TRUE(r.reproducible());
  EXPECT_TRUE(r.causes.empty());
  EXPECT_TRUE(r.partings.empty());
  ASSERT_EQ(r.runs.size(), 2u);
  EXPECT_EQ(r.runs[1].compared, 3);
  EXPECT_EQ(r.runs[1].differing, 0);
  EXPECT_EQ(r.runs[1].firstDifference, 0);
  EXPECT_EQ(r.runs[1].statuses, std::vector<OpStatus>(3, OpStatus::Equal));
}

TEST(TraceAlignment, FirstOpWithEqualInputsAndOtherOutputsIsTheCauseLaterOnesInherit) {
  TraceAligner a;
  Feed(a, Program(10, 20, 30, 40));
  Feed(a, Program(11, 20, 31, 41));  // randn draws other numbers
  const TraceAlignment& r = a.result();
  EXPECT_FALSE(r.reproducible());
  ASSERT_EQ(r.causes.size(), 1u);
  const TraceCause& c = r.causes[0];
  EXPECT_EQ(c.seq, 1);
  EXPECT_EQ(c.category, CauseCategory::Introduced);
  EXPECT_EQ(c.op.name, "aten::randn");
  ASSERT_TRUE(c.site.has_value());
  EXPECT_EQ(c.site->line, 12);
  EXPECT_EQ(c.runs, std::vector<int>{2});
  EXPECT_EQ(c.outputs, std::vector<int>{0});
  EXPECT_EQ(r.runs[1].statuses, (std::vector<OpStatus>{OpStatus::Introduced, OpStatus::Inherited,
                                                       OpStatus::Inherited}));
  EXPECT_EQ(r.runs[1].firstDifference, 1);
  EXPECT_EQ(r.runs[1].differing, 3);
}

TEST(TraceAlignment, AnOpInTheMiddleIntroducesWhenItsInputsWereEqual) {
  TraceAligner a;
  Feed(a, Program(10, 20, 30, 40));
  Feed(a, Program(10, 20, 30, 42));  // sum adds in another order
  const TraceAlignment& r = a.result();
  ASSERT_EQ(r.causes.size(), 1u);
  EXPECT_EQ(r.causes[0].seq, 3);
  EXPECT_EQ(r.causes[0].category, CauseCategory::Introduced);
  EXPECT_EQ(r.runs[1].statuses.back(), OpStatus::Introduced);
  EXPECT_EQ(r.runs[1].differing, 1);
}

TEST(TraceAlignment, DataFromOutsideAnyOpIsNamedAsSuchOnceThenInherited) {
  TraceAligner a;
  const auto program = [](std::uint64_t w) {
    return std::vector<TraceOp>{Op(1, "aten::randn", {}, {T(10)}),
                                Op(2, "aten::mul.Tensor", {T(10), T(w)}, {T(w + 100)}),
                                Op(3, "aten::add.Tensor", {T(w)}, {T(w + 200)})};
  };
  Feed(a, program(20));
  Feed(a, program(21));  // w came from NumPy and differs
  const TraceAlignment& r = a.result();
  ASSERT_EQ(r.causes.size(), 1u) << "the second reader of the same data is no new cause";
  EXPECT_EQ(r.causes[0].seq, 2);
  EXPECT_EQ(r.causes[0].category, CauseCategory::Data);
  EXPECT_EQ(r.causes[0].inputs, std::vector<int>{1});
  EXPECT_EQ(r.runs[1].statuses,
            (std::vector<OpStatus>{OpStatus::Equal, OpStatus::Data, OpStatus::Inherited}));
}

TEST(TraceAlignment, AnInputMadeByAnEarlierOpIsInheritedNotData) {
  TraceAligner a;
  // op 2 reads op 1's output; in run 2 op 1's output differs, so op 2 inherits.
  Feed(a, {Op(1, "aten::sum", {T(5)}, {T(6)}), Op(2, "aten::neg", {T(6)}, {T(7)})});
  Feed(a, {Op(1, "aten::sum", {T(5)}, {T(8)}), Op(2, "aten::neg", {T(8)}, {T(9)})});
  const TraceAlignment& r = a.result();
  ASSERT_EQ(r.causes.size(), 1u);
  EXPECT_EQ(r.causes[0].seq, 1);
  EXPECT_EQ(r.runs[1].statuses[1], OpStatus::Inherited);
}

TEST(TraceAlignment, MemoryEarlierOpsWroteThroughViewsIsInheritedNotData) {
  // op 1 writes into a view of a buffer (DDP's bucket); op 2 reads the whole buffer, whose
  // digest no op gave. In run 2 op 1's input differs, and so does the buffer: op 2 inherits,
  // and op 1's difference reaches the result through it.
  const auto program = [](std::uint64_t grad, std::uint64_t piece, std::uint64_t whole) {
    TraceTensor bucket = T(whole, {8});
    bucket.assembled = true;
    TraceTensor view = T(piece);
    view.assembled = true;
    return std::vector<TraceOp>{Op(1, "aten::mul.out", {T(grad)}, {view}),
                                Op(2, "c10d::allreduce_", {bucket}, {T(whole + 1, {8})})};
  };
  TraceAligner a;
  Feed(a, program(5, 6, 70));
  Feed(a, program(9, 10, 80));  // op 1 read data from outside
  const TraceAlignment& r = a.result();
  ASSERT_EQ(r.causes.size(), 1u);
  EXPECT_EQ(r.causes[0].seq, 1);
  EXPECT_EQ(r.runs[1].statuses[1], OpStatus::Inherited);
}

TEST(TraceAlignment, ABufferNoDifferenceWasWrittenIntoThatDiffersIsData) {
  // The same buffer, but op 1 wrote the same bits in both runs: what differs in the buffer came
  // from elsewhere, and is named where it is read.
  const auto program = [](std::uint64_t whole) {
    TraceTensor bucket = T(whole, {8});
    bucket.assembled = true;
    TraceTensor view = T(6);
    view.assembled = true;
    return std::vector<TraceOp>{Op(1, "aten::mul.out", {T(5)}, {view}),
                                Op(2, "c10d::allreduce_", {bucket}, {T(whole + 1, {8})})};
  };
  TraceAligner a;
  Feed(a, program(70));
  Feed(a, program(80));
  const TraceAlignment& r = a.result();
  ASSERT_EQ(r.causes.size(), 1u);
  EXPECT_EQ(r.causes[0].seq, 2);
  EXPECT_EQ(r.causes[0].category, CauseCategory::Data);
}

TEST(TraceAlignment, AnOpThatHidesADifferenceAbsorbsIt) {
  TraceAligner a;
  Feed(a, {Op(1, "aten::rand", {}, {T(1)}), Op(2, "aten::argmax", {T(1)}, {T(3)})});
  Feed(a, {Op(1, "aten::rand", {}, {T(2)}), Op(2, "aten::argmax", {T(2)}, {T(3)})});
  const TraceAlignment& r = a.result();
  EXPECT_EQ(r.runs[1].statuses[1], OpStatus::Absorbed);
  // rand's difference reached no result: a note, and the runs agree in their results.
  EXPECT_EQ(r.runs[1].statuses[0], OpStatus::Unused);
  EXPECT_EQ(r.runs[1].differing, 0);
  EXPECT_TRUE(r.causes.empty());
  ASSERT_EQ(r.notes.size(), 1u);
  ASSERT_TRUE(r.notes[0].absorbedBy.has_value());
  EXPECT_EQ(r.notes[0].absorbedBy->seq, 2);
  EXPECT_EQ(r.notes[0].absorbedBy->name, "aten::argmax");
  EXPECT_TRUE(r.reproducible());
}

TEST(TraceAlignment, MemoryBroughtInFromOutsideIsData) {
  TraceAligner a;
  const auto program = [](std::uint64_t batch) {
    TraceOp set = Op(1, "aten::set_.source_Storage_storage_offset", {}, {T(batch)});
    set.entry = true;
    return std::vector<TraceOp>{set, Op(2, "aten::relu", {T(batch)}, {T(batch + 1)})};
  };
  Feed(a, program(50));
  Feed(a, program(60));
  const TraceAlignment& r = a.result();
  ASSERT_EQ(r.causes.size(), 1u);
  EXPECT_EQ(r.causes[0].category, CauseCategory::Data);
  EXPECT_EQ(r.runs[1].statuses, (std::vector<OpStatus>{OpStatus::Data, OpStatus::Inherited}));
}

TEST(TraceAlignment, WhereTheSequencesPartTheAlignmentStops) {
  TraceAligner a;
  Feed(a, {Op(1, "aten::rand", {}, {T(1)}), Op(2, "aten::mm", {T(1)}, {T(2)}, 1),
           Op(3, "aten::sum", {T(2)}, {T(3)})});
  Feed(a, {Op(1, "aten::rand", {}, {T(9)}), Op(2, "aten::bmm", {T(9)}, {T(8)}, 1),
           Op(3, "aten::sum", {T(8)}, {T(7)})});
  const TraceAlignment& r = a.result();
  ASSERT_EQ(r.partings.size(), 1u);
  const TraceParting& p = r.partings[0];
  EXPECT_EQ(p.run, 2);
  EXPECT_EQ(p.seq, 2);
  EXPECT_EQ(p.kind, PartingKind::DifferentOp);
  EXPECT_EQ(p.reference, "aten::mm");
  EXPECT_EQ(p.other, "aten::bmm");
  ASSERT_TRUE(p.otherSite.has_value());
  EXPECT_EQ(p.otherSite->file, "/work/train.py");
  EXPECT_EQ(r.runs[1].statuses, (std::vector<OpStatus>{OpStatus::Introduced, OpStatus::NotCompared,
                                                       OpStatus::NotCompared}));
  ASSERT_EQ(r.causes.size(), 1u) << "causes before the parting stay";
  EXPECT_FALSE(r.reproducible());
}

TEST(TraceAlignment, AnOpWithAnotherNumberOfTensorsParts) {
  TraceAligner a;
  Feed(a, {Op(1, "aten::cat", {T(1), T(2)}, {T(3)})});
  Feed(a, {Op(1, "aten::cat", {T(1), T(2), T(4)}, {T(5)})});
  ASSERT_EQ(a.result().partings.size(), 1u);
  EXPECT_EQ(a.result().partings[0].kind, PartingKind::DifferentTensors);
}

TEST(TraceAlignment, ARunThatCrashesEndsItsAlignmentAndIsNotCompleted) {
  TraceAligner a;
  Feed(a, Program(10, 20, 30, 40));
  TraceRunExit crashed;
  crashed.exited = true;
  crashed.code = 1;
  crashed.stderrTail = "RuntimeError: boom";
  auto ops = Program(10, 20, 30, 40);
  ops.pop_back();
  Feed(a, ops, crashed);
  const TraceAlignment& r = a.result();
  ASSERT_EQ(r.partings.size(), 1u);
  EXPECT_EQ(r.partings[0].kind, PartingKind::RunEnded);
  EXPECT_EQ(r.partings[0].seq, 3);
  EXPECT_EQ(r.partings[0].reference, "aten::sum");
  EXPECT_TRUE(r.causes.empty()) << "the ops it ran agree";
  EXPECT_TRUE(r.runs[0].completed());
  EXPECT_FALSE(r.runs[1].completed());
  EXPECT_EQ(r.runs[1].exit.stderrTail, "RuntimeError: boom");
  EXPECT_FALSE(r.reproducible());
}

TEST(TraceAlignment, ARunKilledWithoutItsEndRecordIsNotCompleted) {
  TraceAligner a;
  Feed(a, Program(10, 20, 30, 40));
  TraceRunExit killed;
  killed.exited = false;
  killed.signal = 9;
  Feed(a, Program(10, 20, 30, 40), killed, false);
  EXPECT_TRUE(a.result().partings.empty());
  EXPECT_FALSE(a.result().runs[1].completed());
  EXPECT_FALSE(a.result().reproducible());
}

TEST(TraceAlignment, WhenRunOneEndsFirstTheOtherRunGoesOnPastIt) {
  TraceAligner a;
  auto shorter = Program(10, 20, 30, 40);
  shorter.pop_back();
  TraceRunExit crashed;
  crashed.exited = true;
  crashed.code = 1;
  Feed(a, shorter, crashed);
  Feed(a, Program(10, 20, 30, 40));
  ASSERT_EQ(a.result().partings.size(), 1u);
  EXPECT_EQ(a.result().partings[0].kind, PartingKind::ReferenceEnded);
  EXPECT_EQ(a.result().partings[0].seq, 3);
  EXPECT_EQ(a.result().partings[0].other, "aten::sum");
}

TEST(TraceAlignment, ACauseSeenInSeveralRunsIsOneCauseListingThem) {
  TraceAligner a;
  Feed(a, Program(10, 20, 30, 40));
  Feed(a, Program(11, 20, 31, 41));
  Feed(a, Program(10, 20, 30, 40));
  Feed(a, Program(12, 20, 32, 42));
  const TraceAlignment& r = a.result();
  ASSERT_EQ(r.causes.size(), 1u);
  EXPECT_EQ(r.causes[0].runs, (std::vector<int>{2, 4}));
  EXPECT_EQ(r.runs[2].differing, 0);
}

TEST(TraceAlignment, SeveralIndependentCausesAreListedInOrder) {
  TraceAligner a;
  // Two draws (ops 1 and 2) that both differ, each a cause of its own.
  Feed(a, {Op(1, "aten::uniform_", {}, {T(1)}), Op(2, "aten::uniform_", {}, {T(2)}),
           Op(3, "aten::add.Tensor", {T(1), T(2)}, {T(3)})});
  Feed(a, {Op(1, "aten::uniform_", {}, {T(4)}), Op(2, "aten::uniform_", {}, {T(5)}),
           Op(3, "aten::add.Tensor", {T(4), T(5)}, {T(6)})});
  const TraceAlignment& r = a.result();
  ASSERT_EQ(r.causes.size(), 2u);
  EXPECT_EQ(r.causes[0].seq, 1);
  EXPECT_EQ(r.causes[1].seq, 2);
}

TEST(TraceAlignment, OpsOutsideTheWindowAreNotComparedButStillAligned) {
  TraceAligner a;
  const auto program = [](std::uint64_t first, const std::string& third) {
    TraceOp skipped;
    skipped.seq = 1;
    skipped.name = "aten::rand";
    std::vector<TraceOp> ops{skipped, Op(2, "aten::neg", {T(first)}, {T(first + 1)})};
    TraceOp tail;
    tail.seq = 3;
    tail.name = third;
    ops.push_back(tail);
    return ops;
  };
  Feed(a, program(5, "aten::sum"));
  Feed(a, program(5, "aten::mean"));
  const TraceAlignment& r = a.result();
  EXPECT_EQ(r.runs[1].statuses[0], OpStatus::NotCompared);
  EXPECT_EQ(r.runs[1].statuses[1], OpStatus::Equal);
  ASSERT_EQ(r.partings.size(), 1u) << "names are compared outside the window too";
  EXPECT_EQ(r.partings[0].seq, 3);
}

TEST(TraceAlignment, RecordsOutOfOrderAreRefused) {
  TraceAligner a;
  a.beginRun();
  a.add(Op(1, "aten::rand", {}, {T(1)}));
  EXPECT_THROW(a.add(Op(3, "aten::rand", {}, {T(1)})), InvalidArgument);
  EXPECT_THROW(a.add(TraceSite{5, "x.py", 1, "f"}), InvalidArgument);
}

TEST(TraceAlignment, CausesBeyondTheLimitAreCountedAsTruncated) {
  AlignOptions options;
  options.maxCauses = 2;
  TraceAligner a(options);
  std::vector<TraceOp> one, two;
  for (int i = 1; i <= 4; ++i) {
    one.push_back(Op(i, "aten::rand", {}, {T(static_cast<std::uint64_t>(i))}));
    two.push_back(Op(i, "aten::rand", {}, {T(static_cast<std::uint64_t>(i + 100))}));
  }
  Feed(a, one);
  Feed(a, two);
  // The two kept are notes (nothing reads them), and with more not kept nothing is called
  // reproducible.
  EXPECT_EQ(a.result().causes.size() + a.result().notes.size(), 2u);
  EXPECT_FALSE(a.result().reproducible());
  EXPECT_TRUE(a.result().causesTruncated);
}

TEST(TraceAlignment, HoldsRunOneCompactly) {
  TraceAligner a;
  a.beginRun();
  for (int i = 1; i <= 20000; ++i) {
    a.add(Op(i, "aten::add.Tensor", {T(static_cast<std::uint64_t>(i)), T(7)},
             {T(static_cast<std::uint64_t>(i + 1))}));
  }
  a.endRun(Completed());
  // Measured, not a clock: the bytes held per op of run 1 (three tensors each).
  EXPECT_LT(a.heldBytes() / 20000, 200u);
}

// An LSTM's forward with oneDNN: output 0 is the result, output 1 a scratch workspace whose
// bytes differ run to run; the backward reads the workspace and gives equal gradients.
std::vector<TraceOp> LstmStep(std::uint64_t workspace) {
  return {Op(1, "aten::mkldnn_rnn_layer", {T(1), T(2)}, {T(3), T(workspace, {1024})}),
          Op(2, "aten::sum", {T(3)}, {T(4, {})}),
          Op(3, "aten::mkldnn_rnn_layer_backward", {T(1), T(2), T(workspace, {1024})}, {T(5)}),
          Op(4, "aten::add_.Tensor", {T(2), T(5)}, {T(6)})};
}

TEST(TraceAlignment, AScratchOutputThatIsAbsorbedIsANoteNotACause) {
  TraceAligner a;
  Feed(a, LstmStep(100));
  Feed(a, LstmStep(200));
  Feed(a, LstmStep(300));
  const TraceAlignment& r = a.result();
  EXPECT_TRUE(r.causes.empty());
  ASSERT_EQ(r.notes.size(), 1u);
  EXPECT_EQ(r.notes[0].seq, 1);
  EXPECT_FALSE(r.notes[0].matters);
  EXPECT_EQ(r.notes[0].outputs, std::vector<int>{1});
  EXPECT_EQ(r.notes[0].runs, (std::vector<int>{2, 3}));
  ASSERT_TRUE(r.notes[0].absorbedBy.has_value());
  EXPECT_EQ(r.notes[0].absorbedBy->name, "aten::mkldnn_rnn_layer_backward");
  EXPECT_EQ(r.runs[1].statuses[0], OpStatus::Unused);
  EXPECT_EQ(r.runs[1].statuses[2], OpStatus::Absorbed);
  EXPECT_TRUE(r.reproducible());
}

TEST(TraceAlignment, UninitializedMemoryThatIsOverwrittenBeforeAnyUseIsANote) {
  // nn.LSTM's constructor on PyTorch 1.13: Parameter(torch.empty(...)) detaches the empty
  // memory, then reset_parameters overwrites it (uniform_ does not read it).
  const auto program = [](std::uint64_t garbage) {
    TraceTensor empty = T(garbage);
    empty.uninitialized = true;
    return std::vector<TraceOp>{
        Op(1, "aten::detach", {empty}, {T(garbage)}), Op(2, "aten::detach", {empty}, {T(garbage)}),
        Op(3, "aten::uniform_", {}, {T(7)}), Op(4, "aten::sum", {T(7)}, {T(8, {})})};
  };
  TraceAligner a;
  Feed(a, program(100));
  Feed(a, program(200));
  const TraceAlignment& r = a.result();
  EXPECT_TRUE(r.causes.empty());
  ASSERT_EQ(r.notes.size(), 2u);  // each read of the memory is its own
  EXPECT_EQ(r.notes[0].category, CauseCategory::Uninitialized);
  EXPECT_FALSE(r.notes[0].absorbedBy.has_value());
  EXPECT_TRUE(r.reproducible());
}

TEST(TraceAlignment, ADifferenceTheScriptTakesOutOfTorchIsACause) {
  // Nothing reads randn's output, but the script saves it (numpy(), torch.save).
  const auto program = [](std::uint64_t drawn) {
    return std::vector<TraceOp>{Op(1, "aten::randn", {}, {T(drawn)}),
                                Op(2, "aten::ones", {}, {T(5)})};
  };
  TraceAligner a;
  for (const std::uint64_t drawn : {10, 11}) {
    a.beginRun();
    a.add(TraceSite{1, "/work/train.py", 12, "<module>"});
    for (const auto& op : program(drawn)) a.add(op);
    a.add(TraceUse{2, "Tensor.numpy", {drawn}});
    a.add(TraceEnd{2, "ok", 0, "", "", std::nullopt, 0, {}});
    a.endRun(Completed());
  }
  const TraceAlignment& r = a.result();
  ASSERT_EQ(r.causes.size(), 1u);
  EXPECT_TRUE(r.causes[0].matters);
  EXPECT_TRUE(r.notes.empty());
  EXPECT_FALSE(r.reproducible());
}

TEST(TraceAlignment, ADifferenceHandedToPythonIsACause) {
  // item(): an op without tensor outputs reads the difference.
  TraceAligner a;
  Feed(a, {Op(1, "aten::rand", {}, {T(1)}), Op(2, "aten::_local_scalar_dense", {T(1)}, {})});
  Feed(a, {Op(1, "aten::rand", {}, {T(2)}), Op(2, "aten::_local_scalar_dense", {T(2)}, {})});
  const TraceAlignment& r = a.result();
  ASSERT_EQ(r.causes.size(), 1u);
  EXPECT_EQ(r.runs[1].statuses[1], OpStatus::Inherited);
  EXPECT_FALSE(r.reproducible());
}

TEST(TraceAlignment, WhereARunDidNotCompleteEveryDifferenceItShowedMatters) {
  TraceAligner a;
  Feed(a, LstmStep(100));
  TraceRunExit crashed;
  crashed.exited = false;
  crashed.signal = 11;
  Feed(a, LstmStep(200), crashed, false);
  const TraceAlignment& r = a.result();
  ASSERT_EQ(r.causes.size(), 1u);
  EXPECT_TRUE(r.notes.empty());
}

TEST(TraceAlignment, ANumberFromPythonThatDiffersIsDataNamedWithBothValues) {
  const auto program = [](const char* scale) {
    TraceOp mul = Op(2, "aten::mul.Tensor", {T(1)}, {T(std::string(scale) == "0.25" ? 2 : 3)});
    mul.scalars = {{"other", scale}};
    return std::vector<TraceOp>{Op(1, "aten::ones", {}, {T(1)}), mul};
  };
  TraceAligner a;
  Feed(a, program("0.25"));
  Feed(a, program("0.75"));
  const TraceAlignment& r = a.result();
  ASSERT_EQ(r.causes.size(), 1u);
  const TraceCause& c = r.causes[0];
  EXPECT_EQ(c.seq, 2);
  EXPECT_EQ(c.category, CauseCategory::Data);
  EXPECT_TRUE(c.inputs.empty());
  ASSERT_EQ(c.arguments.size(), 1u);
  EXPECT_EQ(c.arguments[0], (ArgumentDifference{"other", "0.25", "0.75", 2}));
  EXPECT_EQ(r.runs[1].statuses[1], OpStatus::Data);
}

TEST(TraceAlignment, GeneratorsDrawnFromWithoutASeedAreNamed) {
  const auto run = [](TraceAligner& a, const char* start, const char* end) {
    a.beginRun();
    a.add(Op(1, "aten::ones", {}, {T(1)}));
    TraceEnd e{1, "ok", 0, "", "", std::nullopt, 0, {}};
    e.generators = {{"random", {start, end}}, {"numpy", {"n0", "n0"}}};
    a.add(e);
    a.endRun(Completed());
  };
  TraceAligner drawn;
  run(drawn, "a1", "a2");
  run(drawn, "b1", "b2");
  EXPECT_EQ(drawn.result().unseededGenerators, std::vector<std::string>{"random"});
  TraceAligner seeded;  // the script seeds it: other states at the start, the same at the end
  run(seeded, "a1", "s2");
  run(seeded, "b1", "s2");
  EXPECT_TRUE(seeded.result().unseededGenerators.empty());
}

TEST(TraceAlignment, RunsThatCompareNothingAreNotCalledReproducible) {
  TraceOp undigested;
  undigested.seq = 1;
  undigested.name = "aten::add.Tensor";
  TraceAligner a;
  Feed(a, {undigested});
  Feed(a, {undigested});
  EXPECT_EQ(a.result().comparedOps(), 0);
  EXPECT_FALSE(a.result().reproducible());
}

TEST(TraceAlignment, OutputsThatDifferFromAnInputThatCouldNotBeReadAreInherited) {
  // A transformer's fast path pads a nested tensor (not digested: opaque) back: its output
  // differs because the nested tensor did, not because the op made it so.
  const auto program = [](std::uint64_t padded) {
    TraceTensor nested;
    nested.opaque = true;
    nested.device = "cpu";
    return std::vector<TraceOp>{Op(1, "aten::to_padded_tensor", {nested}, {T(padded)})};
  };
  TraceAligner a;
  Feed(a, program(10));
  Feed(a, program(20));
  EXPECT_TRUE(a.result().causes.empty());
  EXPECT_EQ(a.result().runs[1].differing, 1);
}

TEST(TraceAlignment, AnOpThatRaisedIsARecordAndTheRunGoesOn) {
  TraceOp raised = Op(2, "aten::add.Tensor", {T(1), T(1)}, {});
  raised.raised = true;
  TraceAligner a;
  Feed(a, {Op(1, "aten::ones", {}, {T(1)}), raised, Op(3, "aten::sum", {T(1)}, {T(2, {})})});
  Feed(a, {Op(1, "aten::ones", {}, {T(1)}), raised, Op(3, "aten::sum", {T(1)}, {T(2, {})})});
  EXPECT_EQ(a.result().runs[1].compared, 3);
  EXPECT_TRUE(a.result().reproducible());
}

TEST(TraceAlignment, AnInputMadeBeforeTheWindowIsNotDataFromOutside) {
  // Op 1 (before --ops 2..) made the tensor op 2 reads; its outputs were not digested.
  const auto program = [](std::uint64_t made) {
    TraceOp before;
    before.seq = 1;
    before.name = "aten::randn";
    return std::vector<TraceOp>{before, Op(2, "aten::neg", {T(made)}, {T(made + 1)})};
  };
  TraceAligner a;
  Feed(a, program(10));
  Feed(a, program(20));
  const TraceAlignment& r = a.result();
  EXPECT_TRUE(r.causes.empty());
  EXPECT_EQ(r.runs[1].statuses[1], OpStatus::Inherited);
  EXPECT_FALSE(r.reproducible());
}

TEST(TraceAlignment, OpsOnTheScriptsOwnThreadsMeanNotEverythingWasCompared) {
  TraceAligner a;
  for (int run = 0; run < 2; ++run) {
    a.beginRun();
    a.add(Op(1, "aten::ones", {}, {T(1)}));
    TraceEnd end{1, "ok", 0, "", "", std::nullopt, 0, {}};
    end.otherThreads = 1;
    end.otherThreadOps = 4;
    a.add(end);
    a.endRun(Completed());
  }
  EXPECT_EQ(a.result().otherThreadOps, 4);
  EXPECT_TRUE(a.result().causes.empty());
  EXPECT_FALSE(a.result().reproducible());
}

}  // namespace
}  // namespace detbench::trace
