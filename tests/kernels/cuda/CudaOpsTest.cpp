// The cuda device against the cpu reference (label gpu: skipped without a device):
//  - the deterministic (sort-based) form is bitwise identical over 100 runs, and bitwise equal
//    to the cpu device, since every row receives its terms in the same order;
//  - the atomic form agrees with the float64 reference within the recursive-summation bound
//    T * 2^-24 * sum|terms| (as in tests/kernels/cpu/CpuOpsTest.cpp).

#include <gtest/gtest.h>

#include <cmath>

#include "detbench/TrialRunner.hpp"
#include "detbench/cpu/CpuBackends.hpp"
#include "detbench/cuda/CudaBackend.hpp"

namespace detbench {
namespace {

// Which device's deterministic form the cuda deterministic form must equal bit for bit.
enum class Match {
  Cpu,         // the same order as the sequential reference
  CpuThreads,  // a tiled order of its own, shared with cpu-threads (cumsum)
  None,        // a library's own order (cuBLAS)
};

struct CudaCase {
  std::string name;
  std::string op;
  OpParams params;
  Match match = Match::Cpu;
};

std::ostream& operator<<(std::ostream& os, const CudaCase& c) {
  return os << c.name;
}

class CudaOpsTest : public ::testing::TestWithParam<CudaCase> {
 protected:
  void SetUp() override {
    auto cuda = cuda::makeCudaBackend();
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
    return TrialRunner(registry_).run(r);
  }
  BackendRegistry registry_;
};

TEST_P(CudaOpsTest, DeterministicFormIsBitwiseStableAndEqualsTheCpuDevice) {
  const RunResult gpu = run("cuda", FormRequest::Deterministic, 100);
  ASSERT_FALSE(gpu.failed()) << gpu.errors.front().message;
  EXPECT_TRUE(gpu.summary.reproducible) << gpu.summary.distinctDigests << " distinct outputs";
  if (GetParam().match == Match::Cpu) {
    EXPECT_EQ(gpu.trials.front().digest, run("cpu", FormRequest::Default, 1).trials.front().digest);
  } else if (GetParam().match == Match::CpuThreads) {
    EXPECT_EQ(gpu.trials.front().digest,
              run("cpu-threads", FormRequest::Deterministic, 1).trials.front().digest);
  }
}

TEST_P(CudaOpsTest, AtomicFormAgreesWithFloat64Reference) {
  const RunResult gpu = run("cuda", FormRequest::Atomic, 20);
  ASSERT_FALSE(gpu.failed()) << gpu.errors.front().message;
  const OpDefinition& def = opDefinition(GetParam().op);
  const double terms = static_cast<double>(
      def.maxTermsPerElement(resolveParams(GetParam().op, def.params(), GetParam().params)));
  EXPECT_LE(gpu.summary.refMaxErrOverMagnitude, terms * std::ldexp(1.0, -24));
}

INSTANTIATE_TEST_SUITE_P(
    Ops, CudaOpsTest,
    ::testing::Values(
        CudaCase{"index_add", "index_add", {{"size", 1 << 20}, {"rows", 4096}}},
        CudaCase{"index_add_wide", "index_add", {{"size", 1 << 16}, {"rows", 64}, {"cols", 128}}},
        CudaCase{"scatter_add_1d", "scatter_add", {{"size", 1 << 20}, {"out_size", 4096}}},
        CudaCase{"bincount", "bincount", {{"size", 1 << 20}, {"bins", 64}}},
        CudaCase{"bincount_weighted", "bincount_weighted", {{"size", 1 << 20}, {"bins", 64}}},
        CudaCase{"embedding_bag_backward_sum", "embedding_bag_backward", {{"size", 1 << 18}}},
        CudaCase{"embedding_bag_backward_mean",
                 "embedding_bag_backward",
                 {{"size", 1 << 18}, {"mode", 1}}},
        CudaCase{"sum", "sum", {{"size", 1 << 22}}},
        CudaCase{"max_pool2d_backward", "max_pool2d_backward", {{"stride", 1}}},
        CudaCase{"upsample_bilinear2d_backward", "upsample_bilinear2d_backward", {}},
        CudaCase{"avg_pool3d_backward", "avg_pool3d_backward", {}},
        CudaCase{"adaptive_avg_pool2d_backward", "adaptive_avg_pool2d_backward", {}},
        CudaCase{"scatter_add_2d_dim1",
                 "scatter_add",
                 {{"ndim", 2}, {"dim", 1}, {"size", 64}, {"cols", 4096}, {"out_size", 16}}},
        CudaCase{"histc", "histc", {{"size", 1 << 22}, {"bins", 100}}},
        CudaCase{"cumsum", "cumsum", {{"size", (1 << 22) + 123}}, Match::CpuThreads},
        CudaCase{"matmul", "matmul", {{"size", 512}}, Match::None},
        CudaCase{"matmul_streams", "matmul", {{"size", 256}, {"streams", 4}}, Match::None}),
    [](const auto& test) { return test.param.name; });

}  // namespace
}  // namespace detbench
