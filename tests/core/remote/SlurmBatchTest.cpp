// A batch submission's pieces: what a task reads, the script and sbatch's command, sbatch's and
// squeue's answers read back, and a task's answers known complete or cut.

#include "detbench/remote/SlurmBatch.hpp"

#include <gtest/gtest.h>

namespace detbench::remote {
namespace {

using json = nlohmann::ordered_json;

TEST(SlurmBatchTest, ATaskReadsTheEnvironmentItsJobAndBye) {
  const std::string in = batchTaskInput(json{{"type", "run"}, {"request", json::object()}});
  EXPECT_EQ(in,
            "{\"id\":1,\"type\":\"env\"}\n{\"type\":\"run\",\"request\":{},\"id\":2}\n"
            "{\"type\":\"bye\"}\n");
}

TEST(SlurmBatchTest, TheScriptRunsTheTaskOfItsArrayIndex) {
  const std::string script = batchJobScript("/opt/det bench/detbench", "/shared/it's");
  EXPECT_EQ(script.rfind("#!/bin/sh\n", 0), 0u);
  EXPECT_NE(script.find("task=\"${SLURM_ARRAY_TASK_ID:-0}\""), std::string::npos) << script;
  EXPECT_NE(script.find("exec '/opt/det bench/detbench' serve --stdio < '/shared/it'\\''s'/"
                        "task-\"$task\".in > '/shared/it'\\''s'/task-\"$task\".out"),
            std::string::npos)
      << script;
}

TEST(SlurmBatchTest, SbatchAsksForAnArrayInTheTargetsTerms) {
  SlurmTarget t;
  t.jobName = "ignored";
  t.partition = "gpu";
  t.gpuType = "a100";
  const std::vector<std::string> expected{"sbatch",
                                          "--parsable",
                                          "--job-name=detbench-batch-x",
                                          "--nodes=1",
                                          "--ntasks=1",
                                          "--partition=gpu",
                                          "--gres=gpu:a100:1",
                                          "--array=0-2",
                                          "--output=/d/task-%a.log",
                                          "/d/job.sh"};
  EXPECT_EQ(sbatchCommand(t, "detbench-batch-x", 3, "/d"), expected);
}

TEST(SlurmBatchTest, AnswersOfSbatchAndSqueueAreRead) {
  EXPECT_EQ(parseSbatchId("123\n"), "123");
  EXPECT_EQ(parseSbatchId("123;cluster2\n"), "123");
  EXPECT_FALSE(parseSbatchId("sbatch: error: Batch job submission failed"));
  EXPECT_FALSE(parseSbatchId(""));
  EXPECT_EQ(arrayTaskIndex("123_4"), 4);
  EXPECT_FALSE(arrayTaskIndex("123"));
  EXPECT_FALSE(arrayTaskIndex("123_[0-3]"));
  EXPECT_FALSE(arrayTaskIndex("123_"));
}

TEST(SlurmBatchTest, ATaskIsCompleteOnlyWithItsJobsLastMessage) {
  const std::string start =
      "{\"type\":\"hello\",\"protocol\":1}\n{\"id\":1,\"type\":\"env\"}\n"
      "{\"id\":2,\"type\":\"started\"}\n";
  EXPECT_FALSE(batchOutputComplete(start));
  EXPECT_FALSE(batchOutputComplete(start + "{\"id\":2,\"type\":\"rep"));  // cut in a line
  EXPECT_TRUE(batchOutputComplete(start + "{\"id\":2,\"type\":\"report\",\"report\":{}}\n"));
  EXPECT_TRUE(batchOutputComplete("{\"id\":2,\"type\":\"error\",\"message\":\"x\"}\n"));
  EXPECT_FALSE(batchOutputComplete("{\"id\":1,\"type\":\"report\"}\n"));
}

}  // namespace
}  // namespace detbench::remote
