// The cuda device against the cpu reference, on the cases every device runs
// (tests/kernels/OpCases.hpp; label gpu: skipped without a device):
//  - the deterministic form is bitwise identical over 100 runs; where it adds in the sequential
//    order (sort-based forms), bitwise equal to the cpu device; where in detbench's own tiling,
//    to cpu-threads' deterministic form;
//  - both forms agree with the float64 reference within the recursive-summation bound
//    T * 2^-24 * sum|terms| (as in tests/kernels/cpu/CpuOpsTest.cpp).
// Every run carries CUBLAS_WORKSPACE_CONFIG=:4096:8, the setting PyTorch's recipe asks of
// cuBLAS users (matmul, and cuDNN's RNNs inside): whether the bits repeat without it is a
// measurement (scripts/gpu-check's demos step), not a pass/fail condition.

#include <gtest/gtest.h>

#include <cmath>

#include "detbench/catalog/OpCatalog.hpp"
#include "detbench/cpu/CpuBackends.hpp"
#include "detbench/cuda/CudaBackend.hpp"
#include "detbench/run/TrialRunner.hpp"
#include "kernels/OpCases.hpp"

namespace detbench {
namespace {

using testing::OpCase;
using testing::opCases;
using testing::Order;

class CudaOpsTest : public ::testing::TestWithParam<OpCase> {
 protected:
  void SetUp() override {
    auto cuda = cuda::makeCudaBackend();
    if (!cuda->supports(GetParam().op)) GTEST_SKIP() << "no cuda kernels for this op";
    if (!cuda->availability().available) GTEST_SKIP() << cuda->availability().reason;
    registry_.add(cpu::makeCpuBackend());
    registry_.add(cpu::makeCpuThreadsBackend());
    registry_.add(std::move(cuda));
  }
  RunResult run(const std::string& device, FormRequest form, int trials) const {
    RunRequest r;
    r.op = GetParam().op;
    r.params = GetParam().params;
    r.device = device;
    r.trials = trials;
    r.warmup = 1;
    r.settings.form = form;
    r.settings.semantics = CatalogSemantics::Extensions;  // the pooling ops' deterministic form
    r.settings.cublasWorkspaceConfig = WorkspaceConfig::parse(":4096:8");
    return TrialRunner(registry_).run(r);
  }
  // The recursive-summation bound of the case, relative to the magnitude.
  double summationBound() const {
    const OpDefinition& def = opDefinition(GetParam().op);
    return static_cast<double>(def.maxTermsPerElement(
               resolveParams(GetParam().op, def.params(), GetParam().params))) *
           std::ldexp(1.0, -24);
  }
  BackendRegistry registry_;
};

TEST_P(CudaOpsTest, DeterministicFormIsBitwiseStableAndEqualsTheCpuDevice) {
  const RunResult gpu = run("cuda", FormRequest::Deterministic, 100);
  ASSERT_FALSE(gpu.failed()) << gpu.errors.front().message;
  EXPECT_TRUE(gpu.summary.reproducible) << gpu.summary.distinctDigests << " distinct outputs";
  EXPECT_LE(gpu.summary.refMaxErrOverMagnitude, summationBound());
  if (GetParam().cuda == Order::Sequential) {
    EXPECT_EQ(gpu.trials.front().digest, run("cpu", FormRequest::Default, 1).trials.front().digest);
  } else if (GetParam().cuda == Order::OwnTiling) {
    EXPECT_EQ(gpu.trials.front().digest,
              run("cpu-threads", FormRequest::Deterministic, 1).trials.front().digest);
  }
}

TEST_P(CudaOpsTest, AtomicFormAgreesWithFloat64Reference) {
  if (!GetParam().cudaAtomic) {
    // The device says so instead of running something else.
    EXPECT_TRUE(run("cuda", FormRequest::Atomic, 1).failed());
    return;
  }
  const RunResult gpu = run("cuda", FormRequest::Atomic, 20);
  ASSERT_FALSE(gpu.failed()) << gpu.errors.front().message;
  EXPECT_LE(gpu.summary.refMaxErrOverMagnitude, summationBound());
}

INSTANTIATE_TEST_SUITE_P(Ops, CudaOpsTest, ::testing::ValuesIn(opCases()),
                         [](const auto& test) { return test.param.name; });

// Runs without a GPU: every op the cuda device offers is in the table of cases.
TEST(CudaOpsCoverageTest, EveryOpTheCudaDeviceOffersHasACase) {
  const auto backend = cuda::makeCudaBackend();
  for (const auto& t : opCatalog()) {
    if (t.cuda.source == NondeterminismSource::Rng) continue;  // CudaLibraryOpsTest.cpp
    if (!backend->supports(t.name)) continue;
    bool found = false;
    for (const auto& c : opCases()) found = found || c.op == t.name;
    EXPECT_TRUE(found) << t.name;
  }
}

}  // namespace
}  // namespace detbench
