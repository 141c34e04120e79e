#include "detbench/Invariance.hpp"

#include <algorithm>
#include <optional>

#include "detbench/Error.hpp"

namespace detbench {

std::string_view toString(InvarianceAxis axis) {
  return axis == InvarianceAxis::Threads ? "threads" : "devices";
}

std::string_view toString(GuaranteeLevel level) {
  switch (level) {
    case GuaranteeLevel::NotGuaranteed:
      return "not_guaranteed";
    case GuaranteeLevel::RunToRun:
      return "run_to_run";
    case GuaranteeLevel::ThreadCountInvariant:
      return "thread_count_invariant";
    case GuaranteeLevel::DeviceInvariant:
      return "device_invariant";
  }
  return "?";
}

namespace {

std::size_t configurations(const InvariancePlan& plan) {
  return plan.axis == InvarianceAxis::Threads ? plan.threads.size() : plan.devices.size();
}

template <typename T>
bool hasRepeats(std::vector<T> values) {
  std::sort(values.begin(), values.end());
  return std::adjacent_find(values.begin(), values.end()) != values.end();
}

}  // namespace

void validateInvariancePlan(const RunRequest& base, const InvariancePlan& plan) {
  if (plan.axis == InvarianceAxis::Threads) {
    DETBENCH_CHECK_ARG(!plan.threads.empty(), "the list of thread counts is empty");
    for (int t : plan.threads) {
      DETBENCH_CHECK_ARG(t >= 1 && t <= kMaxThreads, "thread counts must be 1 to " +
                                                         std::to_string(kMaxThreads) + ", not " +
                                                         std::to_string(t));
    }
    DETBENCH_CHECK_ARG(!hasRepeats(plan.threads), "a thread count is listed twice");
    DETBENCH_CHECK_ARG(base.device == "cpu-threads",
                       "thread counts are cpu-threads' (the device is " + base.device + ")");
  } else {
    DETBENCH_CHECK_ARG(!plan.devices.empty(), "the list of devices is empty");
    DETBENCH_CHECK_ARG(!hasRepeats(plan.devices), "a device is listed twice");
  }
  DETBENCH_CHECK_ARG(configurations(plan) >= 2,
                     "an invariance run compares two or more configurations");
}

InvarianceResult runInvariance(const TrialRunner& runner, const RunRequest& base,
                               const InvariancePlan& plan, const InvarianceCallbacks& callbacks,
                               const CancelToken* cancel) {
  validateInvariancePlan(base, plan);
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
  const bool complete = !result.cancelled && result.points.size() == requests.size();
  result.runToRun = complete && std::all_of(result.points.begin(), result.points.end(),
                                            [](const InvariancePoint& p) {
                                              return !p.run.failed() && p.run.summary.reproducible;
                                            });
  result.invariant = complete && std::all_of(result.points.begin(), result.points.end(),
                                             [](const InvariancePoint& p) {
                                               return p.compared && p.equalToFirst;
                                             });
  if (!result.runToRun) {
    result.measured = GuaranteeLevel::NotGuaranteed;
  } else if (!result.invariant || result.points.size() < 2) {
    result.measured = GuaranteeLevel::RunToRun;
  } else {
    result.measured = plan.axis == InvarianceAxis::Threads ? GuaranteeLevel::ThreadCountInvariant
                                                           : GuaranteeLevel::DeviceInvariant;
  }
  return result;
}

}  // namespace detbench
