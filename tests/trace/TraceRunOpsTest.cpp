// Traced runs of scripts whose ops need care in the probe's records, with Debian's python3-torch:
// a storage read element by element in Python, a batch norm's running statistics written in
// place. Each script makes its runs differ by the run number detbench exposes (no race);
// skipped where that python has no torch.

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "TracePython.hpp"
#include "detbench/trace/TraceSession.hpp"

namespace detbench::trace {
namespace {

class TraceRunOps : public ::testing::Test {
 protected:
  void SetUp() override {
    if (!pythonHasTorch()) GTEST_SKIP() << kTracePython << " has no torch";
  }
  static TraceAlignment trace(const std::string& script) {
    TracePlan plan;
    plan.secondPass = false;
    plan.command = parseScriptCommand({kTracePython, kScripts + "/" + script});
    plan.runs = 2;
    plan.configs = {TraceConfig{"default", {}}};
    const TraceResult r = runTrace(plan, checkPython(plan.command, ""));
    return r.configs.at(0).alignment;
  }
};

TEST_F(TraceRunOps, ATensorReadThroughItsStorageIsOneResultNotDataPerElement) {
  // Before, with PyTorch 2.x: one "data" cause per byte that bytes() read (a set_ over the
  // storage, a select and an item each), 64 here, behind the one op that made the tensor.
  const TraceAlignment a = trace("storage_reads.py");
  ASSERT_EQ(a.runs.size(), 2u);
  EXPECT_TRUE(a.runs[1].completed()) << a.runs[1].exit.stderrTail;
  EXPECT_LT(a.runs[1].ops, 10);  // the elements' reads are not ops of the script's
  ASSERT_EQ(a.causes.size(), 1u);
  EXPECT_EQ(a.causes[0].site->line, lineOf("storage_reads.py", "# CAUSE"));
  EXPECT_TRUE(a.causes[0].matters);  // it reached the bytes read, by their digest
  EXPECT_TRUE(a.notes.empty());
  EXPECT_TRUE(a.differingResults.empty());
}

TEST_F(TraceRunOps, ABatchNormsRunningStatisticsAreItsOutputs) {
  // Before: 3 causes, the second forward and the backward called data from outside for reading
  // running statistics no op's record had made (as on PyTorch's ImageNet example's resnet18,
  // 957 of them behind its unseeded start).
  const TraceAlignment a = trace("batch_norm_stats.py");
  ASSERT_EQ(a.runs.size(), 2u);
  EXPECT_TRUE(a.runs[1].completed()) << a.runs[1].exit.stderrTail;
  ASSERT_EQ(a.causes.size(), 1u);
  EXPECT_EQ(a.causes[0].site->line, lineOf("batch_norm_stats.py", "# CAUSE"));
  EXPECT_TRUE(a.partings.empty());
}

TEST_F(TraceRunOps, ANumberTheScriptTookOutOfADifferingTensorIsNotNewData) {
  // Before: the fill_ that was handed item()'s number was a cause of its own, "a number from
  // Python" (as in PyTorch's forward-forward example with 2.15: a second fix for one generator).
  const TraceAlignment a = trace("number_through_python.py");
  ASSERT_EQ(a.runs.size(), 2u);
  EXPECT_TRUE(a.runs[1].completed()) << a.runs[1].exit.stderrTail;
  std::vector<std::int64_t> lines;
  for (const auto& c : a.causes) lines.push_back(c.site ? c.site->line : 0);
  EXPECT_EQ(lines, (std::vector<std::int64_t>{lineOf("number_through_python.py", "# CAUSE"),
                                              lineOf("number_through_python.py", "# DERIVED")}));
}

}  // namespace
}  // namespace detbench::trace
