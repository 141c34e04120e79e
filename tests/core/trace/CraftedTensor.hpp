#pragma once
// The tensor the crafted-record tests build their ops from: float32 on the CPU, with a digest
// standing for its bits.

#include <cstdint>
#include <utility>

#include "detbench/trace/TraceRecords.hpp"

namespace detbench::trace::crafted {

inline TraceTensor T(std::uint64_t digest, Shape shape = {4}) {
  TraceTensor t;
  t.digest = digest;
  t.dtype = "float32";
  t.shape = std::move(shape);
  t.device = "cpu";
  return t;
}

}  // namespace detbench::trace::crafted
