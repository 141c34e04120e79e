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
// allocated when the op is prepared; the kernels never allocate. The sort and its runs serve
// other reductions as well (scatter_reduce's amax and prod): foldRuns() folds each run with any
// function, and the deterministic sum is its fold by addition.

#include <cub/device/device_radix_sort.cuh>
#include <cub/device/device_run_length_encode.cuh>
#include <cub/device/device_scan.cuh>

#include <cstdint>
#include <limits>

#include "CudaCheck.hpp"
#include "DeviceArray.hpp"
#include "Launch.cuh"

namespace detbench::cuda {

// The runs of a sorted workspace, as a kernel reads them (sortIntoRuns says what they hold).
struct Runs {
  std::int64_t maxRuns;
  const std::uint32_t* numRuns;
  const std::uint32_t* rows;
  const std::uint32_t* counts;
  const std::uint32_t* starts;
  const std::uint32_t* order;
};

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
  Runs runs() const {
    return {maxRuns(),        numRuns.data(),   runRows.data(),
            runCounts.data(), runStarts.data(), sortedOrder.data()};
  }
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

// Thread (run, column c): starts from the run's row of `out` and folds in the run's
// contributions k in increasing order, acc = fold(acc, k, c).
template <typename T, typename Fold>
__global__ void foldRunsKernel(Runs runs, std::int64_t cols, T* out, Fold fold) {
  const std::int64_t i = globalIndex();
  const std::int64_t run = i / cols, c = i % cols;
  if (run >= runs.maxRuns || run >= static_cast<std::int64_t>(*runs.numRuns)) return;
  T* dst = out + static_cast<std::int64_t>(runs.rows[run]) * cols + c;
  T acc = *dst;
  const std::uint32_t end = runs.starts[run] + runs.counts[run];
  for (std::uint32_t j = runs.starts[run]; j < end; ++j)
    acc = fold(acc, static_cast<std::int64_t>(runs.order[j]), c);
  *dst = acc;
}

// The deterministic sum's fold: acc += value(k, c).
template <typename Value>
struct AddValue {
  Value value;
  template <typename T>
  __device__ T operator()(T acc, std::int64_t k, std::int64_t c) const {
    acc += value(k, c);
    return acc;
  }
};

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

// After sortIntoRuns: each row of `out` (of `cols` columns) folded with its run.
template <typename T, typename Fold>
void foldRuns(StreamView stream, const AccumulateWorkspace& ws, std::int64_t cols, T* out,
              Fold fold) {
  launch(DETBENCH_KERNEL(foldRunsKernel<T, Fold>), oneThreadEach(ws.maxRuns() * cols), stream,
         ws.runs(), cols, out, fold);
}

template <typename T, typename Target, typename Value>
void accumulateDeterministic(StreamView stream, AccumulateWorkspace& ws, std::int64_t cols, T* out,
                             Target target, Value value) {
  if (ws.n == 0) return;
  sortIntoRuns(stream, ws, target);
  foldRuns(stream, ws, cols, out, AddValue<Value>{value});
}

}  // namespace detbench::cuda
