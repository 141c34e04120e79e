#include "detbench/run/TrialRunner.hpp"

#include <algorithm>
#include <map>
#include <memory>
#include <optional>
#include <string>

#include "detbench/base/Error.hpp"
#include "detbench/report/Format.hpp"
#include "detbench/run/Digest.hpp"
#include "detbench/run/Statistics.hpp"

namespace detbench {

namespace {

ErrorRecord recordOf(const Error& e) {
  return {e.kindName(), e.message(), std::string(e.file()) + ":" + std::to_string(e.line())};
}

// What a run is, before any trial: the request, the inputs it shares, the settings in force.
RunResult resultHeader(const RunRequest& request, const PreparedInputs& prepared,
                       const Context& context, const Backend* backend) {
  RunResult r;
  r.label = request.label;
  r.settings = request.settings;
  r.seed = context.seed();
  r.seedWasSet = context.seedWasSet();
  r.device = request.device;
  r.threads = backend != nullptr ? backend->threads(context) : 1;
  r.op = request.op;
  r.params = prepared.params;
  r.inputs = prepared.inputs.specs;
  r.output = prepared.inputs.output;
  r.dataSeed = request.dataSeed;
  r.inputFingerprint = prepared.inputs.fingerprint;
  r.warmup = request.warmup;
  r.requestedTrials = request.trials;
  return r;
}

// The comparisons of a trial set: trial 0's output, and the float64 reference error of each
// distinct output (computed once per digest).
class TrialComparer {
 public:
  explicit TrialComparer(const Reference& reference) : reference_(reference) {}

  // Fills the record's comparisons for trial `index` of `op`, whose digest is in the record.
  // The output is copied to the host only for trial 0 and for trials that differ from it.
  void compare(TrialRecord& t, PreparedOp& op, const RunCallbacks& callbacks) {
    const bool differs = t.index > 0 && t.digest != firstDigest_;
    HostTensor current;
    if (t.index == 0 || differs) current = op.readOutput();
    if (differs) {
      OutputDiff d = compareOutputs(current, first_);
      t.maxAbsDiff = d.maxAbsDiff;
      t.maxUlp = d.maxUlp;
      t.nDiff = d.nDiff;
      t.ulpHistogram = std::move(d.ulpHistogram);
    }
    auto it = byDigest_.find(t.digest);
    if (it == byDigest_.end()) {
      it = byDigest_.emplace(t.digest, referenceError(current, reference_)).first;
      worstRelative_ = std::max(worstRelative_, it->second.maxErrOverMagnitude);
    }
    t.refMaxAbsErr = it->second.maxAbsErr;
    if (t.index == 0) {
      if (callbacks.onFirstOutput) callbacks.onFirstOutput(current);
      first_ = std::move(current);
      firstDigest_ = t.digest;
    }
  }
  double worstRelativeError() const { return worstRelative_; }

 private:
  const Reference& reference_;
  HostTensor first_;
  std::uint64_t firstDigest_ = 0;
  std::map<std::uint64_t, ReferenceError> byDigest_;
  double worstRelative_ = 0;
};

// What the library did, beside what the catalog predicted: known once the op raised its alert or
// at least one trial ran.
void recordLibraryCheck(RunResult& r, const LibraryPrediction& prediction, const Backend& backend) {
  LibraryCheck check;
  const auto info = backend.deviceInfo();
  const auto version = info.find("pytorch");
  check.library = "PyTorch " + (version != info.end() ? version->second : std::string("?"));
  check.catalogRelease = r.settings.pytorch;
  check.predicted = prediction.outcome;
  check.deterministicExpected = prediction.deterministicExpected;
  if (r.raisedNondeterministic()) {
    check.observed = LibraryOutcome::Raises;
  } else if (!r.trials.empty()) {
    const bool alerted = std::any_of(r.warnings.begin(), r.warnings.end(), [](const Alert& a) {
      return a.code == AlertCode::NoDeterministicImplementation ||
             a.code == AlertCode::CublasWorkspaceConfig;
    });
    check.observed = alerted ? LibraryOutcome::Warns : LibraryOutcome::Runs;
    check.varied = r.summary.distinctDigests > 1;
  } else {
    return;  // cancelled before a trial, or a device fault: nothing to compare
  }
  r.libraryCheck = check;
}

}  // namespace

void validateRequest(const RunRequest& request) {
  DETBENCH_CHECK_ARG(request.trials >= 1, "trials must be at least 1");
  DETBENCH_CHECK_ARG(request.trials <= kMaxTrials,
                     "trials must be at most " + std::to_string(kMaxTrials));
  DETBENCH_CHECK_ARG(request.warmup >= 0, "warm-up trials must not be negative");
  DETBENCH_CHECK_ARG(request.warmup <= kMaxWarmup,
                     "warm-up trials must be at most " + std::to_string(kMaxWarmup));
}

std::int64_t admitHostMemory(const RunRequest& request, const OpParams& params, int trialSets) {
  const OpDefinition& op = opDefinition(request.op);
  // Every recorded trial is held until the report is written: counted with the tensors.
  const double records = static_cast<double>(trialSets) * request.trials *
                         static_cast<double>(std::max<std::int64_t>(request.bytesPerTrial, 0));
  const double tensors = static_cast<double>(estimateHostBytes(op, params));
  if (records + tensors > static_cast<double>(request.memoryLimitBytes)) {
    DETBENCH_THROW(
        InvalidArgument,
        "op " + request.op + ": " + std::to_string(request.trials) + " trials" +
            (trialSets > 1 ? " in each of " + std::to_string(trialSets) + " configurations"
                           : std::string()) +
            " would need about " + humanBytes(records + tensors) + " of memory (" +
            humanBytes(records) + " for the trial records), more than the " +
            humanBytes(static_cast<double>(request.memoryLimitBytes)) + " available");
  }
  return request.memoryLimitBytes - static_cast<std::int64_t>(records);
}

void TrialRunner::checkDevice(const RunRequest& request) const {
  const Backend& backend = registry_.get(request.device);
  if (!backend.supports(request.op)) {
    DETBENCH_THROW(NotAvailable, "op " + request.op + " is not implemented on " + request.device);
  }
}

PreparedInputs TrialRunner::prepare(const RunRequest& request, int trialSets) const {
  validateRequest(request);
  DETBENCH_CHECK_ARG(trialSets >= 1, "a run has at least one trial set");
  const OpDefinition& op = opDefinition(request.op);
  // The device is checked before the inputs are made, so a bad device fails fast.
  checkDevice(request);
  Backend& backend = registry_.get(request.device);
  PreparedInputs p;
  p.params = resolveParams(request.op, op.params(), request.params);
  backend.checkRequest(op, p.params, request.settings);
  backend.checkMemory(op, p.params);
  const std::int64_t left = admitHostMemory(request, p.params, trialSets);
  p.inputs = prepareInputs(op, p.params, request.dataSeed, left);
  p.reference = op.reference(p.params, p.inputs);
  return p;
}

RunResult TrialRunner::run(const RunRequest& request, const RunCallbacks& callbacks,
                           const CancelToken* cancel) const {
  return run(request, prepare(request), callbacks, cancel);
}

RunResult TrialRunner::run(const RunRequest& request, const PreparedInputs& prepared,
                           const RunCallbacks& callbacks, const CancelToken* cancel) const {
  validateRequest(request);
  const OpDefinition& op = opDefinition(request.op);
  const OpTraits* traits = findOpTraits(request.op, request.settings.pytorch);
  if (traits == nullptr)
    DETBENCH_THROW(InvalidArgument, "op " + request.op + " is not in the catalog");
  // The device was there when the inputs were prepared; if it has been lost since (a CUDA
  // context made unusable by an earlier kernel fault), this run records why and does not run,
  // so a sweep goes on and reports every configuration.
  Backend* backend = nullptr;
  std::optional<ErrorRecord> lost;
  try {
    backend = &registry_.get(request.device);
  } catch (const NotAvailable& e) {
    lost = recordOf(e);
  }
  Context context(request.settings);
  RunResult r = resultHeader(request, prepared, context, backend);
  if (lost) {
    r.errors.push_back(*lost);
    return r;
  }

  // From here on, anything that stops the trials (error mode raising, a form this device does
  // not have, a device fault) is recorded in the result: the caller gets every trial that ran.
  const bool library = backend->runsLibraryDispatch();
  std::optional<LibraryPrediction> prediction;
  std::unique_ptr<PreparedOp> prepared_op;
  try {
    if (library) {
      // A sweep's configuration may ask for what only detbench's kernels have (a form, say).
      backend->checkRequest(op, prepared.params, request.settings);
      // The library decides what runs and raises its own alerts; the catalog only predicts.
      prediction = predictLibrary(*traits, backend->traitsClass(), request.settings);
      r.dispatch = {.form = prediction->deterministicExpected ? Form::Deterministic : Form::Atomic,
                    .extension = false,
                    .contrast = false,
                    .deterministicExpected = prediction->deterministicExpected,
                    .library = true};
    } else {
      r.dispatch = dispatch(*traits, backend->traitsClass(), context);
    }
    r.dispatched = true;
    r.warnings = context.warnings();
    prepared_op = backend->prepare(op, prepared.params, prepared.inputs, r.dispatch.form, context);
    for (int w = 0; w < request.warmup; ++w) {
      if (cancel && cancel->cancelled()) break;
      prepared_op->execute();
    }
    TrialComparer comparer(prepared.reference);
    r.trials.reserve(static_cast<std::size_t>(request.trials));
    for (int i = 0; i < request.trials; ++i) {
      if (cancel && cancel->cancelled()) {
        r.cancelled = true;
        break;
      }
      TrialRecord t;
      t.index = i;
      t.timeNs = prepared_op->execute();
      t.digest = prepared_op->outputDigest();
      t.algorithm = prepared_op->algorithm();
      comparer.compare(t, *prepared_op, callbacks);
      r.trials.push_back(std::move(t));
      if (callbacks.onTrial) callbacks.onTrial(r.trials.back(), i + 1, request.trials);
    }
    r.summary = summarize(r.trials);
    r.summary.refMaxErrOverMagnitude = comparer.worstRelativeError();
  } catch (const Error& e) {
    r.errors.push_back(recordOf(e));
  }
  if (r.warnings.size() < context.warnings().size()) r.warnings = context.warnings();
  if (prepared_op) {
    for (Alert& a : prepared_op->takeLibraryWarnings()) r.warnings.push_back(std::move(a));
  }
  if (!r.trials.empty() && r.summary.trials == 0) r.summary = summarize(r.trials);
  if (prediction) recordLibraryCheck(r, *prediction, *backend);
  return r;
}

}  // namespace detbench
