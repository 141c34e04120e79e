// The words trace reports and the command line use for causes, fixes and how runs ended.

#include <filesystem>

#include "detbench/trace/TraceReport.hpp"

namespace detbench::trace {

PyTorchDefault traceRelease(const std::optional<PyTorchRelease>& given, const PythonCheck& python) {
  if (given) return {*given, "--pytorch " + toString(*given), python.torch};
  if (python.torch.empty()) {
    return {newestCatalogRelease(),
            "the traced PyTorch's release is unknown: the newest in the catalog, " +
                toString(newestCatalogRelease()),
            std::nullopt};
  }
  return chooseRelease(python.torch,
                       python.torchDir.empty() ? "the traced interpreter" : python.torchDir);
}

std::string describeCauseKind(CauseKind kind) {
  switch (kind) {
    case CauseKind::RandomNumbers:
      return "random numbers: the op draws from a generator that was not seeded alike in every "
             "run";
    case CauseKind::FloatAtomics:
      return "float atomics: the op adds with atomics, in whatever order the threads get there";
    case CauseKind::IntegerAtomics:
      return "integer atomics: the order varies, the integer result is exact";
    case CauseKind::RacingWrites:
      return "racing writes: several writes reach one element, and whichever lands last stays";
    case CauseKind::AlgorithmChoice:
      return "an algorithm choice: the library may pick an algorithm that is not deterministic";
    case CauseKind::Autotuning:
      return "autotuning: cudnn.benchmark picks the algorithm by timing";
    case CauseKind::Data:
      return "the data: it came from outside any op (NumPy, Python, a DataLoader's workers) "
             "and differs";
    case CauseKind::UninitializedMemory:
      return "uninitialized memory: the op read memory that no op had written";
    case CauseKind::CatalogDisagrees:
      return "the catalog expects this op to repeat on this device, and the trace saw it differ";
    case CauseKind::Unknown:
      return "an op the catalog does not hold";
  }
  return "?";
}

std::string describeFix(TraceFix fix, const CauseExplanation& e) {
  switch (fix) {
    case TraceFix::Seed:
      return "seed the generators: --seed (torch.manual_seed, random.seed, numpy.random.seed "
             "before the script's first line)";
    case TraceFix::Deterministic:
      return "--deterministic error (torch.use_deterministic_algorithms(True)): PyTorch "
             "switches this op to its deterministic form";
    case TraceFix::NoDeterministicForm: {
      std::string s =
          "PyTorch has no deterministic form of this op: --deterministic error raises at it, warn "
          "only warns";
      if (e.traits && e.traits->traits(e.traitsClass).detbenchExtension) {
        s += "; detbench has a deterministic kernel of its own (--semantics extensions)";
      }
      return s;
    }
    case TraceFix::CudnnDeterministic:
      return "--cudnn-deterministic (or --deterministic error): cuDNN keeps to deterministic "
             "algorithms";
    case TraceFix::NoCudnnBenchmark:
      return "leave cudnn.benchmark off (or add --cudnn-deterministic)";
    case TraceFix::SeedDataLoader:
      return "seed what makes the data: --seed covers torch's generator (a DataLoader's "
             "shuffle and its workers' seeds); NumPy or Python's random in workers need a "
             "worker_init_fn (`detbench recipe` says what a recipe leaves out)";
    case TraceFix::InitializeMemory:
      return "write the tensor before it is read (torch.zeros, not torch.empty); in "
             "deterministic mode PyTorch 2.1 and later fill uninitialized memory";
    case TraceFix::None:
      return "nothing the catalog knows of";
  }
  return "?";
}

std::string describeCategory(CauseCategory category) {
  switch (category) {
    case CauseCategory::Introduced:
      return "introduced here: its inputs were equal in every run";
    case CauseCategory::Data:
      return "came in with the data";
    case CauseCategory::Uninitialized:
      return "read uninitialized memory";
  }
  return "?";
}

std::string describeSite(const TraceSite& site) {
  const std::string name = std::filesystem::path(site.file).filename().string();
  return (name.empty() ? site.file : name) + ":" + std::to_string(site.line) + " (" +
         site.function + ")";
}

std::string describeParting(const TraceParting& p) {
  const std::string at = "op " + std::to_string(p.seq);
  const auto where = [](const std::optional<TraceSite>& s) {
    return s ? " at " + describeSite(*s) : std::string();
  };
  switch (p.kind) {
    case PartingKind::DifferentOp:
      return "run " + std::to_string(p.run) + " ran " + p.other + where(p.otherSite) +
             " where run 1 ran " + p.reference + where(p.referenceSite) + " (" + at +
             "): the op sequences part there (control flow on data?); the alignment stops";
    case PartingKind::DifferentTensors:
      return "run " + std::to_string(p.run) + " ran " + p.other +
             " with other tensors than run 1 (" + at + "): the alignment stops there";
    case PartingKind::ReferenceEnded:
      return "run 1 ended before " + at + "; run " + std::to_string(p.run) + " went on (" +
             p.other + where(p.otherSite) + ")";
    case PartingKind::RunEnded:
      return "run " + std::to_string(p.run) + " ended before " + at + ", which run 1 ran (" +
             p.reference + where(p.referenceSite) + ")";
  }
  return "?";
}

std::string describeRunEnd(const TraceRunSummary& run) {
  const TraceRunExit& e = run.exit;
  if (e.cancelled) return "stopped (cancelled)";
  if (e.timedOut) return "stopped at the timeout";
  if (!e.problem.empty()) return "stopped: " + e.problem;
  if (run.fatal) return "the probe could not start: " + run.fatal->detail;
  if (run.completed()) return "completed";
  if (!e.exited) return "killed by signal " + std::to_string(e.signal);
  std::string s = "exited with " + std::to_string(e.code);
  if (run.end && run.end->status == "exception") {
    s += ": " + run.end->type;
    if (!run.end->message.empty()) s += ": " + run.end->message;
  } else if (!run.end) {
    s += " without the probe's last record";
  }
  return s;
}

std::string describeVerdict(const TraceConfigResult& c) {
  const auto& a = c.alignment;
  if (c.raisedNondeterministic()) return "raised in deterministic mode";
  if (c.cancelled) return "cancelled";
  if (c.failed()) return "the script failed";
  if (a.runs.size() < 2) return "one run: nothing to compare";
  if (a.reproducible()) {
    std::int64_t compared = 0;
    for (const auto& r : a.runs) compared = std::max(compared, r.compared);
    return "the runs agree (" + std::to_string(a.runs.size()) + " runs, " +
           std::to_string(compared) + " ops compared)";
  }
  if (!a.causes.empty()) {
    return "the runs differ: " + std::to_string(a.causes.size()) +
           (a.causes.size() == 1 ? " cause" : " causes") + (a.causesTruncated ? " or more" : "");
  }
  return a.partings.empty() ? "the runs differ" : "the op sequences part";
}

}  // namespace detbench::trace
