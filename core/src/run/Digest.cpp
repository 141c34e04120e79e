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
std::uint64_t scalarSum(const Bits* p, std::uint64_t key, std::uint64_t step, std::uint64_t count) {
  using namespace digest_detail;
  // Four independent accumulators keep the multiplier busy; the sum is order-independent.
  std::uint64_t s0 = 0, s1 = 0, s2 = 0, s3 = 0;
  std::uint64_t i = 0;
  for (; i + 4 <= count; i += 4) {
    s0 += term(key, p[i]);
    s1 += term(key + step, p[i + 1]);
    s2 += term(key + 2 * step, p[i + 2]);
    s3 += term(key + 3 * step, p[i + 3]);
    key += 4 * step;
  }
  for (; i < count; ++i, key += step) s0 += term(key, p[i]);
  return s0 + s1 + s2 + s3;
}

}  // namespace

namespace digest_detail {

std::uint64_t runScalar(const void* first, std::size_t elementSize, std::uint64_t firstIndex,
                        std::uint64_t indexStep, std::uint64_t count) {
  const std::uint64_t key = firstIndex * kIndexStep;
  const std::uint64_t step = indexStep * kIndexStep;
  if (elementSize == 4)
    return scalarSum(static_cast<const std::uint32_t*>(first), key, step, count);
  if (elementSize == 8)
    return scalarSum(static_cast<const std::uint64_t*>(first), key, step, count);
  if (elementSize == 2)
    return scalarSum(static_cast<const std::uint16_t*>(first), key, step, count);
  if (elementSize == 1) return scalarSum(static_cast<const std::uint8_t*>(first), key, step, count);
  DETBENCH_THROW(InvalidArgument, "digest supports 1-, 2-, 4- and 8-byte elements only");
}

std::uint64_t runSum(const void* first, std::size_t elementSize, std::uint64_t firstIndex,
                     std::uint64_t indexStep, std::uint64_t count) {
  static const bool wide = wideAvailable();
  if (wide) return runWide(first, elementSize, firstIndex, indexStep, count);
  return runScalar(first, elementSize, firstIndex, indexStep, count);
}

}  // namespace digest_detail

std::uint64_t digestPartial(const void* data, std::size_t elementSize, std::uint64_t begin,
                            std::uint64_t count) {
  return digest_detail::runSum(static_cast<const std::byte*>(data) + begin * elementSize,
                               elementSize, begin, 1, count);
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
