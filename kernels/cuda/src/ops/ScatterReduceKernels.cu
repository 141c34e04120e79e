// cuda kernels for scatter_reduce (sum, mean, amax, prod) over a 1-D tensor. Each trial starts
// the output from a copy of self.
//   atomic:        one thread per contribution: atomicAdd for sum and mean, a compare-and-swap
//                  loop for amax and prod (as PyTorch's kernel does for its multiply and max);
//   deterministic: the contributions sorted by element (Accumulate.cuh's sort and runs), then
//                  one thread per element combining its run in index order: the cpu device's
//                  bits for every reduction.
// The mean's counts are integer atomics (exact in any order) and one division per element.

#include <memory>

#include "Accumulate.cuh"
#include "CudaKernel.hpp"
#include "detbench/ops/ScatterReduceOp.hpp"

namespace detbench::cuda {

namespace {

using ops::ScatterReduction;

struct ElementOfIndex {
  const std::int64_t* index;
  __device__ std::int64_t operator()(std::int64_t k) const { return index[k]; }
};

struct SourceValue {
  const float* src;
  __device__ float operator()(std::int64_t k, std::int64_t) const { return src[k]; }
};

template <ScatterReduction R>
__global__ void combineAtomicKernel(std::int64_t n, float* out, const std::int64_t* index,
                                    const float* src) {
  const std::int64_t k = globalIndex();
  if (k >= n) return;
  auto* slot = reinterpret_cast<unsigned int*>(out + index[k]);
  unsigned int seen = *slot, assumed = 0;
  do {
    assumed = seen;
    const float next = ops::combineScatter<R>(__uint_as_float(assumed), src[k]);
    seen = atomicCAS(slot, assumed, __float_as_uint(next));
  } while (seen != assumed);
}

// The deterministic form's fold: element k of the source combined into the run's element.
template <ScatterReduction R>
struct CombineSource {
  const float* src;
  __device__ float operator()(float acc, std::int64_t k, std::int64_t) const {
    return ops::combineScatter<R>(acc, src[k]);
  }
};

// 64-bit counts, as the CPU's: an index may take more than 2^31 terms.
__global__ void countTermsKernel(std::int64_t n, const std::int64_t* index,
                                 unsigned long long* counts) {
  const std::int64_t k = globalIndex();
  if (k < n) atomicAdd(counts + index[k], 1ULL);
}

// counts holds the terms besides self: the divisor is counts + 1.
__global__ void divideByCountsKernel(std::int64_t outSize, const unsigned long long* counts,
                                     float* out) {
  const std::int64_t i = globalIndex();
  if (i < outSize) {
    out[i] = __fdiv_rn(out[i], static_cast<float>(static_cast<std::int64_t>(counts[i] + 1)));
  }
}

template <ScatterReduction R>
CudaRun scatterReduceRun(const CudaKernelArgs& args) {
  using Op = ops::ScatterReduceOp<R>;
  const auto p = Op::problem(args.params);
  const float* self = args.device.in<float>(Op::kSelf);
  const std::int64_t* index = args.device.in<std::int64_t>(Op::kIndex);
  const float* src = args.device.in<float>(Op::kSource);
  float* out = args.device.out<float>();
  const Form form = args.form;
  const std::size_t bytes = static_cast<std::size_t>(p.outSize) * sizeof(float);
  constexpr bool adds = R == ScatterReduction::Sum || R == ScatterReduction::Mean;
  auto ws = form == Form::Deterministic ? std::make_shared<AccumulateWorkspace>(p.size, p.outSize)
                                        : nullptr;
  auto counts =
      R == ScatterReduction::Mean
          ? std::make_shared<DeviceArray<unsigned long long>>(static_cast<std::size_t>(p.outSize))
          : nullptr;
  return [=](StreamView stream) {
    DETBENCH_CUDA_CHECK(cudaMemcpyAsync(out, self, bytes, cudaMemcpyDeviceToDevice, stream));
    if (p.size > 0) {
      if (adds && form == Form::Atomic) {
        accumulateAtomic(stream, p.size, 1, out, ElementOfIndex{index}, SourceValue{src});
      } else if (adds) {
        accumulateDeterministic(stream, *ws, 1, out, ElementOfIndex{index}, SourceValue{src});
      } else if (form == Form::Atomic) {
        launch(DETBENCH_KERNEL(combineAtomicKernel<R>), oneThreadEach(p.size), stream, p.size, out,
               index, src);
      } else {
        sortIntoRuns(stream, *ws, ElementOfIndex{index});
        foldRuns(stream, *ws, 1, out, CombineSource<R>{src});
      }
    }
    if constexpr (R == ScatterReduction::Mean) {
      unsigned long long* c = counts->data();
      DETBENCH_CUDA_CHECK(cudaMemsetAsync(c, 0, counts->bytes(), stream));
      if (p.size > 0) {
        launch(DETBENCH_KERNEL(countTermsKernel), oneThreadEach(p.size), stream, p.size, index, c);
      }
      launch(DETBENCH_KERNEL(divideByCountsKernel), oneThreadEach(p.outSize), stream, p.outSize, c,
             out);
    }
  };
}

}  // namespace

CudaRun makeScatterReduceSumCuda(const CudaKernelArgs& args) {
  return scatterReduceRun<ScatterReduction::Sum>(args);
}
CudaRun makeScatterReduceMeanCuda(const CudaKernelArgs& args) {
  return scatterReduceRun<ScatterReduction::Mean>(args);
}
CudaRun makeScatterReduceAmaxCuda(const CudaKernelArgs& args) {
  return scatterReduceRun<ScatterReduction::Amax>(args);
}
CudaRun makeScatterReduceProdCuda(const CudaKernelArgs& args) {
  return scatterReduceRun<ScatterReduction::Prod>(args);
}

}  // namespace detbench::cuda
