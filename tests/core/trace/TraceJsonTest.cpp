// The trace's JSON: a value the traced script wrote (a setting's JSON text) is parsed only when
// it is not nested past 64 levels; one nested 100,000 deep stays the text it is, and the
// document writes out (no JSON from outside is walked without a bound). A job's pool names the
// rank each task worked for.

#include <gtest/gtest.h>

#include <string>

#include "detbench/trace/TraceAlignment.hpp"
#include "detbench/trace/TraceJob.hpp"
#include "detbench/trace/TraceReport.hpp"

namespace detbench::trace {
namespace {

TEST(TraceJson, ADeeplyNestedValueFromTheScriptStaysText) {
  TraceStart start;
  const std::string deep = std::string(100000, '[') + std::string(100000, ']');
  start.applied = {{"seed", "7"}, {"odd", deep}};
  TraceRunSummary run;
  run.start = start;
  TraceConfigResult config;
  config.alignment.runs.push_back(run);
  TraceDocument doc;
  doc.result.configs.push_back(config);
  std::string text;
  ASSERT_NO_THROW(text = traceToJson(doc).dump());
  EXPECT_NE(text.find(R"("seed":7)"), std::string::npos);
  EXPECT_NE(text.find(R"("odd":"[[[[)"), std::string::npos);
}

TEST(TraceJson, APoolsTasksSayWhichRankTheyWorkedFor) {
  TraceConfigResult config;
  config.alignment.runs.resize(1);
  TraceRankResult pool;
  pool.rank = kPoolRank;
  pool.alignment.threads = {{1, "rank 0, task 0: work"}, {2, "rank 1, task 0: work"}};
  pool.taskOwners = {0, 1};
  config.job.pool = pool;
  config.job.poolTasks = 2;
  config.job.ranks.resize(2);
  config.job.ranks[1].rank = 1;
  config.job.ranks[1].inherited.push_back({1, 0, "aten::stack", kPoolRank, {2}});
  TraceDocument doc;
  doc.result.configs.push_back(config);
  const auto j = traceToJson(doc);
  const auto& job = j.at("configurations").at(0).at("job");
  const auto& threads = job.at("pool").at("threads");
  ASSERT_EQ(threads.size(), 2u);
  EXPECT_EQ(threads[0].at("rank"), 0);
  EXPECT_EQ(threads[1].at("rank"), 1);
  EXPECT_EQ(threads[1].at("name"), "rank 1, task 0: work");
  const auto& inherited = job.at("ranks").at(1).at("inherited_from_ranks").at(0);
  EXPECT_EQ(inherited.at("from"), "pool");
  EXPECT_TRUE(inherited.at("from_rank").is_null());
  // The script's own pool: no rank.
  config.job.pool->taskOwners.clear();
  doc.result.configs = {config};
  EXPECT_TRUE(traceToJson(doc)
                  .at("configurations")
                  .at(0)
                  .at("job")
                  .at("pool")
                  .at("threads")
                  .at(0)
                  .at("rank")
                  .is_null());
}

}  // namespace
}  // namespace detbench::trace
