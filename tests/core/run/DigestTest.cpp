#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <numeric>
#include <random>
#include <vector>

#include "detbench/base/Error.hpp"
#include "detbench/run/Digest.hpp"

namespace detbench {
namespace {

std::vector<float> randomFloats(std::size_t n, unsigned seed) {
  std::mt19937 gen(seed);
  std::uniform_real_distribution<float> dist(-1, 1);
  std::vector<float> v(n);
  for (auto& x : v) x = dist(gen);
  return v;
}

TEST(DigestTest, AnyPartitionOfTheReductionGivesTheSameDigest) {
  const auto v = randomFloats(10007, 1);
  const std::uint64_t whole = digestBytes(v.data(), 4, v.size());
  // Partials over any split, added in any order, finalize to the same value: the property that
  // lets the GPU compute it with a parallel reduction.
  std::mt19937 gen(7);
  for (int attempt = 0; attempt < 20; ++attempt) {
    std::vector<std::uint64_t> cuts{0, v.size()};
    for (int i = 0; i < 5; ++i) cuts.push_back(gen() % v.size());
    std::sort(cuts.begin(), cuts.end());
    std::vector<std::uint64_t> partials;
    for (std::size_t i = 0; i + 1 < cuts.size(); ++i) {
      partials.push_back(digestPartial(v.data(), 4, cuts[i], cuts[i + 1] - cuts[i]));
    }
    std::shuffle(partials.begin(), partials.end(), gen);
    const std::uint64_t sum = std::accumulate(partials.begin(), partials.end(), std::uint64_t{0});
    EXPECT_EQ(digest_detail::finalize(sum, v.size(), 4), whole);
  }
}

// The digest's values are part of reports (and of the GPU's digest): pinned, for each element
// size, on 37 eight-byte words read as 1-, 2-, 4- and 8-byte elements.
TEST(DigestTest, TheDigestOfKnownBytesIsPinned) {
  std::uint64_t words[37];
  for (std::uint64_t i = 0; i < 37; ++i) words[i] = 0x0123456789abcdefULL * (i + 1);
  EXPECT_EQ(digestBytes(words, 1, 37 * 8), 0x965f44115196072aULL);
  EXPECT_EQ(digestBytes(words, 2, 37 * 4), 0xa7b413a9b19e429dULL);
  EXPECT_EQ(digestBytes(words, 4, 37 * 2), 0x4ae6b271b53ea7e8ULL);
  EXPECT_EQ(digestBytes(words, 8, 37), 0xed7a6075c975c257ULL);
}

// AVX2's form sums the same terms as the definition, for every element size, at every offset
// and length around its eight-element steps (the last few are summed one at a time), with
// consecutive indices and with the index steps of a strided tensor's runs.
TEST(DigestTest, TheAvx2FormSumsTheSameTermsAsTheScalarForm) {
  std::mt19937_64 gen(11);
  std::vector<std::uint64_t> words(64);
  for (auto& w : words) w = gen();
  const auto* bytes = reinterpret_cast<const char*>(words.data());
  for (const std::size_t size : {1, 2, 4, 8}) {
    for (const std::uint64_t indexStep : {1u, 3u, 1000003u}) {
      for (std::uint64_t first = 0; first < 12; ++first) {
        for (std::uint64_t count = 0; count + first <= words.size() * 8 / size && count < 80;
             ++count) {
          // The definition, element by element: element k has index first + k * indexStep.
          std::uint64_t expected = 0;
          for (std::uint64_t k = 0; k < count; ++k) {
            std::uint64_t bits = 0;
            std::memcpy(&bits, bytes + (first + k) * size, size);
            expected +=
                digest_detail::term((first + k * indexStep) * digest_detail::kIndexStep, bits);
          }
          const void* at = bytes + first * size;
          EXPECT_EQ(digest_detail::runScalar(at, size, first, indexStep, count), expected);
          EXPECT_EQ(digest_detail::runWide(at, size, first, indexStep, count), expected)
              << size << "-byte elements from " << first << ", " << count << " by " << indexStep;
          if (indexStep == 1) {
            EXPECT_EQ(digestPartial(words.data(), size, first, count), expected);
          }
        }
      }
    }
  }
  if (!digest_detail::wideAvailable()) {
    GTEST_SKIP() << "this CPU has no AVX2: only the scalar form ran";
  }
}

TEST(DigestTest, MovingValuesBetweenPositionsChangesTheDigest) {
  auto v = randomFloats(4096, 2);
  const std::uint64_t d = digestBytes(v.data(), 4, v.size());
  std::swap(v[10], v[3000]);
  EXPECT_NE(digestBytes(v.data(), 4, v.size()), d);
}

TEST(DigestTest, EveryOneBitChangeChangesTheDigest) {
  auto v = randomFloats(257, 3);
  const std::uint64_t d = digestBytes(v.data(), 4, v.size());
  for (std::size_t i = 0; i < v.size(); i += 17) {
    for (int bit = 0; bit < 32; ++bit) {
      std::uint32_t u;
      std::memcpy(&u, &v[i], 4);
      u ^= 1u << bit;
      float changed;
      std::memcpy(&changed, &u, 4);
      const float saved = v[i];
      v[i] = changed;
      EXPECT_NE(digestBytes(v.data(), 4, v.size()), d) << "element " << i << " bit " << bit;
      v[i] = saved;
    }
  }
}

TEST(DigestTest, NegativeZeroIsADifferentOutput) {
  const float a[2] = {0.0f, 1.0f}, b[2] = {-0.0f, 1.0f};
  EXPECT_NE(digestBytes(a, 4, 2), digestBytes(b, 4, 2));
}

TEST(DigestTest, LengthAndElementSizeAreKeyed) {
  const std::uint64_t zeros[4] = {0, 0, 0, 0};
  EXPECT_NE(digestBytes(zeros, 8, 3), digestBytes(zeros, 8, 4));
  EXPECT_NE(digestBytes(zeros, 4, 8), digestBytes(zeros, 8, 4));
}

TEST(DigestTest, TensorDigestMatchesBytes) {
  HostTensor t({3, 5}, DType::Float32);
  auto s = t.as<float>();
  for (std::size_t i = 0; i < s.size(); ++i) s[i] = static_cast<float>(i) * 0.5f;
  EXPECT_EQ(digestTensor(t), digestBytes(t.raw(), 4, 15));
}

TEST(DigestTest, NarrowElementsAreTheirBitsZeroExtended) {
  // 1- and 2-byte elements (the trace probe's int8, bool, float16, bfloat16) add the same terms
  // as 8-byte elements holding the same bits; the element size still tells them apart.
  const std::uint16_t half[5] = {0x0000, 0x3c00, 0xffff, 0x8000, 0x0001};
  const std::uint8_t byte[5] = {0x00, 0x7f, 0xff, 0x80, 0x01};
  std::uint64_t wideHalf[5], wideByte[5];
  for (int i = 0; i < 5; ++i) {
    wideHalf[i] = half[i];
    wideByte[i] = byte[i];
  }
  EXPECT_EQ(digestPartial(half, 2, 0, 5), digestPartial(wideHalf, 8, 0, 5));
  EXPECT_EQ(digestPartial(byte, 1, 0, 5), digestPartial(wideByte, 8, 0, 5));
  EXPECT_EQ(digestPartial(half, 2, 2, 3), digestPartial(wideHalf, 8, 2, 3));
  EXPECT_NE(digestBytes(half, 2, 5), digestBytes(wideHalf, 8, 5));
  EXPECT_THROW(digestBytes(half, 3, 1), InvalidArgument);
}

TEST(DigestTest, FingerprintIsXxh3OfTheBytes) {
  const char text[] = "detbench";
  EXPECT_EQ(fingerprintBytes(text, 8), fingerprintBytes(text, 8));
  EXPECT_NE(fingerprintBytes(text, 8), fingerprintBytes(text, 7));
}

}  // namespace
}  // namespace detbench
