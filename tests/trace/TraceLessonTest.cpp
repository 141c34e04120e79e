// The Demos tab's tracing lesson, run as the tab runs it, on a copy of the example whose race is
// made deterministic (tests/trace/scripts/example_race_free.py): every check passes, and the
// demo's reports carry the trace (Debian's python3-torch; skipped without it).

#include <gtest/gtest.h>

#include "TracePython.hpp"
#include "detbench/demo/ScenarioReport.hpp"
#include "detbench/demo/ScenarioRunner.hpp"
#include "detbench/demo/ScenarioText.hpp"

namespace detbench::demo {
namespace {

TEST(TraceLesson, ShowsWhatItsTextSays) {
  if (!trace::pythonHasTorch()) GTEST_SKIP() << trace::kTracePython << " has no torch";
  const Scenario* s = findScenario("trace-training");
  ASSERT_NE(s, nullptr);
  ASSERT_TRUE(s->trace.has_value());
  FreshSources sources;
  sources.tracePython = trace::kTracePython;
  sources.traceScript = std::string(DETBENCH_TRACE_SCRIPTS) + "/example_race_free.py";
  const BackendRegistry registry;
  int progressCalls = 0;
  const ScenarioOutcome o = runScenario(
      *s, registry, [&](const std::string&, int, int) { ++progressCalls; }, nullptr, sources);
  ASSERT_TRUE(o.trace.has_value());
  EXPECT_TRUE(o.trace->error.empty()) << o.trace->error;
  ASSERT_EQ(o.checks.size(), 4u);
  for (const auto& c : o.checks) {
    EXPECT_TRUE(c.passed) << c.what.en;
    EXPECT_FALSE(c.what.zhCN.empty()) << c.what.en;
  }
  EXPECT_TRUE(o.asExpected());
  EXPECT_GT(progressCalls, 0);
  const auto* seeded = o.trace->firstCause("seeded");
  ASSERT_NE(seeded, nullptr);
  EXPECT_EQ(seeded->op.name, "aten::index_put_");
  const auto json = scenarioReportJson(*s, o);
  EXPECT_EQ(json.at("trace").at("configurations").size(), 3u);
  EXPECT_EQ(json.at("trace").at("configurations").at(1).at("first_cause").at("name"),
            "aten::index_put_");
  EXPECT_NE(scenarioReportMarkdown(*s, o, "en").find("`aten::index_put_`"), std::string::npos);
  EXPECT_NE(scenarioOutcomeText(*s, o, "en").find("first cause: op"), std::string::npos);
}

TEST(TraceLesson, WithoutAPythonItSaysWhyAndIsNotAsExpected) {
  const Scenario* s = findScenario("trace-training");
  ASSERT_NE(s, nullptr);
  FreshSources sources;
  sources.tracePython = "";
  const ScenarioOutcome o = runScenario(*s, BackendRegistry{}, {}, nullptr, sources);
  ASSERT_TRUE(o.trace.has_value());
  EXPECT_FALSE(o.trace->error.empty());
  EXPECT_FALSE(o.asExpected());
}

}  // namespace
}  // namespace detbench::demo
