#pragma once
// A prepared op on a CPU device: the output buffer, the kernel closure and, for cpu-threads,
// the worker pool. Times with steady_clock.

#include <memory>

#include "CpuKernel.hpp"
#include "detbench/backend/Backend.hpp"

namespace detbench::cpu {

class CpuPreparedOp final : public PreparedOp {
 public:
  // `params` and `inputs` must outlive the prepared op: the kernel reads them in place.
  CpuPreparedOp(const KernelEntry& kernel, const OpParams& params, const OpInputs& inputs,
                Form form, int threads, TaskSchedule schedule, bool fillUninitialized,
                ops::TrialSeeds seeds);
  std::int64_t execute() override;
  std::uint64_t outputDigest() override;
  HostTensor readOutput() override { return output_.clone(); }

 private:
  std::unique_ptr<ThreadPool> pool_;
  HostTensor output_;
  std::function<void()> kernel_;
};

}  // namespace detbench::cpu
