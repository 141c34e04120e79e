// The trace's JSON: a value the traced script wrote (a setting's JSON text) is parsed only when
// it is not nested past 64 levels; one nested 100,000 deep stays the text it is, and the
// document writes out (no JSON from outside is walked without a bound).

#include <gtest/gtest.h>

#include <string>

#include "detbench/trace/TraceAlignment.hpp"
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

}  // namespace
}  // namespace detbench::trace
