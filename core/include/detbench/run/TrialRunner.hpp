#pragma once
// Runs one op many times on bit-identical inputs and records what each trial produced.

#include <cstdint>
#include <functional>
#include <string>

#include "detbench/backend/BackendRegistry.hpp"
#include "detbench/run/CancelToken.hpp"
#include "detbench/run/RunResult.hpp"

namespace detbench {

// The most trials and warm-up trials one trial set may ask for.
inline constexpr int kMaxTrials = 10'000'000;
inline constexpr int kMaxWarmup = 1'000'000;
// Host memory one recorded trial takes in `detbench run` and `sweep`, at most: its record, its
// share of the summary's scratch and its part of the JSON report text (measured; see
// docs/REPORT-FORMAT.md, "Limits"). Other holders of records (the server, the workbench, the
// invariance runs) cost more and say so in RunRequest::bytesPerTrial.
inline constexpr std::int64_t kHostBytesPerTrial = 1024;

struct RunRequest {
  std::string op;
  OpParams params;  // missing ones take their defaults
  std::string device = "cpu-threads";
  Settings settings;
  int trials = 50;
  int warmup = 3;
  std::uint64_t dataSeed = 0;
  // What the run may hold in host memory (availableMemoryBytes(), for a run of this process),
  // and what each recorded trial costs the process that holds it.
  std::int64_t memoryLimitBytes = std::int64_t{8} << 30;
  std::int64_t bytesPerTrial = kHostBytesPerTrial;
  std::string label = "run";
};

struct RunCallbacks {
  // After each recorded trial: the record, trials done, trials requested.
  std::function<void(const TrialRecord&, int, int)> onTrial;
  // Trial 0's output, once (for --save-io).
  std::function<void(const HostTensor&)> onFirstOutput;
};

// Inputs and reference made once and shared by the configurations of a sweep.
struct PreparedInputs {
  OpParams params;
  OpInputs inputs;
  Reference reference;
};

class TrialRunner {
 public:
  explicit TrialRunner(const BackendRegistry& registry) : registry_(registry) {}

  // Validates the request (raising InvalidArgument or NotAvailable for bad input, before
  // anything is allocated), makes the inputs and runs the trials. A NondeterministicError of
  // error mode, or a device fault during the trials, is recorded in the result's errors.
  RunResult run(const RunRequest& request, const RunCallbacks& callbacks = {},
                const CancelToken* cancel = nullptr) const;

  // Validates the request and makes its inputs and reference. `trialSets` is the number of
  // trial sets that will run on these inputs (the configurations of a sweep): what they will
  // hold (the inputs, and every trial's record) is checked against request.memoryLimitBytes
  // before anything is allocated.
  PreparedInputs prepare(const RunRequest& request, int trialSets = 1) const;
  // Raises NotAvailable (or InvalidArgument for an unknown device) unless the request's device
  // is there and runs its op.
  void checkDevice(const RunRequest& request) const;
  // Runs trials on inputs made by prepare() for a request with the same op and params.
  RunResult run(const RunRequest& request, const PreparedInputs& prepared,
                const RunCallbacks& callbacks = {}, const CancelToken* cancel = nullptr) const;

 private:
  const BackendRegistry& registry_;
};

void validateRequest(const RunRequest& request);

// The admission of a run before anything is allocated: `trialSets` trial sets of
// request.trials records at request.bytesPerTrial each, and the op's tensors for `params`
// (resolved), against request.memoryLimitBytes. Raises InvalidArgument naming both when they
// do not fit; returns the bytes left for the tensors otherwise.
std::int64_t admitHostMemory(const RunRequest& request, const OpParams& params, int trialSets = 1);

}  // namespace detbench
