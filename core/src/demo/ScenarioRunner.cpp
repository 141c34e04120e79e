#include "detbench/demo/ScenarioRunner.hpp"

#include "detbench/Error.hpp"
#include "detbench/TrialRunner.hpp"

namespace detbench::demo {

namespace {

void check(ScenarioOutcome& out, bool passed, std::string what) {
  out.checks.push_back({passed, std::move(what)});
}

void checkRun(ScenarioOutcome& out, std::size_t i, const std::string& label,
              const RunExpectation& e) {
  const RunResult& r = out.runs[i];
  const std::string name = "run " + std::to_string(i + 1) + " (" + label + ")";
  if (e.raises) check(out, r.raisedNondeterministic(), name + " raises in deterministic mode");
  if (e.warns) {
    check(out, !r.failed() && !r.warnings.empty() && !r.trials.empty(),
          name + " warns and runs its trials");
  }
  if (e.reproducible) {
    const bool ok = !r.failed() && !r.trials.empty() && r.summary.reproducible == *e.reproducible;
    check(out, ok,
          name + (*e.reproducible ? " gives one output" : " gives more than one output") +
              " (measured: " + std::to_string(r.summary.distinctDigests) + " in " +
              std::to_string(r.trials.size()) + " trials)");
  }
  if (e.distinct) {
    check(out, !r.failed() && r.summary.distinctDigests == *e.distinct,
          name + " gives " + std::to_string(*e.distinct) +
              " distinct outputs (measured: " + std::to_string(r.summary.distinctDigests) + ")");
  }
  if (e.differsFromRun) {
    const RunResult& other = out.runs[static_cast<std::size_t>(*e.differsFromRun)];
    check(out,
          !r.trials.empty() && !other.trials.empty() &&
              r.trials.front().digest != other.trials.front().digest,
          name + " gives other numbers than run " + std::to_string(*e.differsFromRun + 1));
  }
}

}  // namespace

bool ScenarioOutcome::asExpected() const {
  if (cancelled || checks.empty()) return false;
  for (const auto& c : checks) {
    if (!c.passed) return false;
  }
  return true;
}

std::string scenarioDevice(const BackendRegistry& registry) {
  for (const auto& d : registry.devices()) {
    if (d.id == "cuda" && d.availability.available) return "cuda";
  }
  return "cpu-threads";
}

ScenarioOutcome runScenario(const Scenario& scenario, const BackendRegistry& registry,
                            const ScenarioProgress& progress, const CancelToken* cancel) {
  ScenarioOutcome out;
  out.device = scenarioDevice(registry);
  out.fallback = scenario.needsGpu && out.device != "cuda";

  if (scenario.loader) {
    if (progress) progress("data loader", 0, 1);
    out.loader = runLoaderLesson(*scenario.loader, cancel);
    if (out.loader->modes.size() < 3) {
      out.cancelled = true;
      return out;
    }
    const auto& m = out.loader->modes;
    check(out, m[0].changedBatches() > 0, "without any seed, batches change run to run");
    check(out, m[1].changedBatches() > 0,
          "with torch.manual_seed alone, the dataset's own augmentations still change");
    check(out, m[1].workersRepeatEachOther,
          "with torch.manual_seed alone, workers repeat each other's augmentations");
    bool orderKept = true;
    for (const auto& run : m[1].changes)
      for (auto c : run) orderKept = orderKept && c != BatchChange::Order;
    check(out, orderKept, "with torch.manual_seed alone, the shuffle repeats");
    check(out, m[2].changedBatches() == 0,
          "with a generator and worker_init_fn, every batch repeats");
    if (progress) progress("data loader", 1, 1);
    return out;
  }

  if (scenario.training) {
    const int total = 2 * scenario.training->runs;
    int done = 0;
    out.training = runTrainingLesson(
        *scenario.training, registry, out.device,
        [&](const std::string& config, int, int) {
          if (progress) progress("training (" + config + ")", ++done, total);
        },
        cancel);
    if (out.training->configs.size() < 2) {
      out.cancelled = true;
      return out;
    }
    const auto& def = out.training->configs[0];
    const auto& det = out.training->configs[1];
    check(out, def.error.empty() && def.firstDivergentStep >= 0,
          "under default settings the runs differ (first at step " +
              std::to_string(def.firstDivergentStep) + ")" +
              (def.error.empty() ? "" : ": " + def.error));
    check(out, def.error.empty() && def.distinctFinalParameters() > 1,
          "under default settings the runs end with different weights (" +
              std::to_string(def.distinctFinalParameters()) + " different sets in " +
              std::to_string(def.finalDigests.size()) + " runs)");
    check(out, det.identical() && det.distinctFinalParameters() == 1,
          "under full determinism every run is identical at every step" +
              (det.error.empty() ? "" : ": " + det.error));
    return out;
  }

  const TrialRunner runner(registry);
  const int total = static_cast<int>(scenario.runs.size());
  for (const ScenarioRun& run : scenario.runs) {
    if (cancel && cancel->cancelled()) {
      out.cancelled = true;
      return out;
    }
    RunRequest r;
    r.op = run.op;
    r.params = run.params;
    r.device = run.device.value_or(out.device);
    r.settings = run.settings;
    r.trials = run.trials;
    r.warmup = 1;
    r.label = run.label.en;
    if (progress) progress(run.label.en, static_cast<int>(out.runs.size()), total);
    out.runs.push_back(runner.run(r, {}, cancel));
  }
  for (std::size_t i = 0; i < scenario.runs.size(); ++i) {
    const ScenarioRun& run = scenario.runs[i];
    if (run.expect) checkRun(out, i, run.label.en, *run.expect);
    if (run.expectCpu && out.device != "cuda") checkRun(out, i, run.label.en, *run.expectCpu);
  }
  if (progress) progress("done", total, total);
  return out;
}

}  // namespace detbench::demo
