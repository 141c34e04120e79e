#include "CublasLtHeuristic.hpp"

#include <cublasLt.h>

namespace detbench::cuda {

namespace {

// Owners that release whatever was made, in reverse order, whatever returns early.
struct LtObjects {
  cublasLtHandle_t handle = nullptr;
  cublasLtMatmulDesc_t desc = nullptr;
  cublasLtMatrixLayout_t a = nullptr, b = nullptr, c = nullptr;
  cublasLtMatmulPreference_t pref = nullptr;
  ~LtObjects() {
    if (pref) cublasLtMatmulPreferenceDestroy(pref);
    if (c) cublasLtMatrixLayoutDestroy(c);
    if (b) cublasLtMatrixLayoutDestroy(b);
    if (a) cublasLtMatrixLayoutDestroy(a);
    if (desc) cublasLtMatmulDescDestroy(desc);
    if (handle) cublasLtDestroy(handle);
  }
};

std::string failed(const char* what, cublasStatus_t status) {
  return std::string("cuBLASLt heuristic not read (") + what + ": status " +
         std::to_string(static_cast<int>(status)) + ")";
}

template <typename T>
T configOf(const cublasLtMatmulAlgo_t& algo, cublasLtMatmulAlgoConfigAttributes_t attr) {
  T value{};
  std::size_t written = 0;
  if (cublasLtMatmulAlgoConfigGetAttribute(&algo, attr, &value, sizeof value, &written) !=
      CUBLAS_STATUS_SUCCESS) {
    return T{};
  }
  return value;
}

}  // namespace

std::string cublasLtHeuristicText(std::int64_t m, std::int64_t n, std::int64_t k, bool tf32,
                                  std::size_t workspaceBytes) {
  LtObjects lt;
  cublasStatus_t s = cublasLtCreate(&lt.handle);
  if (s != CUBLAS_STATUS_SUCCESS) return failed("cublasLtCreate", s);
  s = cublasLtMatmulDescCreate(&lt.desc, tf32 ? CUBLAS_COMPUTE_32F_FAST_TF32 : CUBLAS_COMPUTE_32F,
                               CUDA_R_32F);
  if (s != CUBLAS_STATUS_SUCCESS) return failed("cublasLtMatmulDescCreate", s);
  // Column-major C^T[n x m] = B^T[n x k] A^T[k x m], as the cublasSgemm call is made.
  const auto u = [](std::int64_t v) { return static_cast<std::uint64_t>(v); };
  if ((s = cublasLtMatrixLayoutCreate(&lt.a, CUDA_R_32F, u(n), u(k), n)) != CUBLAS_STATUS_SUCCESS ||
      (s = cublasLtMatrixLayoutCreate(&lt.b, CUDA_R_32F, u(k), u(m), k)) != CUBLAS_STATUS_SUCCESS ||
      (s = cublasLtMatrixLayoutCreate(&lt.c, CUDA_R_32F, u(n), u(m), n)) != CUBLAS_STATUS_SUCCESS) {
    return failed("cublasLtMatrixLayoutCreate", s);
  }
  s = cublasLtMatmulPreferenceCreate(&lt.pref);
  if (s != CUBLAS_STATUS_SUCCESS) return failed("cublasLtMatmulPreferenceCreate", s);
  const std::uint64_t bytes = workspaceBytes;
  s = cublasLtMatmulPreferenceSetAttribute(lt.pref, CUBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES,
                                           &bytes, sizeof bytes);
  if (s != CUBLAS_STATUS_SUCCESS) return failed("the workspace preference", s);
  cublasLtMatmulHeuristicResult_t result{};
  int count = 0;
  s = cublasLtMatmulAlgoGetHeuristic(lt.handle, lt.desc, lt.a, lt.b, lt.c, lt.c, lt.pref, 1,
                                     &result, &count);
  if (s != CUBLAS_STATUS_SUCCESS) return failed("cublasLtMatmulAlgoGetHeuristic", s);
  if (count == 0) return "cuBLASLt heuristic not read (it proposed no algorithm for this shape)";
  const auto id = configOf<std::int32_t>(result.algo, CUBLASLT_ALGO_CONFIG_ID);
  const auto tile = configOf<std::uint32_t>(result.algo, CUBLASLT_ALGO_CONFIG_TILE_ID);
  const auto splitK = configOf<std::int32_t>(result.algo, CUBLASLT_ALGO_CONFIG_SPLITK_NUM);
  const auto reduction =
      configOf<std::uint32_t>(result.algo, CUBLASLT_ALGO_CONFIG_REDUCTION_SCHEME);
  return "cuBLASLt's heuristic for this shape: algo " + std::to_string(id) + ", tile " +
         std::to_string(tile) + ", split-K " + std::to_string(splitK) + ", reduction " +
         std::to_string(reduction) + ", workspace " + std::to_string(result.workspaceSize) + " B";
}

}  // namespace detbench::cuda
