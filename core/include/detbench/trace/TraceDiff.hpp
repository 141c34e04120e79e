#pragma once
// How much two kept outputs of the same op differ (the second pass): elements whose bits
// differ, the largest |a - b| and the largest distance in units in the last place, for every
// dtype the probe names (a complex tensor compares its real and imaginary parts as floats).

#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>

namespace detbench::trace {

struct RawDiff {
  std::int64_t elements = 0;  // compared
  std::int64_t nDiff = 0;     // whose bits differ
  double maxAbsDiff = 0;      // inf where one side is NaN or infinite and the other is not
  std::uint64_t maxUlp = 0;   // floats: representable values apart; integers: |a - b|
};

// `a` and `b` hold the same number of elements of `dtype` (traceDtypeSize); raises
// InvalidArgument for an unknown dtype or sizes that do not match.
RawDiff compareRaw(std::string_view dtype, std::span<const std::byte> a,
                   std::span<const std::byte> b);

}  // namespace detbench::trace
