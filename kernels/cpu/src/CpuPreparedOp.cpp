#include "CpuPreparedOp.hpp"

#include <chrono>
#include <cstring>
#include <limits>
#include <utility>

#include "detbench/base/Error.hpp"
#include "detbench/run/Digest.hpp"

namespace detbench::cpu {

namespace {

// Deterministic mode fills fresh outputs as PyTorch fills uninitialized memory: NaN for floats,
// the largest value for integers. Every op here writes its whole output, so the fill is never
// visible in a result; it is done because PyTorch does it (and it costs what it costs there).
void fillUninitialized(HostTensor& t) {
  switch (t.dtype()) {
    case DType::Float32:
      for (auto& v : t.as<float>()) v = std::numeric_limits<float>::quiet_NaN();
      break;
    case DType::Float64:
      for (auto& v : t.as<double>()) v = std::numeric_limits<double>::quiet_NaN();
      break;
    case DType::Int64:
      for (auto& v : t.as<std::int64_t>()) v = std::numeric_limits<std::int64_t>::max();
      break;
  }
}

}  // namespace

CpuPreparedOp::CpuPreparedOp(const KernelEntry& kernel, const OpParams& params,
                             const OpInputs& inputs, Form form, int threads, TaskSchedule schedule,
                             bool fill, ops::TrialSeeds seeds)
    : output_(inputs.output.shape, inputs.output.dtype) {
  if (form != Form::Sequential) pool_ = std::make_unique<ThreadPool>(threads, std::move(schedule));
  if (fill) fillUninitialized(output_);
  kernel_ = kernel.make(KernelArgs{params, inputs, output_, pool_.get(), form, seeds});
}

std::int64_t CpuPreparedOp::execute() {
  const auto t0 = std::chrono::steady_clock::now();
  kernel_();
  const auto t1 = std::chrono::steady_clock::now();
  return std::chrono::duration_cast<std::chrono::nanoseconds>(t1 - t0).count();
}

std::uint64_t CpuPreparedOp::outputDigest() {
  return digestTensor(output_);
}

}  // namespace detbench::cpu
