#pragma once
// matmul: torch.matmul(a, b) on float32 matrices, a (m x k) times b (k x n), m = size, n = size
// unless given. On
// CUDA it is one cuBLAS GEMM; with streams > 1 the same product is computed concurrently on
// that many streams that share one cuBLAS handle (the output holds one product per stream), the
// situation in which cuBLAS's workspace, and so CUBLAS_WORKSPACE_CONFIG, matters. tf32 = 1 lets
// cuBLAS use TF32 tensor cores (torch.backends.cuda.matmul.allow_tf32); the cpu devices always
// compute in float32.
//
// The `cpu` device adds each output element's k products left to right. The deterministic form
// on cpu-threads does so too while there are rows enough to keep every thread busy; with fewer
// (a small batch), it does what BLAS libraries and cuBLAS's heuristics do for such shapes: it
// splits k into as many slices as there are idle threads and adds the slices' partial products
// in slice order. That repeats run to run, but a row's bits then depend on the batch size and
// the thread count. batch_invariant = 1 (a detbench extension, like vLLM's batch-invariant
// mode) keeps every row in k order whatever the batch: the sequential bits at every batch size,
// thread count and on CUDA (a fixed-order kernel of detbench's own instead of cuBLAS; or, with
// pinned_cublaslt = 1, cuBLASLt with one algorithm pinned for every batch: its own bits; with
// pinned_cublaslt = R > 1, the algorithm cuBLASLt proposes for R rows, its split-K pinned with
// it). The
// atomic form is a split-K contrast: the k range is cut into kSplit-sized slices, and each
// slice's partial dot product is added to the output atomically in whatever order the slices
// finish.
//
// Rows of a are the batch (with streams = 1): see OpDefinition::batchRows.

#include <cstdint>
#include <string_view>
#include <vector>

#include "detbench/op/OpDefinition.hpp"
#include "detbench/ops/RowSplit.hpp"

namespace detbench::ops {

struct MatmulOp {
  static constexpr std::string_view kName = "matmul";
  static constexpr std::string_view kSizeParam = "size";
  static constexpr std::int64_t kSplit = 64;
  struct Problem {
    std::int64_t m;
    std::int64_t n;
    std::int64_t k;
    std::int64_t streams;
    bool tf32;
    bool sharedWorkspace;
    bool batchInvariant;
    // cuda, with batchInvariant: cuBLASLt, one algorithm for every batch (pinned_cublaslt: 0
    // off, 1 the algorithm for 4096 rows without split-K, R > 1 the one for R rows).
    std::int64_t pinnedCublasLt;
    // The batch the pinned algorithm is cuBLASLt's choice for, split-K included; 0: 4096 rows
    // among the algorithms without split-K.
    std::int64_t pinnedRows() const { return pinnedCublasLt > 1 ? pinnedCublasLt : 0; }
    std::int64_t productElements() const { return m * n; }
    std::int64_t slices() const { return (k + kSplit - 1) / kSplit; }
  };
  enum Input { kA, kB };

  static const std::vector<ParamSpec>& params();
  static Problem problem(const OpParams& p);
  static std::vector<TensorSpec> inputSpecs(const Problem& p);
  static TensorSpec outputSpec(const Problem& p);
  static std::vector<HostTensor> makeInputs(const Problem& p, const DataGenerator& data);
  static Reference reference(const Problem& p, const OpInputs& inputs);
  static std::int64_t maxTerms(const Problem& p) { return p.k; }
  static std::int64_t batchRows(const Problem& p);
  static OpParams batchParams(const Problem& p, std::int64_t rows);

  // The k slices the deterministic form of cpu-threads cuts each row into when `tasks` row
  // tasks leave threads idle (1: no split): enough to give every thread work, none shorter than
  // kMinSlice products.
  static constexpr std::int64_t kMinSlice = 128;
  static std::int64_t splitKSlices(const Problem& p, std::int64_t tasks, int threads) {
    if (p.batchInvariant) return 1;
    return slicesForIdleThreads(tasks, threads, p.k, kMinSlice);
  }

  // Products of rows [r0, r1) of a with b over k in [k0, k1), left to right, into acc (row-major
  // (r1 - r0) x n, accumulated onto what it holds).
  template <typename T>
  static void rowsTimesB(const Problem& p, const T* a, const T* b, T* acc, std::int64_t r0,
                         std::int64_t r1, std::int64_t k0, std::int64_t k1) {
    for (std::int64_t r = r0; r < r1; ++r) {
      T* row = acc + (r - r0) * p.n;
      for (std::int64_t kk = k0; kk < k1; ++kk) {
        const T av = a[r * p.k + kk];
        const T* brow = b + kk * p.n;
        for (std::int64_t j = 0; j < p.n; ++j) row[j] += av * brow[j];
      }
    }
  }

  // One product into out[0, m*n), then copies for the other streams.
  template <typename T>
  static void sequential(const Problem& p, const T* a, const T* b, T* out) {
    for (std::int64_t i = 0; i < p.productElements(); ++i) out[i] = T{0};
    rowsTimesB(p, a, b, out, 0, p.m, 0, p.k);
    for (std::int64_t s = 1; s < p.streams; ++s) {
      for (std::int64_t i = 0; i < p.productElements(); ++i)
        out[s * p.productElements() + i] = out[i];
    }
  }
};

}  // namespace detbench::ops
