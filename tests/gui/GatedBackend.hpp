#pragma once
// A device for tests that control the worker's schedule: the `cpu` device, but each trial waits
// at a gate until the test lets it through. A test can then act at a known point of a run (after
// exactly N trials) without depending on how fast the worker is.

#include <condition_variable>
#include <memory>
#include <mutex>

#include "detbench/backend/Backend.hpp"
#include "detbench/cpu/CpuBackends.hpp"

namespace detbench::gui::testing {

class Gate {
 public:
  // Lets `n` more trials through.
  void release(int n) {
    {
      std::lock_guard lock(mutex_);
      permits_ += n;
    }
    changed_.notify_all();
  }
  // Lets every trial through from now on.
  void open() {
    {
      std::lock_guard lock(mutex_);
      open_ = true;
    }
    changed_.notify_all();
  }
  // True while a trial waits at the gate.
  bool waiting() {
    std::lock_guard lock(mutex_);
    return waiting_ > 0;
  }
  void pass() {
    std::unique_lock lock(mutex_);
    ++waiting_;
    changed_.wait(lock, [&] { return open_ || permits_ > 0; });
    --waiting_;
    if (!open_) --permits_;
  }

 private:
  std::mutex mutex_;
  std::condition_variable changed_;
  int permits_ = 0;
  int waiting_ = 0;
  bool open_ = false;
};

class GatedBackend final : public Backend {
 public:
  explicit GatedBackend(std::shared_ptr<Gate> gate)
      : inner_(cpu::makeCpuBackend()), gate_(std::move(gate)) {}
  std::string_view id() const override { return "gated"; }
  TraitsClass traitsClass() const override { return inner_->traitsClass(); }
  Availability availability() const override { return inner_->availability(); }
  std::map<std::string, std::string> deviceInfo() const override { return {{"kind", "gated"}}; }
  int threads(const Context& c) const override { return inner_->threads(c); }
  bool supports(std::string_view op) const override { return inner_->supports(op); }
  std::unique_ptr<PreparedOp> prepare(const OpDefinition& op, const OpParams& params,
                                      const OpInputs& inputs, Form form,
                                      const Context& context) override {
    return std::make_unique<Gated>(inner_->prepare(op, params, inputs, form, context), gate_);
  }

 private:
  class Gated final : public PreparedOp {
   public:
    Gated(std::unique_ptr<PreparedOp> inner, std::shared_ptr<Gate> gate)
        : inner_(std::move(inner)), gate_(std::move(gate)) {}
    std::int64_t execute() override {
      gate_->pass();
      return inner_->execute();
    }
    std::uint64_t outputDigest() override { return inner_->outputDigest(); }
    HostTensor readOutput() override { return inner_->readOutput(); }

   private:
    std::unique_ptr<PreparedOp> inner_;
    std::shared_ptr<Gate> gate_;
  };

  std::unique_ptr<Backend> inner_;
  std::shared_ptr<Gate> gate_;
};

}  // namespace detbench::gui::testing
