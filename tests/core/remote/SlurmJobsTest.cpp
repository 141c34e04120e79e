// Batch jobs as `detbench jobs` and the workbench list them: squeue's state for the tasks Slurm
// still knows (a stand-in squeue on PATH answers), the files' word for the others, a finished
// task's answers (written here by a serve session, as `detbench serve --stdio` writes them on a
// node) collected into the report a live run gives, and scancel for a job that is cancelled.

#include "detbench/remote/SlurmJobs.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "detbench/base/Error.hpp"
#include "detbench/cpu/CpuBackends.hpp"
#include "detbench/io/InputFiles.hpp"
#include "detbench/remote/ServeSession.hpp"
#include "detbench/remote/SlurmBatch.hpp"

namespace detbench::remote {
namespace {

namespace fs = std::filesystem;
using Manifest = nlohmann::ordered_json;

void writeText(const fs::path& path, const std::string& text) {
  std::ofstream(path, std::ios::binary) << text;
}

// What `detbench serve --stdio` writes for a task's input, run here in process.
std::string servedAnswers(const std::string& input) {
  BackendRegistry registry;
  registry.add(cpu::makeCpuBackend());
  std::string answers;
  {
    ServeSession session(registry, [&answers](const std::string& line) {
      answers += line + "\n";
      return true;
    });
    session.hello();
    std::istringstream lines(input);
    std::string line;
    while (std::getline(lines, line) && session.handleLine(line)) {
    }
    session.finish();
  }
  return answers;
}

struct SlurmJobsTest : ::testing::Test {
  SlurmJobsTest()
      : dir(fs::temp_directory_path() / ("detbench-jobs-" + std::to_string(::getpid()))),
        path(std::getenv("PATH") ? std::getenv("PATH") : "") {
    fs::remove_all(dir);
    fs::create_directories(dir / "bin");
    ::setenv("PATH", ((dir / "bin").string() + ":" + path).c_str(), 1);
    // squeue knows task 0 of job 77, pending; job 78 has left its queue.
    standIn("squeue", "case \"$*\" in *77*) echo '77_0|PENDING|Priority';; esac");
    standIn("scancel", "echo \"$*\" >> '" + (dir / "scancel.log").string() + "'");
  }
  ~SlurmJobsTest() override {
    ::setenv("PATH", path.c_str(), 1);
    fs::remove_all(dir);
  }
  void standIn(const std::string& name, const std::string& body) {
    const fs::path p = dir / "bin" / name;
    writeText(p, "#!/bin/sh\n" + body + "\n");
    fs::permissions(p, fs::perms::owner_all);
  }
  // A batch of two runs of sum on cpu: job 77 (queued, nothing written) and job 78 (ran).
  void writeBatch() {
    const Manifest request = {{"op", "sum"},     {"params", {{"size", 4096}}},
                              {"device", "cpu"}, {"trials", 3},
                              {"warmup", 0},     {"data_seed", 5}};
    const std::string input = batchTaskInput(Manifest{{"type", "run"}, {"request", request}});
    Manifest jobs = Manifest::array();
    for (const char* name : {"gpu-a100", "gpu-h100"}) {
      fs::create_directories(dir / "b1" / name);
      writeText(dir / "b1" / name / "task-0.in", input);
      const std::string id = std::string(name) == "gpu-a100" ? "77" : "78";
      jobs.push_back({{"name", name},
                      {"job_id", id},
                      {"label", std::string("gpu:") + (name + 4)},
                      {"folder", name},
                      {"tasks", Manifest::array({{{"index", 0}, {"name", ""}}})}});
      // The a100 job as batch.json has it today; the h100 job as an older one wrote it.
      if (id == "77") jobs.back()["target"] = {{"gpu_type", "a100"}, {"partition", "debug"}};
    }
    writeText(dir / "b1" / "gpu-h100" / "task-0.out", servedAnswers(input));
    writeText(
        dir / "b1" / "batch.json",
        Manifest{{"batch", "b1"}, {"kind", "run"}, {"op", "sum"}, {"device", "cpu"}, {"jobs", jobs}}
            .dump());
  }
  fs::path dir;
  std::string path;
};

TEST_F(SlurmJobsTest, TasksCarrySqueuesStateOrWhatTheirFilesSay) {
  writeBatch();
  const auto batches = listBatches(dir.string());
  ASSERT_EQ(batches.size(), 1u);
  const BatchStatus& b = batches[0];
  EXPECT_EQ(b.name, "b1");
  EXPECT_EQ(b.op, "sum");
  ASSERT_EQ(b.jobs.size(), 2u);
  const BatchJobStatus& queued = b.jobs[0];
  EXPECT_EQ(queued.id, "77");
  EXPECT_EQ(queued.target, (BatchTarget{"a100", "debug", "", ""}));
  EXPECT_FALSE(b.jobs[1].target);
  ASSERT_EQ(queued.tasks.size(), 1u);
  EXPECT_EQ(queued.tasks[0].words.rfind("pending", 0), 0u) << queued.tasks[0].words;
  EXPECT_NE(queued.tasks[0].words.find("ority"), std::string::npos) << queued.tasks[0].words;
  EXPECT_TRUE(queued.live());
  const BatchJobStatus& ran = b.jobs[1];
  ASSERT_EQ(ran.tasks.size(), 1u);
  EXPECT_EQ(ran.tasks[0].words, "completed");
  EXPECT_TRUE(ran.tasks[0].complete);
  EXPECT_TRUE(ran.finished());
  EXPECT_EQ(collectedReportName(b, ran), "run-b1-gpu-h100.json");
}

TEST_F(SlurmJobsTest, AFinishedJobIsCollectedIntoTheReportOfItsRun) {
  writeBatch();
  const auto batches = listBatches(dir.string());
  const CollectedJob c = collectBatchJob(batches[0], batches[0].jobs[1]);
  EXPECT_FALSE(c.cut);
  EXPECT_TRUE(c.taskErrors.empty());
  ASSERT_EQ(c.report.runs.size(), 1u);
  EXPECT_EQ(c.report.runs[0].op, "sum");
  EXPECT_EQ(c.report.runs[0].trials.size(), 3u);
  // The queued job has written nothing: nothing comes, and it says the job was cut.
  const CollectedJob none = collectBatchJob(batches[0], batches[0].jobs[0]);
  EXPECT_TRUE(none.report.runs.empty());
  EXPECT_TRUE(none.cut);
}

TEST_F(SlurmJobsTest, AJobGoneFromTheQueueWithoutAnswersSaysSo) {
  writeBatch();
  fs::remove(dir / "b1" / "gpu-h100" / "task-0.out");
  standIn("squeue", "exit 0");
  const auto batches = listBatches(dir.string());
  EXPECT_EQ(batches[0].jobs[0].tasks[0].words, "gone (no answers)");
  EXPECT_TRUE(batches[0].jobs[0].finished());
  writeText(dir / "b1" / "gpu-a100" / "task-0.out", "{\"type\":\"hello\"}\n");
  EXPECT_EQ(listBatches(dir.string())[0].jobs[0].tasks[0].words, "ended without its report");
}

TEST_F(SlurmJobsTest, CancelAsksScancelForTheJob) {
  writeBatch();
  const auto batches = listBatches(dir.string());
  const CommandResult r = cancelBatchJob(batches[0].jobs[0]);
  EXPECT_EQ(r.exitCode, 0) << r.errors;
  EXPECT_EQ(readFile((dir / "scancel.log").string()), "77\n");
}

TEST_F(SlurmJobsTest, AFolderWithoutBatchesIsRefused) {
  EXPECT_THROW(listBatches((dir / "nothing").string()), InvalidArgument);
  EXPECT_THROW(listBatches((dir / "bin").string()), InvalidArgument);
  fs::create_directories(dir / "b2");
  writeText(dir / "b2" / "batch.json", "not json");
  const auto batches = listBatches(dir.string());
  ASSERT_EQ(batches.size(), 1u);
  EXPECT_NE(batches[0].unreadable.find("cannot be read"), std::string::npos);
}

TEST(BatchTargetTest, ItsFieldsComeBackAndAnythingElseIsNoTarget) {
  SlurmTarget t;
  t.gpuType = "h100";
  t.partition = "gpu-long";
  t.constraint = "nvlink";
  t.timeLimit = "30";
  const BatchTarget b = batchTargetOf(t, "login1");
  EXPECT_EQ(b, (BatchTarget{"h100", "gpu-long", "nvlink", "login1"}));
  EXPECT_EQ(batchTargetFromJson(batchTargetToJson(b)), b);
  EXPECT_EQ(batchTargetFromJson(Manifest::object()), BatchTarget{});
  EXPECT_FALSE(batchTargetFromJson(Manifest{{"gpu_type", 1}}));
  EXPECT_FALSE(batchTargetFromJson(Manifest("h100")));
}

}  // namespace
}  // namespace detbench::remote
