#include "CublasLtPinnedGemm.hpp"

#include "CublasHandle.hpp"
#include "detbench/base/Error.hpp"

// A failed cuBLASLt status, named by `what`, with this file's line.
#define DETBENCH_LT_CHECK(status, what)                                             \
  do {                                                                              \
    const cublasStatus_t detbench_lt_status_ = (status);                            \
    if (detbench_lt_status_ != CUBLAS_STATUS_SUCCESS)                               \
      ::detbench::cuda::throwCublas(detbench_lt_status_, what, __FILE__, __LINE__); \
  } while (0)

namespace detbench::cuda {

PinnedLtGemm::PinnedLtGemm(std::int64_t m, std::int64_t n, std::int64_t k, bool tf32,
                           std::size_t maxWorkspaceBytes, std::int64_t referenceRows) {
  DETBENCH_LT_CHECK(handle_.status(), "cublasLtCreate");
  const bool splitFree = referenceRows <= 0;
  const std::int64_t rows = splitFree ? kReferenceRows : referenceRows;
  const std::string shape = "n = " + std::to_string(n) + ", k = " + std::to_string(k);
  // The choice: what the heuristic proposes for the reference batch, never for this one (by
  // default among the algorithms that do not split k).
  {
    const LtGemm reference(rows, n, k, tf32);
    DETBENCH_LT_CHECK(reference.status(), reference.failedCall());
    cublasLtMatmulHeuristicResult_t proposal{};
    int count = 0;
    DETBENCH_LT_CHECK(
        reference.firstProposal(handle_.get(), maxWorkspaceBytes, &proposal, &count, splitFree),
        "cublasLtMatmulAlgoGetHeuristic");
    if (count == 0) {
      DETBENCH_THROW(NotAvailable, "cuBLASLt proposes no algorithm" +
                                       std::string(splitFree ? " without split-K" : "") + " for " +
                                       shape + " at m = " + std::to_string(rows));
    }
    algo_ = proposal.algo;
  }
  if (splitFree) {
    // Stated outright, and read back below: one k slice, nothing to reduce.
    const std::int32_t oneSplit = 1;
    const std::uint32_t noReduction = CUBLASLT_REDUCTION_SCHEME_NONE;
    DETBENCH_LT_CHECK(cublasLtMatmulAlgoConfigSetAttribute(&algo_, CUBLASLT_ALGO_CONFIG_SPLITK_NUM,
                                                           &oneSplit, sizeof oneSplit),
                      "cublasLtMatmulAlgoConfigSetAttribute (split-K)");
    DETBENCH_LT_CHECK(
        cublasLtMatmulAlgoConfigSetAttribute(&algo_, CUBLASLT_ALGO_CONFIG_REDUCTION_SCHEME,
                                             &noReduction, sizeof noReduction),
        "cublasLtMatmulAlgoConfigSetAttribute (reduction)");
  }
  std::int32_t splits = 0;
  std::size_t written = 0;
  DETBENCH_LT_CHECK(cublasLtMatmulAlgoConfigGetAttribute(&algo_, CUBLASLT_ALGO_CONFIG_SPLITK_NUM,
                                                         &splits, sizeof splits, &written),
                    "cublasLtMatmulAlgoConfigGetAttribute (split-K)");
  text_ = "cuBLASLt, one algorithm pinned for " + shape +
          " (chosen at m = " + std::to_string(rows) + "): " + ltAlgoText(algo_);
  if (splitFree && splits != 1) {
    DETBENCH_THROW(NotAvailable, text_ + ": its split-K stays " + std::to_string(splits));
  }
  gemm_ = std::make_unique<LtGemm>(m, n, k, tf32);
  DETBENCH_LT_CHECK(gemm_->status(), gemm_->failedCall());
  cublasLtMatmulHeuristicResult_t checked{};
  const cublasStatus_t s =
      cublasLtMatmulAlgoCheck(handle_.get(), gemm_->desc(), gemm_->bLayout(), gemm_->aLayout(),
                              gemm_->outLayout(), gemm_->outLayout(), &algo_, &checked);
  if (s == CUBLAS_STATUS_NOT_SUPPORTED) {
    DETBENCH_THROW(NotAvailable, text_ + " does not run m = " + std::to_string(m) + " (" +
                                     cublasGetStatusName(s) + ")");
  }
  DETBENCH_LT_CHECK(s, "cublasLtMatmulAlgoCheck");
  workspace_ = DeviceBytes(checked.workspaceSize > 0 ? checked.workspaceSize : 1);
}

void PinnedLtGemm::run(cudaStream_t stream, const float* a, const float* b, float* out) const {
  const float one = 1.0f, zero = 0.0f;
  // Column-major C^T = B^T A^T: cuBLASLt's A is our b, its B our a.
  DETBENCH_LT_CHECK(
      cublasLtMatmul(handle_.get(), gemm_->desc(), &one, b, gemm_->bLayout(), a, gemm_->aLayout(),
                     &zero, out, gemm_->outLayout(), out, gemm_->outLayout(), &algo_,
                     workspace_.data(), workspace_.size(), stream),
      "cublasLtMatmul");
}

}  // namespace detbench::cuda
