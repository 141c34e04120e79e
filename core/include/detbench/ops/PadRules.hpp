#pragma once
// The two padding rules along one dimension of `in` elements padded by `pad` on each side, shared
// by the padding backward ops of every rank:
//   replicate  output position o copies input position clamp(o - pad, 0, in - 1): the edge
//              elements are repeated;
//   reflect    o copies the position it mirrors without repeating the edge (0 1 2 3 padded by
//              2 reads 2 1 0 1 2 3 2 1); pad < in.
// copies() gives the output positions [begin, end) that can copy input position i: for
// replicate exactly those; for reflect a range that also holds positions mirroring other
// elements, which the gather skips.

#include <cstdint>

#include "detbench/base/HostDevice.hpp"

namespace detbench::ops {

enum class PadMode { Replicate, Reflect };

template <PadMode M>
struct PadRule {
  DETBENCH_HD static std::int64_t source(std::int64_t o, std::int64_t in, std::int64_t pad) {
    const std::int64_t i = o - pad;
    if constexpr (M == PadMode::Replicate) {
      return i < 0 ? 0 : (i >= in ? in - 1 : i);
    } else {
      return i < 0 ? -i : (i >= in ? 2 * (in - 1) - i : i);
    }
  }
  DETBENCH_HD static void copies(std::int64_t i, std::int64_t in, std::int64_t pad,
                                 std::int64_t& begin, std::int64_t& end) {
    if constexpr (M == PadMode::Replicate) {
      begin = i == 0 ? 0 : i + pad;
      end = i == in - 1 ? in + 2 * pad : i + pad + 1;
    } else {
      // Its own position, pad - i (left of the input, for 1 <= i <= pad) and
      // 2 (in - 1) - i + pad (right, for in - 1 - pad <= i <= in - 2).
      begin = i >= 1 && i <= pad ? pad - i : i + pad;
      end = (i <= in - 2 && i >= in - 1 - pad ? 2 * (in - 1) - i + pad : i + pad) + 1;
    }
  }
};

}  // namespace detbench::ops
