// The catalog's compiled-code entries by release, and how a traced compiled region is explained
// and a --inductor-* setting refused by them.

#include "detbench/catalog/CompiledCode.hpp"

#include <gtest/gtest.h>

#include "detbench/base/Error.hpp"
#include "detbench/trace/TraceCatalogLink.hpp"
#include "detbench/trace/TraceSettings.hpp"

namespace detbench::catalog {
namespace {

TEST(CompiledCode, TheDeterministicSwitchHoldsFromItsReleaseOn) {
  EXPECT_FALSE(compiledCodeTraits(PyTorchRelease{2, 8}).deterministicSwitch);
  EXPECT_FALSE(compiledCodeTraits(PyTorchRelease{2, 9}).deterministicSwitch);
  EXPECT_TRUE(compiledCodeTraits(PyTorchRelease{2, 10}).deterministicSwitch);
  EXPECT_TRUE(compiledCodeTraits(PyTorchRelease{2, 15}).deterministicSwitch);
  EXPECT_FALSE(compiledCodeTraits(PyTorchRelease{1, 13}).deterministicSwitch);  // the oldest
  EXPECT_EQ(compiledDeterministicSince(), (PyTorchRelease{2, 10}));
  // batch_invariant came three releases later (the wheels of 2.10 to 2.12 lack it).
  EXPECT_FALSE(compiledCodeTraits(PyTorchRelease{2, 12}).batchInvariantSwitch);
  EXPECT_TRUE(compiledCodeTraits(PyTorchRelease{2, 13}).batchInvariantSwitch);
  EXPECT_TRUE(compiledCodeTraits(PyTorchRelease{2, 15}).batchInvariantSwitch);
  EXPECT_EQ(compiledBatchInvariantSince(), (PyTorchRelease{2, 13}));
  for (const auto& e : compiledCodeEntries()) {
    EXPECT_FALSE(e.note.empty());
    EXPECT_FALSE(e.source.empty());
  }
}

TEST(CompiledCode, ACompiledRegionIsExplainedByItsReleasesEntry) {
  trace::TraceCause cause;
  cause.category = trace::CauseCategory::Introduced;
  cause.op.name = "compiled::step";
  const auto before = trace::explainCause(cause, PyTorchRelease{2, 9});
  EXPECT_EQ(before.kind, trace::CauseKind::CompiledRegion);
  EXPECT_EQ(before.fix, trace::TraceFix::CompileEager);
  ASSERT_NE(before.compiled, nullptr);
  EXPECT_FALSE(before.compiled->deterministicSwitch);
  const auto after = trace::explainCause(cause, PyTorchRelease{2, 15});
  EXPECT_EQ(after.fix, trace::TraceFix::InductorDeterministic);
  ASSERT_NE(after.compiled, nullptr);
  EXPECT_TRUE(after.compiled->deterministicSwitch);
  cause.op.name = "aten::add.Tensor";
  EXPECT_EQ(trace::explainCause(cause, PyTorchRelease{2, 15}).compiled, nullptr);
}

TEST(CompiledCode, ACompiledRegionWhoseFirstDifferingKernelDrawsRandomNumbersIsSeeded) {
  trace::TraceCause cause;
  cause.category = trace::CauseCategory::Introduced;
  cause.op.name = "compiled::step";
  cause.kernels = trace::KernelDifference{2, 2, 2, 1, "cpp_fused__softmax_rand_like_1", "", false};
  const auto e = trace::explainCause(cause, PyTorchRelease{2, 15});
  EXPECT_EQ(e.kind, trace::CauseKind::RandomNumbers);
  EXPECT_EQ(e.fix, trace::TraceFix::Seed);
  EXPECT_NE(e.compiled, nullptr);  // the catalog's word on compiled code stays
  // A kernel that does not draw random numbers keeps Inductor's own fix.
  cause.kernels->name = "cpp_fused_sum_1";
  EXPECT_EQ(trace::explainCause(cause, PyTorchRelease{2, 15}).fix,
            trace::TraceFix::InductorDeterministic);
}

TEST(CompiledCode, TheInductorSettingsAreRefusedBeforeTheSwitch) {
  trace::TraceSettings s;
  s.inductorDeterministic = true;
  EXPECT_THROW(trace::checkSettingsForRelease(s, "2.9.1+cpu"), InvalidArgument);
  EXPECT_NO_THROW(trace::checkSettingsForRelease(s, "2.10.0"));
  try {
    trace::checkSettingsForRelease(s, "1.13.0a0");
    ADD_FAILURE() << "1.13 was taken";
  } catch (const InvalidArgument& e) {
    EXPECT_NE(e.message().find("needs PyTorch 2.10 or later"), std::string::npos) << e.message();
  }
  s.inductorDeterministic.reset();
  s.inductorBatchInvariant = true;
  try {
    trace::checkSettingsForRelease(s, "2.12.1");
    ADD_FAILURE() << "2.12 has no batch_invariant";
  } catch (const InvalidArgument& e) {
    EXPECT_NE(e.message().find("--inductor-batch-invariant needs PyTorch 2.13 or later"),
              std::string::npos)
        << e.message();
  }
  EXPECT_NO_THROW(trace::checkSettingsForRelease(s, "2.13.0+cu130"));
}

}  // namespace
}  // namespace detbench::catalog
