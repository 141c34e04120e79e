#include "detbench/trace/TraceCatalogLink.hpp"

#include "detbench/trace/TraceJob.hpp"

#include <algorithm>
#include <array>
#include <cstdint>
#include <sstream>
#include <string_view>

#include "AtenRoutes.hpp"

namespace detbench::trace {

namespace {

bool oneOf(const std::string& name, std::initializer_list<std::string_view> names) {
  return std::find(names.begin(), names.end(), name) != names.end();
}

CauseKind kindOf(NondeterminismSource source) {
  switch (source) {
    case NondeterminismSource::FloatAtomics:
    case NondeterminismSource::OrderFreeAtomics:
      return CauseKind::FloatAtomics;
    case NondeterminismSource::IntegerAtomics:
      return CauseKind::IntegerAtomics;
    case NondeterminismSource::RacingWrites:
      return CauseKind::RacingWrites;
    case NondeterminismSource::UninitializedMemory:
      return CauseKind::UninitializedMemory;
    case NondeterminismSource::AlgorithmChoice:
      return CauseKind::AlgorithmChoice;
    case NondeterminismSource::Autotuning:
      return CauseKind::Autotuning;
    case NondeterminismSource::Rng:
      return CauseKind::RandomNumbers;
    case NondeterminismSource::None:
      return CauseKind::CatalogDisagrees;
  }
  return CauseKind::Unknown;
}

std::string deviceOf(const TraceCause& cause) {
  for (const auto* list : {&cause.op.outputs, &cause.op.inputs}) {
    for (const auto& t : *list) {
      if (!t.device.empty()) return t.device;
    }
  }
  return "cpu";
}

std::string commandFor(const CatalogMatch& match, const std::string& device) {
  std::string c = "detbench run --op " + match.op + " --device ";
  c += device.rfind("cuda", 0) == 0 ? "torch-cuda" : "torch-cpu";
  for (const auto& [name, value] : match.params) {
    c += " -p " + name + "=" + std::to_string(value);
  }
  return c;
}

// A tensor that came in (set_ on a Storage) where a process pool receives its workers' results:
// multiprocessing's Pool, concurrent.futures' ProcessPoolExecutor, loky (joblib's default
// backend, also vendored inside joblib).
bool fromProcessPool(const std::string& file) {
  for (const char* part : {"/multiprocessing/", "/concurrent/futures/", "/loky/"}) {
    if (file.find(part) != std::string::npos) return true;
  }
  return false;
}

// Whether the cause's differing input `i` (an index into its op's inputs) has `flag` set.
bool inputHas(const TraceCause& cause, int i, bool TraceTensor::*flag) {
  return i >= 0 && static_cast<std::size_t>(i) < cause.op.inputs.size() &&
         cause.op.inputs[static_cast<std::size_t>(i)].*flag;
}

bool anyDifferingInputHas(const TraceCause& cause, bool TraceTensor::*flag) {
  return std::any_of(cause.inputs.begin(), cause.inputs.end(),
                     [&](int i) { return inputHas(cause, i, flag); });
}

}  // namespace

bool cameThroughProcessPool(const TraceCause& cause) {
  if (cause.category != CauseCategory::Data) return false;
  if (cause.op.entry) return cause.site && fromProcessPool(cause.site->file);
  return !cause.inputs.empty() &&
         std::all_of(cause.inputs.begin(), cause.inputs.end(),
                     [&cause](int i) { return inputHas(cause, i, &TraceTensor::sentThroughPool); });
}

std::string atenBaseName(const std::string& name) {
  std::string base = name;
  if (const auto colons = base.find("::"); colons != std::string::npos) {
    base = base.substr(colons + 2);
  }
  if (const auto dot = base.find('.'); dot != std::string::npos) base.resize(dot);
  return base;
}

std::optional<std::string> scalarArgument(const TraceOp& op, const std::string& name) {
  for (const auto& [k, v] : op.scalars) {
    if (k == name) return v;
  }
  return std::nullopt;
}

bool isRandomOp(const std::string& name) {
  const std::string b = atenBaseName(name);
  return oneOf(
      b, {"uniform_",          "normal_",    "normal",         "bernoulli_",     "bernoulli",
          "random_",           "randperm",   "rand",           "randn",          "randint",
          "rand_like",         "randn_like", "randint_like",   "multinomial",    "exponential_",
          "geometric_",        "cauchy_",    "log_normal_",    "poisson",        "_standard_gamma",
          "_sample_dirichlet", "binomial",   "native_dropout", "_fused_dropout", "rrelu_with_noise",
          "rrelu_with_noise_"});
}

namespace {

// The probe's record of a random op's generator (generators.py): "BY SEED" or "BY SEED MAIN",
// then "drawn:NAMES" where the script seeded it after drawing from Python's random or NumPy's
// global generator unseeded.
struct GeneratorSeed {
  std::string by, seed, main, drawn;
};

std::optional<GeneratorSeed> parseGeneratorSeed(const std::string& json) {
  // JSON text of a string of words without quotes or escapes.
  if (json.size() < 2 || json.front() != '"' || json.back() != '"') return std::nullopt;
  std::istringstream words(json.substr(1, json.size() - 2));
  GeneratorSeed g;
  if (!(words >> g.by >> g.seed)) return std::nullopt;
  constexpr std::string_view kDrawn = "drawn:";
  for (std::string word; words >> word;) {
    if (word.rfind(kDrawn, 0) == 0) {
      g.drawn = word.substr(kDrawn.size());
    } else if (g.main.empty()) {
      g.main = word;
    }
  }
  return g;
}

// Seeding fixes a random op that gave other numbers only where nothing seeded its generator.
// `drawn`, for SeedDrawnNumber: the global generators the seed may have been drawn from
// ("random", "numpy", "random,numpy").
TraceFix seedingFix(const std::optional<ArgumentDifference>& generator, std::string* drawn) {
  if (!generator) return TraceFix::Seed;
  const auto a = parseGeneratorSeed(generator->reference);
  const auto b = parseGeneratorSeed(generator->other);
  if (!a || !b) return TraceFix::Seed;
  // Seeded alike in both runs: the generator had given other amounts before.
  if (a->seed == b->seed) return TraceFix::OtherDraws;
  // The script seeded it, with another number: --seed comes before the script's own seeding.
  // A generator of the script's own may have taken its seed from torch's default generator
  // (a DataLoader's sampler does): that generator unseeded, seeding it is the fix.
  const auto bySeedingCall = [](const GeneratorSeed& g) {
    return g.by == "script" && g.main != "start" && g.main != "spawned";
  };
  // A process multiprocessing started afresh (mp.spawn): its generators begin unseeded,
  // whatever its parent seeded.
  const auto spawned = [](const GeneratorSeed& g) {
    return g.by == "spawned" || (g.by == "script" && g.main == "spawned");
  };
  if (spawned(*a) || spawned(*b)) return TraceFix::SeedSpawnedProcess;
  if (bySeedingCall(*a) || bySeedingCall(*b)) {
    // After drawing from a global generator nothing seeded: the number may be drawn from it
    // (torch.manual_seed(random.randint(...))), and --seed seeds that first.
    if (!a->drawn.empty() || !b->drawn.empty()) {
      *drawn = a->drawn.empty() ? b->drawn : a->drawn;
      return TraceFix::SeedDrawnNumber;
    }
    return TraceFix::SeedFixedNumber;
  }
  return TraceFix::Seed;
}

}  // namespace

std::optional<CatalogMatch> matchCatalogOp(const TraceOp& op) {
  return routeAtenOp(op);
}

CauseExplanation explainCause(const TraceCause& cause, PyTorchRelease release,
                              const std::vector<std::string>& unseededGenerators) {
  CauseExplanation e;
  e.device = deviceOf(cause);
  e.traitsClass = e.device.rfind("cuda", 0) == 0 ? TraitsClass::Cuda : TraitsClass::Cpu;
  e.match = matchCatalogOp(cause.op);
  if (e.match) {
    e.traits = findOpTraits(e.match->op, release);
    if (e.traits) e.command = commandFor(*e.match, e.device);
  }
  if (cause.category == CauseCategory::Introduced && cause.op.name.rfind("compiled::", 0) == 0) {
    // Inductor's own: autotuning by timing, its random numbers, its reductions' order. The
    // deterministic switch came in 2.10; before it, the ops inside are found eagerly.
    e.kind = CauseKind::CompiledRegion;
    e.compiled = &catalog::compiledCodeTraits(release);
    e.fix =
        e.compiled->deterministicSwitch ? TraceFix::InductorDeterministic : TraceFix::CompileEager;
    // The first kernel that differs draws random numbers: Inductor takes its seeds from torch's
    // generator, so seeding it makes them repeat.
    const auto& k = cause.kernels;
    if (k && k->index >= 0 && k->otherName.empty() && kernelDrawsRandomNumbers(k->name)) {
      e.kind = CauseKind::RandomNumbers;
      e.fix = seedingFix(cause.generator, &e.drawnFrom);
    }
    return e;
  }
  const bool compiledMade =
      cause.op.fromCompiledCode || anyDifferingInputHas(cause, &TraceTensor::madeByCompiledCode);
  if (cause.category == CauseCategory::Data && compiledMade && cause.arguments.empty()) {
    // Read by a compiled backward's ATen call, made by compiled kernels the trace does not see
    // one by one (no call of compiled code before it differed).
    e.kind = CauseKind::CompiledRegion;
    e.compiled = &catalog::compiledCodeTraits(release);
    e.fix =
        e.compiled->deterministicSwitch ? TraceFix::InductorDeterministic : TraceFix::CompileEager;
    return e;
  }
  if (cause.category == CauseCategory::Introduced && isCollective(cause.op.name)) {
    // The ranks' inputs were equal (TraceJob.hpp moves a difference another rank brought in out
    // of the causes): the collective reduced in another order.
    e.kind = CauseKind::CollectiveOrder;
    e.fix = TraceFix::CollectiveSettings;
    return e;
  }
  if (cause.category == CauseCategory::Data) {
    const auto drawn = [&unseededGenerators](const char* name) {
      return std::find(unseededGenerators.begin(), unseededGenerators.end(), name) !=
             unseededGenerators.end();
    };
    // Where the script drew from a global generator it did not seed, that is the likeliest
    // source of a number or of data made in Python (a shuffled list); a batch a DataLoader
    // brings in (entry) is the loader's.
    const bool entry = cause.op.entry;
    e.kind = !cause.arguments.empty() ? CauseKind::PythonNumber
             : cause.chosen           ? CauseKind::ChosenTensors
                                      : CauseKind::Data;
    const bool fromWorker = anyDifferingInputHas(cause, &TraceTensor::sentThroughPool);
    const bool shared = anyDifferingInputHas(cause, &TraceTensor::inSharedMemory);
    if (fromWorker || (entry && cause.site && fromProcessPool(cause.site->file))) {
      e.fix = TraceFix::FromWorkerProcess;
    } else if (shared && cause.arguments.empty()) {
      // Memory another process can write, which no op of this process made differ.
      e.kind = CauseKind::SharedMemory;
      e.fix = TraceFix::SharedMemory;
    } else if (!entry && drawn("random")) {
      e.fix = TraceFix::SeedPythonRandom;
    } else if (!entry && drawn("numpy")) {
      e.fix = TraceFix::SeedNumpyRandom;
    } else {
      // A number from torch's generator taken into Python (a DataLoader's shuffle: randperm's
      // indices as a list) is fixed by seeding it, as the data is. A batch a DataLoader brings
      // in is its workers' (their generators are not seen here). Data this process made or
      // read where no global generator was drawn unseeded came from elsewhere (a file, the
      // clock, a generator of its own), as other tensors chosen in Python (an order) did:
      // nothing to seed.
      e.fix = drawn("torch") || (entry && cause.arguments.empty() && !cause.chosen)
                  ? TraceFix::SeedDataLoader
                  : TraceFix::SameNumber;
    }
    return e;
  }
  if (cause.category == CauseCategory::Uninitialized) {
    e.kind = CauseKind::UninitializedMemory;
    e.fix = TraceFix::InitializeMemory;
    return e;
  }
  if (isRandomOp(cause.op.name)) {
    e.kind = CauseKind::RandomNumbers;
    e.fix = seedingFix(cause.generator, &e.drawnFrom);
    return e;
  }
  if (!e.traits) {
    e.kind = CauseKind::Unknown;
    e.fix = TraceFix::None;
    return e;
  }
  const DeviceTraits& t = e.traits->traits(e.traitsClass);
  e.kind = t.nondeterministicByDefault ? kindOf(t.source) : CauseKind::CatalogDisagrees;
  switch (e.kind) {
    case CauseKind::AlgorithmChoice:
      e.fix = TraceFix::CudnnDeterministic;
      break;
    case CauseKind::Autotuning:
      e.fix = TraceFix::NoCudnnBenchmark;
      break;
    case CauseKind::RandomNumbers:
      e.fix = TraceFix::Seed;
      break;
    case CauseKind::FloatAtomics:
    case CauseKind::IntegerAtomics:
    case CauseKind::RacingWrites:
      e.fix = t.errorMode == ErrorModeBehavior::Raises ? TraceFix::NoDeterministicForm
                                                       : TraceFix::Deterministic;
      break;
    default:
      e.fix = TraceFix::None;
      break;
  }
  return e;
}

std::string_view toString(CauseKind kind) {
  switch (kind) {
    case CauseKind::RandomNumbers:
      return "random_numbers";
    case CauseKind::FloatAtomics:
      return "float_atomics";
    case CauseKind::IntegerAtomics:
      return "integer_atomics";
    case CauseKind::RacingWrites:
      return "racing_writes";
    case CauseKind::AlgorithmChoice:
      return "algorithm_choice";
    case CauseKind::Autotuning:
      return "autotuning";
    case CauseKind::Data:
      return "data";
    case CauseKind::PythonNumber:
      return "python_number";
    case CauseKind::ChosenTensors:
      return "chosen_tensors";
    case CauseKind::SharedMemory:
      return "shared_memory";
    case CauseKind::CompiledRegion:
      return "compiled_region";
    case CauseKind::CollectiveOrder:
      return "collective_order";
    case CauseKind::UninitializedMemory:
      return "uninitialized_memory";
    case CauseKind::CatalogDisagrees:
      return "catalog_disagrees";
    case CauseKind::Unknown:
      return "unknown";
  }
  return "?";
}

std::string_view toString(TraceFix fix) {
  switch (fix) {
    case TraceFix::Seed:
      return "seed";
    case TraceFix::Deterministic:
      return "deterministic";
    case TraceFix::NoDeterministicForm:
      return "no_deterministic_form";
    case TraceFix::CudnnDeterministic:
      return "cudnn_deterministic";
    case TraceFix::NoCudnnBenchmark:
      return "no_cudnn_benchmark";
    case TraceFix::SeedDataLoader:
      return "seed_data_loader";
    case TraceFix::InitializeMemory:
      return "initialize_memory";
    case TraceFix::SeedPythonRandom:
      return "seed_python_random";
    case TraceFix::SeedNumpyRandom:
      return "seed_numpy_random";
    case TraceFix::SeedFixedNumber:
      return "seed_fixed_number";
    case TraceFix::SeedDrawnNumber:
      return "seed_drawn_number";
    case TraceFix::SeedSpawnedProcess:
      return "seed_spawned_process";
    case TraceFix::OtherDraws:
      return "other_draws";
    case TraceFix::SameNumber:
      return "same_number";
    case TraceFix::InductorDeterministic:
      return "inductor_deterministic";
    case TraceFix::CompileEager:
      return "compile_eager";
    case TraceFix::CollectiveSettings:
      return "collective_settings";
    case TraceFix::FromWorkerProcess:
      return "from_worker_process";
    case TraceFix::SharedMemory:
      return "shared_memory";
    case TraceFix::None:
      return "none";
  }
  return "?";
}

}  // namespace detbench::trace
