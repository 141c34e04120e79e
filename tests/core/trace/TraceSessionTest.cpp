// The parts of a trace that need no interpreter: the window, the configurations.

#include "detbench/trace/TraceSession.hpp"

#include <gtest/gtest.h>

#include "detbench/base/Error.hpp"

namespace detbench::trace {
namespace {

TEST(TraceSession, ReadsAWindow) {
  const TraceWindow a = parseTraceWindow("100..200");
  EXPECT_EQ(a.first, 100);
  EXPECT_EQ(a.last, 200);
  EXPECT_FALSE(a.all());
  EXPECT_EQ(parseTraceWindow("5..").last, 0);
  EXPECT_EQ(parseTraceWindow("..9").first, 1);
  for (const char* bad : {"", "..", "5", "0..3", "3..2", "a..b", "-1..4", "1..2..3"}) {
    EXPECT_THROW(parseTraceWindow(bad), InvalidArgument) << bad;
  }
}

TEST(TraceSession, ConfigurationsBuildOnTheBase) {
  TraceSettings base;
  base.threads = 2;
  const auto configs = parseTraceConfigs("default,seeded,deterministic", base);
  ASSERT_EQ(configs.size(), 3u);
  EXPECT_EQ(configs[0].settings, base);
  EXPECT_EQ(configs[1].settings.seed, 0u);
  EXPECT_EQ(configs[1].settings.threads, 2);
  EXPECT_FALSE(configs[1].settings.deterministic.has_value());
  EXPECT_EQ(configs[2].settings.deterministic, DeterministicMode::Error);
  EXPECT_EQ(configs[2].settings.seed, 0u);
  base.seed = 42;
  EXPECT_EQ(parseTraceConfigs("warn", base)[0].settings.seed, 42u);
  EXPECT_EQ(parseTraceConfigs("warn", base)[0].settings.deterministic, DeterministicMode::Warn);
  EXPECT_THROW(parseTraceConfigs("default,nope", base), InvalidArgument);
  EXPECT_THROW(parseTraceConfigs("seeded,seeded", base), InvalidArgument);
  EXPECT_THROW(parseTraceConfigs(",", base), InvalidArgument);
}

TEST(TraceSession, WithoutSettingsTheProbeIsToldNothing) {
  EXPECT_EQ(probeSettingsJson(TraceSettings{}).dump(), "{}");
  EXPECT_EQ(describeSettings(TraceSettings{}), "as written");
  TraceSettings s;
  s.seed = 3;
  s.deterministic = DeterministicMode::Warn;
  s.threads = 2;
  EXPECT_EQ(probeSettingsJson(s).dump(), R"({"deterministic":"warn","seed":3,"threads":2})");
  EXPECT_EQ(describeSettings(s), "seed 3, deterministic warn, 2 threads");
}

TEST(TraceSession, AConfigurationOpensInTheWorkbenchWithWhatItRan) {
  TraceSettings traced;
  traced.seed = 5;
  traced.deterministic = DeterministicMode::Warn;
  traced.cudnnDeterministic = true;
  traced.cublasWorkspaceConfig = ":4096:8";
  traced.threads = 3;
  traced.pythonHashSeed = 1;  // Python's own: no op-level setting
  const Settings s = workbenchSettings(traced, PyTorchRelease{2, 11});
  EXPECT_EQ(s.seed, std::optional<std::uint64_t>(5));
  EXPECT_EQ(s.deterministic, DeterministicMode::Warn);
  EXPECT_TRUE(s.cudnnDeterministic);
  EXPECT_FALSE(s.cudnnBenchmark);
  ASSERT_TRUE(s.cublasWorkspaceConfig.has_value());
  EXPECT_EQ(s.threads, 3);
  EXPECT_EQ(s.semantics, CatalogSemantics::PyTorch);
  EXPECT_EQ(s.form, FormRequest::Default);
  EXPECT_EQ(s.pytorch, (PyTorchRelease{2, 11}));
  // Nothing traced: the defaults, not what the workbench had.
  const Settings none = workbenchSettings({}, PyTorchRelease{2, 8});
  EXPECT_FALSE(none.seed.has_value());
  EXPECT_EQ(none.deterministic, DeterministicMode::Off);
  EXPECT_EQ(none.threads, 0);
}

}  // namespace
}  // namespace detbench::trace
