// cuda kernels for nll_loss2d_forward (see ops/NllLoss2dForwardOp.hpp):
//   atomic:        one thread per position, a block reduction of the loss and weight terms,
//                  then one atomicAdd of each block's partials into the totals, as PyTorch's
//                  nll_loss2d_forward_kernel does (hence its alert), and the mean taken after;
//   deterministic: detbench's extension: one thread per block of the CPU kernel's cascade sum
//                  (a level chosen so there are at most 2^14 of them), then one thread replays
//                  the levels above in order: equal to the cpu device, and to PyTorch's CPU
//                  result, bit for bit (the cutting is host-tested in
//                  tests/core/ops/NllLoss2dForwardTest.cpp).

#include <cub/block/block_reduce.cuh>

#include <cstdint>
#include <memory>

#include "CudaCheck.hpp"
#include "CudaKernel.hpp"
#include "Launch.cuh"
#include "detbench/ops/NllLoss2dForwardOp.hpp"

namespace detbench::cuda {

namespace {

using Op = ops::NllLoss2dForwardOp;
using Pair = Op::Pair<float>;

__global__ void atomicNllKernel(Op::Problem p, Op::Args<float> a, float* loss, float* weight) {
  using Reduce = cub::BlockReduce<float, kThreadsPerBlock>;
  __shared__ typename Reduce::TempStorage lossStorage, weightStorage;
  const std::int64_t i = globalIndex();
  Pair term{0.0f, 0.0f};
  if (i < p.positions()) Op::addPosition(p, a, i, term);
  const float blockLoss = Reduce(lossStorage).Sum(term.loss);
  const float blockWeight = Reduce(weightStorage).Sum(term.weight);
  if (threadIdx.x == 0) {
    atomicAdd(loss, blockLoss);
    atomicAdd(weight, blockWeight);
  }
}

__global__ void meanKernel(Op::Problem p, float* loss, const float* weight) {
  if (!p.mean) return;
  loss[0] /= p.weighted ? weight[0] : static_cast<float>(p.positions());
}

__global__ void blockValuesKernel(Op::Problem p, Op::Args<float> a, int level, Pair* values) {
  const std::int64_t k = globalIndex();
  if (k < p.blocks(level)) values[k] = Op::blockValue(p, a, level, k);
}

__global__ void finishKernel(Op::Problem p, Op::Args<float> a, int level, const Pair* values,
                             float* out) {
  out[0] = Op::finish(p, a, level, values);
}

}  // namespace

CudaRun makeNllLoss2dForwardCuda(const CudaKernelArgs& args) {
  const auto p = Op::problem(args.params);
  const Op::Args<float> tensors{args.device.in<float>(Op::kInput),
                                args.device.in<std::int64_t>(Op::kTarget),
                                args.device.in<float>(Op::kWeight)};
  float* out = args.device.out<float>();
  if (args.form == Form::Atomic) {
    auto weight = std::make_shared<DeviceArray<float>>(1);
    return [=](StreamView stream) {
      float* w = weight->data();
      DETBENCH_CUDA_CHECK(cudaMemsetAsync(out, 0, sizeof(float), stream));
      DETBENCH_CUDA_CHECK(cudaMemsetAsync(w, 0, sizeof(float), stream));
      launch(DETBENCH_KERNEL(atomicNllKernel), oneThreadEach(p.positions()), stream, p, tensors,
             out, w);
      launch(DETBENCH_KERNEL(meanKernel), {1, 1}, stream, p, out, w);
    };
  }
  const int level = p.blockLevel();
  const std::int64_t blocks = p.blocks(level);
  auto values =
      std::make_shared<DeviceArray<Pair>>(static_cast<std::size_t>(blocks > 0 ? blocks : 1));
  return [=](StreamView stream) {
    Pair* v = values->data();
    if (blocks > 0) {
      launch(DETBENCH_KERNEL(blockValuesKernel), oneThreadEach(blocks), stream, p, tensors, level,
             v);
    }
    launch(DETBENCH_KERNEL(finishKernel), {1, 1}, stream, p, tensors, level, v, out);
  };
}

}  // namespace detbench::cuda
