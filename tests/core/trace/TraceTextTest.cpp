#include <gtest/gtest.h>

#include <string>

#include "detbench/trace/TraceReport.hpp"

namespace detbench::trace {
namespace {

// torch.multiprocessing.spawn's ProcessRaisedException, as PyTorch 1.13 words it when the
// ranks wait in init_process_group for a world that never comes.
const std::string kRanksDidNotMeet =
    "\n\n-- Process 1 terminated with the following error:\n"
    "Traceback (most recent call last):\n"
    "  File \"/usr/lib/python3/dist-packages/torch/multiprocessing/spawn.py\", line 69, in _wrap\n"
    "    fn(i, *args)\n"
    "  File \"/job/no_rendezvous.py\", line 14, in work\n"
    "    dist.init_process_group(\"gloo\", init_method=\"file://\" + meeting, rank=rank,\n"
    "  File \"/usr/lib/python3/dist-packages/torch/distributed/distributed_c10d.py\", line 862, "
    "in _new_process_group_helper\n"
    "    pg = ProcessGroupGloo(prefix_store, group_rank, group_size, timeout=timeout)\n"
    "         ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^\n"
    "RuntimeError: Wait timeout\n";

TEST(TraceTextTest, ARanksTracebackGivesItsHeaderAndItsLastLine) {
  EXPECT_EQ(exceptionGist(kRanksDidNotMeet),
            "Process 1 terminated with the following error: RuntimeError: Wait timeout (in "
            "init_process_group: the job's ranks did not all meet before its timeout)");
}

TEST(TraceTextTest, ATimeoutOutsideInitProcessGroupIsNotARendezvous) {
  const std::string m =
      "worker failed\nTraceback (most recent call last):\n  File \"a.py\", line 3, in step\n"
      "TimeoutError: timed out reading the batch\n";
  EXPECT_EQ(exceptionGist(m), "worker failed TimeoutError: timed out reading the batch");
}

TEST(TraceTextTest, AMessageWithoutATracebackIsItselfOnOneLine) {
  EXPECT_EQ(exceptionGist("division by zero"), "division by zero");
  EXPECT_EQ(exceptionGist("two\nlines").find('\n'), std::string::npos);
}

// Debian's torchrun (PyTorch 1.13) under Python 3.11 fails before any rank starts: the run's end
// says what to give it.
TEST(TraceTextTest, ATorchrunThatReadsItsRedirectsAsNoneSaysWhatToGiveIt) {
  TraceRunSummary run;
  run.run = 1;
  run.exit.exited = true;
  run.exit.code = 1;
  run.end = TraceEnd{};
  run.end->status = "exception";
  run.end->type = "AttributeError";
  run.end->message = "'NoneType' object has no attribute 'get'";
  run.exit.stderrTail =
      "  File \"/usr/lib/python3/dist-packages/torch/distributed/elastic/multiprocessing/"
      "__init__.py\", line 207, in start_processes\n"
      "    redirs = to_map(redirects, nprocs)\n"
      "  File \"/usr/lib/python3/dist-packages/torch/distributed/elastic/multiprocessing/"
      "api.py\", line 162, in to_map\n"
      "    map[i] = val_or_map.get(i, Std.NONE)\n"
      "AttributeError: 'NoneType' object has no attribute 'get'\n";
  const std::string ended = describeRunEnd(run);
  EXPECT_NE(ended.find("exited with 1: AttributeError"), std::string::npos) << ended;
  EXPECT_NE(ended.find("give it --redirects 1 --tee 1"), std::string::npos) << ended;
  // The same error elsewhere gets no such advice.
  run.exit.stderrTail = "  File \"/w/train.py\", line 3, in <module>\nAttributeError: x\n";
  EXPECT_EQ(describeRunEnd(run).find("--redirects"), std::string::npos);
}

// A roll by another shift that is the same modulo the length: the number differed, the op's
// outputs did not. Before, the note said the op "gave other bits" and then read them itself.
TEST(TraceTextTest, ANumberTheOpItselfAbsorbedIsNamedAsTheNumber) {
  TraceCause note;
  note.seq = 4;
  note.category = CauseCategory::Data;
  note.runs = {2};
  note.arguments = {{"shifts", "3", "19", 2}};
  note.matters = false;
  note.absorbedBy = TraceAbsorber{4, 0, "aten::roll", std::nullopt};
  EXPECT_EQ(describeNote(note),
            "took another number (shifts was 3 in run 1 and 19 in run 2) and gave equal bits: no "
            "result depends on it");
  // Absorbed by a later op: the op's own bits differed, and that op read them.
  note.absorbedBy->seq = 5;
  note.arguments.clear();
  EXPECT_EQ(describeNote(note).rfind("gave other bits in run 2; op 5 aten::roll read them", 0), 0u)
      << describeNote(note);
}

}  // namespace
}  // namespace detbench::trace
