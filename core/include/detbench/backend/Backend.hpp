#pragma once
// The interface every device implements. A backend prepares an op on its device once per
// trial set (copies the inputs, allocates the output); the prepared op then runs trials.

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "detbench/catalog/Dispatch.hpp"
#include "detbench/catalog/OpCatalog.hpp"
#include "detbench/op/OpDefinition.hpp"
#include "detbench/settings/Context.hpp"

namespace detbench {

struct Availability {
  bool available = false;
  std::string reason;  // why not, when not (for example "cudaErrorNoDevice")
};

class PreparedOp {
 public:
  virtual ~PreparedOp() = default;
  // One trial: writes the whole output from the inputs (an in-place op starts from a fresh copy
  // of self, as PyTorch's out-of-place form clones it) and returns the elapsed nanoseconds,
  // measured by the device (steady_clock on the CPU, CUDA events on the GPU).
  virtual std::int64_t execute() = 0;
  // The digest of the current output, computed where the output lives.
  virtual std::uint64_t outputDigest() = 0;
  // A host copy of the current output.
  virtual HostTensor readOutput() = 0;
  // The algorithm the library chose for the last trial, where there was a choice.
  virtual std::string algorithm() const { return {}; }
  // Warnings a library raised while the op ran since the last call (PyTorch's own, caught on
  // the thread that ran it), each text once per prepared op. Devices that run detbench's own
  // kernels raise none: their alerts come from dispatch().
  virtual std::vector<Alert> takeLibraryWarnings() { return {}; }
};

class Backend {
 public:
  virtual ~Backend() = default;
  virtual std::string_view id() const = 0;
  virtual TraitsClass traitsClass() const = 0;
  virtual Availability availability() const = 0;
  // Name, memory, versions: key-value pairs for reports.
  virtual std::map<std::string, std::string> deviceInfo() const = 0;
  // Worker threads this backend will use under `context` (1 for sequential devices).
  virtual int threads(const Context& context) const = 0;
  virtual bool supports(std::string_view op) const = 0;
  // Refuses (OutOfMemory naming what was asked and what is free) when the op's tensors cannot
  // fit on the device; called before any input is made. Host devices have nothing to add to the
  // host memory limit of the request.
  virtual void checkMemory(const OpDefinition& /*op*/, const OpParams& /*params*/) const {}
  // Refuses (InvalidArgument, naming why) a request this device cannot run as asked: a form,
  // semantics or parameter that only detbench's own kernels have, say. Called before any input
  // is made.
  virtual void checkRequest(const OpDefinition& /*op*/, const OpParams& /*params*/,
                            const Settings& /*settings*/) const {}
  // True for a device that runs a library's own dispatch (the torch devices: PyTorch decides
  // which kernel runs and raises its own alerts). detbench's dispatch then only predicts what the
  // library will do, and the run records the prediction beside what happened.
  virtual bool runsLibraryDispatch() const { return false; }
  virtual std::unique_ptr<PreparedOp> prepare(const OpDefinition& op, const OpParams& params,
                                              const OpInputs& inputs, Form form,
                                              const Context& context) = 0;
};

}  // namespace detbench
