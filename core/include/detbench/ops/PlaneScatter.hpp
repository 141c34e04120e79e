#pragma once
// The shape shared by pooling and upsampling backward ops: a stack of independent planes
// (batch x channels), where every output-gradient element of a plane is scattered into one or
// more input-gradient elements of the same plane. An op provides
//   Problem::planes(), inPlane(), outPlane()
//   template <class T> struct Args;  (pointers to its inputs)
//   template <class T, class Add> static void scatter(p, args, plane, o, add)
// which calls add(flatInputIndex, value) for each contribution of output element o, in a
// fixed order. The sequential form visits outputs in order, as PyTorch's CPU kernels do.

#include <algorithm>
#include <cstdint>

// The plane-scatter functions compile for the GPU too (kernels/cuda), so the CPU and the GPU
// run the same definition of each op.
#ifdef __CUDACC__
#define DETBENCH_HD __host__ __device__
#else
#define DETBENCH_HD
#endif

namespace detbench::ops {

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
