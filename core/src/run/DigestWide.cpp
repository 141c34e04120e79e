// digestPartial four elements at a time in AVX2 vectors: the same terms as the scalar form
// (Digest.hpp), summed in four 64-bit lanes. AVX2 has no 64x64->128-bit multiply, so each
// term's product is built from four 32x32->64-bit ones (vpmuludq) and its halves folded as mum()
// folds them. Compiled for AVX2 whatever the build's target, and used only on a CPU that has it.

#include <cstring>

#include "detbench/base/Error.hpp"
#include "detbench/run/Digest.hpp"

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>

namespace detbench::digest_detail {

namespace {

#define DETBENCH_AVX2 __attribute__((target("avx2")))

// The four terms mum(a, b) of lanes a and b, `aHigh` being a >> 32.
DETBENCH_AVX2 inline __m256i wideTerms(__m256i a, __m256i aHigh, __m256i b) {
  const __m256i bHigh = _mm256_srli_epi64(b, 32);
  const __m256i ll = _mm256_mul_epu32(a, b);
  const __m256i lh = _mm256_mul_epu32(a, bHigh);
  const __m256i hl = _mm256_mul_epu32(aHigh, b);
  const __m256i hh = _mm256_mul_epu32(aHigh, bHigh);
  // The product is ll + (lh + hl) * 2^32 + hh * 2^64. Each partial sum below stays under 2^64:
  // (2^32 - 1)^2 + 2 * (2^32 - 1) = 2^64 - 1.
  const __m256i t = _mm256_add_epi64(lh, _mm256_srli_epi64(ll, 32));
  const __m256i u = _mm256_add_epi64(hl, _mm256_and_si256(t, _mm256_set1_epi64x(0xffffffffLL)));
  // The low 64 bits: ll's low half, u's low half above it; the high 64 bits: the carries.
  const __m256i lo = _mm256_blend_epi32(ll, _mm256_slli_epi64(u, 32), 0xAA);
  const __m256i hi =
      _mm256_add_epi64(hh, _mm256_add_epi64(_mm256_srli_epi64(t, 32), _mm256_srli_epi64(u, 32)));
  return _mm256_xor_si256(lo, hi);
}

// Four elements from `p`, zero-extended to 64 bits.
template <typename Bits>
DETBENCH_AVX2 inline __m256i wideLoad(const Bits* p) {
  if constexpr (sizeof(Bits) == 8) {
    return _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p));
  } else if constexpr (sizeof(Bits) == 4) {
    return _mm256_cvtepu32_epi64(_mm_loadu_si128(reinterpret_cast<const __m128i*>(p)));
  } else if constexpr (sizeof(Bits) == 2) {
    return _mm256_cvtepu16_epi64(_mm_loadl_epi64(reinterpret_cast<const __m128i*>(p)));
  } else {
    std::int32_t four;
    std::memcpy(&four, p, sizeof four);
    return _mm256_cvtepu8_epi64(_mm_cvtsi32_si128(four));
  }
}

DETBENCH_AVX2 inline std::uint64_t wideLaneSum(__m256i v) {
  alignas(32) std::uint64_t lanes[4];
  _mm256_store_si256(reinterpret_cast<__m256i*>(lanes), v);
  return lanes[0] + lanes[1] + lanes[2] + lanes[3];
}

template <typename Bits>
DETBENCH_AVX2 std::uint64_t wideSum(const Bits* p, std::uint64_t key, std::uint64_t step,
                                    std::uint64_t count) {
  const __m256i valueKey = _mm256_set1_epi64x(static_cast<long long>(kValueKey));
  const __m256i indexKey = _mm256_set1_epi64x(static_cast<long long>(kIndexKey));
  // Elements narrower than 8 bytes have no high half: a >> 32 is the value key's.
  const __m256i narrowHigh = _mm256_set1_epi64x(static_cast<long long>(kValueKey >> 32));
  // Two sets of four lanes, elements i..i+3 and i+4..i+7, each lane's key stepping by 8 steps.
  __m256i keys0 = _mm256_set_epi64x(
      static_cast<long long>(key + 3 * step), static_cast<long long>(key + 2 * step),
      static_cast<long long>(key + step), static_cast<long long>(key));
  const __m256i four = _mm256_set1_epi64x(static_cast<long long>(4 * step));
  const __m256i eight = _mm256_set1_epi64x(static_cast<long long>(8 * step));
  __m256i keys1 = _mm256_add_epi64(keys0, four);
  __m256i sum0 = _mm256_setzero_si256();
  __m256i sum1 = _mm256_setzero_si256();
  std::uint64_t i = 0;
  for (; i + 8 <= count; i += 8) {
    const __m256i a0 = _mm256_xor_si256(wideLoad(p + i), valueKey);
    const __m256i a1 = _mm256_xor_si256(wideLoad(p + i + 4), valueKey);
    const __m256i h0 = sizeof(Bits) == 8 ? _mm256_srli_epi64(a0, 32) : narrowHigh;
    const __m256i h1 = sizeof(Bits) == 8 ? _mm256_srli_epi64(a1, 32) : narrowHigh;
    sum0 = _mm256_add_epi64(sum0, wideTerms(a0, h0, _mm256_xor_si256(keys0, indexKey)));
    sum1 = _mm256_add_epi64(sum1, wideTerms(a1, h1, _mm256_xor_si256(keys1, indexKey)));
    keys0 = _mm256_add_epi64(keys0, eight);
    keys1 = _mm256_add_epi64(keys1, eight);
  }
  std::uint64_t sum = wideLaneSum(_mm256_add_epi64(sum0, sum1));
  // The last few, one at a time.
  for (key += i * step; i < count; ++i, key += step) sum += term(key, p[i]);
  return sum;
}

#undef DETBENCH_AVX2

}  // namespace

bool wideAvailable() {
  static const bool avx2 = [] {
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx2") != 0;
  }();
  return avx2;
}

std::uint64_t runWide(const void* first, std::size_t elementSize, std::uint64_t firstIndex,
                      std::uint64_t indexStep, std::uint64_t count) {
  if (!wideAvailable()) return runScalar(first, elementSize, firstIndex, indexStep, count);
  const std::uint64_t key = firstIndex * kIndexStep;
  const std::uint64_t step = indexStep * kIndexStep;
  if (elementSize == 4) return wideSum(static_cast<const std::uint32_t*>(first), key, step, count);
  if (elementSize == 8) return wideSum(static_cast<const std::uint64_t*>(first), key, step, count);
  if (elementSize == 2) return wideSum(static_cast<const std::uint16_t*>(first), key, step, count);
  if (elementSize == 1) return wideSum(static_cast<const std::uint8_t*>(first), key, step, count);
  DETBENCH_THROW(InvalidArgument, "digest supports 1-, 2-, 4- and 8-byte elements only");
}

}  // namespace detbench::digest_detail

#else

namespace detbench::digest_detail {

bool wideAvailable() {
  return false;
}

std::uint64_t runWide(const void* first, std::size_t elementSize, std::uint64_t firstIndex,
                      std::uint64_t indexStep, std::uint64_t count) {
  return runScalar(first, elementSize, firstIndex, indexStep, count);
}

}  // namespace detbench::digest_detail

#endif
