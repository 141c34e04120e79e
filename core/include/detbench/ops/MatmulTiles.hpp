#pragma once
// matmul's batch-invariant form on CUDA, as three steps of one block that the host can replay
// (tests/core/ops/MatmulTilesTest.cpp runs them block by block, thread by thread, between the
// points where the GPU synchronises, and checks the bits against MatmulOp::sequential):
//   for each k tile, in order:  load (every thread its share of a's and b's tiles into shared
//                                memory); sync; accumulate (every thread its outputs over the
//                                tile's k, in order); sync;
//   then store.
// A block computes a kBlockRows x kBlockCols tile of the output with kThreads threads, each
// kThreadRows x kThreadCols outputs held in registers, at rows ty + kThreadGrid * i and columns
// tx + kThreadGrid * j of the tile (neighbouring threads read neighbouring shared words, and
// write neighbouring output columns). Every output element starts at +0 and adds its k
// products in k order, one rounding for the product and one for the sum (nvcc -fmad=false): the
// order and the roundings of MatmulOp::rowsTimesB, so the `cpu` device's bits, whatever the
// batch (m), the tile the element falls in, or the device.

#include <cstdint>

#include "detbench/base/HostDevice.hpp"
#include "detbench/ops/MatmulOp.hpp"

namespace detbench::ops {

struct MatmulTiles {
  static constexpr int kBlockRows = 128;  // rows of a (and of the output) per block
  static constexpr int kBlockCols = 128;  // columns of b (and of the output) per block
  static constexpr int kTileK = 8;        // k per shared-memory tile
  static constexpr int kThreadGrid = 16;  // threads per block: kThreadGrid x kThreadGrid
  static constexpr int kThreads = kThreadGrid * kThreadGrid;
  static constexpr int kThreadRows = kBlockRows / kThreadGrid;
  static constexpr int kThreadCols = kBlockCols / kThreadGrid;
  static constexpr int kOutputsPerThread = kThreadRows * kThreadCols;
  // Shared memory: a's tile stored k-major (as[kk * kBlockRows + r]), b's as it is in b.
  static constexpr int kTileAFloats = kTileK * kBlockRows;
  static constexpr int kTileBFloats = kTileK * kBlockCols;
  static_assert(kTileAFloats % kThreads == 0 && kTileBFloats % kThreads == 0,
                "every thread loads the same number of each tile's floats");

  // Thread `tid`'s share of the tiles of a (rows m0.., k k0..) and b (k k0.., columns n0..);
  // outside the matrices, zeros (never added: accumulate stops at k).
  DETBENCH_HD static void load(const MatmulOp::Problem& p, const float* a, const float* b,
                               std::int64_t m0, std::int64_t n0, std::int64_t k0, int tid,
                               float* as, float* bs) {
    for (int e = tid; e < kTileAFloats; e += kThreads) {
      const int r = e / kTileK, kk = e % kTileK;  // consecutive threads: along k of one row
      const std::int64_t row = m0 + r, col = k0 + kk;
      as[kk * kBlockRows + r] = row < p.m && col < p.k ? a[row * p.k + col] : 0.0f;
    }
    for (int e = tid; e < kTileBFloats; e += kThreads) {
      const int kk = e / kBlockCols, c = e % kBlockCols;  // consecutive threads: along a row
      const std::int64_t row = k0 + kk, col = n0 + c;
      bs[kk * kBlockCols + c] = row < p.k && col < p.n ? b[row * p.n + col] : 0.0f;
    }
  }

  // Thread (ty, tx) adds the products of the tile's first `steps` k to its outputs, k in order.
  DETBENCH_HD static void accumulate(const float* as, const float* bs, int ty, int tx, int steps,
                                     float* acc) {
    for (int kk = 0; kk < steps; ++kk) {
      float av[kThreadRows];
      float bv[kThreadCols];
      for (int i = 0; i < kThreadRows; ++i) av[i] = as[kk * kBlockRows + ty + kThreadGrid * i];
      for (int j = 0; j < kThreadCols; ++j) bv[j] = bs[kk * kBlockCols + tx + kThreadGrid * j];
      for (int i = 0; i < kThreadRows; ++i) {
        for (int j = 0; j < kThreadCols; ++j) acc[i * kThreadCols + j] += av[i] * bv[j];
      }
    }
  }

  // The k products a tile holds: kTileK, fewer in the last.
  DETBENCH_HD static int stepsAt(const MatmulOp::Problem& p, std::int64_t k0) {
    return p.k - k0 < kTileK ? static_cast<int>(p.k - k0) : kTileK;
  }

  // Thread (ty, tx)'s outputs of the block at (m0, n0), those inside the product.
  DETBENCH_HD static void store(const MatmulOp::Problem& p, std::int64_t m0, std::int64_t n0,
                                int ty, int tx, const float* acc, float* out) {
    for (int i = 0; i < kThreadRows; ++i) {
      const std::int64_t row = m0 + ty + kThreadGrid * i;
      if (row >= p.m) continue;
      for (int j = 0; j < kThreadCols; ++j) {
        const std::int64_t col = n0 + tx + kThreadGrid * j;
        if (col < p.n) out[row * p.n + col] = acc[i * kThreadCols + j];
      }
    }
  }
};

}  // namespace detbench::ops
