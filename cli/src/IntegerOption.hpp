#pragma once
// Integer options are taken as text and converted here, strictly (IntegerText.hpp): CLI11's own
// conversion saturates 18446744073709551616 to 2^64 - 1, reads -1 as 2^64 - 1 for an unsigned
// option, and "010" as octal.

#include <limits>
#include <string>

#include "detbench/base/Error.hpp"
#include "detbench/base/IntegerText.hpp"

namespace detbench::cli {

template <std::integral T>
T integerOption(const std::string& text, const std::string& option,
                T lo = std::numeric_limits<T>::min(), T hi = std::numeric_limits<T>::max()) {
  const auto v = parseInteger<T>(text);
  if (!v || *v < lo || *v > hi) {
    DETBENCH_THROW(InvalidArgument, option + " must be an integer from " + std::to_string(lo) +
                                        " to " + std::to_string(hi) + ", not '" + text + "'");
  }
  return *v;
}

}  // namespace detbench::cli
