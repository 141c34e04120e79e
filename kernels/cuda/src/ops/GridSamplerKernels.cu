// cuda kernels for grid_sampler_2d_backward (see ops/GridSampler2dBackwardOp.hpp):
//   atomic:        one thread per grid point, atomicAdd into the four pixels around it for every
//                  channel (PyTorch's grid_sampler_2d_backward_kernel, hence its alert);
//   deterministic: the gather extension. A stable radix sort of the points by index cell
//                  (batch element, north-west corner) builds the cell index, a binary search per
//                  cell finds where each cell's points begin, and one thread per input pixel
//                  merges the points of its four cells in PyTorch's CPU order: no atomics, and
//                  equal to the cpu device bit for bit (the same gather is host-tested against
//                  the sequential form in tests/core/ops/GridSampler2dBackwardTest.cpp).
// The weights are the CPU kernel's (a fused multiply-add in the unnormalisation); PyTorch's
// CUDA kernel unnormalises as ((g + 1) * size - 1) / 2, which can round one ulp apart.

#include <cub/device/device_radix_sort.cuh>

#include <cstdint>
#include <limits>
#include <memory>

#include "CudaCheck.hpp"
#include "CudaKernel.hpp"
#include "Launch.cuh"
#include "detbench/base/Error.hpp"
#include "detbench/ops/GridSampler2dBackwardOp.hpp"

namespace detbench::cuda {

namespace {

using Op = ops::GridSampler2dBackwardOp;

__global__ void atomicGridScatterKernel(Op::Problem p, Op::Args<float> a, float* out) {
  const std::int64_t g = globalIndex();
  if (g >= p.batch * p.points()) return;
  Op::scatterPoint(p, a, g / p.points(), g % p.points(),
                   [out](std::int64_t i, float v) { atomicAdd(out + i, v); });
}

// Key of each point: its batch element's cells, then its cell; points with no corner inside
// get the key past every cell and sort to the end.
__global__ void cellKeysKernel(Op::Problem p, const float* grid, std::uint32_t* keys,
                               std::uint32_t* points) {
  const std::int64_t g = globalIndex();
  if (g >= p.batch * p.points()) return;
  const std::int64_t n = g / p.points(), point = g % p.points();
  const Op::Sample<float> s = Op::sample<float>(p, grid, n, point);
  const std::int64_t cell = Op::cellOf(p, s.x, s.y);
  keys[g] = static_cast<std::uint32_t>(cell < 0 ? p.batch * p.cells() : n * p.cells() + cell);
  points[g] = static_cast<std::uint32_t>(point);
}

// cellStart[n * (cells + 1) + c]: the first sorted position whose key is n * cells + c or
// more (c = cells gives the end of element n's points), by binary search.
__global__ void cellStartsKernel(Op::Problem p, const std::uint32_t* sortedKeys,
                                 std::uint32_t* cellStart) {
  const std::int64_t g = globalIndex();
  if (g >= p.batch * (p.cells() + 1)) return;
  const std::int64_t n = g / (p.cells() + 1), c = g % (p.cells() + 1);
  const auto key = static_cast<std::uint32_t>(n * p.cells() + c);
  std::int64_t lo = 0, hi = p.batch * p.points();
  while (lo < hi) {
    const std::int64_t mid = lo + (hi - lo) / 2;
    if (sortedKeys[mid] < key) {
      lo = mid + 1;
    } else {
      hi = mid;
    }
  }
  cellStart[g] = static_cast<std::uint32_t>(lo);
}

__global__ void gatherGridKernel(Op::Problem p, Op::Args<float> a, const std::uint32_t* cellStart,
                                 const std::uint32_t* cellPoints, float* out) {
  const std::int64_t g = globalIndex();
  if (g >= p.planes() * p.inPlane()) return;
  const std::int64_t plane = g / p.inPlane(), i = g % p.inPlane();
  out[g] = Op::gather<float>(p, a, cellStart, cellPoints, plane, i / p.width, i % p.width);
}

// The deterministic form's buffers, allocated when the op is prepared.
struct CellIndexWorkspace {
  DeviceArray<std::uint32_t> keys, sortedKeys, points, sortedPoints, cellStart;
  DeviceBytes temp;
  int keyBits = 32;
  explicit CellIndexWorkspace(const Op::Problem& p) {
    // Keys, points and offsets are 32-bit and CUB sorts an int count of items: past those the
    // index would wrap and mix cells, so such a size is refused.
    const std::int64_t maxKey = p.batch * p.cells();
    if (p.batch * p.points() > std::numeric_limits<std::int32_t>::max() ||
        maxKey > std::numeric_limits<std::uint32_t>::max()) {
      DETBENCH_THROW(NotAvailable,
                     "the cuda deterministic grid_sampler_2d_backward handles up to 2^31 - 1 grid "
                     "points and 2^32 - 1 cells in all");
    }
    const auto n = static_cast<std::size_t>(p.batch * p.points());
    while (keyBits > 1 && (std::int64_t{1} << (keyBits - 1)) > maxKey) --keyBits;
    keys = DeviceArray<std::uint32_t>(n);
    sortedKeys = DeviceArray<std::uint32_t>(n);
    points = DeviceArray<std::uint32_t>(n);
    sortedPoints = DeviceArray<std::uint32_t>(n);
    cellStart = DeviceArray<std::uint32_t>(static_cast<std::size_t>(p.batch * (p.cells() + 1)));
    std::size_t bytes = 0;
    DETBENCH_CUDA_CHECK(cub::DeviceRadixSort::SortPairs(
        nullptr, bytes, static_cast<const std::uint32_t*>(nullptr),
        static_cast<std::uint32_t*>(nullptr), static_cast<const std::uint32_t*>(nullptr),
        static_cast<std::uint32_t*>(nullptr), static_cast<int>(n), 0, keyBits));
    temp = DeviceBytes(bytes > 0 ? bytes : 1);
  }
};

}  // namespace

CudaRun makeGridSampler2dBackwardCuda(const CudaKernelArgs& args) {
  const auto p = Op::problem(args.params);
  const Op::Args<float> tensors{args.device.in<float>(Op::kGradOutput),
                                args.device.in<float>(Op::kGrid)};
  float* out = args.device.out<float>();
  if (args.form == Form::Atomic) {
    const std::size_t bytes = static_cast<std::size_t>(p.planes() * p.inPlane()) * sizeof(float);
    const LaunchShape shape = oneThreadEach(p.batch * p.points());
    return [=](StreamView stream) {
      DETBENCH_CUDA_CHECK(cudaMemsetAsync(out, 0, bytes, stream));
      launch(DETBENCH_KERNEL(atomicGridScatterKernel), shape, stream, p, tensors, out);
    };
  }
  auto ws = std::make_shared<CellIndexWorkspace>(p);
  return [=](StreamView stream) {
    std::uint32_t* keys = ws->keys.data();
    std::uint32_t* sortedKeys = ws->sortedKeys.data();
    std::uint32_t* points = ws->points.data();
    std::uint32_t* sortedPoints = ws->sortedPoints.data();
    std::uint32_t* cellStart = ws->cellStart.data();
    const std::int64_t n = p.batch * p.points();
    launch(DETBENCH_KERNEL(cellKeysKernel), oneThreadEach(n), stream, p, tensors.grid, keys,
           points);
    std::size_t tempBytes = ws->temp.size();
    DETBENCH_CUDA_CHECK(cub::DeviceRadixSort::SortPairs(
        ws->temp.data(), tempBytes, keys, sortedKeys, points, sortedPoints, static_cast<int>(n), 0,
        ws->keyBits, stream.get()));
    launch(DETBENCH_KERNEL(cellStartsKernel), oneThreadEach(p.batch * (p.cells() + 1)), stream, p,
           sortedKeys, cellStart);
    launch(DETBENCH_KERNEL(gatherGridKernel), oneThreadEach(p.planes() * p.inPlane()), stream, p,
           tensors, cellStart, sortedPoints, out);
  };
}

}  // namespace detbench::cuda
