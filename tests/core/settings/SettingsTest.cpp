#include <gtest/gtest.h>

#include "detbench/base/Error.hpp"
#include "detbench/settings/Settings.hpp"

namespace detbench {
namespace {

TEST(WorkspaceConfigTest, ParsesTheDocumentedValues) {
  const auto a = WorkspaceConfig::parse(":4096:8");
  ASSERT_EQ(a.entries.size(), 1u);
  EXPECT_EQ(a.entries[0].sizeKiB, 4096);
  EXPECT_EQ(a.entries[0].count, 8);
  EXPECT_TRUE(a.isDeterministicForCublas());
  EXPECT_EQ(a.totalBytes(), 4096LL * 1024 * 8);
  EXPECT_TRUE(WorkspaceConfig::parse(":16:8").isDeterministicForCublas());
}

TEST(WorkspaceConfigTest, AcceptsOtherWellFormedValuesAsNotDeterministic) {
  const auto c = WorkspaceConfig::parse(":4096:2:16:8");
  EXPECT_EQ(c.entries.size(), 2u);
  EXPECT_FALSE(c.isDeterministicForCublas());
  EXPECT_FALSE(WorkspaceConfig::parse(":1024:8").isDeterministicForCublas());
}

TEST(WorkspaceConfigTest, RejectsMalformedValuesWithAClearMessage) {
  for (const char* bad : {"", "4096:8", ":4096", ":4096:", ":a:8", ":4096:0", ":-1:8",
                          ":4096:8:", "::", ":4096:8x"}) {
    try {
      WorkspaceConfig::parse(bad);
      ADD_FAILURE() << "accepted '" << bad << "'";
    } catch (const InvalidArgument& e) {
      EXPECT_NE(std::string(e.what()).find("CUBLAS_WORKSPACE_CONFIG"), std::string::npos) << bad;
    }
  }
}

TEST(SettingsTest, ParsesModesAndRoundTripsNames) {
  for (auto m : {DeterministicMode::Off, DeterministicMode::Warn, DeterministicMode::Error}) {
    EXPECT_EQ(parseDeterministicMode(toString(m)), m);
  }
  EXPECT_FALSE(parseDeterministicMode("on").has_value());
  EXPECT_EQ(parseCatalogSemantics("extensions"), CatalogSemantics::Extensions);
  EXPECT_EQ(parseFormRequest("atomic"), FormRequest::Atomic);
  EXPECT_FALSE(parseFormRequest("fast").has_value());
}

TEST(SettingsTest, DefaultsMirrorPyTorch) {
  const Settings s;
  EXPECT_FALSE(s.seed.has_value());
  EXPECT_FALSE(s.cudnnBenchmark);
  EXPECT_FALSE(s.cudnnDeterministic);
  EXPECT_EQ(s.deterministic, DeterministicMode::Off);
  EXPECT_FALSE(s.cublasWorkspaceConfig.has_value());
  EXPECT_TRUE(s.fillUninitializedMemory);
}

}  // namespace
}  // namespace detbench
