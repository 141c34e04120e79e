// matmul's batch-invariant CUDA form (ops/MatmulTiles.hpp) replayed on the host as the GPU runs
// it: block by block, and within a block every thread's load, then (after the GPU's
// __syncthreads) every thread's accumulate, tile after tile, then every thread's store. The
// product must be the `cpu` device's bit for bit (MatmulOp::sequential) for shapes smaller than
// a tile, straddling tiles in every dimension, and with k not a multiple of the k tile; and a
// row's bits must not depend on how many rows the batch has.

#include <gtest/gtest.h>

#include <cstring>
#include <vector>

#include "detbench/op/DataGenerator.hpp"
#include "detbench/ops/MatmulTiles.hpp"

namespace detbench {
namespace {

using ops::MatmulOp;
using Tiles = ops::MatmulTiles;

std::vector<float> replay(const MatmulOp::Problem& p, const float* a, const float* b) {
  std::vector<float> out(static_cast<std::size_t>(p.m * p.n), -1.0f);
  std::vector<float> as(Tiles::kTileAFloats), bs(Tiles::kTileBFloats);
  std::vector<float> acc(static_cast<std::size_t>(Tiles::kThreads * Tiles::kOutputsPerThread));
  for (std::int64_t m0 = 0; m0 < p.m; m0 += Tiles::kBlockRows) {
    for (std::int64_t n0 = 0; n0 < p.n; n0 += Tiles::kBlockCols) {
      std::fill(acc.begin(), acc.end(), 0.0f);
      for (std::int64_t k0 = 0; k0 < p.k; k0 += Tiles::kTileK) {
        // Poisoned between tiles: a thread that read what nobody loaded would show.
        std::fill(as.begin(), as.end(), 1e30f);
        std::fill(bs.begin(), bs.end(), 1e30f);
        for (int tid = 0; tid < Tiles::kThreads; ++tid) {
          Tiles::load(p, a, b, m0, n0, k0, tid, as.data(), bs.data());
        }
        for (int tid = 0; tid < Tiles::kThreads; ++tid) {
          Tiles::accumulate(as.data(), bs.data(), tid / Tiles::kThreadGrid,
                            tid % Tiles::kThreadGrid, Tiles::stepsAt(p, k0),
                            acc.data() + tid * Tiles::kOutputsPerThread);
        }
      }
      for (int tid = 0; tid < Tiles::kThreads; ++tid) {
        Tiles::store(p, m0, n0, tid / Tiles::kThreadGrid, tid % Tiles::kThreadGrid,
                     acc.data() + tid * Tiles::kOutputsPerThread, out.data());
      }
    }
  }
  return out;
}

struct Matrices {
  std::vector<float> a, b;
};

Matrices randomMatrices(std::int64_t m, std::int64_t n, std::int64_t k) {
  const DataGenerator data(5);
  Matrices x{std::vector<float>(static_cast<std::size_t>(m * k)),
             std::vector<float>(static_cast<std::size_t>(k * n))};
  data.uniform(std::span<float>(x.a), 1, -1.0f, 1.0f);
  data.uniform(std::span<float>(x.b), 2, -1.0f, 1.0f);
  return x;
}

MatmulOp::Problem problem(std::int64_t m, std::int64_t n, std::int64_t k) {
  return {m, n, k, 1, false, false, true, 0};
}

bool sameBits(const std::vector<float>& x, const std::vector<float>& y) {
  return x.size() == y.size() && std::memcmp(x.data(), y.data(), x.size() * sizeof(float)) == 0;
}

TEST(MatmulTilesTest, TheReplayedKernelGivesTheCpuDevicesBits) {
  const std::int64_t shapes[][3] = {{1, 1, 1},     {3, 5, 7},      {1, 300, 100},
                                    {130, 129, 9}, {257, 70, 133}, {64, 128, 8}};
  for (const auto& s : shapes) {
    const MatmulOp::Problem p = problem(s[0], s[1], s[2]);
    const Matrices x = randomMatrices(p.m, p.n, p.k);
    std::vector<float> expected(static_cast<std::size_t>(p.m * p.n));
    MatmulOp::sequential(p, x.a.data(), x.b.data(), expected.data());
    EXPECT_TRUE(sameBits(replay(p, x.a.data(), x.b.data()), expected))
        << s[0] << " x " << s[1] << " x " << s[2];
  }
}

TEST(MatmulTilesTest, ARowsBitsDoNotDependOnTheBatch) {
  const std::int64_t n = 150, k = 77;
  const Matrices full = randomMatrices(260, n, k);
  const std::vector<float> all = replay(problem(260, n, k), full.a.data(), full.b.data());
  for (std::int64_t rows : {1, 2, 127, 128, 129}) {
    const std::vector<float> some = replay(problem(rows, n, k), full.a.data(), full.b.data());
    EXPECT_EQ(std::memcmp(some.data(), all.data(), some.size() * sizeof(float)), 0) << rows;
  }
}

// The replay itself can fail: an order other than k's changes the bits.
TEST(MatmulTilesTest, AnotherOrderOfTheSameProductsIsCaught) {
  const MatmulOp::Problem p = problem(4, 4, 64);
  const Matrices x = randomMatrices(p.m, p.n, p.k);
  std::vector<float> expected(static_cast<std::size_t>(p.m * p.n));
  MatmulOp::sequential(p, x.a.data(), x.b.data(), expected.data());
  std::vector<float> reversed(expected.size(), 0.0f);
  for (std::int64_t r = 0; r < p.m; ++r) {
    for (std::int64_t c = 0; c < p.n; ++c) {
      for (std::int64_t kk = p.k - 1; kk >= 0; --kk) {
        reversed[static_cast<std::size_t>(r * p.n + c)] += x.a[r * p.k + kk] * x.b[kk * p.n + c];
      }
    }
  }
  EXPECT_FALSE(sameBits(reversed, expected));
}

}  // namespace
}  // namespace detbench
