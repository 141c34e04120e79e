// What the probe's recorder (detbench_probe/recorder.py) remembers of memory between ops: a
// buffer filled through views is marked "assembled" by address, and a tensor Python makes from
// data outside any op (torch.tensor, then aten::lift_fresh) starts with no mark, whatever a freed
// tensor at the same address was; the legacy constructor's memory is unwritten; a torch.empty
// that ops wrote a part of is partly unwritten until they have written it whole; an op in code
// given to exec() as text is sited at the line that ran it.

#include <gtest/gtest.h>

#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "TracePython.hpp"
#include "detbench/trace/ProbeFiles.hpp"
#include "detbench/trace/TraceRecords.hpp"

namespace detbench::trace {
namespace {

// The aten::sum records among a program's output.
std::vector<TraceOp> sumsOf(const std::string& out) {
  std::istringstream lines(out);
  std::string record;
  std::vector<TraceOp> sums;
  while (std::getline(lines, record)) {
    const TraceEvent event = parseTraceRecord(record);
    if (const auto* op = std::get_if<TraceOp>(&event); op && op->name == "aten::sum") {
      sums.push_back(*op);
    }
  }
  return sums;
}

// lift_fresh is called here on the assembled buffer itself: the address a fresh tensor would
// share with a freed one, without waiting for the allocator to hand it out again.
constexpr const char* kLiftProgram = R"(
import torch
from detbench_probe.channel import Channel
from detbench_probe.recorder import Recorder
channel = Channel(1)
with Recorder(channel, 1):
    x = torch.zeros(4)
    x[1:3].fill_(1.0)
    x.sum()
    torch.ops.aten.lift_fresh(x)
    x.sum()
channel.close()
)";

TEST(ProbeRecorder, ALiftedTensorCarriesNoMarkOfTheMemoryItsAddressHeld) {
  if (!pythonHasTorch()) GTEST_SKIP() << kTracePython << " has no torch";
  const ProbeFolder probe;
  const std::string out = runPythonWithProbe(probe.path(), kLiftProgram);
  const std::vector<TraceOp> sums = sumsOf(out);
  ASSERT_EQ(sums.size(), 2u) << out;
  ASSERT_EQ(sums[0].inputs.size(), 1u);
  ASSERT_EQ(sums[1].inputs.size(), 1u);
  EXPECT_TRUE(sums[0].inputs[0].assembled) << out;
  EXPECT_FALSE(sums[1].inputs[0].assembled) << out;
  EXPECT_EQ(sums[0].inputs[0].digest, sums[1].inputs[0].digest);
}

// PyTorch 1.13's legacy constructor runs with the probe's mode set aside (uses.py): memory it
// makes from sizes is marked unwritten, as torch.empty's, until an op writes it.
constexpr const char* kLegacyProgram = R"(
import torch
from detbench_probe.channel import Channel
from detbench_probe.recorder import Recorder
channel = Channel(1)
recorder = Recorder(channel, 1)
recorder.install_uses()
with recorder:
    w = torch.Tensor(2, 3)
    w.sum()
    w.fill_(0.5)
    w.sum()
recorder.remove_uses()
channel.close()
)";

TEST(ProbeRecorder, TheLegacyConstructorsMemoryIsUnwrittenUntilAnOpWritesIt) {
  if (!pythonHasTorch()) GTEST_SKIP() << kTracePython << " has no torch";
  const ProbeFolder probe;
  const std::string out = runPythonWithProbe(probe.path(), kLegacyProgram);
  const std::vector<TraceOp> sums = sumsOf(out);
  ASSERT_EQ(sums.size(), 2u) << out;
  ASSERT_EQ(sums[0].inputs.size(), 1u);
  ASSERT_EQ(sums[1].inputs.size(), 1u);
  EXPECT_TRUE(sums[0].inputs[0].uninitialized) << out;
  EXPECT_FALSE(sums[1].inputs[0].uninitialized) << out;
}

// Halves written through contiguous views add up to the whole; a strided view's write adds
// nothing the recorder can count.
constexpr const char* kPartlyWrittenProgram = R"(
import torch
from detbench_probe.channel import Channel
from detbench_probe.recorder import Recorder
channel = Channel(1)
with Recorder(channel, 1):
    x = torch.empty(8)
    x[:4].fill_(1.0)
    x.sum()
    x[1::2].fill_(2.0)
    x.sum()
    x[4:].fill_(3.0)
    x.sum()
channel.close()
)";

TEST(ProbeRecorder, ATorchEmptyIsPartlyUnwrittenUntilOpsHaveWrittenItWhole) {
  if (!pythonHasTorch()) GTEST_SKIP() << kTracePython << " has no torch";
  const ProbeFolder probe;
  const std::string out = runPythonWithProbe(probe.path(), kPartlyWrittenProgram);
  const std::vector<TraceOp> sums = sumsOf(out);
  ASSERT_EQ(sums.size(), 3u) << out;
  for (const auto& sum : sums) {
    ASSERT_EQ(sum.inputs.size(), 1u);
    EXPECT_FALSE(sum.inputs[0].uninitialized) << out;
    EXPECT_TRUE(sum.inputs[0].assembled) << out;
  }
  EXPECT_TRUE(sums[0].inputs[0].partlyUninitialized) << out;
  EXPECT_TRUE(sums[1].inputs[0].partlyUninitialized) << out;
  EXPECT_FALSE(sums[2].inputs[0].partlyUninitialized) << out;
}

// A script (a file) whose line 3 runs code given to exec() as text.
constexpr const char* kExecProgram = R"(
import os, runpy, tempfile
from detbench_probe.channel import Channel
from detbench_probe.recorder import Recorder
path = os.path.join(tempfile.mkdtemp(), "execs.py")
with open(path, "w") as f:
    f.write("import torch\nx = torch.ones(4)\nexec('x.sum()')\n")
channel = Channel(1)
with Recorder(channel, 1):
    runpy.run_path(path)
channel.close()
)";

TEST(ProbeRecorder, AnOpInCodeGivenToExecIsAtTheLineThatRanIt) {
  if (!pythonHasTorch()) GTEST_SKIP() << kTracePython << " has no torch";
  const ProbeFolder probe;
  const std::string out = runPythonWithProbe(probe.path(), kExecProgram);
  const std::vector<TraceOp> sums = sumsOf(out);
  ASSERT_EQ(sums.size(), 1u) << out;
  std::istringstream lines(out);
  std::string record;
  std::optional<TraceSite> site;
  while (std::getline(lines, record)) {
    const TraceEvent event = parseTraceRecord(record);
    if (const auto* s = std::get_if<TraceSite>(&event); s && s->id == sums[0].site) site = *s;
  }
  ASSERT_TRUE(site.has_value()) << out;
  EXPECT_TRUE(site->file.ends_with("/execs.py")) << site->file;
  EXPECT_EQ(site->line, 3);
}

}  // namespace
}  // namespace detbench::trace
