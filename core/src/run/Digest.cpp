#include "detbench/run/Digest.hpp"

#include <xxhash.h>
#include <cstring>

#include "detbench/base/Error.hpp"

namespace detbench {

namespace digest_detail {

std::uint64_t finalize(std::uint64_t sum, std::uint64_t count, std::size_t elementSize) {
  return mum(sum ^ kFinalKey, (count * kIndexStep) ^ (elementSize * kValueKey) ^ kIndexKey);
}

}  // namespace digest_detail

namespace {

template <typename Bits>
std::uint64_t partialSum(const Bits* p, std::uint64_t begin, std::uint64_t count) {
  using namespace digest_detail;
  // Four independent accumulators keep the multiplier busy; the sum is order-independent.
  std::uint64_t s0 = 0, s1 = 0, s2 = 0, s3 = 0;
  std::uint64_t key = begin * kIndexStep;
  std::uint64_t i = 0;
  for (; i + 4 <= count; i += 4) {
    s0 += term(key, p[i]);
    s1 += term(key + kIndexStep, p[i + 1]);
    s2 += term(key + 2 * kIndexStep, p[i + 2]);
    s3 += term(key + 3 * kIndexStep, p[i + 3]);
    key += 4 * kIndexStep;
  }
  for (; i < count; ++i, key += kIndexStep) s0 += term(key, p[i]);
  return s0 + s1 + s2 + s3;
}

}  // namespace

namespace digest_detail {

std::uint64_t partialScalar(const void* data, std::size_t elementSize, std::uint64_t begin,
                            std::uint64_t count) {
  const auto* bytes = static_cast<const std::byte*>(data) + begin * elementSize;
  if (elementSize == 4)
    return partialSum(reinterpret_cast<const std::uint32_t*>(bytes), begin, count);
  if (elementSize == 8)
    return partialSum(reinterpret_cast<const std::uint64_t*>(bytes), begin, count);
  if (elementSize == 2)
    return partialSum(reinterpret_cast<const std::uint16_t*>(bytes), begin, count);
  if (elementSize == 1)
    return partialSum(reinterpret_cast<const std::uint8_t*>(bytes), begin, count);
  DETBENCH_THROW(InvalidArgument, "digest supports 1-, 2-, 4- and 8-byte elements only");
}

}  // namespace digest_detail

std::uint64_t digestPartial(const void* data, std::size_t elementSize, std::uint64_t begin,
                            std::uint64_t count) {
  static const bool wide = digest_detail::wideAvailable();
  if (wide) return digest_detail::partialWide(data, elementSize, begin, count);
  return digest_detail::partialScalar(data, elementSize, begin, count);
}

std::uint64_t digestBytes(const void* data, std::size_t elementSize, std::uint64_t count) {
  return digest_detail::finalize(digestPartial(data, elementSize, 0, count), count, elementSize);
}

std::uint64_t digestTensor(const HostTensor& tensor) {
  return digestBytes(tensor.raw(), dtypeSize(tensor.dtype()),
                     static_cast<std::uint64_t>(tensor.numel()));
}

std::uint64_t fingerprintBytes(const void* data, std::size_t bytes) {
  return XXH3_64bits(data, bytes);
}

}  // namespace detbench
