// Batch jobs through a cluster's login node, end to end with stand-ins: an ssh that runs the
// remote command with sh in the "login node's" home folder, and a Slurm there whose sbatch runs
// the array's tasks at once (srun --test-only agrees, squeue knows no job, so `jobs` reads the
// tasks' files). The real scheduler is tested by tests/remote/test_slurm_e2e.py.

#include "CliFixture.hpp"

#include <nlohmann/json.hpp>

#include "detbench/remote/SlurmJobsJson.hpp"

namespace detbench::testing {
namespace {

class SlurmThroughHost : public CliTest {
 protected:
  void SetUp() override {
    fs::create_directories(dir_ / "login" / "bin");
    fs::create_directories(dir_ / "tmp");
    write("login-ssh", "#!/bin/sh\nfor last; do :; done\ncd '" + (dir_ / "login").string() +
                           "' && PATH='" + (dir_ / "login" / "bin").string() +
                           "':$PATH exec sh -c \"$last\"\n");
    write("login/bin/srun", "#!/bin/sh\nexit 0\n");
    write("login/bin/squeue", "#!/bin/sh\nexit 1\n");
    write(
        "login/bin/sbatch",
        "#!/bin/sh\n"
        "for a; do case $a in --array=0-*) n=${a#--array=0-} ;; esac; script=$a; done\n"
        "i=0\n"
        "while [ \"$i\" -le \"$n\" ]; do SLURM_ARRAY_TASK_ID=$i sh \"$script\"; i=$((i+1)); done\n"
        "echo 4242\n");
  }
  void write(const std::string& name, const std::string& text) const {
    std::ofstream(dir_ / name) << text;
    fs::permissions(dir_ / name, fs::perms::owner_all);
  }
  std::string env() const {
    return "DETBENCH_SSH='" + (dir_ / "login-ssh").string() + "' TMPDIR='" +
           (dir_ / "tmp").string() + "'";
  }
  // A run of sum submitted as a batch through the login node.
  Result submit() {
    return run("run --op sum --size 4096 --trials 2 --warmup 0 --quiet --slurm --slurm-batch "
               "batches " +
                   hostOptions(),
               env());
  }
  static std::string hostOptions() {
    return "--host login.example --remote-detbench '" DETBENCH_CLI "'";
  }
};

TEST_F(SlurmThroughHost, ABatchIsSubmittedFollowedAndCollectedThroughTheLoginNode) {
  Result r = submit();
  ASSERT_EQ(r.code, 0) << r.err << r.out;
  EXPECT_NE(r.out.find("Submitted slurm: job 4242"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("Follow it: detbench jobs " + (dir_ / "login" / "batches").string() +
                       " --host login.example --remote-detbench"),
            std::string::npos)
      << r.out;
  EXPECT_TRUE(fs::is_directory(dir_ / "login" / "batches")) << "the batch lives on the login node";
  EXPECT_FALSE(fs::exists(dir_ / "batches"));

  r = run("jobs batches " + hostOptions(), env());
  ASSERT_EQ(r.code, 0) << r.err << r.out;
  EXPECT_NE(r.out.find("[0] sum: completed"), std::string::npos) << r.out;
  EXPECT_FALSE(fs::exists(dir_ / "reports"));

  r = run("jobs batches --collect " + hostOptions(), env());
  ASSERT_EQ(r.code, 0) << r.err << r.out;
  EXPECT_NE(r.out.find("report: reports/run-"), std::string::npos) << r.out;
  int reports = 0;
  for (const auto& e : fs::directory_iterator(dir_ / "reports")) {
    ++reports;
    EXPECT_NE(slurp(e.path()).find("\"name\": \"sum\""), std::string::npos) << e.path();
  }
  EXPECT_EQ(reports, 1);
  EXPECT_FALSE(fs::exists(dir_ / "login" / "reports")) << "collected into the login node's home";
  EXPECT_TRUE(fs::is_empty(dir_ / "tmp")) << "the login node kept its temporary folder";
}

TEST_F(SlurmThroughHost, TheJsonListingAndTheCollectedReportsComeBackWhole) {
  Result r = submit();
  ASSERT_EQ(r.code, 0) << r.err << r.out;
  r = run("jobs batches --json --collect --job 4242 " + hostOptions(), env());
  ASSERT_EQ(r.code, 0) << r.err << r.out;
  const auto answer = nlohmann::ordered_json::parse(r.out, nullptr, false);
  ASSERT_TRUE(answer.is_object()) << r.out;
  const auto batches = remote::batchesFromJson(answer.at("batches"));
  ASSERT_EQ(batches.size(), 1u);
  ASSERT_EQ(batches[0].jobs.size(), 1u);
  EXPECT_EQ(batches[0].jobs[0].id, "4242");
  ASSERT_EQ(batches[0].jobs[0].tasks.size(), 1u);
  EXPECT_TRUE(batches[0].jobs[0].tasks[0].complete);
  ASSERT_EQ(answer.at("collected").size(), 1u);
  const auto& collected = answer.at("collected")[0];
  EXPECT_EQ(collected.value("collected", ""), "written");
  EXPECT_EQ(collected.at("report").at("op").value("name", ""), "sum") << collected.dump();
  EXPECT_TRUE(answer.at("cancelled").empty());
  EXPECT_TRUE(fs::exists(dir_ / collected.value("file", "none"))) << "written here as well";

  // --job limits --collect to that job: another id collects nothing.
  r = run("jobs batches --json --collect --job 1 " + hostOptions(), env());
  ASSERT_EQ(r.code, 0) << r.err << r.out;
  EXPECT_TRUE(nlohmann::ordered_json::parse(r.out).at("collected").empty()) << r.out;
}

TEST_F(SlurmThroughHost, TheLoginNodesRefusalsAreOneLineAndExitTwo) {
  Result r = run("jobs nowhere " + hostOptions(), env());
  EXPECT_EQ(r.code, 2);
  EXPECT_EQ(lines(r.err), 1) << r.err;
  EXPECT_NE(r.err.find("nowhere is not a folder"), std::string::npos) << r.err;
  r = run("run --op sum --size 4096 --slurm-batch batches " + hostOptions(), env());
  EXPECT_EQ(r.code, 2);
  EXPECT_EQ(lines(r.err), 1) << r.err;
  EXPECT_NE(r.err.find("go with --slurm"), std::string::npos) << r.err;
  EXPECT_FALSE(fs::exists(dir_ / "login" / "batches"));
  r = run("jobs batches --host a --host b", env());
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("one host"), std::string::npos) << r.err;
}

}  // namespace
}  // namespace detbench::testing
