#pragma once
// One thread's share of the device digest (DeviceDigest.cu): the sum of the terms of the
// elements it reads, thread `thread` of `threads`, 16 bytes per load where kVector. Compiled for
// the device and for the host, so the host tests check that the shares of any number of
// threads add up to the CPU digest's sum, tails and odd counts included.

#include <vector_types.h>

#include <cstdint>

#include "detbench/base/HostDevice.hpp"
#include "detbench/run/Digest.hpp"

namespace detbench::cuda {

DETBENCH_HD inline std::uint64_t digestTerm(std::uint64_t indexKey, std::uint64_t bits) {
#ifdef __CUDA_ARCH__
  const std::uint64_t a = bits ^ digest_detail::kValueKey;
  const std::uint64_t b = indexKey ^ digest_detail::kIndexKey;
  return (a * b) ^ __umul64hi(a, b);
#else
  return digest_detail::term(indexKey, bits);
#endif
}

// The element type and the vector that carries kPerLoad of them in one 16-byte load.
template <typename Bits>
struct DigestLoad;
template <>
struct DigestLoad<std::uint32_t> {
  using Vector = uint4;
  static constexpr int kPerLoad = 4;
  DETBENCH_HD static void unpack(const uint4& v, std::uint64_t* out) {
    out[0] = v.x;
    out[1] = v.y;
    out[2] = v.z;
    out[3] = v.w;
  }
};
template <>
struct DigestLoad<std::uint64_t> {
  using Vector = ulonglong2;
  static constexpr int kPerLoad = 2;
  DETBENCH_HD static void unpack(const ulonglong2& v, std::uint64_t* out) {
    out[0] = v.x;
    out[1] = v.y;
  }
};

// Elements per thread per load: kPerLoad for 16-byte-aligned data read as vectors, else 1.
template <typename Bits, bool kVector>
inline constexpr int kDigestPerLoad = kVector ? DigestLoad<Bits>::kPerLoad : 1;

template <typename Bits, bool kVector>
DETBENCH_HD inline std::uint64_t digestThreadSum(const Bits* data, std::uint64_t count,
                                                 std::uint64_t thread, std::uint64_t threads) {
  constexpr int kPer = kDigestPerLoad<Bits, kVector>;
  if (threads == 0 || thread >= threads) return 0;  // a share of nothing
  const std::uint64_t loads = count / kPer;
  // The index key advances by kIndexStep per element: additions instead of a multiply.
  const std::uint64_t keyStride = threads * kPer * digest_detail::kIndexStep;
  std::uint64_t key = thread * kPer * digest_detail::kIndexStep;
  std::uint64_t sum = 0;
  for (std::uint64_t v = thread; v < loads; v += threads, key += keyStride) {
    std::uint64_t bits[kPer];
    if constexpr (kVector) {
      DigestLoad<Bits>::unpack(reinterpret_cast<const typename DigestLoad<Bits>::Vector*>(data)[v],
                               bits);
    } else {
      bits[0] = data[v];
    }
    std::uint64_t k = key;
#ifdef __CUDA_ARCH__
#pragma unroll
#endif
    for (int j = 0; j < kPer; ++j, k += digest_detail::kIndexStep) sum += digestTerm(k, bits[j]);
  }
  // The elements after the last whole vector (fewer than kPer), spread over the threads. Read
  // one at a time there is no tail (and GCC 12 at -O3 would warn about the loop it cannot
  // prove empty).
  if constexpr (kPer > 1) {
    for (std::uint64_t e = loads * kPer + thread; e < count; e += threads) {
      sum += digestTerm(e * digest_detail::kIndexStep, static_cast<std::uint64_t>(data[e]));
    }
  }
  return sum;
}

}  // namespace detbench::cuda
