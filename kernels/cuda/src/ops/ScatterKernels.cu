// cuda kernels for the ops that add contributions into rows chosen by an index: index_add,
// index_put_ and put_ with accumulate, scatter_add, bincount (with and without weights) and
// embedding_bag backward. The atomic default and the sort-based deterministic form
// (Accumulate.cuh). Each trial starts the output from a copy of self, or from zeros.

#include <memory>

#include "Accumulate.cuh"
#include "CudaKernel.hpp"
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

// `self` null: the output starts from zeros.
template <typename T, typename Target, typename Value>
CudaRun accumulateRun(const DeviceTensors& device, const T* self, std::int64_t n, std::int64_t rows,
                      std::int64_t cols, Form form, Target target, Value value) {
  T* out = device.out<T>();
  const std::size_t bytes = static_cast<std::size_t>(rows * cols) * sizeof(T);
  auto init = [=](StreamView stream) {
    if (self != nullptr) {
      DETBENCH_CUDA_CHECK(cudaMemcpyAsync(out, self, bytes, cudaMemcpyDeviceToDevice, stream));
    } else {
      DETBENCH_CUDA_CHECK(cudaMemsetAsync(out, 0, bytes, stream));
    }
  };
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

CudaRun makeIndexAddCuda(const OpParams& params, const OpInputs&, const DeviceTensors& device,
                         Form form, const CudaKernelEnv&) {
  using Op = ops::IndexAddOp;
  const auto p = Op::problem(params);
  return accumulateRun(device, device.in<float>(Op::kSelf), p.size, p.rows, p.cols, form,
                       RowOfIndex{device.in<std::int64_t>(Op::kIndex)},
                       RowValue{device.in<float>(Op::kSource), p.cols});
}

CudaRun makeScatterAddCuda(const OpParams& params, const OpInputs&, const DeviceTensors& device,
                           Form form, const CudaKernelEnv&) {
  using Op = ops::ScatterAddOp;
  const auto p = Op::problem(params);
  return accumulateRun(device, device.in<float>(Op::kSelf), p.srcElements(), p.outElements(), 1,
                       form, ScatterTarget{device.in<std::int64_t>(Op::kIndex), p},
                       RowValue{device.in<float>(Op::kSource), 1});
}

// index_put_ with accumulate adds as index_add does (the same inputs, in the same order).
CudaRun makeIndexPutAccumulateCuda(const OpParams& params, const OpInputs& inputs,
                                   const DeviceTensors& device, Form form,
                                   const CudaKernelEnv& env) {
  return makeIndexAddCuda(params, inputs, device, form, env);
}

CudaRun makePutAccumulateCuda(const OpParams& params, const OpInputs&, const DeviceTensors& device,
                              Form form, const CudaKernelEnv&) {
  using Op = ops::PutAccumulateOp;
  const auto p = Op::problem(params);
  return accumulateRun(device, device.in<float>(Op::kSelf), p.size, p.numel(), 1, form,
                       RowOfIndex{device.in<std::int64_t>(Op::kIndex)},
                       RowValue{device.in<float>(Op::kSource), 1});
}

CudaRun makeBincountCuda(const OpParams& params, const OpInputs&, const DeviceTensors& device,
                         Form form, const CudaKernelEnv&) {
  using Op = ops::BincountOp;
  const auto p = Op::problem(params);
  // int64 counts added as unsigned 64-bit integers: two's complement makes them the same bits.
  return accumulateRun(device, static_cast<const unsigned long long*>(nullptr), p.size, p.bins, 1,
                       form, RowOfIndex{device.in<std::int64_t>(Op::kValues)}, One{});
}

CudaRun makeBincountWeightedCuda(const OpParams& params, const OpInputs&,
                                 const DeviceTensors& device, Form form, const CudaKernelEnv&) {
  using Op = ops::BincountWeightedOp;
  const auto p = Op::problem(params);
  return accumulateRun(device, static_cast<const float*>(nullptr), p.size, p.bins, 1, form,
                       RowOfIndex{device.in<std::int64_t>(Op::kValues)},
                       RowValue{device.in<float>(Op::kWeights), 1});
}

CudaRun makeEmbeddingBagBackwardCuda(const OpParams& params, const OpInputs&,
                                     const DeviceTensors& device, Form form, const CudaKernelEnv&) {
  using Op = ops::EmbeddingBagBackwardOp;
  const auto p = Op::problem(params);
  return accumulateRun(
      device, static_cast<const float*>(nullptr), p.size, p.embeddings, p.cols, form,
      RowOfIndex{device.in<std::int64_t>(Op::kIndices)},
      BagValue{device.in<float>(Op::kGradOutput), p.cols, p.bagSize, Op::scale<float>(p)});
}

}  // namespace detbench::cuda
