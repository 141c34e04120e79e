// Golden tests: the JSON and Markdown reports of fixed documents must match the files in
// tests/core/golden/ byte for byte. After an intended format change, regenerate them with
//   DETBENCH_UPDATE_GOLDEN=1 ctest -R Golden
// and review the diff (and docs/REPORT-FORMAT.md) before committing.

#include <gtest/gtest.h>

#include <cstdlib>
#include <string>

#include <nlohmann/json.hpp>

#include "ReportFixtures.hpp"
#include "detbench/io/InputFiles.hpp"
#include "detbench/io/OutputFiles.hpp"
#include "detbench/report/ReportJson.hpp"
#include "detbench/report/ReportMarkdown.hpp"

namespace detbench {
namespace {

void expectGolden(const std::string& name, const std::string& actual) {
  const std::string path = std::string(DETBENCH_GOLDEN_DIR) + "/" + name;
  if (std::getenv("DETBENCH_UPDATE_GOLDEN") != nullptr) {
    writeFileAtomically(path, actual);
    GTEST_SKIP() << "rewrote " << path;
  }
  EXPECT_EQ(readFile(path), actual) << "differs from " << path;
}

TEST(ReportGoldenTest, RunJson) {
  expectGolden("run.json", reportJsonText(testing::fixedRunReport()));
}
TEST(ReportGoldenTest, RunMarkdown) {
  expectGolden("run.md", reportToMarkdown(testing::fixedRunReport()));
}
TEST(ReportGoldenTest, SweepJson) {
  expectGolden("sweep.json", reportJsonText(testing::fixedSweepReport()));
}
TEST(ReportGoldenTest, SweepMarkdown) {
  expectGolden("sweep.md", reportToMarkdown(testing::fixedSweepReport()));
}

TEST(ReportJsonTest, TheStreamedTextIsTheDocumentsDump) {
  // reportJsonText renders the trials one at a time; it must write what the document holds.
  for (const ReportDocument& doc : {testing::fixedRunReport(), testing::fixedSweepReport()}) {
    EXPECT_EQ(reportJsonText(doc), reportToJson(doc).dump(2) + "\n");
    EXPECT_EQ(reportJsonLine(doc), reportToJson(doc).dump()) << "the serve protocol's line";
  }
  ReportDocument odd = testing::fixedSweepReport();
  odd.runs[0].label =
      "\x1f"
      "detbench-trials-1";  // a label that looks like the marker
  odd.runs[1].trials.clear();
  odd.runs[1].summary = summarize(odd.runs[1].trials);
  odd.runs[0].trials[0].ulpHistogram = {0, 3, 1};
  EXPECT_EQ(reportJsonText(odd), reportToJson(odd).dump(2) + "\n");
  EXPECT_EQ(reportJsonLine(odd), reportToJson(odd).dump());
}

TEST(ReportJsonTest, RunHasTheSchemaFields) {
  const auto j = nlohmann::json::parse(reportJsonText(testing::fixedRunReport()));
  EXPECT_EQ(j["schema_version"], 1);
  for (const char* key : {"context", "settings", "op", "trials", "summary", "warnings", "errors"}) {
    EXPECT_TRUE(j.contains(key)) << key;
  }
  const auto& s = j["summary"];
  for (const char* key :
       {"trials", "distinct_digests", "reproducible", "max_abs_diff", "max_ulp"}) {
    EXPECT_TRUE(s.contains(key)) << key;
  }
  for (const char* key : {"min", "median", "mean", "p95", "max"}) {
    EXPECT_TRUE(s["time_ns"].contains(key)) << key;
  }
  EXPECT_EQ(s["distinct_digests"], 2);
  EXPECT_EQ(s["reproducible"], false);
  for (const char* key :
       {"index", "time_ns", "digest", "max_abs_diff", "max_ulp", "n_diff", "algorithm"}) {
    EXPECT_TRUE(j["trials"][0].contains(key)) << key;
  }
}

TEST(ReportJsonTest, SweepHasARowPerConfigurationAndARelativeTime) {
  const auto j = nlohmann::json::parse(reportJsonText(testing::fixedSweepReport()));
  EXPECT_EQ(j["kind"], "sweep");
  ASSERT_EQ(j["configurations"].size(), 3u);
  EXPECT_EQ(j["baseline"], "default");
  EXPECT_DOUBLE_EQ(j["configurations"][1]["mean_time_relative_to_baseline"].get<double>(), 1.0);
  EXPECT_TRUE(j["configurations"][2]["mean_time_relative_to_baseline"].is_null());
}

}  // namespace
}  // namespace detbench
