#include "detbench/report/ReportJsonReader.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "ReportFixtures.hpp"
#include "detbench/base/Error.hpp"
#include "detbench/report/ReportJson.hpp"

namespace detbench {
namespace {

using json = nlohmann::ordered_json;

TEST(ReportJsonReaderTest, RunReportRoundTripsToTheSameText) {
  const ReportDocument doc = testing::fixedRunReport();
  const std::string text = reportJsonText(doc);
  const ReportDocument back = reportFromJson(json::parse(text));
  EXPECT_EQ(reportJsonText(back), text);
  ASSERT_EQ(back.runs.size(), 1u);
  EXPECT_EQ(back.runs[0].trials[2].ulpHistogram.size(), std::size_t{kUlpHistogramBuckets});
  EXPECT_EQ(back.runs[0].summary.distinctDigests, 2);
  EXPECT_EQ(back.runs[0].settings, doc.runs[0].settings);
}

TEST(ReportJsonReaderTest, SweepReportRoundTripsToTheSameText) {
  const ReportDocument doc = testing::fixedSweepReport();
  const std::string text = reportJsonText(doc);
  const ReportDocument back = reportFromJson(json::parse(text));
  EXPECT_EQ(reportJsonText(back), text);
  ASSERT_EQ(back.runs.size(), 3u);
  EXPECT_EQ(back.runs[1].label, "deterministic");
  EXPECT_EQ(back.runs[1].settings.deterministic, DeterministicMode::Error);
  EXPECT_TRUE(back.runs[2].failed());
  EXPECT_EQ(back.runs[2].warnings.size(), 1u);
}

TEST(ReportJsonReaderTest, RefusesOtherSchemaVersions) {
  json j = reportToJson(testing::fixedRunReport());
  j["schema_version"] = 2;
  try {
    reportFromJson(j);
    FAIL() << "schema 2 was accepted";
  } catch (const InvalidArgument& e) {
    EXPECT_NE(e.message().find("schema version 2"), std::string::npos) << e.message();
  }
}

TEST(ReportJsonReaderTest, RefusesMissingAndMistypedFields) {
  json j = reportToJson(testing::fixedRunReport());
  j["trials"][0].erase("digest");
  EXPECT_THROW(reportFromJson(j), InvalidArgument);
  j = reportToJson(testing::fixedRunReport());
  j["trials"][0]["digest"] = "0xnothex";
  EXPECT_THROW(reportFromJson(j), InvalidArgument);
  j = reportToJson(testing::fixedRunReport());
  j["settings"]["deterministic_algorithms"] = "sometimes";
  EXPECT_THROW(reportFromJson(j), InvalidArgument);
  EXPECT_THROW(reportFromJson(json::array()), InvalidArgument);
}

TEST(ReportJsonReaderTest, RefusesASummaryThatDisagreesWithItsTrials) {
  json j = reportToJson(testing::fixedRunReport());
  j["summary"]["distinct_digests"] = 1;
  EXPECT_THROW(reportFromJson(j), InvalidArgument);
}

TEST(ReportJsonReaderTest, ReadReportFileNamesTheFile) {
  const auto dir = std::filesystem::temp_directory_path();
  const std::string path = (dir / "detbench-reader-test.json").string();
  {
    std::ofstream out(path);
    out << "{ not json";
  }
  try {
    readReportFile(path);
    FAIL() << "invalid JSON was accepted";
  } catch (const InvalidArgument& e) {
    EXPECT_NE(e.message().find(path), std::string::npos) << e.message();
  }
  std::filesystem::remove(path);
  EXPECT_THROW(readReportFile(path), IoError);
}

}  // namespace
}  // namespace detbench
