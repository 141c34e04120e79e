#pragma once
// A traced op joined with the catalog: which of the catalog's ops an ATen op is (index_put_ with
// accumulate=True is index_put_accumulate), with the same shapes as `detbench run` parameters,
// and why a cause varies and which setting fixes it, for the PyTorch release followed.

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "detbench/catalog/CompiledCode.hpp"
#include "detbench/catalog/OpCatalog.hpp"
#include "detbench/trace/TraceAlignment.hpp"

namespace detbench::trace {

// The catalog op an ATen op is, and the `detbench run` parameters that give it the traced
// shapes (empty where the shapes do not map onto the op's parameters).
struct CatalogMatch {
  std::string op;
  std::vector<std::pair<std::string, std::int64_t>> params;
};

// The ATen name without its namespace and overload: "aten::index_put_.default" -> "index_put_".
std::string atenBaseName(const std::string& name);
// A scalar argument of the op as the probe sent it (JSON text), if present.
std::optional<std::string> scalarArgument(const TraceOp& op, const std::string& name);

std::optional<CatalogMatch> matchCatalogOp(const TraceOp& op);

// Ops that draw random numbers (uniform_, normal_, bernoulli_, randperm, random_, ...).
bool isRandomOp(const std::string& name);
// A data cause whose difference came through a process pool's queues: every input that differed
// was sent by another process of the pool, or the op brought memory in (set_ on a Storage) where
// a pool receives what its workers send.
bool cameThroughProcessPool(const TraceCause& cause);

enum class CauseKind {
  RandomNumbers,        // an op that draws random numbers from a generator in another state
  FloatAtomics,         // the catalog: float atomic adds in whatever order the threads come
  IntegerAtomics,       // the catalog: integer atomics (exact; the order still varies)
  RacingWrites,         // the catalog: writes to one element race, the last one stays
  AlgorithmChoice,      // the catalog: a library's choice of algorithm
  Autotuning,           // the catalog: cudnn.benchmark's timing
  Data,                 // data from outside any op differs
  PythonNumber,         // a non-tensor argument (a Python number, a size) differs
  ChosenTensors,        // other tensors of the run's own than in run 1 (TraceCause::chosen)
  SharedMemory,         // memory another process wrote (torch.multiprocessing's shared memory)
  CompiledRegion,       // a call of torch.compile's code, traced as one op
  CollectiveOrder,      // a collective (all_reduce, ...) whose inputs were equal on every rank
  UninitializedMemory,  // memory no op wrote
  CatalogDisagrees,     // in the catalog, which expects it to repeat on this device
  Unknown,              // not in the catalog
};

// What would fix it, in the workbench's settings.
enum class TraceFix {
  Seed,                 // --seed (torch.manual_seed, NumPy's and Python's seeds)
  Deterministic,        // --deterministic error: PyTorch switches to a deterministic form
  NoDeterministicForm,  // PyTorch has none: error mode raises, warn mode warns
  CudnnDeterministic,   // --cudnn-deterministic
  NoCudnnBenchmark,     // leave cudnn.benchmark off
  SeedDataLoader,       // a seeded generator (and worker_init_fn) for the DataLoader, --seed
  InitializeMemory,     // write the tensor before reading it (deterministic mode fills it)
  SeedPythonRandom,     // Python's random module was drawn from unseeded: random.seed, --seed
  SeedNumpyRandom,      // NumPy's global generator was drawn from unseeded: np.random.seed, --seed
  SeedFixedNumber,      // the script seeds the op's generator with a number that differs by run
  SeedDrawnNumber,      // ... after drawing from Python's random or NumPy unseeded: --seed may fix
  SeedSpawnedProcess,   // a process mp.spawn started: unseeded whatever its parent seeded
  OtherDraws,           // the generator was seeded alike and had drawn other amounts before
  SameNumber,           // a number the script computes differently in each run (the clock, ...)
  InductorDeterministic,  // --inductor-deterministic (2.10 and later), or --compile eager
  CompileEager,           // --compile eager: trace the ops inside to find the one
  CollectiveSettings,     // NCCL's algorithm, protocol and channels fixed, the same world size
  FromWorkerProcess,      // a pool worker's result while every task agreed: take results in order
  SharedMemory,           // memory another process writes (Hogwild): one writer, or trace it
  None,                   // nothing the workbench knows
};

struct CauseExplanation {
  CauseKind kind = CauseKind::Unknown;
  TraceFix fix = TraceFix::None;
  std::optional<CatalogMatch> match;
  const OpTraits* traits = nullptr;  // the catalog's entry for the release, where matched
  TraitsClass traitsClass = TraitsClass::Cpu;
  std::string device;  // where the op ran ("cpu", "cuda:0")
  // The `detbench run` command that opens the op in the workbench with the same shapes, on the
  // torch device of the same kind (torch-cpu or torch-cuda); empty where it is not in the
  // catalog.
  std::string command;
  // For a compiled region: what the catalog knows of compiled code in the release.
  const catalog::CompiledCodeTraits* compiled = nullptr;
  // SeedDrawnNumber: the global generators the seed may have been drawn from, as the probe
  // names them ("random", "numpy", "random,numpy").
  std::string drawnFrom;
};

// `unseededGenerators` (TraceAlignment::unseededGenerators) says where a number that differs
// may have come from.
CauseExplanation explainCause(const TraceCause& cause, PyTorchRelease release,
                              const std::vector<std::string>& unseededGenerators = {});

std::string_view toString(CauseKind kind);
std::string_view toString(TraceFix fix);

}  // namespace detbench::trace
