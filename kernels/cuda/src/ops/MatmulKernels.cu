// cuda kernels for matmul:
//  - the default and deterministic forms call cuBLAS (cublasSgemm; TF32 tensor-op math when
//    tf32 = 1). With streams > 1 the product is computed concurrently on that many streams that
//    share the handle, each writing its own slice of the output. Each stream gets its own
//    workspace through cublasSetWorkspace, as PyTorch gives each (handle, stream) pair one, sized
//    by CUBLAS_WORKSPACE_CONFIG when it is set; with shared_workspace = 1 every stream uses the
//    same buffer, the hazard the variable guards against. The variable itself is also put in the
//    environment before the handle is created, so cuBLAS sees what the settings say.
//  - the atomic form is a split-K contrast of detbench's own: each k slice's partial product is
//    added to the output with atomicAdd.
//    The algorithm line adds what cuBLASLt's heuristic picks for the same shape (algorithm,
//    tile, split-K), the closest reading of cuBLAS's own per-shape choice.
//  - batch_invariant = 1 with pinned_cublaslt = 1: cuBLASLt with one algorithm for every batch
//    (CublasLtPinnedGemm.hpp), cuBLAS's speed and its own bits; pinned_cublaslt = R > 1 pins
//    the algorithm cuBLASLt proposes for R rows, its split-K included;
//  - batch_invariant = 1 (default and deterministic forms): detbench's own tiled kernel (128 x 128
//    output tiles, 8 x 8 outputs per thread in registers), each output element's k products
//    added left to right in one thread, whatever m is: the bits of a row do not depend on the
//    batch (cuBLAS's heuristic may pick another algorithm or split-K for another m), and with
//    -fmad=false they are the `cpu` device's. Separate multiplies and adds cost it up to half of
//    an FMA kernel's throughput: the price of the cpu's bits.

#include <cublas_v2.h>

#include <cstdint>
#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

#include "CublasHandle.hpp"
#include "CublasLtHeuristic.hpp"
#include "CublasLtPinnedGemm.hpp"
#include "CublasWorkspaceEnvironment.hpp"
#include "CudaCheck.hpp"
#include "CudaKernel.hpp"
#include "CudaStream.hpp"
#include "Launch.cuh"
#include "detbench/ops/MatmulOp.hpp"
#include "detbench/ops/MatmulTiles.hpp"

namespace detbench::cuda {

namespace {

using ops::MatmulOp;
using Tiles = ops::MatmulTiles;
constexpr int kTileSide = 16;  // the atomic contrast's tiles
// The cuBLAS workspace per stream: the settings' CUBLAS_WORKSPACE_CONFIG, or PyTorch's default
// when it is unset (CublasHandlePool.cpp, parseChosenWorkspaceSize): 32 MiB on sm_90 (H100,
// H200), :4096:2:16:8 on every other device.
std::size_t workspaceBytesFor(const Settings& settings) {
  if (settings.cublasWorkspaceConfig) {
    return static_cast<std::size_t>(settings.cublasWorkspaceConfig->totalBytes());
  }
  int device = 0, major = 0, minor = 0;
  DETBENCH_CUDA_CHECK(cudaGetDevice(&device));
  DETBENCH_CUDA_CHECK(cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, device));
  DETBENCH_CUDA_CHECK(cudaDeviceGetAttribute(&minor, cudaDevAttrComputeCapabilityMinor, device));
  if (major == 9 && minor == 0) return std::size_t{4096} * 8 * 1024;
  return std::size_t{4096} * 1024 * 2 + std::size_t{16} * 1024 * 8;
}

__global__ void splitKKernel(const float* a, const float* b, std::int64_t m, std::int64_t n,
                             std::int64_t k, float* out) {
  const std::int64_t row = static_cast<std::int64_t>(blockIdx.y) * kTileSide + threadIdx.y;
  const std::int64_t col = static_cast<std::int64_t>(blockIdx.x) * kTileSide + threadIdx.x;
  if (row >= m || col >= n) return;
  const std::int64_t k0 = static_cast<std::int64_t>(blockIdx.z) * MatmulOp::kSplit;
  const std::int64_t k1 = k0 + MatmulOp::kSplit < k ? k0 + MatmulOp::kSplit : k;
  float acc = 0.0f;
  for (std::int64_t kk = k0; kk < k1; ++kk) acc += a[row * k + kk] * b[kk * n + col];
  atomicAdd(out + row * n + col, acc);
}

// The batch-invariant form: a block per 128 x 128 tile of the output, each thread 8 x 8 outputs
// in registers, k in order (ops/MatmulTiles.hpp, which the host replays in its tests).
__global__ void __launch_bounds__(Tiles::kThreads)
    fixedOrderKernel(MatmulOp::Problem p, const float* a, const float* b, float* out) {
  __shared__ float as[Tiles::kTileAFloats];
  __shared__ float bs[Tiles::kTileBFloats];
  const std::int64_t m0 = static_cast<std::int64_t>(blockIdx.y) * Tiles::kBlockRows;
  const std::int64_t n0 = static_cast<std::int64_t>(blockIdx.x) * Tiles::kBlockCols;
  const int tid = static_cast<int>(threadIdx.x);
  const int ty = tid / Tiles::kThreadGrid, tx = tid % Tiles::kThreadGrid;
  float acc[Tiles::kOutputsPerThread];
  for (float& v : acc) v = 0.0f;
  for (std::int64_t k0 = 0; k0 < p.k; k0 += Tiles::kTileK) {
    Tiles::load(p, a, b, m0, n0, k0, tid, as, bs);
    __syncthreads();
    Tiles::accumulate(as, bs, ty, tx, Tiles::stepsAt(p, k0), acc);
    __syncthreads();
  }
  Tiles::store(p, m0, n0, ty, tx, acc, out);
}

// The handle is declared last so that it goes first: it is still bound to a side stream and a
// workspace when the run ends, and neither may be destroyed under it.
struct GemmState {
  std::vector<CudaStream> streams;
  std::vector<CudaEvent> done;
  CudaEvent ready;
  std::vector<DeviceBytes> workspaces;  // one per stream, or one shared
  CublasHandle handle;
};

}  // namespace

CudaRun makeMatmulCuda(const CudaKernelArgs& args) {
  const auto p = MatmulOp::problem(args.params);
  const float* a = args.device.in<float>(MatmulOp::kA);
  const float* b = args.device.in<float>(MatmulOp::kB);
  float* out = args.device.out<float>();
  const auto productBytes = static_cast<std::size_t>(p.productElements()) * sizeof(float);

  if (args.form == Form::Atomic) {
    *args.algorithm = "split-K atomicAdd (detbench contrast)";
    const dim3 block(kTileSide, kTileSide);
    const dim3 grid(static_cast<unsigned>((p.n + kTileSide - 1) / kTileSide),
                    gridY((p.m + kTileSide - 1) / kTileSide), gridY(p.slices()));
    return [=](StreamView stream) {
      DETBENCH_CUDA_CHECK(cudaMemsetAsync(out, 0, productBytes, stream));
      launch(DETBENCH_KERNEL(splitKKernel), {grid, block}, stream, a, b, p.m, p.n, p.k, out);
      for (std::int64_t s = 1; s < p.streams; ++s) {
        DETBENCH_CUDA_CHECK(cudaMemcpyAsync(out + s * p.productElements(), out, productBytes,
                                            cudaMemcpyDeviceToDevice, stream));
      }
    };
  }

  const Settings& settings = args.context.settings();
  if (p.batchInvariant && p.pinnedCublasLt != 0) {
    // Every stream's product would start m * n floats after the last: cuBLASLt's heuristic
    // assumed aligned outputs.
    if (p.streams > 1) {
      DETBENCH_THROW(NotAvailable, "pinned_cublaslt = 1 runs one stream (streams = 1)");
    }
    auto gemm = std::make_shared<const PinnedLtGemm>(p.m, p.n, p.k, p.tf32,
                                                     workspaceBytesFor(settings), p.pinnedRows());
    *args.algorithm = gemm->text() + " (batch-invariant)";
    return [=](StreamView stream) { gemm->run(stream, a, b, out); };
  }

  if (p.batchInvariant) {
    *args.algorithm = "fixed-order tiled GEMM (detbench, batch-invariant; 128 x 128 tiles)";
    const dim3 grid(static_cast<unsigned>((p.n + Tiles::kBlockCols - 1) / Tiles::kBlockCols),
                    gridY((p.m + Tiles::kBlockRows - 1) / Tiles::kBlockRows));
    return [=](StreamView stream) {
      for (std::int64_t s = 0; s < p.streams; ++s) {
        launch(DETBENCH_KERNEL(fixedOrderKernel), {grid, Tiles::kThreads}, stream, p, a, b,
               out + s * p.productElements());
      }
    };
  }

  applyWorkspaceEnvironment(settings);
  auto state = std::make_shared<GemmState>();
  const bool shared = p.sharedWorkspace;
  const std::size_t workspaceBytes = workspaceBytesFor(settings);
  for (std::int64_t s = 0; s < p.streams; ++s) {
    state->streams.emplace_back();
    state->done.emplace_back();
    if (s == 0 || !shared) state->workspaces.emplace_back(workspaceBytes);
  }
  DETBENCH_CUBLAS_CHECK(cublasSetMathMode(
      state->handle.get(), p.tf32 ? CUBLAS_TF32_TENSOR_OP_MATH : CUBLAS_DEFAULT_MATH));
  // cublasSgemm does not name its kernel: cuBLASLt's heuristic for the same shape stands in,
  // so a run at each batch size records the choice (split-K changes with m).
  *args.algorithm =
      std::string("cublasSgemm, ") + (p.tf32 ? "TF32" : "FP32") +
      (p.streams > 1 ? (shared ? ", one shared workspace" : ", workspace per stream") : "") + "; " +
      cublasLtHeuristicText(p.m, p.n, p.k, p.tf32, workspaceBytes);
  return [=](StreamView stream) {
    GemmState& st = *state;
    DETBENCH_CUDA_CHECK(cudaEventRecord(st.ready.get(), stream));
    const float one = 1.0f, zero = 0.0f;
    for (std::int64_t s = 0; s < p.streams; ++s) {
      const auto i = static_cast<std::size_t>(s);
      cudaStream_t side = st.streams[i].get();
      DETBENCH_CUDA_CHECK(cudaStreamWaitEvent(side, st.ready.get(), 0));
      DeviceBytes& ws = st.workspaces[shared ? 0 : i];
      DETBENCH_CUBLAS_CHECK(cublasSetStream(st.handle.get(), side));
      DETBENCH_CUBLAS_CHECK(cublasSetWorkspace(st.handle.get(), ws.data(), ws.size()));
      // Row-major C = A B is column-major C^T = B^T A^T.
      DETBENCH_CUBLAS_CHECK(cublasSgemm(
          st.handle.get(), CUBLAS_OP_N, CUBLAS_OP_N, static_cast<int>(p.n), static_cast<int>(p.m),
          static_cast<int>(p.k), &one, b, static_cast<int>(p.n), a, static_cast<int>(p.k), &zero,
          out + s * p.productElements(), static_cast<int>(p.n)));
      DETBENCH_CUDA_CHECK(cudaEventRecord(st.done[i].get(), side));
    }
    for (auto& e : st.done) DETBENCH_CUDA_CHECK(cudaStreamWaitEvent(stream, e.get(), 0));
  };
}

}  // namespace detbench::cuda
