#include "detbench/cpu/CpuBackends.hpp"

#include <thread>
#include <utility>

#include "CpuKernel.hpp"
#include "CpuPreparedOp.hpp"
#include "detbench/base/Error.hpp"

namespace detbench::cpu {

namespace {

class CpuBackendBase : public Backend {
 public:
  Availability availability() const override { return {true, ""}; }
  bool supports(std::string_view op) const override {
    return findCpuKernel(op, threaded()) != nullptr;
  }
  std::unique_ptr<PreparedOp> prepare(const OpDefinition& op, const OpParams& params,
                                      const OpInputs& inputs, Form form,
                                      const Context& context) override {
    const KernelEntry* kernel = findCpuKernel(op.name(), threaded());
    if (kernel == nullptr) {
      DETBENCH_THROW(NotAvailable, "op " + std::string(op.name()) + " is not implemented on " +
                                       std::string(id()));
    }
    return std::make_unique<CpuPreparedOp>(*kernel, params, inputs, form, threads(context),
                                           schedule(), context.fillsUninitializedMemory(),
                                           ops::TrialSeeds{context.seed(), context.seedWasSet()});
  }

 protected:
  virtual TaskSchedule schedule() const { return TaskSchedule::threads(); }
  // cpu-threads runs the threaded forms, which not every op has.
  bool threaded() const { return traitsClass() == TraitsClass::Cuda; }
};

class CpuBackend final : public CpuBackendBase {
 public:
  std::string_view id() const override { return "cpu"; }
  TraitsClass traitsClass() const override { return TraitsClass::Cpu; }
  int threads(const Context&) const override { return 1; }
  std::map<std::string, std::string> deviceInfo() const override {
    return {{"kind", "sequential reference (PyTorch CPU order)"}};
  }
};

class CpuThreadsBackend final : public CpuBackendBase {
 public:
  explicit CpuThreadsBackend(TaskSchedule schedule) : schedule_(std::move(schedule)) {}
  std::string_view id() const override { return "cpu-threads"; }
  TraitsClass traitsClass() const override { return TraitsClass::Cuda; }
  int threads(const Context& context) const override {
    return resolveThreads(context.settings().threads);
  }
  std::map<std::string, std::string> deviceInfo() const override {
    std::map<std::string, std::string> info{
        {"kind", "thread pool with float atomics (mirrors PyTorch's CUDA traits)"},
        {"hardware_threads", std::to_string(std::thread::hardware_concurrency())}};
    if (schedule_.simulated()) info["schedule"] = schedule_.describe();
    return info;
  }

 protected:
  TaskSchedule schedule() const override { return schedule_; }

 private:
  TaskSchedule schedule_;
};

}  // namespace

std::unique_ptr<Backend> makeCpuBackend() {
  return std::make_unique<CpuBackend>();
}
std::unique_ptr<Backend> makeCpuThreadsBackend(TaskSchedule schedule) {
  return std::make_unique<CpuThreadsBackend>(std::move(schedule));
}

}  // namespace detbench::cpu
