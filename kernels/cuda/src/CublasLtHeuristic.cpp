#include "CublasLtHeuristic.hpp"

#include "CublasLtGemm.hpp"

namespace detbench::cuda {

namespace {

std::string failed(const char* what, cublasStatus_t status) {
  return std::string("cuBLASLt heuristic not read (") + what + ": status " +
         std::to_string(static_cast<int>(status)) + ")";
}

}  // namespace

std::string cublasLtHeuristicText(std::int64_t m, std::int64_t n, std::int64_t k, bool tf32,
                                  std::size_t workspaceBytes) {
  const LtHandle handle;
  if (handle.status() != CUBLAS_STATUS_SUCCESS) return failed("cublasLtCreate", handle.status());
  const LtGemm gemm(m, n, k, tf32);
  if (gemm.status() != CUBLAS_STATUS_SUCCESS) return failed(gemm.failedCall(), gemm.status());
  cublasLtMatmulHeuristicResult_t result{};
  int count = 0;
  const cublasStatus_t s = gemm.firstProposal(handle.get(), workspaceBytes, &result, &count);
  if (s != CUBLAS_STATUS_SUCCESS) return failed("cublasLtMatmulAlgoGetHeuristic", s);
  if (count == 0) return "cuBLASLt heuristic not read (it proposed no algorithm for this shape)";
  return "cuBLASLt's heuristic for this shape: " + ltAlgoText(result.algo) + ", workspace " +
         std::to_string(result.workspaceSize) + " B";
}

}  // namespace detbench::cuda
