#include "CublasLtPinnedGemm.hpp"

#include "CublasHandle.hpp"
#include "detbench/Error.hpp"

namespace detbench::cuda {

namespace {

void check(cublasStatus_t s, const char* what) {
  if (s != CUBLAS_STATUS_SUCCESS) throwCublas(s, what, __FILE__, __LINE__);
}

}  // namespace

PinnedLtGemm::PinnedLtGemm(std::int64_t m, std::int64_t n, std::int64_t k, bool tf32,
                           std::size_t maxWorkspaceBytes) {
  check(handle_.status(), "cublasLtCreate");
  // The choice: what the heuristic proposes for the reference batch, never for this one.
  {
    const LtGemm reference(kReferenceRows, n, k, tf32);
    check(reference.status(), reference.failedCall());
    cublasLtMatmulHeuristicResult_t proposal{};
    int count = 0;
    check(reference.firstProposal(handle_.get(), maxWorkspaceBytes, &proposal, &count),
          "cublasLtMatmulAlgoGetHeuristic");
    if (count == 0) {
      DETBENCH_THROW(NotAvailable, "cuBLASLt proposes no algorithm for n = " + std::to_string(n) +
                                       ", k = " + std::to_string(k));
    }
    algo_ = proposal.algo;
  }
  const std::int32_t oneSplit = 1;
  const std::uint32_t noReduction = CUBLASLT_REDUCTION_SCHEME_NONE;
  check(cublasLtMatmulAlgoConfigSetAttribute(&algo_, CUBLASLT_ALGO_CONFIG_SPLITK_NUM, &oneSplit,
                                             sizeof oneSplit),
        "cublasLtMatmulAlgoConfigSetAttribute (split-K)");
  check(cublasLtMatmulAlgoConfigSetAttribute(&algo_, CUBLASLT_ALGO_CONFIG_REDUCTION_SCHEME,
                                             &noReduction, sizeof noReduction),
        "cublasLtMatmulAlgoConfigSetAttribute (reduction)");
  gemm_ = std::make_unique<LtGemm>(m, n, k, tf32);
  check(gemm_->status(), gemm_->failedCall());
  cublasLtMatmulHeuristicResult_t checked{};
  const cublasStatus_t s =
      cublasLtMatmulAlgoCheck(handle_.get(), gemm_->desc(), gemm_->bLayout(), gemm_->aLayout(),
                              gemm_->outLayout(), gemm_->outLayout(), &algo_, &checked);
  text_ = "cuBLASLt, one algorithm pinned for n = " + std::to_string(n) +
          ", k = " + std::to_string(k) + " (chosen at m = " + std::to_string(kReferenceRows) +
          "): " + ltAlgoText(algo_);
  if (s != CUBLAS_STATUS_SUCCESS) {
    DETBENCH_THROW(NotAvailable, text_ + " does not run m = " + std::to_string(m) + " (status " +
                                     std::to_string(static_cast<int>(s)) + ")");
  }
  workspace_ = DeviceBuffer(checked.workspaceSize > 0 ? checked.workspaceSize : 1);
}

void PinnedLtGemm::run(cudaStream_t stream, const float* a, const float* b, float* out) const {
  const float one = 1.0f, zero = 0.0f;
  // Column-major C^T = B^T A^T: cuBLASLt's A is our b, its B our a.
  check(cublasLtMatmul(handle_.get(), gemm_->desc(), &one, b, gemm_->bLayout(), a, gemm_->aLayout(),
                       &zero, out, gemm_->outLayout(), out, gemm_->outLayout(), &algo_,
                       workspace_.data(), workspace_.size(), stream),
        "cublasLtMatmul");
}

}  // namespace detbench::cuda
