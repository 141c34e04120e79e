#pragma once
// A float32 GEMM as cuBLASLt describes it: row-major C[m x n] = A[m x k] B[k x n], as matmul
// computes it, which is column-major C^T[n x m] = B^T[n x k] A^T[k x m] (the cublasSgemm call's
// form): the matmul descriptor (FP32, or TF32 allowed) and the three layouts, released whatever
// returns early; the heuristic's first answer for it; an algorithm's configuration as text.

#include <cublasLt.h>

#include <cstddef>
#include <cstdint>
#include <string>

namespace detbench::cuda {

// A move-less owner of a cuBLASLt handle; status() says whether it was made.
class LtHandle {
 public:
  LtHandle() { status_ = cublasLtCreate(&handle_); }
  ~LtHandle() {
    if (handle_) cublasLtDestroy(handle_);
  }
  LtHandle(const LtHandle&) = delete;
  LtHandle& operator=(const LtHandle&) = delete;
  cublasLtHandle_t get() const noexcept { return handle_; }
  cublasStatus_t status() const noexcept { return status_; }

 private:
  cublasLtHandle_t handle_ = nullptr;
  cublasStatus_t status_ = CUBLAS_STATUS_SUCCESS;
};

class LtGemm {
 public:
  // status() is the first failure while making the objects (failedCall() names the call).
  LtGemm(std::int64_t m, std::int64_t n, std::int64_t k, bool tf32);
  ~LtGemm();
  LtGemm(const LtGemm&) = delete;
  LtGemm& operator=(const LtGemm&) = delete;

  cublasStatus_t status() const noexcept { return status_; }
  const char* failedCall() const noexcept { return failedCall_; }
  cublasLtMatmulDesc_t desc() const noexcept { return desc_; }
  cublasLtMatrixLayout_t bLayout() const noexcept { return b_; }    // cuBLASLt's A: our b
  cublasLtMatrixLayout_t aLayout() const noexcept { return a_; }    // cuBLASLt's B: our a
  cublasLtMatrixLayout_t outLayout() const noexcept { return c_; }  // C and D: the output

  // The heuristic's first proposal with at most `workspaceBytes` of workspace (*count 0: none);
  // with splitFree, among the algorithms that do not split k (reduction scheme none).
  cublasStatus_t firstProposal(cublasLtHandle_t handle, std::size_t workspaceBytes,
                               cublasLtMatmulHeuristicResult_t* result, int* count,
                               bool splitFree = false) const;

 private:
  bool make(cublasStatus_t s, const char* call);
  cublasLtMatmulDesc_t desc_ = nullptr;
  cublasLtMatrixLayout_t a_ = nullptr, b_ = nullptr, c_ = nullptr;
  cublasStatus_t status_ = CUBLAS_STATUS_SUCCESS;
  const char* failedCall_ = "";
};

// "algo 6, tile 20, split-K 1, reduction 0, swizzle 0, custom 0, stages 8, inner 0, cluster 0":
// what identifies an algorithm's configuration.
std::string ltAlgoText(const cublasLtMatmulAlgo_t& algo);

}  // namespace detbench::cuda
