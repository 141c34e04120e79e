// The device digest equals the CPU digest for the same bytes (label gpu: skipped without a
// device): 16-byte-aligned data read as vectors and misaligned data read element by element,
// counts that leave a tail, and one digester reused across sizes (its state is reset by the
// kernel itself after each digest).

#include <gtest/gtest.h>

#include <cuda_runtime_api.h>

#include <cstring>
#include <vector>

#include "CudaDeviceVisible.hpp"
#include "detbench/cuda/DeviceDigest.hpp"
#include "detbench/op/DataGenerator.hpp"
#include "detbench/run/Digest.hpp"

namespace detbench {
namespace {

class DeviceDigestTest : public ::testing::Test {
 protected:
  void SetUp() override {
    if (!test_support::cudaDeviceVisible()) GTEST_SKIP() << "no CUDA device";
  }
  // The digest of `count` elements copied to the device `offsetElements` past a cudaMalloc'd
  // (256-byte-aligned) address.
  std::uint64_t onDevice(const void* host, std::size_t elementSize, std::uint64_t count,
                         std::size_t offsetElements = 0, cuda::DeviceDigester* digester = nullptr) {
    void* d = nullptr;
    const std::size_t offset = offsetElements * elementSize;
    EXPECT_EQ(cudaMalloc(&d, offset + elementSize * count + 1), cudaSuccess);
    auto* at = static_cast<char*>(d) + offset;
    EXPECT_EQ(cudaMemcpy(at, host, elementSize * count, cudaMemcpyHostToDevice), cudaSuccess);
    std::uint64_t digest = 0;
    if (digester != nullptr) {
      digester->enqueue(at, elementSize, count, nullptr);
      EXPECT_EQ(cudaStreamSynchronize(nullptr), cudaSuccess);
      digest = digester->result();
    } else {
      digest = cuda::deviceDigest(at, elementSize, count, nullptr);
    }
    cudaFree(d);
    return digest;
  }
};

TEST_F(DeviceDigestTest, EqualsTheCpuDigestForFloatsAndInt64) {
  for (std::uint64_t n : {0ull, 1ull, 3ull, 5ull, 255ull, 1000003ull, 1ull << 24}) {
    std::vector<float> f(n);
    DataGenerator(n).uniform(f, 1, -1, 1);
    EXPECT_EQ(onDevice(f.data(), 4, n), digestBytes(f.data(), 4, n)) << n;
    std::vector<std::int64_t> i(n);
    DataGenerator(n).indices(i, 2, 1 << 30);
    EXPECT_EQ(onDevice(i.data(), 8, n), digestBytes(i.data(), 8, n)) << n;
  }
}

TEST_F(DeviceDigestTest, MisalignedDataIsReadElementByElementAndGivesTheSameDigest) {
  std::vector<float> f(100003);
  DataGenerator(5).uniform(f, 1, -1, 1);
  const std::uint64_t cpu = digestBytes(f.data(), 4, f.size());
  for (std::size_t offset : {1u, 2u, 3u}) EXPECT_EQ(onDevice(f.data(), 4, f.size(), offset), cpu);
  std::vector<std::int64_t> i(100003);
  DataGenerator(6).indices(i, 2, 1 << 30);
  EXPECT_EQ(onDevice(i.data(), 8, i.size(), 1), digestBytes(i.data(), 8, i.size()));
}

TEST_F(DeviceDigestTest, OneDigesterResetsItselfBetweenDigests) {
  cuda::DeviceDigester digester;
  std::vector<float> big(1 << 20), small(7);
  DataGenerator(7).uniform(big, 1, -1, 1);
  DataGenerator(8).uniform(small, 1, -1, 1);
  for (int round = 0; round < 3; ++round) {
    EXPECT_EQ(onDevice(big.data(), 4, big.size(), 0, &digester),
              digestBytes(big.data(), 4, big.size()));
    EXPECT_EQ(onDevice(small.data(), 4, small.size(), 0, &digester),
              digestBytes(small.data(), 4, small.size()));
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
