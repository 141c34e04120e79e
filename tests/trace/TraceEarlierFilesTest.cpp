// A traced script that resumes from what an earlier run left (a checkpoint in its folder), with
// Debian's python3-torch: the trace names the file, the line that read it and the run. Skipped
// where that python has no torch.

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <string>

#include "TracePython.hpp"
#include "detbench/trace/TraceReport.hpp"
#include "detbench/trace/TraceSession.hpp"

namespace detbench::trace {
namespace {

class TraceEarlierFiles : public ::testing::Test {
 protected:
  void SetUp() override {
    if (!pythonHasTorch()) GTEST_SKIP() << kTracePython << " has no torch";
    folder_ = std::filesystem::path(::testing::TempDir()) /
              ("detbench-earlier-files-" + std::to_string(::getpid()));
    std::filesystem::remove_all(folder_);
    std::filesystem::create_directories(folder_);
  }
  void TearDown() override {
    std::error_code ec;
    std::filesystem::remove_all(folder_, ec);
  }
  TraceConfigResult trace(int runs) {
    TracePlan plan;
    plan.secondPass = false;
    plan.command =
        parseScriptCommand({kTracePython, kScripts + "/resume_checkpoint.py", folder_.string()});
    plan.runs = runs;
    plan.configs = {TraceConfig{"default", {}}};
    TraceResult r = runTrace(plan, checkPython(plan.command, ""));
    return std::move(r.configs.at(0));
  }
  std::filesystem::path folder_;
};

TEST_F(TraceEarlierFiles, ARunThatResumesFromWhatAnEarlierRunLeftIsToldSo) {
  const TraceConfigResult c = trace(3);
  const TraceAlignment& a = c.alignment;
  ASSERT_EQ(a.runs.size(), 3u);
  for (const auto& r : a.runs) ASSERT_TRUE(r.completed()) << r.exit.stderrTail;
  EXPECT_FALSE(c.reproducible());
  // Run 1 found no checkpoint; runs 2 and 3 read the one the run before left, and neither
  // counts the file it wrote and read back itself.
  EXPECT_TRUE(a.runs[0].earlierFiles.empty());
  const std::string checkpoint = (folder_ / "state.pt").string();
  for (const std::size_t run : {1u, 2u}) {
    ASSERT_EQ(a.runs[run].earlierFiles.size(), 1u) << "run " << run + 1;
    const TraceEarlierFile& f = a.runs[run].earlierFiles[0];
    EXPECT_EQ(f.path, checkpoint);
    EXPECT_EQ(f.thread, 0);
    EXPECT_GT(f.seq, 0);  // after the seeded draw
    ASSERT_TRUE(f.site.has_value());
    EXPECT_EQ(f.site->line, lineOf("resume_checkpoint.py", "# RESUME"));
  }
  const std::optional<EarlierFilesFinding> found = findEarlierFiles(c);
  ASSERT_TRUE(found.has_value());
  EXPECT_FALSE(found->rank.has_value());
  EXPECT_EQ(found->runs, (std::vector<int>{2, 3}));
  EXPECT_EQ(found->firstRun, 2);
  const std::string text = describeEarlierFiles(c);
  EXPECT_NE(text.find("runs 2 and 3 read " + checkpoint), std::string::npos) << text;
  EXPECT_NE(text.find("remove it before each run"), std::string::npos) << text;
}

TEST_F(TraceEarlierFiles, FilesARunWroteAndReadItselfAreNotNamed) {
  // One run: the file it reads back is its own, and there is no earlier run.
  const TraceConfigResult c = trace(1);
  ASSERT_EQ(c.alignment.runs.size(), 1u);
  ASSERT_TRUE(c.alignment.runs[0].completed()) << c.alignment.runs[0].exit.stderrTail;
  EXPECT_TRUE(c.alignment.runs[0].earlierFiles.empty());
  EXPECT_GT(c.alignment.runs[0].ops, 0);
  EXPECT_FALSE(findEarlierFiles(c).has_value());
}

}  // namespace
}  // namespace detbench::trace
