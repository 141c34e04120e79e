#include "detbench/run/Invariance.hpp"

#include <algorithm>
#include <optional>

#include "detbench/base/Error.hpp"
#include "detbench/op/OpDefinition.hpp"

namespace detbench {

std::string_view toString(InvarianceAxis axis) {
  switch (axis) {
    case InvarianceAxis::Threads:
      return "threads";
    case InvarianceAxis::Devices:
      return "devices";
    case InvarianceAxis::Batches:
      return "batches";
  }
  return "?";
}

std::string_view toString(GuaranteeLevel level) {
  switch (level) {
    case GuaranteeLevel::NotGuaranteed:
      return "not_guaranteed";
    case GuaranteeLevel::RunToRun:
      return "run_to_run";
    case GuaranteeLevel::BatchInvariant:
      return "batch_invariant";
    case GuaranteeLevel::ThreadCountInvariant:
      return "thread_count_invariant";
    case GuaranteeLevel::DeviceInvariant:
      return "device_invariant";
  }
  return "?";
}

namespace {

std::size_t configurations(const InvariancePlan& plan) {
  switch (plan.axis) {
    case InvarianceAxis::Threads:
      return plan.threads.size();
    case InvarianceAxis::Devices:
      return plan.devices.size();
    case InvarianceAxis::Batches:
      return plan.batches.size();
  }
  return 0;
}

// The full batch of the base request's op and params; raises for an op without one.
std::int64_t fullBatchOf(const RunRequest& base) {
  const OpDefinition& def = opDefinition(base.op);
  const OpParams params = resolveParams(base.op, def.params(), base.params);
  const std::int64_t rows = def.batchRows(params);
  if (rows == 0) {
    std::string with;
    for (const auto& d : opDefinitions()) {
      const OpParams defaults = resolveParams(std::string(d->name()), d->params(), {});
      if (d->batchRows(defaults) > 0) with += (with.empty() ? "" : ", ") + std::string(d->name());
    }
    DETBENCH_THROW(InvalidArgument, base.op + " has no batch dimension" +
                                        (base.op == "matmul" ? " with streams > 1" : "") +
                                        " (batch sizes are for " + with + ")");
  }
  return rows;
}

// The batch sizes a plan runs: the list (or the default one), the full batch first.
std::vector<std::int64_t> batchSizesToRun(const RunRequest& base, const InvariancePlan& plan) {
  const std::int64_t full = fullBatchOf(base);
  std::vector<std::int64_t> sizes{full};
  for (std::int64_t b : plan.batches.empty() ? defaultBatchSizes(full) : plan.batches) {
    if (b != full) sizes.push_back(b);
  }
  return sizes;
}

std::string rowsLabel(std::int64_t rows) {
  return std::to_string(rows) + (rows == 1 ? " row" : " rows");
}

// True when `part` holds the first bytes of `whole` (an input of B rows against the full
// batch's, or an input that does not depend on the batch against itself).
bool isPrefix(const HostTensor& part, const HostTensor& whole) {
  return part.dtype() == whole.dtype() && part.bytes() <= whole.bytes() &&
         std::equal(part.raw(), part.raw() + part.bytes(), whole.raw());
}

// Inputs for `rows` rows whose first row is `mine`'s first row and whose other rows come from
// another data seed: per-row tensors take their first row from `mine`, tensors that do not
// depend on the batch (as large for one row as for `rows`) are `mine`'s whole.
PreparedInputs amongOtherRows(const TrialRunner& runner, const RunRequest& request,
                              const PreparedInputs& mine, const OpInputs& oneRow) {
  RunRequest other = request;
  other.dataSeed = request.dataSeed ^ 0x5bd1e9955bd1e995ULL;
  PreparedInputs mixed = runner.prepare(other);
  for (std::size_t t = 0; t < mixed.inputs.tensors.size(); ++t) {
    HostTensor& dst = mixed.inputs.tensors[t];
    const HostTensor& src = mine.inputs.at(t);
    const std::size_t bytes =
        oneRow.at(t).bytes() == src.bytes() ? src.bytes() : oneRow.at(t).bytes();
    std::copy(src.raw(), src.raw() + bytes, dst.raw());
  }
  mixed.inputs.fingerprint = fingerprintInputs(mixed.inputs.tensors);
  mixed.reference = opDefinition(request.op).reference(mixed.params, mixed.inputs);
  return mixed;
}

// The first `rows` rows of a batch's output, as a flat tensor.
HostTensor firstRows(const HostTensor& out, std::int64_t outRows, std::int64_t rows) {
  const std::int64_t perRow = out.numel() / outRows;
  HostTensor t(Shape{rows * perRow}, out.dtype());
  std::copy(out.raw(), out.raw() + t.bytes(), t.raw());
  return t;
}

void summarise(InvarianceResult& result, std::size_t planned, InvarianceAxis axis) {
  const bool complete = !result.cancelled && result.points.size() == planned;
  result.runToRun = complete && std::all_of(result.points.begin(), result.points.end(),
                                            [](const InvariancePoint& p) {
                                              return !p.run.failed() && p.run.summary.reproducible;
                                            });
  result.invariant =
      complete &&
      std::all_of(result.points.begin(), result.points.end(), [](const InvariancePoint& p) {
        return p.compared && p.equalToFirst && (!p.comparedAmongOthers || p.equalAmongOthers);
      });
  if (!result.runToRun) {
    result.measured = GuaranteeLevel::NotGuaranteed;
  } else if (!result.invariant || result.points.size() < 2) {
    result.measured = GuaranteeLevel::RunToRun;
  } else if (axis == InvarianceAxis::Threads) {
    result.measured = GuaranteeLevel::ThreadCountInvariant;
  } else if (axis == InvarianceAxis::Devices) {
    result.measured = GuaranteeLevel::DeviceInvariant;
  } else {
    result.measured = GuaranteeLevel::BatchInvariant;
  }
}

InvarianceResult runBatchInvariance(const TrialRunner& runner, const RunRequest& base,
                                    const InvariancePlan& plan,
                                    const InvarianceCallbacks& callbacks,
                                    const CancelToken* cancel) {
  const OpDefinition& def = opDefinition(base.op);
  const OpParams full = resolveParams(base.op, def.params(), base.params);
  const std::vector<std::int64_t> sizes = batchSizesToRun(base, plan);
  std::vector<RunRequest> requests;
  for (std::int64_t rows : sizes) {
    RunRequest r = base;
    r.params = def.batchParams(full, rows);
    r.label = rowsLabel(rows);
    validateRequest(r);
    requests.push_back(std::move(r));
  }
  runner.checkDevice(requests.front());

  InvarianceResult result;
  result.axis = InvarianceAxis::Batches;
  std::optional<OpInputs> fullInputs;
  std::optional<HostTensor> fullOut;
  std::optional<HostTensor> oneOut;      // the first row computed alone
  std::optional<OpInputs> oneRowInputs;  // for otherRows: which inputs are per row
  const auto oneAt = std::find(sizes.begin(), sizes.end(), 1) - sizes.begin();
  // B = 1 runs before the others it is compared with when listed: the full batch, then 1, then
  // the rest; the points keep the order of `sizes`.
  std::vector<std::size_t> order{0};
  if (oneAt < static_cast<std::ptrdiff_t>(sizes.size()) && oneAt != 0) {
    order.push_back(static_cast<std::size_t>(oneAt));
  }
  for (std::size_t i = 1; i < sizes.size(); ++i) {
    if (static_cast<std::ptrdiff_t>(i) != oneAt) order.push_back(i);
  }
  std::vector<std::optional<InvariancePoint>> points(sizes.size());
  std::vector<std::optional<HostTensor>> outputs(sizes.size());
  for (std::size_t i : order) {
    if (cancel && cancel->cancelled()) break;
    const int index = static_cast<int>(i);
    if (callbacks.onPointStarted) callbacks.onPointStarted(index, requests[i].label);
    PreparedInputs prepared = runner.prepare(requests[i]);
    if (i != 0) {
      for (std::size_t t = 0; t < prepared.inputs.tensors.size(); ++t) {  // the first rows
        if (!isPrefix(prepared.inputs.at(t), fullInputs->at(t))) {
          DETBENCH_THROW(InvalidArgument, base.op + "'s input " + prepared.inputs.specs[t].name +
                                              " for " + requests[i].label +
                                              " is not the first rows of the full batch's");
        }
      }
    }
    std::optional<HostTensor> output;
    RunCallbacks trial = callbacks.trial;
    trial.onFirstOutput = [&output](const HostTensor& t) { output = t.clone(); };
    InvariancePoint point;
    point.label = requests[i].label;
    point.rows = sizes[i];
    point.run = runner.run(requests[i], prepared, trial, cancel);
    if (i == 0 && output) fullOut = output->clone();
    if (fullOut && output) {
      point.compared = true;
      point.diff = compareOutputs(firstRows(*fullOut, sizes[0], sizes[i]),
                                  firstRows(*output, sizes[i], sizes[i]));
      point.equalToFirst = point.diff.nDiff == 0;
    }
    if (static_cast<std::ptrdiff_t>(i) == oneAt && output) oneOut = firstRows(*output, 1, 1);
    if (plan.otherRows && sizes[i] > 1 && output && !(cancel && cancel->cancelled())) {
      if (!oneRowInputs) {
        RunRequest one = base;
        one.params = def.batchParams(full, 1);
        oneRowInputs = runner.prepare(one).inputs;
      }
      const PreparedInputs mixed = amongOtherRows(runner, requests[i], prepared, *oneRowInputs);
      std::optional<HostTensor> among;
      RunCallbacks quiet;
      quiet.onFirstOutput = [&among](const HostTensor& t) { among = t.clone(); };
      const RunResult amongRun = runner.run(requests[i], mixed, quiet, cancel);
      if (among && !amongRun.failed()) {
        point.comparedAmongOthers = true;
        point.diffAmongOthers =
            compareOutputs(firstRows(*output, sizes[i], 1), firstRows(*among, sizes[i], 1));
        point.equalAmongOthers = point.diffAmongOthers.nDiff == 0 && amongRun.summary.reproducible;
      }
    }
    if (oneOut && output) {
      point.comparedToOne = true;
      point.diffToOne = compareOutputs(*oneOut, firstRows(*output, sizes[i], 1));
      point.equalToOne = point.diffToOne.nDiff == 0;
    }
    if (i == 0) fullInputs = std::move(prepared.inputs);
    if (callbacks.onPointFinished) callbacks.onPointFinished(index, point);
    points[i] = std::move(point);
  }
  // The full batch against B = 1 (it ran before 1 did).
  if (points[0] && oneOut && fullOut) {
    points[0]->comparedToOne = true;
    points[0]->diffToOne = compareOutputs(*oneOut, firstRows(*fullOut, sizes[0], 1));
    points[0]->equalToOne = points[0]->diffToOne.nDiff == 0;
  }
  for (auto& p : points) {
    if (p) result.points.push_back(std::move(*p));
  }
  result.cancelled = cancel && cancel->cancelled();
  summarise(result, sizes.size(), InvarianceAxis::Batches);
  return result;
}

template <typename T>
bool hasRepeats(std::vector<T> values) {
  std::sort(values.begin(), values.end());
  return std::adjacent_find(values.begin(), values.end()) != values.end();
}

}  // namespace

std::vector<std::int64_t> defaultBatchSizes(std::int64_t fullBatch) {
  std::vector<std::int64_t> sizes;
  for (std::int64_t b : {1, 2, 3}) {
    if (b < fullBatch) sizes.push_back(b);
  }
  for (std::int64_t b = 4; b < fullBatch; b *= 2) sizes.push_back(b);
  sizes.push_back(fullBatch);
  return sizes;
}

bool threadsAreASetting(std::string_view device) {
  return device == "cpu-threads" || device == "torch-cpu";
}

int invarianceConfigurations(const RunRequest& base, const InvariancePlan& plan) {
  return static_cast<int>(plan.axis == InvarianceAxis::Batches ? batchSizesToRun(base, plan).size()
                                                               : configurations(plan));
}

void validateInvariancePlan(const RunRequest& base, const InvariancePlan& plan) {
  if (plan.axis == InvarianceAxis::Threads) {
    DETBENCH_CHECK_ARG(!plan.threads.empty(), "the list of thread counts is empty");
    for (int t : plan.threads) {
      DETBENCH_CHECK_ARG(t >= 1 && t <= kMaxThreads, "thread counts must be 1 to " +
                                                         std::to_string(kMaxThreads) + ", not " +
                                                         std::to_string(t));
    }
    DETBENCH_CHECK_ARG(!hasRepeats(plan.threads), "a thread count is listed twice");
    DETBENCH_CHECK_ARG(
        threadsAreASetting(base.device),
        "thread counts are cpu-threads' and torch-cpu's (the device is " + base.device + ")");
  } else if (plan.axis == InvarianceAxis::Devices) {
    DETBENCH_CHECK_ARG(!plan.devices.empty(), "the list of devices is empty");
    DETBENCH_CHECK_ARG(!hasRepeats(plan.devices), "a device is listed twice");
  } else {
    const std::int64_t full = fullBatchOf(base);
    for (std::size_t i = 0; i < plan.batches.size(); ++i) {
      const std::int64_t b = plan.batches[i];
      DETBENCH_CHECK_ARG(b >= 1, "batch sizes start at 1, not " + std::to_string(b));
      DETBENCH_CHECK_ARG(b <= full, "batch size " + std::to_string(b) +
                                        " is larger than the full batch (" + std::to_string(full) +
                                        " rows)");
      DETBENCH_CHECK_ARG(i == 0 || plan.batches[i - 1]<b, i> 0 && plan.batches[i - 1] == b
                             ? "batch size " + std::to_string(b) + " is listed twice"
                             : std::string("batch sizes must be in ascending order"));
    }
    DETBENCH_CHECK_ARG(batchSizesToRun(base, plan).size() >= 2,
                       "an invariance run compares two or more batch sizes (the full batch is " +
                           std::to_string(full) + " rows)");
    return;
  }
  DETBENCH_CHECK_ARG(configurations(plan) >= 2,
                     "an invariance run compares two or more configurations");
}

InvarianceResult runInvariance(const TrialRunner& runner, const RunRequest& base,
                               const InvariancePlan& plan, const InvarianceCallbacks& callbacks,
                               const CancelToken* cancel) {
  validateInvariancePlan(base, plan);
  if (plan.axis == InvarianceAxis::Batches) {
    return runBatchInvariance(runner, base, plan, callbacks, cancel);
  }
  // Every configuration's request is checked before the inputs are made (an unknown or
  // unavailable device, say, raises here: nothing has run).
  std::vector<RunRequest> requests;
  std::vector<std::string> labels;
  for (std::size_t i = 0; i < configurations(plan); ++i) {
    RunRequest r = base;
    if (plan.axis == InvarianceAxis::Threads) {
      r.settings.threads = plan.threads[i];
      labels.push_back(std::to_string(plan.threads[i]) +
                       (plan.threads[i] == 1 ? " thread" : " threads"));
    } else {
      r.device = plan.devices[i];
      labels.push_back(plan.devices[i]);
    }
    r.label = labels.back();
    validateRequest(r);
    runner.checkDevice(r);
    requests.push_back(std::move(r));
  }
  // Made for the first configuration (its device is the one checked for memory; --device does
  // not matter on the devices axis): every configuration has the same op, params and seed.
  const PreparedInputs prepared =
      runner.prepare(requests.front(), static_cast<int>(requests.size()));

  InvarianceResult result;
  result.axis = plan.axis;
  std::optional<HostTensor> first;
  for (std::size_t i = 0; i < requests.size(); ++i) {
    if (cancel && cancel->cancelled()) break;
    const int index = static_cast<int>(i);
    if (callbacks.onPointStarted) callbacks.onPointStarted(index, labels[i]);
    std::optional<HostTensor> output;
    RunCallbacks trial = callbacks.trial;
    trial.onFirstOutput = [&output](const HostTensor& t) { output = t.clone(); };
    InvariancePoint point;
    point.label = labels[i];
    point.run = runner.run(requests[i], prepared, trial, cancel);
    if (i == 0) first = std::move(output);
    const HostTensor* mine = i == 0 ? (first ? &*first : nullptr) : (output ? &*output : nullptr);
    if (first && mine) {
      point.compared = true;
      point.diff = compareOutputs(*first, *mine);
      point.equalToFirst = point.diff.nDiff == 0;
    }
    result.points.push_back(std::move(point));
    if (callbacks.onPointFinished) callbacks.onPointFinished(index, result.points.back());
  }
  result.cancelled = cancel && cancel->cancelled();
  summarise(result, requests.size(), plan.axis);
  return result;
}

}  // namespace detbench
