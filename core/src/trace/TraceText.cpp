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
    case CauseKind::PythonNumber:
      return "a number from Python: the op's tensors were equal in every run, an argument was "
             "not";
    case CauseKind::CompiledRegion:
      return "compiled code (torch.compile): Inductor's kernels may autotune by timing, draw "
             "their own random numbers or reduce in another order; the trace sees the region "
             "as one op";
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
    case TraceFix::SeedPythonRandom:
      return "Python's random module was drawn from without a seed (its state at the end "
             "differed between runs): random.seed(...) before the draw, or --seed";
    case TraceFix::SeedNumpyRandom:
      return "NumPy's global generator was drawn from without a seed (its state at the end "
             "differed between runs): numpy.random.seed(...) or a seeded "
             "numpy.random.default_rng, or --seed";
    case TraceFix::SameNumber:
      return "a number the script computes differently in each run (the clock, a set's "
             "order under PYTHONHASHSEED, a file, the environment): compute it the same way, "
             "or pass it in";
    case TraceFix::InductorDeterministic:
      return "--inductor-deterministic (torch._inductor.config.deterministic = True; "
             "deterministic mode also sets it) for compiled code without autotuning by timing; "
             "--compile eager traces the ops inside to find the one";
    case TraceFix::CompileEager:
      return "this PyTorch has no deterministic switch for compiled code (2.10 and later do): "
             "--compile eager traces the ops inside to find the one";
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

std::string describeNote(const TraceCause& note) {
  std::string s = "gave other bits in run";
  s += note.runs.size() == 1 ? " " : "s ";
  for (std::size_t i = 0; i < note.runs.size(); ++i) {
    s += (i ? ", " : "") + std::to_string(note.runs[i]);
  }
  if (note.absorbedBy) {
    s += "; op " + std::to_string(note.absorbedBy->seq) + " " + note.absorbedBy->name;
    if (note.absorbedBy->site) s += " at " + describeSite(*note.absorbedBy->site);
    s += " read them and gave equal bits, and nothing else used them";
  } else {
    s += "; no op read them before they were overwritten or freed (a library's scratch "
         "memory, torch.empty memory an init overwrites)";
  }
  return s + ": no result depends on them";
}

std::string describeArguments(const TraceCause& cause) {
  std::string s;
  for (const auto& d : cause.arguments) {
    if (!s.empty()) s += "; ";
    s += d.name + " was " + (d.reference.empty() ? std::string("absent") : d.reference) +
         " in run 1 and " + (d.other.empty() ? std::string("absent") : d.other) + " in run " +
         std::to_string(d.run);
  }
  return s;
}

std::string describeOrigin(const TraceCause& cause) {
  if (!cause.arguments.empty()) {
    return "came in as a number from outside any op: its tensors were equal in every run, an "
           "argument was not";
  }
  return describeCategory(cause.category);
}

std::string describeFinding(const TraceFinding& f, const CauseExplanation& e) {
  std::string kind = describeCauseKind(f.kind);
  kind = kind.substr(0, kind.find(':'));
  std::string s = kind + ": " + std::to_string(f.count) + (f.count == 1 ? " op" : " ops");
  if (f.firstSite) s += (f.count == 1 ? " at " : " from ") + describeSite(*f.firstSite);
  if (f.count > 1) s += " on";
  if (f.sites > 1) s += ", at " + std::to_string(f.sites) + " call sites";
  s += "; fix: " + describeFix(f.fix, e);
  if (!f.confirmWith.empty()) s += "; confirm with --configs " + f.confirmWith;
  return s;
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
  bool timedOut = false, otherwise = false;
  for (const auto& r : a.runs) {
    timedOut = timedOut || r.exit.timedOut;
    otherwise = otherwise || (!r.completed() && !r.exit.timedOut);
  }
  if (timedOut && !otherwise) {
    if (a.runs.size() < 2) return "stopped at the timeout; one run: nothing to compare";
    if (a.causes.empty() && a.partings.empty() && a.comparedOps() > 0) {
      return "the runs agree over the first " + std::to_string(a.comparedOps()) +
             " ops compared; stopped at the timeout";
    }
    if (a.causes.empty() && a.partings.empty()) return "stopped at the timeout; nothing compared";
    const std::string differ = a.causes.empty()
                                   ? std::string("the op sequences part")
                                   : "the runs differ: " + std::to_string(a.causes.size()) +
                                         (a.causes.size() == 1 ? " cause" : " causes");
    return differ + " (up to the timeout)";
  }
  if (c.failed()) return "the script failed";
  if (a.runs.size() < 2) return "one run: nothing to compare";
  if (a.comparedOps() == 0 && a.partings.empty() && a.causes.empty()) {
    return "nothing compared: no op of the runs after the first was digested";
  }
  if (a.otherThreadOps > 0 && a.causes.empty() && a.partings.empty()) {
    return "not all compared: " + std::to_string(a.otherThreadOps) +
           " ops ran on threads the script started, which the trace does not record";
  }
  if (a.reproducible()) {
    std::string s = "the runs agree (" + std::to_string(a.runs.size()) + " runs, " +
                    std::to_string(a.comparedOps()) + " ops compared)";
    if (!a.notes.empty()) {
      s += " in every result; " + std::to_string(a.notes.size()) +
           (a.notes.size() == 1 ? " op gave" : " ops gave") +
           " other bits that no result uses (notes)";
    }
    return s;
  }
  if (!a.causes.empty()) {
    return "the runs differ: " + std::to_string(a.causes.size()) +
           (a.causes.size() == 1 ? " cause" : " causes") + (a.causesTruncated ? " or more" : "");
  }
  return a.partings.empty() ? "the runs differ" : "the op sequences part";
}

}  // namespace detbench::trace
