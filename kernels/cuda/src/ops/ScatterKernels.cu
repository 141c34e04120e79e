// cuda kernels for index_add and scatter_add: the atomic default and the sort-based
// deterministic form (Accumulate.cuh). Each trial starts the output from a copy of self.

#include <memory>

#include "Accumulate.cuh"
#include "CudaKernel.hpp"
#include "detbench/ops/IndexAddOp.hpp"
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

// ScatterAddOp::Problem::target on the device.
struct ScatterTarget {
  const std::int64_t* index;
  std::int64_t ndim, dim, cols, outSize;
  __device__ std::int64_t operator()(std::int64_t k) const {
    const std::int64_t v = index[k];
    if (ndim == 1) return v;
    if (dim == 0) return v * cols + k % cols;
    return (k / cols) * outSize + v;
  }
};

template <typename Target, typename Value>
CudaRun accumulateRun(const DeviceTensors& device, std::size_t selfInput, std::int64_t n,
                      std::int64_t rows, std::int64_t cols, Form form, Target target, Value value) {
  const float* self = device.in<float>(selfInput);
  float* out = device.out<float>();
  const std::size_t bytes = static_cast<std::size_t>(rows * cols) * sizeof(float);
  if (form == Form::Deterministic) {
    auto ws = std::make_shared<AccumulateWorkspace>(n, rows);
    return [=](cudaStream_t stream) {
      DETBENCH_CUDA_CHECK(cudaMemcpyAsync(out, self, bytes, cudaMemcpyDeviceToDevice, stream));
      accumulateDeterministic(stream, *ws, cols, out, target, value);
    };
  }
  return [=](cudaStream_t stream) {
    DETBENCH_CUDA_CHECK(cudaMemcpyAsync(out, self, bytes, cudaMemcpyDeviceToDevice, stream));
    accumulateAtomic(stream, n, cols, out, target, value);
  };
}

}  // namespace

CudaRun makeIndexAddCuda(const OpParams& params, const OpInputs&, const DeviceTensors& device,
                         Form form) {
  using Op = ops::IndexAddOp;
  const auto p = Op::problem(params);
  return accumulateRun(device, Op::kSelf, p.size, p.rows, p.cols, form,
                       RowOfIndex{device.in<std::int64_t>(Op::kIndex)},
                       RowValue{device.in<float>(Op::kSource), p.cols});
}

CudaRun makeScatterAddCuda(const OpParams& params, const OpInputs&, const DeviceTensors& device,
                           Form form) {
  using Op = ops::ScatterAddOp;
  const auto p = Op::problem(params);
  return accumulateRun(
      device, Op::kSelf, p.srcElements(), p.outElements(), 1, form,
      ScatterTarget{device.in<std::int64_t>(Op::kIndex), p.ndim, p.dim, p.cols, p.outSize},
      RowValue{device.in<float>(Op::kSource), 1});
}

}  // namespace detbench::cuda
