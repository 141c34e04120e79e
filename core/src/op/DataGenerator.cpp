#include "detbench/op/DataGenerator.hpp"

#include "detbench/run/Digest.hpp"

namespace detbench {

void DataGenerator::uniform(std::span<float> out, std::uint64_t stream, float lo, float hi) const {
  const float scale = hi - lo;
  for (std::size_t i = 0; i < out.size(); ++i) {
    const float u = static_cast<float>(bits(stream, i) >> 40) * 0x1.0p-24f;
    out[i] = lo + scale * u;
  }
}

void DataGenerator::indices(std::span<std::int64_t> out, std::uint64_t stream,
                            std::int64_t bound) const {
  const auto ubound = static_cast<uint128_t>(bound);
  for (std::size_t i = 0; i < out.size(); ++i) {
    out[i] = static_cast<std::int64_t>((bits(stream, i) * ubound) >> 64);
  }
}

}  // namespace detbench
