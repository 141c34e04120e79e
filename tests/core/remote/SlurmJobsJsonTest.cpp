// The batch jobs' listing as JSON and back: everything the jobs window shows survives the trip,
// and what another machine sends that is not such a listing is refused in words.

#include "detbench/remote/SlurmJobsJson.hpp"

#include <gtest/gtest.h>

#include "detbench/base/Error.hpp"

namespace detbench::remote {
namespace {

using Listing = nlohmann::ordered_json;

std::vector<BatchStatus> twoBatches() {
  BatchTaskStatus pending;
  pending.index = 0;
  pending.name = "threads=4";
  pending.words = "pending (Priority: jobs of higher priority are ahead of it)";
  pending.slurm = SlurmJobState{"77_0", "PENDING", "Priority"};
  pending.finished = false;
  BatchTaskStatus gone;
  gone.index = 1;
  gone.words = "ended without its report";
  gone.answered = true;
  gone.finished = true;
  gone.why = "*** JOB 77 ON node1 CANCELLED AT 2026-01-01T00:00:00 DUE TO TIME LIMIT ***";
  BatchJobStatus job;
  job.name = "gpu-h100";
  job.id = "77";
  job.label = "gpu:h100, partition default";
  job.target = BatchTarget{"h100", "", "nvlink", "login1"};
  job.folder = "/shared/b1/gpu-h100";
  job.tasks = {pending, gone};
  BatchStatus ok;
  ok.folder = "/shared/b1";
  ok.name = "b1";
  ok.kind = "sweep";
  ok.op = "index_add";
  ok.device = "cuda";
  ok.jobs = {job};
  BatchStatus unreadable;
  unreadable.name = "b2";
  unreadable.unreadable = "/shared/b2/batch.json cannot be read";
  return {ok, unreadable};
}

TEST(SlurmJobsJsonTest, AListingSurvivesTheTripWhole) {
  const std::vector<BatchStatus> back =
      batchesFromJson(Listing::parse(batchesToJson(twoBatches()).dump()));
  ASSERT_EQ(back.size(), 2u);
  EXPECT_EQ(back[1].unreadable, "/shared/b2/batch.json cannot be read");
  const BatchStatus& b = back[0];
  EXPECT_EQ(b.kind, "sweep");
  EXPECT_EQ(b.op, "index_add");
  EXPECT_EQ(b.device, "cuda");
  ASSERT_EQ(b.jobs.size(), 1u);
  const BatchJobStatus& j = b.jobs[0];
  EXPECT_EQ(j.id, "77");
  EXPECT_EQ(j.label, "gpu:h100, partition default");
  EXPECT_EQ(j.target, (BatchTarget{"h100", "", "nvlink", "login1"}));
  EXPECT_TRUE(j.live());
  ASSERT_EQ(j.tasks.size(), 2u);
  ASSERT_TRUE(j.tasks[0].slurm);
  EXPECT_EQ(j.tasks[0].slurm->state, "PENDING");
  EXPECT_EQ(j.tasks[0].slurm->reason, "Priority");
  EXPECT_EQ(j.tasks[0].name, "threads=4");
  EXPECT_FALSE(j.tasks[0].finished);
  EXPECT_FALSE(j.tasks[1].slurm);
  EXPECT_TRUE(j.tasks[1].finished);
  EXPECT_TRUE(j.tasks[1].answered);
  EXPECT_FALSE(j.tasks[1].complete);
  EXPECT_EQ(j.tasks[1].why, twoBatches()[0].jobs[0].tasks[1].why);
}

TEST(SlurmJobsJsonTest, WhatIsNotAListingIsRefusedInWords) {
  const auto refused = [](const std::string& text) {
    try {
      batchesFromJson(Listing::parse(text));
    } catch (const InvalidArgument& e) {
      return e.message();
    }
    return std::string("accepted");
  };
  EXPECT_EQ(refused(R"({"batches":[]})"), "the listing is not a list of batches");
  EXPECT_NE(refused(R"([1])").find("number"), std::string::npos) << refused(R"([1])");
  EXPECT_NE(refused(R"([{"jobs":{}}])").find("\"jobs\" is not a list"), std::string::npos);
  EXPECT_NE(refused(R"([{"name":3}])").find("\"name\" is a number"), std::string::npos);
  EXPECT_NE(refused(R"([{"jobs":[{"tasks":[{"finished":"yes"}]}]}])").find("\"finished\""),
            std::string::npos);
  EXPECT_EQ(refused(R"([{"name":"b","jobs":[{"id":"1","tasks":[{"index":0}]}]}])"), "accepted");
  EXPECT_NE(refused(R"([{"jobs":[{"target":{"gpu_type":3}}]}])").find("\"target\""),
            std::string::npos);
  EXPECT_NE(refused(R"([{"jobs":[{"target":"h100"}]}])").find("\"target\""), std::string::npos);
  EXPECT_EQ(refused(R"([{"jobs":[{"target":null}]}])"), "accepted");  // a job of an older batch
}

}  // namespace
}  // namespace detbench::remote
