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

}  // namespace
}  // namespace detbench::trace
