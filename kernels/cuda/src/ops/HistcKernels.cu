// cuda kernels for histc: PyTorch's form (float atomicAdd of 1.0 per value into the counts) and
// detbench's deterministic extension (exact 64-bit integer atomic counts, converted once).
// Equal to the `cpu` device while every bin holds at most 2^24 values: past that the CPU's float
// count stops at 16777216 and this one goes on counting (as cpu-threads' deterministic form).

#include <cstdint>
#include <memory>

#include "CudaCheck.hpp"
#include "CudaKernel.hpp"
#include "Launch.cuh"
#include "detbench/ops/HistcOp.hpp"

namespace detbench::cuda {

namespace {

using ops::HistcOp;

// One atomic add of 1 per value into its bin: float counts (PyTorch's form) or exact 64-bit
// integer counts (the deterministic extension).
template <typename Count>
__global__ void histcKernel(const float* x, std::int64_t size, std::int64_t bins, Count* counts) {
  const std::int64_t stride = gridThreads();
  for (std::int64_t i = globalIndex(); i < size; i += stride) {
    const std::int64_t b = HistcOp::binOf(x[i], bins);
    if (b >= 0) atomicAdd(counts + b, Count{1});
  }
}

__global__ void countsToFloatKernel(const unsigned long long* counts, std::int64_t bins,
                                    float* out) {
  const std::int64_t b = globalIndex();
  if (b < bins) out[b] = static_cast<float>(counts[b]);
}

}  // namespace

CudaRun makeHistcCuda(const CudaKernelArgs& args) {
  const auto p = HistcOp::problem(args.params);
  const float* x = args.device.in<float>(HistcOp::kInput);
  float* out = args.device.out<float>();
  const auto outBytes = static_cast<std::size_t>(p.bins) * sizeof(float);
  if (args.form == Form::Atomic) {
    return [=](StreamView stream) {
      DETBENCH_CUDA_CHECK(cudaMemsetAsync(out, 0, outBytes, stream));
      launch(DETBENCH_KERNEL(histcKernel<float>), gridStrideOver(p.size), stream, x, p.size, p.bins,
             out);
    };
  }
  auto counts = std::make_shared<DeviceArray<unsigned long long>>(static_cast<std::size_t>(p.bins));
  return [=](StreamView stream) {
    unsigned long long* n = counts->data();
    DETBENCH_CUDA_CHECK(cudaMemsetAsync(n, 0, counts->bytes(), stream));
    launch(DETBENCH_KERNEL(histcKernel<unsigned long long>), gridStrideOver(p.size), stream, x,
           p.size, p.bins, n);
    launch(DETBENCH_KERNEL(countsToFloatKernel), oneThreadEach(p.bins), stream, n, p.bins, out);
  };
}

}  // namespace detbench::cuda
