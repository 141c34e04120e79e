// The device digest's per-thread shares (kernels/cuda/src/DigestShare.hpp), run on the host:
// whatever the number of threads, vector loads or not, the shares add up to the CPU digest's
// sum, tails and counts smaller than one vector included. Runs everywhere, GPU or not.

#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <utility>
#include <vector>

#include "DigestShare.hpp"
#include "detbench/op/DataGenerator.hpp"
#include "detbench/run/Digest.hpp"

namespace detbench {
namespace {

template <typename Bits, bool kVector>
std::uint64_t sharesSum(const Bits* data, std::uint64_t count, std::uint64_t threads) {
  std::uint64_t sum = 0;
  for (std::uint64_t t = 0; t < threads; ++t) {
    sum += cuda::digestThreadSum<Bits, kVector>(data, count, t, threads);
  }
  return sum;
}

template <typename Bits>
void checkAllSplits(const std::vector<Bits>& values) {
  const auto* data = values.data();
  ASSERT_EQ(reinterpret_cast<std::uintptr_t>(data) % 16, 0u);  // as cudaMalloc's addresses
  for (std::uint64_t count : {0ull, 1ull, 2ull, 3ull, 4ull, 5ull, 7ull, 64ull, 255ull, 1001ull}) {
    const std::uint64_t cpu = digestPartial(data, sizeof(Bits), 0, count);
    for (std::uint64_t threads : {1ull, 2ull, 3ull, 7ull, 32ull, 256ull, 2048ull}) {
      EXPECT_EQ((sharesSum<Bits, true>(data, count, threads)), cpu)
          << sizeof(Bits) << "-byte, vector, count " << count << ", threads " << threads;
      EXPECT_EQ((sharesSum<Bits, false>(data, count, threads)), cpu)
          << sizeof(Bits) << "-byte, scalar, count " << count << ", threads " << threads;
    }
  }
}

TEST(DigestShareTest, SharesOfAnyThreadCountAddUpToTheCpuSum) {
  std::vector<std::uint32_t> words(1001);
  std::vector<float> f(words.size());
  DataGenerator(11).uniform(f, 1, -1, 1);
  std::memcpy(words.data(), f.data(), f.size() * sizeof(float));
  checkAllSplits(words);

  std::vector<std::int64_t> i(1001);
  DataGenerator(12).indices(i, 2, 1 << 30);
  std::vector<std::uint64_t> longs(i.begin(), i.end());
  for (auto& v : longs) v = v * 0x9e3779b97f4a7c15ULL;  // use all 64 bits
  checkAllSplits(longs);
}

TEST(DigestShareTest, AMovedValueChangesTheSum) {
  std::vector<std::uint32_t> words = {1, 2, 3, 4, 5, 6, 7, 8};
  const std::uint64_t before = sharesSum<std::uint32_t, true>(words.data(), 8, 2);
  std::swap(words[1], words[6]);
  EXPECT_NE((sharesSum<std::uint32_t, true>(words.data(), 8, 2)), before);
}

}  // namespace
}  // namespace detbench
