#pragma once
// Fixed report documents for the golden and compare tests: every field set by hand, so the
// output depends on the report code alone.

#include "detbench/report/Report.hpp"
#include "detbench/run/Statistics.hpp"

namespace detbench::testing {

inline Environment fixedEnvironment() {
  Environment env;
  env.toolVersion = "0.1.0";
  env.gitRevision = "0123456789ab";
  env.buildType = "Release";
  env.compiler = "GNU 12.2.0";
  env.host = "golden-host";
  env.os = "Debian GNU/Linux 12 (bookworm) (Linux 6.1.0, x86_64)";
  env.cpu = "Example CPU";
  env.logicalCores = 2;
  env.libraries = {{"xxhash", "0.8.1"}, {"nlohmann_json", "3.11.2"}};
  env.devices = {{"cpu", true, "", {{"kind", "sequential reference"}}},
                 {"cuda", false, "cudaErrorNoDevice", {}}};
  return env;
}

inline RunResult fixedRun(const char* label, bool reproducible, std::uint64_t digestBase) {
  RunResult r;
  r.label = label;
  r.settings.seed = 42;
  r.settings.threads = 2;
  r.seed = 42;
  r.seedWasSet = true;
  r.device = "cpu-threads";
  r.threads = 2;
  r.op = "index_add";
  r.params = {{"cols", 1}, {"rows", 8}, {"size", 64}};
  r.inputs = {{"self", {8, 1}, DType::Float32},
              {"index", {64}, DType::Int64},
              {"source", {64, 1}, DType::Float32}};
  r.output = {"out", {8, 1}, DType::Float32};
  r.dataSeed = 0;
  r.inputFingerprint = 0x00ddccbbaa998877ULL;
  r.dispatch = {reproducible ? Form::Deterministic : Form::Atomic, false, false, reproducible};
  r.dispatched = true;
  r.warmup = 1;
  r.requestedTrials = 3;
  for (int i = 0; i < 3; ++i) {
    TrialRecord t;
    t.index = i;
    t.timeNs = 1000 + 250 * i;
    t.digest = digestBase + ((!reproducible && i == 2) ? 1 : 0);
    if (!reproducible && i == 2) {
      t.maxAbsDiff = 1.1920928955078125e-07;
      t.maxUlp = 1;
      t.nDiff = 1;
      t.ulpHistogram.assign(kUlpHistogramBuckets, 0);
      t.ulpHistogram[0] = 1;
    }
    t.refMaxAbsErr = 2.384185791015625e-07;
    r.trials.push_back(t);
  }
  r.summary = summarize(r.trials);
  r.summary.refMaxErrOverMagnitude = 1.5e-08;
  return r;
}

inline ReportDocument fixedRunReport() {
  ReportDocument doc;
  doc.kind = ReportKind::Run;
  doc.context = fixedEnvironment();
  doc.runs.push_back(fixedRun("run", false, 0x1111222233334444ULL));
  return doc;
}

inline ReportDocument fixedSweepReport() {
  ReportDocument doc;
  doc.kind = ReportKind::Sweep;
  doc.context = fixedEnvironment();
  doc.runs.push_back(fixedRun("default", false, 0x1111222233334444ULL));
  RunResult det = fixedRun("deterministic", true, 0x5555666677778888ULL);
  det.settings.deterministic = DeterministicMode::Error;
  doc.runs.push_back(det);
  RunResult failed;
  failed.label = "extensions";
  failed.op = "index_add";
  failed.device = "cpu-threads";
  failed.settings.deterministic = DeterministicMode::Warn;
  failed.warnings.push_back({AlertCode::NoDeterministicImplementation, "index_add_cuda_",
                             "index_add_cuda_ does not have a deterministic implementation."});
  failed.errors.push_back({"NotAvailable", "device lost", "core/src/run/TrialRunner.cpp:1"});
  doc.runs.push_back(failed);
  return doc;
}

}  // namespace detbench::testing
