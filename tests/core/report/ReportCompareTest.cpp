#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>

#include "ReportFixtures.hpp"
#include "detbench/base/Error.hpp"
#include "detbench/io/OutputFiles.hpp"
#include "detbench/report/ReportCompare.hpp"
#include "detbench/report/ReportJson.hpp"

namespace detbench {
namespace {

namespace fs = std::filesystem;

struct CompareFixture : ::testing::Test {
  CompareFixture() {
    dir = fs::temp_directory_path() / ("detbench-compare-" + std::to_string(::getpid()));
    fs::create_directories(dir);
  }
  ~CompareFixture() override { fs::remove_all(dir); }
  std::string write(const std::string& name, const std::string& text) {
    const std::string p = (dir / name).string();
    writeFileAtomically(p, text);
    return p;
  }
  fs::path dir;
};

TEST_F(CompareFixture, EqualReproducibleRunsAreBitwiseEqual) {
  ReportDocument a = testing::fixedSweepReport();
  a.runs.resize(2);
  ReportDocument b = a;
  b.context.host = "other-host";
  auto ea = loadComparedEntries(write("a.json", reportJsonText(a)));
  auto eb = loadComparedEntries(write("b.json", reportJsonText(b)));
  // Keep only the deterministic configuration of each.
  const CompareResult r = compareEntries({ea[1], eb[1]});
  EXPECT_TRUE(r.sameInputs);
  EXPECT_TRUE(r.allBitwiseEqual);
  ASSERT_EQ(r.groups.size(), 1u);
  EXPECT_EQ(r.groups[0].members.size(), 2u);
}

TEST_F(CompareFixture, ARemoteRunNamesItsGpuAndHowItWasReached) {
  ReportDocument a = testing::fixedSweepReport();
  a.runs.resize(1);
  a.runs[0].device = "cuda";
  a.context.host = "gpu-box";
  a.context.devices = {{"cuda", true, "", {{"name", "NVIDIA H100 80GB HBM3"}}}};
  a.viewer = ReportViewer{"desk", "0.1.0", "ssh me@gpu-box"};
  const auto entries = loadComparedEntries(write("remote.json", reportJsonText(a)));
  ASSERT_EQ(entries.size(), 1u);
  EXPECT_EQ(entries[0].host, "gpu-box");
  EXPECT_EQ(entries[0].deviceName, "NVIDIA H100 80GB HBM3");
  EXPECT_EQ(entries[0].viaRemote, "ssh me@gpu-box");
  a.viewer.reset();
  const auto local = loadComparedEntries(write("local.json", reportJsonText(a)));
  EXPECT_EQ(local[0].viaRemote, "");
}

TEST_F(CompareFixture, DifferentOutputsFormDifferentGroups) {
  const auto e = loadComparedEntries(write("s.json", reportJsonText(testing::fixedSweepReport())));
  ASSERT_EQ(e.size(), 3u);
  EXPECT_TRUE(e[2].failed);
  const CompareResult r = compareEntries(e);
  EXPECT_FALSE(r.allBitwiseEqual);
  EXPECT_EQ(r.groups.size(), 2u);
}

TEST_F(CompareFixture, MalformedOrForeignFilesAreRefusedClearly) {
  EXPECT_THROW(loadComparedEntries((dir / "missing.json").string()), IoError);
  EXPECT_THROW(loadComparedEntries(write("bad.json", "{not json")), InvalidArgument);
  EXPECT_THROW(loadComparedEntries(write("foreign.json", R"({"hello": 1})")), InvalidArgument);
  EXPECT_THROW(loadComparedEntries(write("v2.json", R"({"schema_version": 2, "kind": "run"})")),
               InvalidArgument);
  EXPECT_THROW(
      loadComparedEntries(write("partial.json", R"({"schema_version": 1, "kind": "run"})")),
      InvalidArgument);
  try {
    loadComparedEntries(write("bad2.json", "[1,2"));
  } catch (const InvalidArgument& e) {
    EXPECT_NE(std::string(e.what()).find("not a detbench report"), std::string::npos);
  }
}

TEST_F(CompareFixture, DifferentInputsAreFlagged) {
  ReportDocument a = testing::fixedRunReport();
  ReportDocument b = a;
  b.runs[0].inputFingerprint ^= 1;
  auto ea = loadComparedEntries(write("a.json", reportJsonText(a)));
  auto eb = loadComparedEntries(write("b.json", reportJsonText(b)));
  ea.insert(ea.end(), eb.begin(), eb.end());
  const CompareResult r = compareEntries(ea);
  EXPECT_FALSE(r.sameInputs);
  EXPECT_FALSE(r.allBitwiseEqual);
}

}  // namespace
}  // namespace detbench
