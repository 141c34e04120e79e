#include "CublasLtGemm.hpp"

#include <cstdint>

namespace detbench::cuda {

namespace {

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

bool LtGemm::make(cublasStatus_t s, const char* call) {
  if (status_ == CUBLAS_STATUS_SUCCESS && s != CUBLAS_STATUS_SUCCESS) {
    status_ = s;
    failedCall_ = call;
  }
  return status_ == CUBLAS_STATUS_SUCCESS;
}

LtGemm::LtGemm(std::int64_t m, std::int64_t n, std::int64_t k, bool tf32) {
  const auto u = [](std::int64_t v) { return static_cast<std::uint64_t>(v); };
  make(cublasLtMatmulDescCreate(&desc_, tf32 ? CUBLAS_COMPUTE_32F_FAST_TF32 : CUBLAS_COMPUTE_32F,
                                CUDA_R_32F),
       "cublasLtMatmulDescCreate") &&
      make(cublasLtMatrixLayoutCreate(&b_, CUDA_R_32F, u(n), u(k), n),
           "cublasLtMatrixLayoutCreate") &&
      make(cublasLtMatrixLayoutCreate(&a_, CUDA_R_32F, u(k), u(m), k),
           "cublasLtMatrixLayoutCreate") &&
      make(cublasLtMatrixLayoutCreate(&c_, CUDA_R_32F, u(n), u(m), n),
           "cublasLtMatrixLayoutCreate");
}

LtGemm::~LtGemm() {
  if (c_) cublasLtMatrixLayoutDestroy(c_);
  if (a_) cublasLtMatrixLayoutDestroy(a_);
  if (b_) cublasLtMatrixLayoutDestroy(b_);
  if (desc_) cublasLtMatmulDescDestroy(desc_);
}

cublasStatus_t LtGemm::firstProposal(cublasLtHandle_t handle, std::size_t workspaceBytes,
                                     cublasLtMatmulHeuristicResult_t* result, int* count,
                                     bool splitFree) const {
  *count = 0;
  cublasLtMatmulPreference_t pref = nullptr;
  cublasStatus_t s = cublasLtMatmulPreferenceCreate(&pref);
  if (s != CUBLAS_STATUS_SUCCESS) return s;
  const std::uint64_t bytes = workspaceBytes;
  s = cublasLtMatmulPreferenceSetAttribute(pref, CUBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES, &bytes,
                                           sizeof bytes);
  if (s == CUBLAS_STATUS_SUCCESS && splitFree) {
    const std::uint32_t onlyNone = CUBLASLT_REDUCTION_SCHEME_NONE;
    s = cublasLtMatmulPreferenceSetAttribute(pref, CUBLASLT_MATMUL_PREF_REDUCTION_SCHEME_MASK,
                                             &onlyNone, sizeof onlyNone);
  }
  if (s == CUBLAS_STATUS_SUCCESS) {
    s = cublasLtMatmulAlgoGetHeuristic(handle, desc_, b_, a_, c_, c_, pref, 1, result, count);
  }
  cublasLtMatmulPreferenceDestroy(pref);
  return s;
}

std::string ltAlgoText(const cublasLtMatmulAlgo_t& algo) {
  return "algo " + std::to_string(configOf<std::int32_t>(algo, CUBLASLT_ALGO_CONFIG_ID)) +
         ", tile " + std::to_string(configOf<std::uint32_t>(algo, CUBLASLT_ALGO_CONFIG_TILE_ID)) +
         ", split-K " +
         std::to_string(configOf<std::int32_t>(algo, CUBLASLT_ALGO_CONFIG_SPLITK_NUM)) +
         ", reduction " +
         std::to_string(configOf<std::uint32_t>(algo, CUBLASLT_ALGO_CONFIG_REDUCTION_SCHEME)) +
         ", swizzle " +
         std::to_string(configOf<std::uint32_t>(algo, CUBLASLT_ALGO_CONFIG_CTA_SWIZZLING)) +
         ", custom " +
         std::to_string(configOf<std::uint32_t>(algo, CUBLASLT_ALGO_CONFIG_CUSTOM_OPTION)) +
         ", stages " +
         std::to_string(configOf<std::uint32_t>(algo, CUBLASLT_ALGO_CONFIG_STAGES_ID)) +
         ", inner " +
         std::to_string(configOf<std::uint16_t>(algo, CUBLASLT_ALGO_CONFIG_INNER_SHAPE_ID)) +
         ", cluster " +
         std::to_string(configOf<std::uint16_t>(algo, CUBLASLT_ALGO_CONFIG_CLUSTER_SHAPE_ID));
}

}  // namespace detbench::cuda
