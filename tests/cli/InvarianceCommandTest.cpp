// `detbench invariance`: the verdict in words and in the exit code with --expect-invariant, the
// JSON written whole, and bad lists (threads, devices, batch sizes) refused with one line and
// exit 2 before anything runs.
// Only deterministic configurations here: nothing waits on threads to race.

#include <gtest/gtest.h>

#include <string>

#include <nlohmann/json.hpp>

#include "CliFixture.hpp"

namespace {

using namespace detbench::testing;

constexpr const char* kDeterministic =
    "invariance --op index_add --size 262144 -p rows=64 --deterministic error -n 3 -w 0 -q ";

TEST_F(CliTest, InvarianceSaysWhichLevelItMeasured) {
  const Result threads =
      run(std::string(kDeterministic) + "--threads-list 1,2,4 --expect-invariant --out t.json");
  ASSERT_EQ(threads.code, 0) << threads.out << threads.err;
  EXPECT_NE(threads.out.find("thread_count_invariant"), std::string::npos) << threads.out;
  const auto j = nlohmann::json::parse(slurp(dir_ / "t.json"));
  EXPECT_EQ(j["measured"], "thread_count_invariant");
  EXPECT_EQ(j["points"].size(), 3u);

  // The privatised deterministic form is not the sequential cpu device's order.
  const Result devices =
      run(std::string(kDeterministic) + "--devices cpu,cpu-threads --expect-invariant");
  EXPECT_EQ(devices.code, 1) << devices.out << devices.err;
  EXPECT_NE(devices.out.find("run_to_run"), std::string::npos) << devices.out;
  EXPECT_NE(devices.out.find("differs from cpu"), std::string::npos) << devices.out;

  // --device plays no part on the devices axis (cuda is not there on CI's machines).
  const Result json =
      run("invariance --op sum -n 2 -q --devices cpu,cpu-threads --device cuda --json");
  ASSERT_EQ(json.code, 0) << json.err;
  EXPECT_EQ(nlohmann::json::parse(json.out)["measured"], "device_invariant");
}

TEST_F(CliTest, InvarianceRefusesBadListsWithOneLine) {
  for (const std::string bad :
       {"--threads-list 1,2 --devices cpu,cpu-threads", "", "--threads-list ''",
        "--threads-list 1,,2", "--threads-list 1,x", "--threads-list 0,2", "--threads-list 2,2",
        "--threads-list 4", "--devices cpu", "--devices cpu,nope", "--devices cpu,cuda",
        "--threads-list 1,2 --device cpu"}) {
    const Result b = run("invariance --op sum -n 2 -q " + bad + " --out never.json");
    EXPECT_EQ(b.code, 2) << bad << ": " << b.out;
    EXPECT_EQ(lines(b.err), 1) << bad << ": " << b.err;
    EXPECT_FALSE(fs::exists(dir_ / "never.json")) << bad;
  }
}

TEST_F(CliTest, BatchInvarianceSaysWhetherARowDependsOnItsBatch) {
  // 32 rows on 4 threads: matmul's default form splits k below 25 rows.
  const std::string base =
      "invariance --op matmul --size 32 -p n=16 -p k=1024 --threads 4 -n 2 -w 0 -q ";
  const Result split = run(base + "--batches 1,8,16 --other-rows --expect-invariant --out b.json");
  EXPECT_EQ(split.code, 1) << split.out << split.err;
  EXPECT_NE(split.out.find("Measured: run_to_run"), std::string::npos) << split.out;
  EXPECT_NE(split.out.find("the batch size changes the bits"), std::string::npos) << split.out;
  const auto j = nlohmann::json::parse(slurp(dir_ / "b.json"));
  EXPECT_EQ(j["axis"], "batches");
  ASSERT_EQ(j["points"].size(), 4u);
  EXPECT_EQ(j["points"][1]["rows"], 1);
  EXPECT_EQ(j["points"][1]["equal_to_first"], false);
  EXPECT_EQ(j["points"][2]["compared_among_others"], true);
  EXPECT_EQ(j["points"][2]["equal_among_others"], true);
  EXPECT_NE(split.out.find("; the same among other rows"), std::string::npos) << split.out;

  const Result invariant = run(base +
                               "-p batch_invariant=1 --batches auto --expect-invariant "
                               "--markdown b.md");
  EXPECT_EQ(invariant.code, 0) << invariant.out << invariant.err;
  EXPECT_NE(invariant.out.find("Measured: batch_invariant"), std::string::npos) << invariant.out;
  const std::string md = slurp(dir_ / "b.md");
  EXPECT_NE(md.find("- measured: **batch_invariant**"), std::string::npos) << md;
  EXPECT_NE(md.find("| 16 rows | repeats |"), std::string::npos) << md;
  EXPECT_NE(md.find("| identical | identical |"), std::string::npos) << md;
}

TEST_F(CliTest, BatchInvarianceRefusesBadBatchListsWithOneLine) {
  for (const std::string bad :
       {"--op matmul --batches ''", "--op matmul --batches 1,,2", "--op matmul --batches 1,x",
        "--op matmul --batches 0,2", "--op matmul --batches 2,1", "--op matmul --batches 2,2",
        "--op matmul --batches 1,600", "--op matmul --batches 512", "--op sum --batches 1,2",
        "--op matmul -p streams=2 --batches 1", "--op matmul --batches 1 --devices cpu,cpu",
        "--op matmul --batches 1 --markdown never.json", "--op sum --other-rows",
        "--op matmul --threads-list 1,2 --other-rows"}) {
    const Result b = run("invariance --size 512 -n 2 -q " + bad + " --out never.json");
    EXPECT_EQ(b.code, 2) << bad << ": " << b.out;
    EXPECT_EQ(lines(b.err), 1) << bad << ": " << b.err;
    EXPECT_FALSE(fs::exists(dir_ / "never.json")) << bad;
  }
}

}  // namespace
