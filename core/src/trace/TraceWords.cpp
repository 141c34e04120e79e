#include "detbench/trace/TraceWords.hpp"

#include <algorithm>

namespace detbench::trace {

namespace {

constexpr CauseKind kKinds[] = {CauseKind::RandomNumbers,
                                CauseKind::FloatAtomics,
                                CauseKind::IntegerAtomics,
                                CauseKind::RacingWrites,
                                CauseKind::AlgorithmChoice,
                                CauseKind::Autotuning,
                                CauseKind::Data,
                                CauseKind::PythonNumber,
                                CauseKind::ChosenTensors,
                                CauseKind::SharedMemory,
                                CauseKind::CompiledRegion,
                                CauseKind::CollectiveOrder,
                                CauseKind::UninitializedMemory,
                                CauseKind::CatalogDisagrees,
                                CauseKind::Unknown};
constexpr TraceFix kFixes[] = {TraceFix::Seed,
                               TraceFix::Deterministic,
                               TraceFix::NoDeterministicForm,
                               TraceFix::CudnnDeterministic,
                               TraceFix::NoCudnnBenchmark,
                               TraceFix::SeedDataLoader,
                               TraceFix::InitializeMemory,
                               TraceFix::SeedPythonRandom,
                               TraceFix::SeedNumpyRandom,
                               TraceFix::SeedFixedNumber,
                               TraceFix::SeedDrawnNumber,
                               TraceFix::SeedSpawnedProcess,
                               TraceFix::OtherDraws,
                               TraceFix::SameNumber,
                               TraceFix::InductorDeterministic,
                               TraceFix::CompileEager,
                               TraceFix::CollectiveSettings,
                               TraceFix::FromWorkerProcess,
                               TraceFix::SharedMemory,
                               TraceFix::None};
constexpr CauseCategory kCategories[] = {CauseCategory::Introduced, CauseCategory::Data,
                                         CauseCategory::Uninitialized};

std::string_view commandLineFix(TraceFix fix) {
  switch (fix) {
    case TraceFix::Seed:
      return "seed the generators: --seed (torch.manual_seed, random.seed, numpy.random.seed "
             "before the script's first line)";
    case TraceFix::Deterministic:
      return "--deterministic error (torch.use_deterministic_algorithms(True)): PyTorch "
             "switches this op to its deterministic form";
    case TraceFix::NoDeterministicForm:
      return "PyTorch has no deterministic form of this op: --deterministic error raises at it, "
             "warn only warns";
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
    case TraceFix::SeedFixedNumber:
      return "the script seeds the generator this op draws from, with another number in each "
             "run (torch.seed(), Generator.seed(), a number from the clock or the process): give "
             "torch.manual_seed (Generator.manual_seed) a fixed number; --seed cannot help, the "
             "script's own seeding comes after it";
    case TraceFix::SeedDrawnNumber:
      return "the script seeds the generator this op draws from with another number in each "
             "run, after drawing from Python's random module or NumPy's global generator with "
             "nothing seeding them: a seed drawn from them (torch.manual_seed(random.randint(...)))"
             " is fixed by --seed, which seeds them before the script; a seed from elsewhere "
             "(torch.seed(), the clock) needs a fixed number";
    case TraceFix::SeedSpawnedProcess:
      return "this process was started afresh by multiprocessing (torch.multiprocessing.spawn, "
             "a \"spawn\" or \"forkserver\" context): its generators begin unseeded, whatever its "
             "parent seeded; "
             "seed them in the function it runs (torch.manual_seed at its top), or --seed, which "
             "seeds every process";
    case TraceFix::OtherDraws:
      return "the generator this op draws from was seeded alike in every run and had given "
             "other draws before it: another number of draws (a size or a count that differs; "
             "an earlier cause may show it), or draws from other threads in whatever order they "
             "come; seeding again cannot help: draw the same amounts in the same order (a "
             "torch.Generator of each thread's own, passed as generator=)";
    case TraceFix::SameNumber:
      return "a number or data the script computes or reads differently in each run (the "
             "clock, a set's order under PYTHONHASHSEED, a file, the environment, a generator of "
             "its own left unseeded: numpy.random.default_rng(), random.Random()): compute it the "
             "same way, or pass it in";
    case TraceFix::InductorDeterministic:
      return "--inductor-deterministic (torch._inductor.config.deterministic = True; "
             "deterministic mode also sets it) for compiled code without autotuning by timing; "
             "where the runs still differ with it, a Python value the function reads (a global, "
             "an attribute: compiled in as a constant) differs: --compile eager traces the ops "
             "inside to find the one";
    case TraceFix::CompileEager:
      return "this PyTorch has no deterministic switch for compiled code (2.10 and later do): "
             "--compile eager traces the ops inside to find the one";
    case TraceFix::CollectiveSettings:
      return "fix how the collective reduces, for every rank before the process group is made: "
             "--nccl-algo Ring (or Tree), --nccl-proto Simple, "
             "--env NCCL_MIN_NCHANNELS=N --env NCCL_MAX_NCHANNELS=N, --env NCCL_NVLS_ENABLE=0; "
             "and keep the world size: another number of ranks adds in another order";
    case TraceFix::FromWorkerProcess:
      return "the tensor came from a process pool's worker (multiprocessing, concurrent.futures, "
             "joblib) while the pool's tasks, each compared with run 1's, gave the same bits: "
             "the results were taken in the order the workers finished them (imap_unordered, "
             "as_completed); take them in the order they were given (map, imap, each future in "
             "turn). Where the trace shows no process pool (its workers ran no torch op the probe "
             "saw), run the function in this process to trace it op by op";
    case TraceFix::SharedMemory:
      return "let one process write the shared tensor at a time, in a set order; the trace "
             "compares each process the script started (multiprocessing) with the same process "
             "of run 1, and names the first op that differs in them";
    case TraceFix::None:
      return "nothing the catalog knows of";
  }
  return "?";
}

std::string_view workbenchFix(TraceFix fix) {
  switch (fix) {
    case TraceFix::Seed:
      return "seed the generators (Seed: torch.manual_seed, random.seed, numpy.random.seed "
             "before the script's first line)";
    case TraceFix::Deterministic:
      return "deterministic algorithms (error): PyTorch switches this op to its deterministic "
             "form";
    case TraceFix::NoDeterministicForm:
      return "PyTorch has no deterministic form of this op: error mode raises at it, warn mode "
             "only warns";
    case TraceFix::CudnnDeterministic:
      return "cudnn.deterministic (or deterministic algorithms)";
    case TraceFix::NoCudnnBenchmark:
      return "leave cudnn.benchmark off";
    case TraceFix::SeedDataLoader:
      return "seed what makes the data: the seed covers torch's generator (a DataLoader's "
             "shuffle and its workers' seeds); NumPy or Python's random in workers need a "
             "worker_init_fn";
    case TraceFix::InitializeMemory:
      return "write the tensor before it is read (torch.zeros, not torch.empty)";
    case TraceFix::SeedPythonRandom:
      return "Python's random module was drawn from without a seed: random.seed(...) before the "
             "draw, or the Seed setting";
    case TraceFix::SeedNumpyRandom:
      return "NumPy's global generator was drawn from without a seed: numpy.random.seed(...), or "
             "the Seed setting";
    case TraceFix::SeedFixedNumber:
      return "the script seeds the generator this op draws from, with another number in each "
             "run (torch.seed(), Generator.seed(), the clock): give torch.manual_seed "
             "(Generator.manual_seed) a fixed number; the Seed setting cannot help, the script's "
             "own seeding comes after it";
    case TraceFix::SeedDrawnNumber:
      return "the script seeds the generator this op draws from with another number in each "
             "run, after drawing from Python's random or NumPy unseeded: a seed drawn from them is "
             "fixed by the Seed setting; a seed from elsewhere (the clock) needs a fixed number";
    case TraceFix::SeedSpawnedProcess:
      return "a process multiprocessing started afresh (mp.spawn) begins with unseeded "
             "generators, whatever its parent seeded: seed them in the function it runs, or use "
             "the Seed setting";
    case TraceFix::OtherDraws:
      return "the generator this op draws from was seeded alike in every run and had given "
             "other draws before it (a size or a count that differs, other threads drawing from "
             "it): seeding again cannot help; draw the same amounts in the same order";
    case TraceFix::SameNumber:
      return "a number or data the script computes or reads differently in each run (the clock, "
             "a set's order, a file, a generator of its own left unseeded): compute it the same "
             "way, or pass it in";
    case TraceFix::InductorDeterministic:
      return "torch._inductor.config.deterministic = True (deterministic mode also sets it); "
             "where the runs still differ with it, a Python value the function reads (a global, "
             "an attribute: compiled in as a constant) differs: trace with torch.compile eager to "
             "find the op inside";
    case TraceFix::CompileEager:
      return "this PyTorch has no deterministic switch for compiled code: trace with "
             "torch.compile eager to find the op inside";
    case TraceFix::CollectiveSettings:
      return "fix how the collective reduces, for every rank: NCCL_ALGO, NCCL_PROTO, the "
             "number of channels (NCCL_MIN_NCHANNELS, NCCL_MAX_NCHANNELS), NCCL_NVLS_ENABLE=0; "
             "and keep the world size";
    case TraceFix::FromWorkerProcess:
      return "the tensor came from a process pool's worker while the pool's tasks gave the "
             "same bits in every run: the results were taken in the order the workers finished "
             "them (imap_unordered, as_completed); take them in the order they were given (map, "
             "imap, each future in turn)";
    case TraceFix::SharedMemory:
      return "let one process write the shared tensor at a time, in a set order";
    case TraceFix::None:
      return "nothing the catalog knows of";
  }
  return "?";
}

}  // namespace

std::string_view causeKindText(CauseKind kind) {
  switch (kind) {
    case CauseKind::RandomNumbers:
      return "random numbers: the op draws from a generator that was in another state than in run "
             "1 (seeded otherwise, or drawn from otherwise before)";
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
    case CauseKind::ChosenTensors:
      return "other tensors: the script handed the op tensors of this run's own other than in "
             "run 1 (an order that differs, a set's order, a choice that depends on the run)";
    case CauseKind::SharedMemory:
      return "shared memory: the tensor is in memory other processes can write (share_memory_, "
             "a Process's arguments, a Queue), and another process wrote it; processes that "
             "update one model at once (Hogwild) do so in an order that follows timing";
    case CauseKind::CompiledRegion:
      return "compiled code (torch.compile): Inductor's kernels may autotune by timing, draw "
             "their own random numbers or reduce in another order; the trace sees the region "
             "as one op";
    case CauseKind::CollectiveOrder:
      return "a collective's order: its inputs were equal on every rank and it reduced them in "
             "another order (NCCL's algorithm, protocol and channels, the world size)";
    case CauseKind::UninitializedMemory:
      return "uninitialized memory: the op read memory that no op had written";
    case CauseKind::CatalogDisagrees:
      return "the catalog expects this op to repeat on this device, and the trace saw it differ";
    case CauseKind::Unknown:
      return "an op the catalog does not hold";
  }
  return "?";
}

std::string_view fixText(TraceFix fix, TextSurface surface) {
  return surface == TextSurface::CommandLine ? commandLineFix(fix) : workbenchFix(fix);
}

std::string_view extensionText(TextSurface surface) {
  return surface == TextSurface::CommandLine
             ? "; detbench has a deterministic kernel of its own (--semantics extensions)"
             : "; detbench has a deterministic kernel of its own (Catalog: detbench extensions)";
}

std::string_view categoryLabel(CauseCategory category) {
  switch (category) {
    case CauseCategory::Introduced:
      return "introduced (inputs equal)";
    case CauseCategory::Data:
      return "data from outside";
    case CauseCategory::Uninitialized:
      return "uninitialized memory";
  }
  return "?";
}

std::string_view categorySentence(CauseCategory category) {
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

std::vector<std::string_view> workbenchTexts() {
  std::vector<std::string_view> texts;
  for (const CauseKind k : kKinds) texts.push_back(causeKindText(k));
  for (const TraceFix f : kFixes) texts.push_back(fixText(f, TextSurface::Workbench));
  texts.push_back(extensionText(TextSurface::Workbench));
  for (const CauseCategory c : kCategories) texts.push_back(categoryLabel(c));
  return texts;
}

TraceVerdict traceVerdict(const TraceConfigResult& c) {
  const auto& a = c.alignment;
  TraceVerdict v;
  v.runs = a.runs.size();
  const TraceJobResult& job = c.job;
  v.compared = static_cast<std::size_t>(c.comparedOps());
  v.causes = a.causes.size() + job.causeCount();
  v.causesTruncated = a.causesTruncated;
  v.notes = a.notes.size();
  v.otherThreadOps = static_cast<std::size_t>(a.otherThreadOps + job.unrankedOps);
  v.differingResults = a.differingResults.size();
  const auto add = [&v](const TraceRankResult& r) {
    v.causesTruncated = v.causesTruncated || r.alignment.causesTruncated;
    v.differingResults += r.alignment.differingResults.size();
    v.notes += r.alignment.notes.size();
    v.otherThreadOps += static_cast<std::size_t>(r.alignment.otherThreadOps);
  };
  for (const auto& r : job.ranks) add(r);
  if (job.pool) add(*job.pool);
  const bool parted = !a.partings.empty() || job.anyParting();
  const bool nothingFound = v.causes == 0 && !parted && v.differingResults == 0;
  const auto is = [&v](VerdictKind k) {
    v.kind = k;
    return v;
  };
  if (c.raisedNondeterministic()) return is(VerdictKind::RaisedInDeterministicMode);
  if (c.cancelled) return is(VerdictKind::Cancelled);
  bool timedOut = false, otherwise = false;
  for (const auto& r : a.runs) {
    timedOut = timedOut || r.exit.timedOut;
    otherwise = otherwise || (!r.completed() && !r.exit.timedOut);
  }
  if (timedOut && !otherwise) {
    if (a.runs.size() < 2) return is(VerdictKind::TimeoutOneRun);
    if (nothingFound) {
      return is(v.compared > 0 ? VerdictKind::AgreeUntilTimeout
                               : VerdictKind::TimeoutNothingCompared);
    }
    return is(v.causes == 0 && parted ? VerdictKind::PartUntilTimeout
                                      : VerdictKind::DifferUntilTimeout);
  }
  if (c.failed()) {
    const bool own = std::any_of(a.runs.begin(), a.runs.end(), [](const TraceRunSummary& r) {
      return !r.completed() && !r.exit.cancelled;
    });
    return is(own ? VerdictKind::ScriptFailed : VerdictKind::ProcessFailed);
  }
  if (a.runs.size() < 2) return is(VerdictKind::OneRun);
  if (v.compared == 0 && nothingFound) return is(VerdictKind::NothingCompared);
  if (v.otherThreadOps > 0 && nothingFound) return is(VerdictKind::NotAllCompared);
  if (c.reproducible()) return is(VerdictKind::Agree);
  if (v.causes > 0) return is(VerdictKind::Differ);
  return is(parted ? VerdictKind::SequencesPart : VerdictKind::Differ);
}

RankVerdict rankVerdict(const TraceRankResult& r) {
  const auto& a = r.alignment;
  RankVerdict v;
  v.compared = a.comparedOps();
  for (const auto& run : a.runs) {
    if (!run.completed() && !run.exit.cancelled) {
      v.kind = RankVerdictKind::RunEnded;
      v.endedRun = &run;
      return v;
    }
  }
  if (!a.causes.empty()) {
    v.kind = RankVerdictKind::FirstCause;
    v.cause = &a.causes.front();
  } else if (!r.inherited.empty()) {
    v.kind = RankVerdictKind::Inherited;
    v.inherited = &r.inherited.front();
  } else if (!a.partings.empty()) {
    v.kind = RankVerdictKind::Parted;
    v.parting = &a.partings.front();
  } else if (a.runs.size() < 2) {
    v.kind = RankVerdictKind::OneRun;
  } else if (v.compared == 0) {
    v.kind = RankVerdictKind::NothingCompared;
  }
  return v;
}

}  // namespace detbench::trace
