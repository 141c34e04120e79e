#pragma once
// matmul's batch-invariant form through cuBLASLt (batch_invariant = 1 with pinned_cublaslt = 1,
// cuda only): one algorithm chosen for the shape's n and k alone, and run whatever the batch.
// The algorithm is cuBLASLt's heuristic answer for a reference batch of kReferenceRows rows
// with the same n, k and math, among the algorithms without split-K (and its split-K set to 1
// and read back, its reduction to none), so that each
// output element is summed by one kernel, in one order, whatever m is (the second
// batch-invariant strategy beside detbench's own tiled kernel: cuBLASLt with a pinned algorithm).
// Unlike that kernel it keeps cuBLAS's speed and fused multiply-adds: its bits are its own, not the
// cpu's. A batch the pinned algorithm cannot run (cublasLtMatmulAlgoCheck) is refused, not
// rerouted. Whether a kernel so pinned is in fact batch-invariant (no scheduler inside it that cuts
// k by the number of tiles) is a measurement: CudaLibraryOpsTest and gpu-check's invariance step.

#include <cuda_runtime_api.h>

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

#include "CublasLtGemm.hpp"
#include "DeviceArray.hpp"

namespace detbench::cuda {

class PinnedLtGemm {
 public:
  static constexpr std::int64_t kReferenceRows = 4096;

  // Throws CublasError where cuBLASLt refuses, NotAvailable where the pinned algorithm does not
  // run an m x n x k product.
  PinnedLtGemm(std::int64_t m, std::int64_t n, std::int64_t k, bool tf32,
               std::size_t maxWorkspaceBytes);
  void run(cudaStream_t stream, const float* a, const float* b, float* out) const;
  // "cuBLASLt, pinned for n = .., k = ..: algo .., tile .., split-K 1, reduction 0"
  const std::string& text() const noexcept { return text_; }

 private:
  LtHandle handle_;
  std::unique_ptr<LtGemm> gemm_;
  cublasLtMatmulAlgo_t algo_{};
  DeviceBytes workspace_;
  std::string text_;
};

}  // namespace detbench::cuda
