// The device digest equals the CPU digest for the same bytes (label gpu: skipped without a
// device).

#include <gtest/gtest.h>

#include <cuda_runtime_api.h>

#include <cstring>
#include <vector>

#include "detbench/DataGenerator.hpp"
#include "detbench/Digest.hpp"
#include "detbench/cuda/DeviceDigest.hpp"

namespace detbench {
namespace {

class DeviceDigestTest : public ::testing::Test {
 protected:
  void SetUp() override {
    int count = 0;
    if (cudaGetDeviceCount(&count) != cudaSuccess || count == 0) {
      (void)cudaGetLastError();
      GTEST_SKIP() << "no CUDA device";
    }
    void* acc = nullptr;
    ASSERT_EQ(cudaMalloc(&acc, sizeof(std::uint64_t)), cudaSuccess);
    acc_ = static_cast<std::uint64_t*>(acc);
  }
  void TearDown() override {
    if (acc_) cudaFree(acc_);
  }
  std::uint64_t onDevice(const void* host, std::size_t elementSize, std::uint64_t count) {
    void* d = nullptr;
    EXPECT_EQ(cudaMalloc(&d, elementSize * count + 1), cudaSuccess);
    EXPECT_EQ(cudaMemcpy(d, host, elementSize * count, cudaMemcpyHostToDevice), cudaSuccess);
    const std::uint64_t digest = cuda::deviceDigest(d, elementSize, count, acc_, nullptr);
    cudaFree(d);
    return digest;
  }
  std::uint64_t* acc_ = nullptr;
};

TEST_F(DeviceDigestTest, EqualsTheCpuDigestForFloatsAndInt64) {
  for (std::uint64_t n : {1ull, 255ull, 1000003ull, 1ull << 24}) {
    std::vector<float> f(n);
    DataGenerator(n).uniform(f, 1, -1, 1);
    EXPECT_EQ(onDevice(f.data(), 4, n), digestBytes(f.data(), 4, n)) << n;
    std::vector<std::int64_t> i(n);
    DataGenerator(n).indices(i, 2, 1 << 30);
    EXPECT_EQ(onDevice(i.data(), 8, n), digestBytes(i.data(), 8, n)) << n;
  }
}

TEST_F(DeviceDigestTest, IsTheSameEveryTime) {
  std::vector<float> f(1 << 22);
  DataGenerator(3).uniform(f, 1, -1, 1);
  const std::uint64_t first = onDevice(f.data(), 4, f.size());
  for (int t = 0; t < 20; ++t) EXPECT_EQ(onDevice(f.data(), 4, f.size()), first);
}

}  // namespace
}  // namespace detbench
