#pragma once
// The plain records of a trial set, as the runner makes them; reporters only format them.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "detbench/catalog/Dispatch.hpp"
#include "detbench/op/OpDefinition.hpp"
#include "detbench/run/Statistics.hpp"
#include "detbench/settings/Context.hpp"
#include "detbench/settings/Settings.hpp"

namespace detbench {

struct TrialRecord {
  int index = 0;
  std::int64_t timeNs = 0;
  std::uint64_t digest = 0;
  // Against trial 0.
  double maxAbsDiff = 0;
  std::uint64_t maxUlp = 0;
  std::int64_t nDiff = 0;
  std::vector<std::int64_t> ulpHistogram;  // OutputDiff::ulpHistogram; empty when equal
  // Against the float64 reference.
  double refMaxAbsErr = 0;
  std::string algorithm;
};

struct DigestCount {
  std::uint64_t digest;
  int count;
  int firstTrial;
};

struct RunSummary {
  int trials = 0;
  int distinctDigests = 0;
  bool reproducible = false;  // one distinct digest over all trials (and at least one trial)
  double maxAbsDiff = 0;
  std::uint64_t maxUlp = 0;
  std::int64_t maxNDiff = 0;
  int trialsDifferingFromFirst = 0;
  double refMaxAbsErr = 0;
  double refMaxErrOverMagnitude = 0;
  TimingStats time;
  std::vector<DigestCount> digests;  // in order of first appearance
};

struct ErrorRecord {
  std::string kind;  // Error::kindName()
  std::string message;
  std::string where;  // file:line
};

// A run on a device that runs a library's own dispatch (the torch devices): what the catalog
// predicted for the settings beside what the library did.
struct LibraryCheck {
  std::string library;            // "PyTorch 1.13.0"
  PyTorchRelease catalogRelease;  // the release whose catalog entries predicted
  LibraryOutcome predicted = LibraryOutcome::Runs;
  LibraryOutcome observed = LibraryOutcome::Runs;  // Runs, Warns or Raises: a switch is silent
  bool deterministicExpected = false;              // the catalog says the outputs repeat
  bool varied = false;                             // more than one distinct output was measured

  // The library did what the catalog said (a silent switch reads as running), and nothing the
  // catalog calls reproducible varied.
  bool outcomeAgrees() const;
  bool variationAgrees() const { return !(deterministicExpected && varied); }
  bool agrees() const { return outcomeAgrees() && variationAgrees(); }
};

struct RunResult {
  std::string label;  // the configuration's name in a sweep; "run" otherwise
  Settings settings;
  std::uint64_t seed = 0;
  bool seedWasSet = false;
  std::string device;
  int threads = 1;
  std::string op;
  OpParams params;
  std::vector<TensorSpec> inputs;
  TensorSpec output;
  std::uint64_t dataSeed = 0;
  std::uint64_t inputFingerprint = 0;
  DispatchDecision dispatch{Form::Sequential};
  bool dispatched = false;  // false when the op raised before running
  int warmup = 0;
  int requestedTrials = 0;
  std::vector<TrialRecord> trials;
  RunSummary summary;
  std::vector<Alert> warnings;
  std::vector<ErrorRecord> errors;
  bool cancelled = false;
  std::optional<LibraryCheck> libraryCheck;  // torch devices only, once the outcome is known

  bool failed() const { return !errors.empty(); }
  bool raisedNondeterministic() const;
  // The configuration could not run as asked (a form this device does not have, say).
  bool refused() const;
  // The device failed: out of memory, a device library's error, a lost device.
  bool deviceFault() const;
};

// Digest counts, verdict, diff and timing statistics of recorded trials.
RunSummary summarize(const std::vector<TrialRecord>& trials);

}  // namespace detbench
