// Slurm's commands as detbench writes them, and what it reads back from squeue: the options in
// the scheduler's terms, values that srun would read as options refused, squeue's line parsed,
// the states in words, and a Slurm job's facts taken from its environment.

#include "detbench/remote/SlurmTarget.hpp"

#include <gtest/gtest.h>

#include <map>

#include "detbench/base/Error.hpp"
#include "detbench/remote/SshTarget.hpp"
#include "detbench/report/Environment.hpp"

namespace detbench::remote {
namespace {

SlurmTarget target() {
  SlurmTarget t;
  t.jobName = "detbench-1-0";
  return t;
}

TEST(SlurmTargetTest, TheServeCommandSaysTheJobInSlurmsTerms) {
  SlurmTarget t = target();
  t.partition = "gpu";
  t.gpuType = "h100";
  t.constraint = "nvlink";
  t.timeLimit = "30";
  t.account = "lab";
  t.qos = "short";
  t.srunOptions = {"--mem=8G"};
  t.remoteDetbench = "/opt/detbench/bin/detbench";
  const std::vector<std::string> expected{"srun",
                                          "--job-name=detbench-1-0",
                                          "--nodes=1",
                                          "--ntasks=1",
                                          "--partition=gpu",
                                          "--gres=gpu:h100:1",
                                          "--constraint=nvlink",
                                          "--time=30",
                                          "--account=lab",
                                          "--qos=short",
                                          "--mem=8G",
                                          "--unbuffered",
                                          "--",
                                          "/opt/detbench/bin/detbench",
                                          "serve",
                                          "--stdio"};
  EXPECT_EQ(srunServeCommand(t), expected);
}

TEST(SlurmTargetTest, TheDefaultsAskForNothingTheClusterDoesNotDefault) {
  const std::vector<std::string> expected{"srun",         "--job-name=detbench-1-0",
                                          "--nodes=1",    "--ntasks=1",
                                          "--unbuffered", "--",
                                          "detbench",     "serve",
                                          "--stdio"};
  EXPECT_EQ(srunServeCommand(target()), expected);
  const auto test = srunTestCommand(target());
  ASSERT_GE(test.size(), 3u);
  EXPECT_EQ(test[1], "--test-only");
  EXPECT_EQ(test.back(), "true");
}

TEST(SlurmTargetTest, ValuesThatSrunWouldReadAsOptionsAreRefused) {
  for (const auto& set : std::vector<void (*)(SlurmTarget&)>{
           [](SlurmTarget& t) { t.partition = "--exclusive"; },
           [](SlurmTarget& t) { t.gpuType = "h100 a100"; },
           [](SlurmTarget& t) { t.gpuType = "h100:2"; },
           [](SlurmTarget& t) { t.timeLimit = "1\n0"; },
           [](SlurmTarget& t) { t.account = "-x"; },
           [](SlurmTarget& t) { t.srunOptions = {"mem=8G"}; },
           [](SlurmTarget& t) { t.jobName.clear(); },
       }) {
    SlurmTarget t = target();
    set(t);
    EXPECT_THROW(checkSlurmTarget(t), InvalidArgument);
    EXPECT_THROW(srunServeCommand(t), InvalidArgument);
  }
}

TEST(SlurmTargetTest, AJobHasAGpuByTypeOrByAnSrunOption) {
  SlurmTarget t = target();
  EXPECT_FALSE(slurmJobHasGpu(t));
  t.srunOptions = {"--mem=1G"};
  EXPECT_FALSE(slurmJobHasGpu(t));
  for (const std::string o : {"--gres=gpu:1", "--gpus=1", "--gpus-per-node=2", "-G1"}) {
    t.srunOptions = {o};
    EXPECT_TRUE(slurmJobHasGpu(t)) << o;
  }
  t.srunOptions.clear();
  t.gpuType = "a100";
  EXPECT_TRUE(slurmJobHasGpu(t));
}

TEST(SlurmTargetTest, SqueuesLineIsReadAndSaidInWords) {
  const auto s = parseSqueueLine("12|PENDING|PartitionDown\n");
  ASSERT_TRUE(s);
  EXPECT_EQ(s->id, "12");
  EXPECT_EQ(s->state, "PENDING");
  EXPECT_EQ(s->reason, "PartitionDown");
  EXPECT_EQ(describeSlurmState(*s), "job 12 pending (PartitionDown: the partition is down)");
  EXPECT_EQ(describeSlurmState({"7", "RUNNING", "None"}), "job 7 running");
  EXPECT_EQ(describeSlurmState({"7", "PENDING", "SomethingNew"}), "job 7 pending (SomethingNew)");
  EXPECT_FALSE(parseSqueueLine(""));
  EXPECT_FALSE(parseSqueueLine("slurm_load_jobs error: Unable to contact slurm controller"));
  EXPECT_FALSE(parseSqueueLine("|PENDING|x"));
}

TEST(SlurmTargetTest, AJobSlurmIsStillEndingIsAskedAgainForItsEnd) {
  EXPECT_TRUE(slurmStateIsEnding("COMPLETING"));
  EXPECT_TRUE(slurmStateIsEnding("RUNNING"));
  EXPECT_FALSE(slurmStateIsEnding("PREEMPTED"));
  EXPECT_FALSE(slurmStateIsEnding("TIMEOUT"));
  EXPECT_FALSE(slurmStateIsEnding("NODE_FAIL"));
  EXPECT_FALSE(slurmStateIsEnding("CANCELLED"));
  EXPECT_FALSE(slurmStateIsEnding("PENDING"));  // requeued: its state says so now
}

TEST(SlurmTargetTest, OnlyReasonsThatNeverPassEndAWait) {
  EXPECT_TRUE(slurmReasonNeverPasses("PartitionTimeLimit"));
  EXPECT_TRUE(slurmReasonNeverPasses("BadConstraints"));
  for (const char* r : {"Resources", "Priority", "PartitionDown", "NodeDown", "None", ""}) {
    EXPECT_FALSE(slurmReasonNeverPasses(r)) << r;
  }
}

TEST(SlurmTargetTest, ALoginNodeRunsTheCommandQuotedForItsShell) {
  SshTarget login;
  login.destination = "me@login";
  const auto argv = sshCommand(login, {"squeue", "--name=a b", "it's"});
  ASSERT_GE(argv.size(), 3u);
  EXPECT_EQ(argv[argv.size() - 2], "me@login");
  EXPECT_EQ(argv.back(), "'squeue' '--name=a b' 'it'\\''s'");
}

TEST(SlurmTargetTest, AJobsFactsComeFromItsEnvironment) {
  const std::map<std::string, std::string> vars{{"SLURM_JOB_ID", "12"},
                                                {"SLURM_JOB_PARTITION", "gpu"},
                                                {"SLURMD_NODENAME", "node3"},
                                                {"SLURM_STEP_GPUS", "1"},
                                                {"CUDA_VISIBLE_DEVICES", "1"}};
  const auto lookup = [&vars](const char* name) -> const char* {
    const auto it = vars.find(name);
    return it == vars.end() ? nullptr : it->second.c_str();
  };
  const std::vector<std::pair<std::string, std::string>> expected{{"job_id", "12"},
                                                                  {"partition", "gpu"},
                                                                  {"node", "node3"},
                                                                  {"gpus", "1"},
                                                                  {"cuda_visible_devices", "1"}};
  EXPECT_EQ(slurmJobFacts(lookup), expected);
  EXPECT_TRUE(slurmJobFacts([](const char*) -> const char* { return nullptr; }).empty());
}

}  // namespace
}  // namespace detbench::remote
