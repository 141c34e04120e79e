// cuda kernels for the ops that add contributions into rows chosen by an index: index_add,
// index_put_ and put_ with accumulate, scatter_add, bincount (with and without weights) and
// embedding_bag backward. The atomic default and the sort-based deterministic form
// (Accumulate.cuh); for index_add and index_put_ with accumulate, with row_scan = 1, the
// deterministic form that scans the indices instead of sorting them (RowScanAccumulate.cuh).
// Each trial starts the output from a copy of self, or from zeros.

#include <memory>

#include "Accumulate.cuh"
#include "CudaKernel.hpp"
#include "RowScanAccumulate.cuh"
#include "detbench/ops/BincountOp.hpp"
#include "detbench/ops/EmbeddingBagBackwardOp.hpp"
#include "detbench/ops/IndexAddOp.hpp"
#include "detbench/ops/PutAccumulateOp.hpp"
#include "detbench/ops/ScatterAddOp.hpp"

namespace detbench::cuda {

namespace {

struct RowOfIndex {
  const std::int64_t* index;
  __device__ std::int64_t operator()(std::int64_t k) const { return index[k]; }
};

struct RowValue {
  const float* source;
  std::int64_t cols;
  __device__ float operator()(std::int64_t k, std::int64_t c) const { return source[k * cols + c]; }
};

// ScatterAddOp's target (the same host/device function the CPU devices use).
struct ScatterTarget {
  const std::int64_t* index;
  ops::ScatterAddOp::Problem problem;
  __device__ std::int64_t operator()(std::int64_t k) const { return problem.target(k, index[k]); }
};

struct One {
  __device__ unsigned long long operator()(std::int64_t, std::int64_t) const { return 1ULL; }
};

struct BagValue {
  const float* grad;
  std::int64_t cols, bagSize;
  float scale;
  __device__ float operator()(std::int64_t k, std::int64_t c) const {
    // __fmul_rn: no contraction into an fma with the add, so the product is rounded as on
    // the CPU and the deterministic form stays bitwise equal to the cpu device.
    return __fmul_rn(grad[(k / bagSize) * cols + c], scale);
  }
};

// Each trial's start: out = self, or zeros where `self` is null.
template <typename T>
auto startFrom(T* out, const T* self, std::int64_t rows, std::int64_t cols) {
  const std::size_t bytes = static_cast<std::size_t>(rows * cols) * sizeof(T);
  return [=](StreamView stream) {
    if (self != nullptr) {
      DETBENCH_CUDA_CHECK(cudaMemcpyAsync(out, self, bytes, cudaMemcpyDeviceToDevice, stream));
    } else {
      DETBENCH_CUDA_CHECK(cudaMemsetAsync(out, 0, bytes, stream));
    }
  };
}

template <typename T, typename Target, typename Value>
CudaRun accumulateRun(const DeviceTensors& device, const T* self, std::int64_t n, std::int64_t rows,
                      std::int64_t cols, Form form, Target target, Value value) {
  T* out = device.out<T>();
  auto init = startFrom(out, self, rows, cols);
  if (form == Form::Deterministic) {
    auto ws = std::make_shared<AccumulateWorkspace>(n, rows);
    return [=](StreamView stream) {
      init(stream);
      accumulateDeterministic(stream, *ws, cols, out, target, value);
    };
  }
  return [=](StreamView stream) {
    init(stream);
    accumulateAtomic(stream, n, cols, out, target, value);
  };
}

}  // namespace

CudaRun makeIndexAddCuda(const CudaKernelArgs& args) {
  using Op = ops::IndexAddOp;
  const auto p = Op::problem(args.params);
  const float* self = args.device.in<float>(Op::kSelf);
  const RowOfIndex target{args.device.in<std::int64_t>(Op::kIndex)};
  const RowValue value{args.device.in<float>(Op::kSource), p.cols};
  if (args.form == Form::Deterministic && p.rowScan) {
    float* out = args.device.out<float>();
    auto init = startFrom(out, self, p.rows, p.cols);
    return [=](StreamView stream) {
      init(stream);
      rowScanAccumulate(stream, p.size, p.rows, p.cols, out, target, value);
    };
  }
  return accumulateRun(args.device, self, p.size, p.rows, p.cols, args.form, target, value);
}

CudaRun makeScatterAddCuda(const CudaKernelArgs& args) {
  using Op = ops::ScatterAddOp;
  const auto p = Op::problem(args.params);
  return accumulateRun(args.device, args.device.in<float>(Op::kSelf), p.srcElements(),
                       p.outElements(), 1, args.form,
                       ScatterTarget{args.device.in<std::int64_t>(Op::kIndex), p},
                       RowValue{args.device.in<float>(Op::kSource), 1});
}

// index_put_ with accumulate adds as index_add does (the same inputs, in the same order).
CudaRun makeIndexPutAccumulateCuda(const CudaKernelArgs& args) {
  return makeIndexAddCuda(args);
}

CudaRun makePutAccumulateCuda(const CudaKernelArgs& args) {
  using Op = ops::PutAccumulateOp;
  const auto p = Op::problem(args.params);
  return accumulateRun(args.device, args.device.in<float>(Op::kSelf), p.size, p.numel(), 1,
                       args.form, RowOfIndex{args.device.in<std::int64_t>(Op::kIndex)},
                       RowValue{args.device.in<float>(Op::kSource), 1});
}

CudaRun makeBincountCuda(const CudaKernelArgs& args) {
  using Op = ops::BincountOp;
  const auto p = Op::problem(args.params);
  // int64 counts added as unsigned 64-bit integers: two's complement makes them the same bits.
  return accumulateRun(args.device, static_cast<const unsigned long long*>(nullptr), p.size, p.bins,
                       1, args.form, RowOfIndex{args.device.in<std::int64_t>(Op::kValues)}, One{});
}

CudaRun makeBincountWeightedCuda(const CudaKernelArgs& args) {
  using Op = ops::BincountWeightedOp;
  const auto p = Op::problem(args.params);
  return accumulateRun(args.device, static_cast<const float*>(nullptr), p.size, p.bins, 1,
                       args.form, RowOfIndex{args.device.in<std::int64_t>(Op::kValues)},
                       RowValue{args.device.in<float>(Op::kWeights), 1});
}

CudaRun makeEmbeddingBagBackwardCuda(const CudaKernelArgs& args) {
  using Op = ops::EmbeddingBagBackwardOp;
  const auto p = Op::problem(args.params);
  return accumulateRun(
      args.device, static_cast<const float*>(nullptr), p.size, p.embeddings, p.cols, args.form,
      RowOfIndex{args.device.in<std::int64_t>(Op::kIndices)},
      BagValue{args.device.in<float>(Op::kGradOutput), p.cols, p.bagSize, Op::scale<float>(p)});
}

}  // namespace detbench::cuda
