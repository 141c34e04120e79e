#include <gtest/gtest.h>

#include "detbench/base/Error.hpp"
#include "detbench/settings/Context.hpp"

namespace detbench {
namespace {

Context withMode(DeterministicMode mode) {
  Settings s;
  s.deterministic = mode;
  return Context(s);
}

TEST(ContextTest, AlertDoesNothingWhenOff) {
  Context c = withMode(DeterministicMode::Off);
  EXPECT_NO_THROW(c.alertNotDeterministic("index_add_cuda_"));
  EXPECT_TRUE(c.warnings().empty());
  EXPECT_FALSE(c.fillsUninitializedMemory());
}

TEST(ContextTest, AlertRecordsAWarningInWarnMode) {
  Context c = withMode(DeterministicMode::Warn);
  c.alertNotDeterministic("histc_cuda");
  ASSERT_EQ(c.warnings().size(), 1u);
  EXPECT_EQ(c.warnings()[0].caller, "histc_cuda");
  EXPECT_EQ(c.warnings()[0].code, AlertCode::NoDeterministicImplementation);
  EXPECT_NE(c.warnings()[0].message.find("does not have a deterministic implementation"),
            std::string::npos);
}

TEST(ContextTest, AlertRaisesInErrorModeNamingTheOpAndWarnMode) {
  Context c = withMode(DeterministicMode::Error);
  try {
    c.alertNotDeterministic("adaptive_avg_pool2d_backward_cuda");
    FAIL() << "no error";
  } catch (const NondeterministicError& e) {
    const std::string m = e.what();
    EXPECT_NE(m.find("adaptive_avg_pool2d_backward_cuda"), std::string::npos);
    EXPECT_NE(m.find("warn"), std::string::npos);
    EXPECT_NE(std::string(e.file()).find("Context.cpp"), std::string::npos);
    EXPECT_GT(e.line(), 0);
  }
}

TEST(ContextTest, CublasNeedsOneOfTheTwoWorkspaceConfigsInDeterministicMode) {
  Settings s;
  s.deterministic = DeterministicMode::Error;
  EXPECT_THROW(Context(s).alertCublasConfigNotDeterministic("gemm"), NondeterministicError);
  s.cublasWorkspaceConfig = WorkspaceConfig::parse(":1024:2");
  EXPECT_THROW(Context(s).alertCublasConfigNotDeterministic("gemm"), NondeterministicError);
  s.cublasWorkspaceConfig = WorkspaceConfig::parse(":4096:8");
  EXPECT_NO_THROW(Context(s).alertCublasConfigNotDeterministic("gemm"));
  s.cublasWorkspaceConfig = WorkspaceConfig::parse(":16:8");
  EXPECT_NO_THROW(Context(s).alertCublasConfigNotDeterministic("gemm"));
  s.cublasWorkspaceConfig.reset();
  s.deterministic = DeterministicMode::Off;
  EXPECT_NO_THROW(Context(s).alertCublasConfigNotDeterministic("gemm"));
}

TEST(ContextTest, DeterministicAlgorithmsImplyCudnnDeterministicAndFill) {
  Context c = withMode(DeterministicMode::Warn);
  EXPECT_TRUE(c.effectiveCudnnDeterministic());
  EXPECT_TRUE(c.fillsUninitializedMemory());
  Settings s;
  s.cudnnDeterministic = true;
  EXPECT_TRUE(Context(s).effectiveCudnnDeterministic());
  EXPECT_FALSE(Context(s).deterministicAlgorithms());
}

TEST(ContextTest, ASetSeedIsKeptAndAnUnsetSeedIsFreshEachRun) {
  Settings s;
  s.seed = 1234;
  EXPECT_EQ(Context(s).seed(), 1234u);
  EXPECT_TRUE(Context(s).seedWasSet());
  s.seed.reset();
  const Context a(s), b(s);
  EXPECT_FALSE(a.seedWasSet());
  EXPECT_NE(a.seed(), b.seed());  // 2^-64 chance of a false failure
}

}  // namespace
}  // namespace detbench
