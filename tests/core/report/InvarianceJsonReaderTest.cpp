// An invariance run's JSON read back: every axis written, read and written again gives the same
// text; what is not an invariance run, or disagrees with its runs, is refused by name.

#include "detbench/report/InvarianceJsonReader.hpp"

#include <gtest/gtest.h>

#include "detbench/base/Error.hpp"
#include "detbench/cpu/CpuBackends.hpp"
#include "detbench/report/Environment.hpp"
#include "detbench/report/InvarianceJson.hpp"

namespace detbench {
namespace {

using json = nlohmann::ordered_json;

struct InvarianceJsonReaderTest : ::testing::Test {
  InvarianceJsonReaderTest() {
    registry.add(cpu::makeCpuBackend());
    registry.add(cpu::makeCpuThreadsBackend());
  }
  static RunRequest request(const char* op) {
    RunRequest r;
    r.op = op;
    r.device = "cpu-threads";
    r.trials = 3;
    r.warmup = 0;
    return r;
  }
  json written(const RunRequest& r, const InvariancePlan& plan) const {
    const InvarianceResult result = runInvariance(TrialRunner(registry), r, plan);
    return invarianceToJson(result, collectEnvironment(registry),
                            ReportViewer{"desk", "0.1.0", "ssh me@box"});
  }
  BackendRegistry registry;
};

TEST_F(InvarianceJsonReaderTest, EveryAxisReadsBackToTheSameJson) {
  RunRequest matmul = request("matmul");
  matmul.params = {{"size", 16}, {"n", 8}, {"k", 256}};
  RunRequest sum = request("sum");
  sum.params = {{"size", 4096}};
  InvariancePlan batches{InvarianceAxis::Batches, {}, {}, {1, 2, 4}};
  batches.otherRows = true;
  const std::pair<RunRequest, InvariancePlan> cases[] = {
      {sum, {InvarianceAxis::Threads, {1, 2}, {}, {}}},
      {sum, {InvarianceAxis::Devices, {}, {"cpu", "cpu-threads"}, {}}},
      {matmul, batches}};
  for (const auto& [r, plan] : cases) {
    const json j = written(r, plan);
    const InvarianceDocument doc = invarianceFromJson(j);
    EXPECT_EQ(doc.result.points.size(), j["points"].size());
    EXPECT_EQ(doc.context.host, j["report"]["context"]["host"].get<std::string>());
    // The viewer is the asker's, not part of the run: compare without it.
    json expected = j;
    expected["report"].erase("viewer");
    EXPECT_EQ(invarianceToJson(doc.result, doc.context).dump(), expected.dump())
        << toString(plan.axis);
  }
}

TEST_F(InvarianceJsonReaderTest, RefusesWhatIsNotAnInvarianceRunByName) {
  RunRequest sum = request("sum");
  sum.params = {{"size", 1024}};
  const json good = written(sum, {InvarianceAxis::Threads, {1, 2}, {}, {}});
  const auto message = [](const json& j) {
    try {
      invarianceFromJson(j);
    } catch (const InvalidArgument& e) {
      return e.message();
    }
    return std::string("accepted");
  };
  json j = good;
  j["format"] = "detbench-report";
  EXPECT_NE(message(j).find("\"format\""), std::string::npos) << message(j);
  j = good;
  j["schema_version"] = 99;
  EXPECT_NE(message(j).find("schema version 99"), std::string::npos) << message(j);
  j = good;
  j["axis"] = "colours";
  EXPECT_NE(message(j).find("unknown axis"), std::string::npos) << message(j);
  j = good;
  j["points"].erase(1);
  EXPECT_NE(message(j).find("1 points but 2 runs"), std::string::npos) << message(j);
  j = good;
  j["points"][0].erase("equal_to_first");
  EXPECT_NE(message(j).find("equal_to_first"), std::string::npos) << message(j);
  j = good;
  j["points"][1]["max_ulp"] = -1;
  EXPECT_NE(message(j).find("max_ulp"), std::string::npos) << message(j);
}

}  // namespace
}  // namespace detbench
