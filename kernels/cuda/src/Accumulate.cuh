#pragma once
// The two ways the cuda device adds contributions into output rows (compare
// kernels/cpu/src/Accumulate.hpp):
//   atomic:        one thread per (contribution, column), atomicAdd into the row;
//   deterministic: PyTorch's approach for index_put_/index_add_: a stable radix sort of the
//                  contributions by row, a run-length encoding of the sorted rows, and one
//                  thread per (row, column) that adds its run in increasing contribution order.
//                  Each row receives its terms in the sequential order, so the result is the
//                  cpu device's, bit for bit.
// Target(k) gives contribution k's row; Value(k, c) its value for column c. The workspace is
// allocated when the op is prepared; the kernels never allocate.

#include <cub/device/device_radix_sort.cuh>
#include <cub/device/device_run_length_encode.cuh>
#include <cub/device/device_scan.cuh>

#include <cstdint>
#include <limits>

#include "CudaCheck.hpp"
#include "DeviceArray.hpp"
#include "Launch.cuh"

namespace detbench::cuda {

struct AccumulateWorkspace {
  std::int64_t n = 0, rows = 0;
  int keyBits = 32;
  DeviceArray<std::uint32_t> keys, sortedKeys, order, sortedOrder, runRows, runCounts, runStarts,
      numRuns;
  DeviceBytes temp;

  AccumulateWorkspace(std::int64_t contributions, std::int64_t outputRows)
      : n(contributions), rows(outputRows) {
    if (n > std::numeric_limits<std::int32_t>::max() ||
        rows > std::numeric_limits<std::int32_t>::max()) {
      DETBENCH_THROW(
          NotAvailable,
          "the cuda deterministic accumulate handles up to 2^31 - 1 contributions and rows");
    }
    while (keyBits > 1 && (std::int64_t{1} << (keyBits - 1)) > rows) --keyBits;
    const auto un = static_cast<std::size_t>(n);
    const auto runs = static_cast<std::size_t>(n < rows ? n : rows);
    keys = DeviceArray<std::uint32_t>(un);
    sortedKeys = DeviceArray<std::uint32_t>(un);
    order = DeviceArray<std::uint32_t>(un);
    sortedOrder = DeviceArray<std::uint32_t>(un);
    runRows = DeviceArray<std::uint32_t>(runs);
    runCounts = DeviceArray<std::uint32_t>(runs);
    runStarts = DeviceArray<std::uint32_t>(runs);
    numRuns = DeviceArray<std::uint32_t>(1);
    std::size_t sortBytes = 0, rleBytes = 0, scanBytes = 0;
    DETBENCH_CUDA_CHECK(cub::DeviceRadixSort::SortPairs(
        nullptr, sortBytes, static_cast<const std::uint32_t*>(nullptr),
        static_cast<std::uint32_t*>(nullptr), static_cast<const std::uint32_t*>(nullptr),
        static_cast<std::uint32_t*>(nullptr), static_cast<int>(n), 0, keyBits));
    DETBENCH_CUDA_CHECK(cub::DeviceRunLengthEncode::Encode(
        nullptr, rleBytes, static_cast<const std::uint32_t*>(nullptr),
        static_cast<std::uint32_t*>(nullptr), static_cast<std::uint32_t*>(nullptr),
        static_cast<std::uint32_t*>(nullptr), static_cast<int>(n)));
    DETBENCH_CUDA_CHECK(cub::DeviceScan::ExclusiveSum(
        nullptr, scanBytes, static_cast<const std::uint32_t*>(nullptr),
        static_cast<std::uint32_t*>(nullptr), static_cast<int>(runs)));
    std::size_t bytes = sortBytes;
    if (rleBytes > bytes) bytes = rleBytes;
    if (scanBytes > bytes) bytes = scanBytes;
    temp = DeviceBytes(bytes > 0 ? bytes : 1);
  }
  std::int64_t maxRuns() const { return n < rows ? n : rows; }
};

template <typename T, typename Target, typename Value>
__global__ void atomicAccumulateKernel(std::int64_t n, std::int64_t cols, T* out, Target target,
                                       Value value) {
  const std::int64_t i = globalIndex();
  if (i >= n * cols) return;
  const std::int64_t k = i / cols, c = i % cols;
  atomicAdd(out + target(k) * cols + c, value(k, c));
}

template <typename Target>
__global__ void fillKeysKernel(std::int64_t n, std::uint32_t* keys, std::uint32_t* order,
                               Target target) {
  const std::int64_t k = globalIndex();
  if (k >= n) return;
  keys[k] = static_cast<std::uint32_t>(target(k));
  order[k] = static_cast<std::uint32_t>(k);
}

template <typename T, typename Value>
__global__ void runSumKernel(std::int64_t maxRuns, std::int64_t cols, const std::uint32_t* numRuns,
                             const std::uint32_t* runRows, const std::uint32_t* runCounts,
                             const std::uint32_t* runStarts, const std::uint32_t* sortedOrder,
                             T* out, Value value) {
  const std::int64_t i = globalIndex();
  const std::int64_t run = i / cols, c = i % cols;
  if (run >= maxRuns || run >= static_cast<std::int64_t>(*numRuns)) return;
  T* dst = out + static_cast<std::int64_t>(runRows[run]) * cols + c;
  T acc = *dst;
  const std::uint32_t end = runStarts[run] + runCounts[run];
  for (std::uint32_t j = runStarts[run]; j < end; ++j)
    acc += value(static_cast<std::int64_t>(sortedOrder[j]), c);
  *dst = acc;
}

template <typename T, typename Target, typename Value>
void accumulateAtomic(StreamView stream, std::int64_t n, std::int64_t cols, T* out, Target target,
                      Value value) {
  if (n == 0) return;
  launch(DETBENCH_KERNEL(atomicAccumulateKernel<T, Target, Value>), oneThreadEach(n * cols), stream,
         n, cols, out, target, value);
}

// Sorts the contributions by row (stably) and encodes the runs: afterwards run r covers
// sortedOrder[runStarts[r] .. runStarts[r] + runCounts[r]), all for row runRows[r], in
// increasing contribution order; numRuns holds the number of runs.
template <typename Target>
void sortIntoRuns(StreamView stream, AccumulateWorkspace& ws, Target target) {
  std::uint32_t* keys = ws.keys.data();
  std::uint32_t* sortedKeys = ws.sortedKeys.data();
  std::uint32_t* order = ws.order.data();
  std::uint32_t* sortedOrder = ws.sortedOrder.data();
  std::uint32_t* runRows = ws.runRows.data();
  std::uint32_t* runCounts = ws.runCounts.data();
  std::uint32_t* runStarts = ws.runStarts.data();
  std::uint32_t* numRuns = ws.numRuns.data();
  std::size_t tempBytes = ws.temp.size();
  const int n = static_cast<int>(ws.n);

  launch(DETBENCH_KERNEL(fillKeysKernel<Target>), oneThreadEach(ws.n), stream, ws.n, keys, order,
         target);
  DETBENCH_CUDA_CHECK(cub::DeviceRadixSort::SortPairs(ws.temp.data(), tempBytes, keys, sortedKeys,
                                                      order, sortedOrder, n, 0, ws.keyBits,
                                                      stream.get()));
  tempBytes = ws.temp.size();
  // Counts past the number of runs are scanned but never used; zero them so nothing reads
  // uninitialised memory.
  DETBENCH_CUDA_CHECK(cudaMemsetAsync(runCounts, 0, ws.runCounts.bytes(), stream.get()));
  DETBENCH_CUDA_CHECK(cub::DeviceRunLengthEncode::Encode(
      ws.temp.data(), tempBytes, sortedKeys, runRows, runCounts, numRuns, n, stream.get()));
  tempBytes = ws.temp.size();
  // Counts past the number of runs are not read: a run's start depends only on earlier runs.
  DETBENCH_CUDA_CHECK(cub::DeviceScan::ExclusiveSum(ws.temp.data(), tempBytes, runCounts, runStarts,
                                                    static_cast<int>(ws.maxRuns()), stream.get()));
}

template <typename T, typename Target, typename Value>
void accumulateDeterministic(StreamView stream, AccumulateWorkspace& ws, std::int64_t cols, T* out,
                             Target target, Value value) {
  if (ws.n == 0) return;
  sortIntoRuns(stream, ws, target);
  launch(DETBENCH_KERNEL(runSumKernel<T, Value>), oneThreadEach(ws.maxRuns() * cols), stream,
         ws.maxRuns(), cols, ws.numRuns.data(), ws.runRows.data(), ws.runCounts.data(),
         ws.runStarts.data(), ws.sortedOrder.data(), out, value);
}

}  // namespace detbench::cuda
