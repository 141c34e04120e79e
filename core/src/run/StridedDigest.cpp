#include "detbench/run/StridedDigest.hpp"

#include <algorithm>
#include <cstring>
#include <limits>

#include "detbench/base/Error.hpp"
#include "detbench/run/Digest.hpp"

namespace detbench {

namespace {

// A run whose elements are `stride` elements apart: one element at a time.
template <typename Bits>
std::uint64_t gatheredSum(const std::byte* first, std::int64_t stride, std::uint64_t index,
                          std::uint64_t indexStep, std::uint64_t count) {
  using namespace digest_detail;
  std::uint64_t sum = 0;
  std::uint64_t key = index * kIndexStep;
  const std::uint64_t step = indexStep * kIndexStep;
  for (std::uint64_t k = 0; k < count; ++k, key += step) {
    Bits bits;
    std::memcpy(&bits, first + static_cast<std::int64_t>(k) * stride * std::int64_t{sizeof(Bits)},
                sizeof bits);
    sum += term(key, bits);
  }
  return sum;
}

std::uint64_t gathered(const std::byte* first, std::size_t elementSize, std::int64_t stride,
                       std::uint64_t index, std::uint64_t indexStep, std::uint64_t count) {
  switch (elementSize) {
    case 1:
      return gatheredSum<std::uint8_t>(first, stride, index, indexStep, count);
    case 2:
      return gatheredSum<std::uint16_t>(first, stride, index, indexStep, count);
    case 4:
      return gatheredSum<std::uint32_t>(first, stride, index, indexStep, count);
    case 8:
      return gatheredSum<std::uint64_t>(first, stride, index, indexStep, count);
    default:
      DETBENCH_THROW(InvalidArgument, "digest supports 1-, 2-, 4- and 8-byte elements only");
  }
}

}  // namespace

StridedDigest::StridedDigest(std::span<const std::int64_t> sizes,
                             std::span<const std::int64_t> strides) {
  if (sizes.size() != strides.size()) {
    DETBENCH_THROW(InvalidArgument, "a strided digest needs one stride for each size");
  }
  std::vector<Dim> dims;
  std::uint64_t index = 1;
  for (std::size_t d = sizes.size(); d-- > 0;) {
    if (sizes[d] < 0 || strides[d] < 0) {
      DETBENCH_THROW(InvalidArgument, "a strided digest needs sizes and strides of at least 0");
    }
    const auto size = static_cast<std::uint64_t>(sizes[d]);
    if (size != 1) dims.push_back({size, strides[d], index});
    index *= size;
  }
  count_ = index;
  if (count_ == 0) {
    runs_ = 0;
    return;
  }
  // Memory order, outermost first: the largest stride first, an expanded dim (stride 0) before
  // all, so that the innermost run reads memory forwards.
  const auto rank = [](const Dim& d) {
    return d.stride == 0 ? std::numeric_limits<std::int64_t>::max() : d.stride;
  };
  std::stable_sort(dims.begin(), dims.end(), [&](const Dim& a, const Dim& b) {
    return rank(a) != rank(b) ? rank(a) > rank(b) : a.index > b.index;
  });
  // Merge a dim into the one inside it where they lie end to end in memory and in the index.
  std::vector<Dim> merged = std::move(dims);
  for (std::size_t i = merged.size(); i-- > 1;) {
    Dim& inside = merged[i];
    const Dim& outside = merged[i - 1];
    if (outside.stride == inside.stride * static_cast<std::int64_t>(inside.size) &&
        outside.index == inside.index * inside.size) {
      inside.size *= outside.size;
      merged.erase(merged.begin() + static_cast<std::ptrdiff_t>(i - 1));
    }
  }
  if (!merged.empty()) {
    inner_ = merged.back();
    merged.pop_back();
  }
  outer_ = std::move(merged);
  runs_ = 1;
  for (const Dim& d : outer_) runs_ *= d.size;
}

std::uint64_t StridedDigest::partial(const void* data, std::size_t elementSize, std::uint64_t begin,
                                     std::uint64_t end) const {
  end = std::min(end, runs_);
  if (begin >= end) return 0;
  // Run `begin`'s coordinates in the outer dims, the last one fastest.
  std::vector<std::uint64_t> at(outer_.size());
  std::int64_t offset = 0;
  std::uint64_t index = 0;
  std::uint64_t rest = begin;
  for (std::size_t d = outer_.size(); d-- > 0;) {
    at[d] = rest % outer_[d].size;
    rest /= outer_[d].size;
    offset += static_cast<std::int64_t>(at[d]) * outer_[d].stride;
    index += at[d] * outer_[d].index;
  }
  const auto* base = static_cast<const std::byte*>(data);
  const auto width = static_cast<std::int64_t>(elementSize);
  std::uint64_t sum = 0;
  for (std::uint64_t run = begin; run < end; ++run) {
    const std::byte* first = base + offset * width;
    sum += runsContiguous()
               ? digest_detail::runSum(first, elementSize, index, inner_.index, inner_.size)
               : gathered(first, elementSize, inner_.stride, index, inner_.index, inner_.size);
    for (std::size_t d = outer_.size(); d-- > 0;) {
      if (++at[d] < outer_[d].size) {
        offset += outer_[d].stride;
        index += outer_[d].index;
        break;
      }
      offset -= static_cast<std::int64_t>(outer_[d].size - 1) * outer_[d].stride;
      index -= (outer_[d].size - 1) * outer_[d].index;
      at[d] = 0;
    }
  }
  return sum;
}

std::uint64_t StridedDigest::digest(const void* data, std::size_t elementSize) const {
  return digest_detail::finalize(partial(data, elementSize, 0, runs_), count_, elementSize);
}

}  // namespace detbench
