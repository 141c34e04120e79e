#pragma once
// The shape shared by pooling and upsampling backward ops: a stack of independent planes
// (batch x channels), where every output-gradient element of a plane is scattered into one or
// more input-gradient elements of the same plane. An op provides
//   Problem::planes(), inPlane(), outPlane()
//   template <class T> struct Args;  (pointers to its inputs)
//   template <class T, class Add> static void scatter(p, args, plane, o, add)
// which calls add(flatInputIndex, value) for each contribution of output element o, in a
// fixed order, and
//   template <class T> static SourceBox sources(p, i)
// a box of output positions containing every output that scatters into input element i of a
// plane. The sequential form visits outputs in order, as PyTorch's CPU kernels do; the gather
// form computes each input element on its own from the outputs in its box, in the same order.

#include <algorithm>
#include <cstdint>

// The plane-scatter functions compile for the GPU too (kernels/cuda), so the CPU and the GPU
// run the same definition of each op.
#include "detbench/base/HostDevice.hpp"

namespace detbench::ops {

// Output positions [begin, end) along each of up to three dimensions (depth, height, width) of
// an output plane whose extents are `size`; an unused leading dimension is {0, 1, 1}.
struct SourceBox {
  std::int64_t begin[3], end[3], size[3];
};

// Floor of a / b for b > 0, for negative a too.
DETBENCH_HD constexpr std::int64_t floorDiv(std::int64_t a, std::int64_t b) {
  return a >= 0 ? a / b : -((-a + b - 1) / b);
}

// The outputs o of one dimension whose window [o * stride - padding, o * stride - padding +
// kernel) contains input position i, clamped to [0, outSize).
DETBENCH_HD constexpr void windowSources(std::int64_t i, std::int64_t kernel, std::int64_t stride,
                                         std::int64_t padding, std::int64_t outSize,
                                         std::int64_t& begin, std::int64_t& end) {
  const std::int64_t first = floorDiv(i + padding - kernel, stride) + 1;
  const std::int64_t last = floorDiv(i + padding, stride);
  begin = first > 0 ? first : 0;
  end = last + 1 < outSize ? last + 1 : outSize;
  if (end < begin) end = begin;
}

// Input element i of `plane`, computed alone: the contributions of the outputs in its source
// box, visited in increasing output order (a box is visited row by row, which is that order),
// added to zero one after the other. The sequential form adds the same values to each element
// in the same order, so the two are equal bit for bit; on the GPU, one thread per element.
template <typename Op, typename T>
DETBENCH_HD T planeGather(const typename Op::Problem& p, const typename Op::template Args<T>& a,
                          std::int64_t plane, std::int64_t i) {
  const SourceBox b = Op::template sources<T>(p, i);
  const std::int64_t target = plane * p.inPlane() + i;
  T acc = T{0};
  for (std::int64_t d = b.begin[0]; d < b.end[0]; ++d) {
    for (std::int64_t h = b.begin[1]; h < b.end[1]; ++h) {
      for (std::int64_t w = b.begin[2]; w < b.end[2]; ++w) {
        const std::int64_t o = (d * b.size[1] + h) * b.size[2] + w;
        Op::scatter(p, a, plane, o, [&acc, target](std::int64_t idx, T v) {
          if (idx == target) acc += v;
        });
      }
    }
  }
  return acc;
}

template <typename Op, typename T>
void planeScatterSequential(const typename Op::Problem& p, const typename Op::template Args<T>& a,
                            T* out) {
  std::fill(out, out + p.planes() * p.inPlane(), T{0});
  for (std::int64_t plane = 0; plane < p.planes(); ++plane) {
    for (std::int64_t o = 0; o < p.outPlane(); ++o) {
      Op::scatter(p, a, plane, o, [out](std::int64_t i, T v) { out[i] += v; });
    }
  }
}

}  // namespace detbench::ops
