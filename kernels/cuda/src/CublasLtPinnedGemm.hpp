#pragma once
// matmul's batch-invariant form through cuBLASLt (batch_invariant = 1 with pinned_cublaslt = 1,
// cuda only): one algorithm chosen for the shape's n and k alone, and run whatever the batch.
// The algorithm is cuBLASLt's heuristic answer for a reference batch with the same n, k and
// math, never for the batch at hand:
//  - by default kReferenceRows rows, among the algorithms without split-K (its split-K set to 1
//    and read back, its reduction to none): each output element is summed by one kernel, in
//    one order, whatever m is;
//  - with pinned_cublaslt = R > 1, the proposal for R rows whole, its split-K and reduction
//  included. A
//    small R keeps the split-K that makes small batches fast (cuBLAS splits k 8 ways at 64 rows
//    of n = k = 4096): the number of k slices is then pinned with the algorithm, and cuBLAS
//    adds a given number of partial sums in the same order run to run, so a row's bits still do
//    not depend on the batch. The price moves to large batches, which run the small batch's
//    tiles and splits, and to memory: a reduction through the workspace keeps every slice's
//    partial products (m x n x slices floats), allocated here for the batch at hand whatever
//    CUBLAS_WORKSPACE_CONFIG allows cuBLAS.
// This is the second batch-invariant strategy beside detbench's own tiled kernel. Unlike that
// kernel it keeps cuBLAS's fused multiply-adds: its bits are its own, not the cpu's. A batch the
// pinned algorithm cannot run (cublasLtMatmulAlgoCheck) is refused, not rerouted. Whether a
// kernel so pinned is in fact batch-invariant (no scheduler inside it that cuts k by the number
// of tiles) is a measurement: CudaLibraryOpsTest and gpu-check's invariance step.

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

  // referenceRows: the batch the algorithm is chosen for, its split-K included; 0:
  // kReferenceRows without split-K. Throws CublasError where cuBLASLt refuses, NotAvailable
  // where the pinned algorithm does not run an m x n x k product.
  PinnedLtGemm(std::int64_t m, std::int64_t n, std::int64_t k, bool tf32,
               std::size_t maxWorkspaceBytes, std::int64_t referenceRows = 0);
  void run(cudaStream_t stream, const float* a, const float* b, float* out) const;
  // "cuBLASLt, one algorithm pinned for n = .., k = .. (chosen at m = ..): algo .., tile ..,
  // split-K .., reduction .."
  const std::string& text() const noexcept { return text_; }

 private:
  LtHandle handle_;
  std::unique_ptr<LtGemm> gemm_;
  cublasLtMatmulAlgo_t algo_{};
  DeviceBytes workspace_;
  std::string text_;
};

}  // namespace detbench::cuda
