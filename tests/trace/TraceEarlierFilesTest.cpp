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
  TraceResult traceAll(int runs, const std::string& script, int configs) {
    TracePlan plan;
    plan.secondPass = false;
    plan.command = parseScriptCommand({kTracePython, kScripts + "/" + script, folder_.string()});
    plan.runs = runs;
    for (int c = 0; c < configs; ++c) plan.configs.push_back({"c" + std::to_string(c + 1), {}});
    return runTrace(plan, checkPython(plan.command, ""));
  }
  TraceConfigResult trace(int runs) {
    TraceResult r = traceAll(runs, "resume_checkpoint.py", 1);
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

// A file the first configuration's first run made and every later run reads: that
// configuration's runs part (run 1 drew what run 2 read); the second's agree, but neither of its
// runs started without the file, which the trace says rather than letting the agreement stand
// for runs from the start.
TEST_F(TraceEarlierFiles, RunsThatAgreeFromAnEarlierRunsFileSaySo) {
  const TraceResult r = traceAll(2, "cached_weights.py", 2);
  ASSERT_EQ(r.configs.size(), 2u);
  const TraceConfigResult& first = r.configs[0];
  const TraceConfigResult& second = r.configs[1];
  EXPECT_FALSE(first.reproducible());
  const std::optional<EarlierFilesFinding> parted = findEarlierFiles(first);
  ASSERT_TRUE(parted.has_value());
  EXPECT_FALSE(parted->agree);
  EXPECT_EQ(parted->runs, (std::vector<int>{2}));
  ASSERT_TRUE(parted->first->site.has_value());
  EXPECT_EQ(parted->first->site->line, lineOf("cached_weights.py", "# CACHED"));
  EXPECT_TRUE(second.reproducible()) << describeVerdict(second);
  const std::optional<EarlierFilesFinding> agreed = findEarlierFiles(second);
  ASSERT_TRUE(agreed.has_value());
  EXPECT_TRUE(agreed->agree);
  EXPECT_EQ(agreed->runs, (std::vector<int>{1, 2}));
  const std::string text = describeEarlierFiles(second);
  EXPECT_NE(text.find("The runs agree starting from it; runs without it were not compared"),
            std::string::npos)
      << text;
}

}  // namespace
}  // namespace detbench::trace
