// The trace's knobs that name the environment and the world size: what --env takes and refuses,
// and the configurations of --world-sizes.

#include "detbench/trace/TraceSettings.hpp"

#include <gtest/gtest.h>

#include "detbench/base/Error.hpp"

namespace detbench::trace {
namespace {

TEST(TraceSettings, AnEnvironmentSettingIsANameAndAValue) {
  EXPECT_EQ(parseEnvironmentSetting("NCCL_ALGO=Ring"),
            (std::pair<std::string, std::string>{"NCCL_ALGO", "Ring"}));
  EXPECT_EQ(parseEnvironmentSetting("EMPTY="), (std::pair<std::string, std::string>{"EMPTY", ""}));
  EXPECT_EQ(parseEnvironmentSetting("A=b=c").second, "b=c");
  for (const char* bad : {"NOVALUE", "=x", "1ABC=x", "A-B=x", "DETBENCH_TRACE_FD=5",
                          "PYTHONPATH=/x", "PYTHONHASHSEED=0", "CUBLAS_WORKSPACE_CONFIG=:16:8"}) {
    EXPECT_THROW(parseEnvironmentSetting(bad), InvalidArgument) << bad;
  }
}

TEST(TraceSettings, ALaterSettingOfANameReplacesTheEarlierAndIsDescribed) {
  TraceSettings s;
  setEnvironment(s, "NCCL_ALGO", "Ring");
  setEnvironment(s, "NCCL_PROTO", "Simple");
  setEnvironment(s, "NCCL_ALGO", "Tree");
  ASSERT_EQ(s.environment.size(), 2u);
  EXPECT_EQ(s.environment[0].second, "Tree");
  EXPECT_FALSE(s.empty());
  EXPECT_EQ(describeSettings(s), "NCCL_ALGO=Tree, NCCL_PROTO=Simple");
  EXPECT_EQ(traceSettingsJson(s).at("environment").at("NCCL_PROTO"), "Simple");
}

TEST(TraceSettings, WorldSizesAreOneConfigurationEach) {
  TraceSettings base;
  base.seed = 3;
  const auto configs = parseWorldSizes("2,3,4", base);
  ASSERT_EQ(configs.size(), 3u);
  EXPECT_EQ(configs[1].name, "world-3");
  EXPECT_EQ(configs[1].settings.worldSize, 3);
  EXPECT_EQ(configs[1].settings.seed, 3u);
  EXPECT_EQ(describeSettings(configs[0].settings), "seed 3, world size 2");
  for (const char* bad : {"2", "2,2", "0,2", "2,x", "2,,3", "2,2000"}) {
    EXPECT_THROW(parseWorldSizes(bad, base), InvalidArgument) << bad;
  }
}

}  // namespace
}  // namespace detbench::trace
