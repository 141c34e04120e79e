// cuda kernels for ctc_loss backward: one thread per sequence computes its alpha, beta and
// negative log likelihood in PyTorch's CPU order (the recursions are sequential in time); then
//  - atomic (PyTorch's CUDA kernel): the gradient starts at exp(lp) and a thread per (sequence,
//    time, position) adds its term -exp(alpha + beta + nll - lp) with atomicAdd;
//  - deterministic (a detbench extension; PyTorch raises `ctc_loss_backward_gpu`): a thread per
//    (sequence, time) gathers each class's positions in increasing order, as the CPU does.
// The device's expf and logf are not glibc's: the bits are the GPU's own.

#include <cstdint>
#include <memory>

#include "CudaCheck.hpp"
#include "CudaKernel.hpp"
#include "Launch.cuh"
#include "detbench/ops/CtcLossBackwardOp.hpp"

namespace detbench::cuda {

namespace {

using ops::CtcLossBackwardOp;

__global__ void alphaBetaKernel(CtcLossBackwardOp::Problem p, const float* lp,
                                const std::int64_t* targets, float* alpha, float* beta,
                                float* nll) {
  const std::int64_t b = globalIndex();
  if (b >= p.batch) return;
  const std::int64_t off = b * p.time * p.extended();
  nll[b] = CtcLossBackwardOp::alphaBeta(p, lp, targets, b, alpha + off, beta + off);
}

__global__ void gatherKernel(CtcLossBackwardOp::Problem p, const float* lp,
                             const std::int64_t* targets, const float* alpha, const float* beta,
                             const float* nll, float* lcab, float* grad) {
  const std::int64_t i = globalIndex();
  if (i >= p.batch * p.time) return;
  const std::int64_t b = i / p.time;
  const std::int64_t t = i % p.time;
  const std::int64_t off = b * p.time * p.extended();
  CtcLossBackwardOp::gradientRow(p, lp, targets, b, t, alpha + off, beta + off, nll[b],
                                 lcab + i * p.classes, grad);
}

__global__ void expKernel(const float* lp, std::int64_t n, float* grad) {
  const std::int64_t i = globalIndex();
  if (i < n) grad[i] = expf(lp[i]);
}

__global__ void scatterKernel(CtcLossBackwardOp::Problem p, const float* lp,
                              const std::int64_t* targets, const float* alpha, const float* beta,
                              const float* nll, float* grad) {
  const std::int64_t i = globalIndex();
  const std::int64_t L = p.extended();
  if (i >= p.batch * p.time * L) return;
  const std::int64_t b = i / (p.time * L);
  const std::int64_t t = (i / L) % p.time;
  const std::int64_t s = i % L;
  const std::int64_t off = b * p.time * L;
  const float term =
      CtcLossBackwardOp::atomicTerm(p, lp, targets, b, t, s, alpha + off, beta + off, nll[b]);
  atomicAdd(grad + (t * p.batch + b) * p.classes + CtcLossBackwardOp::label(p, targets, b, s),
            term);
}

}  // namespace

CudaRun makeCtcLossBackwardCuda(const CudaKernelArgs& args) {
  const auto p = CtcLossBackwardOp::problem(args.params);
  const float* lp = args.device.in<float>(CtcLossBackwardOp::kLogProbs);
  const std::int64_t* targets = args.device.in<std::int64_t>(CtcLossBackwardOp::kTargets);
  float* grad = args.device.out<float>();
  const bool atomic = args.form == Form::Atomic;
  *args.algorithm = atomic ? "alpha/beta per sequence, atomicAdd per position (PyTorch's)"
                           : "alpha/beta per sequence, each class gathered in order (detbench)";
  const auto ab = static_cast<std::size_t>(p.batch * p.time * p.extended());
  const auto lcab = atomic ? 0 : static_cast<std::size_t>(p.batch * p.time * p.classes);
  auto scratch =
      std::make_shared<DeviceArray<float>>(2 * ab + static_cast<std::size_t>(p.batch) + lcab);
  return [=](StreamView stream) {
    float* alpha = scratch->data();
    float* beta = alpha + ab;
    float* nll = beta + ab;
    float* gathered = nll + p.batch;
    launch(DETBENCH_KERNEL(alphaBetaKernel), {gridFor(p.batch, 64), 64}, stream, p, lp, targets,
           alpha, beta, nll);
    if (atomic) {
      launch(DETBENCH_KERNEL(expKernel), oneThreadEach(p.elements()), stream, lp, p.elements(),
             grad);
      launch(DETBENCH_KERNEL(scatterKernel), oneThreadEach(p.batch * p.time * p.extended()), stream,
             p, lp, targets, alpha, beta, nll, grad);
    } else {
      launch(DETBENCH_KERNEL(gatherKernel), oneThreadEach(p.batch * p.time), stream, p, lp, targets,
             alpha, beta, nll, gathered, grad);
    }
  };
}

}  // namespace detbench::cuda
