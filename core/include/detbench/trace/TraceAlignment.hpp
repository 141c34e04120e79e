#pragma once
// The analysis of a traced script: its runs aligned op by op against run 1.
//
// The rule (PyTorch's DebugMode logs the hashes; Megatron's determinism debugging names the
// rule): at each op, compare run k's input and output digests with run 1's.
//   - outputs differ while every input was bitwise equal: the op introduced the difference
//     (a cause);
//   - an input differs and an earlier op of run k produced it: the op inherited the difference;
//   - an input differs and no op of run k produced it: it came from outside any op (NumPy,
//     Python data, a DataLoader's worker) and the difference came in with the data (a cause, at
//     the first op that reads it); when the input is memory no op wrote since it was allocated,
//     the difference came from uninitialized memory (a cause);
//   - an op that brings memory in from outside (set_ on a Storage: a worker's batch) and gives
//     other bits is a cause of the data kind too;
//   - an op whose tensors were equal but whose other arguments differ (a Python number, a size)
//     is where data came in from outside (a cause of the data kind, naming the arguments);
//   - where the op sequences part (another op at the same place, or one run ends first), the
//     alignment of that run stops there, and says where.
// A cause matters when its difference reaches a result: an op reads one of its differing
// outputs and gives other bits (or hands a value to Python: item(), a comparison), or the
// script takes it out of torch (numpy(), tolist(), torch.save). One whose differing outputs are
// absorbed (read, with equal bits out) or never read (overwritten, freed: a library's scratch
// workspace, torch.empty memory an init overwrites) in a run that completed and aligned is a
// note, not a cause: the runs agree in their results.
// Run 1 is kept (compactly: names, sites and digests interned); runs 2..N are compared as their
// records arrive and keep only the digests their own ops produced and one status byte an op.

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "detbench/trace/TraceKernels.hpp"
#include "detbench/trace/TraceRecords.hpp"

namespace detbench::trace {

enum class OpStatus : std::uint8_t {
  NotCompared,    // outside the window, or past where the sequences part
  Equal,          // inputs and outputs equal
  Absorbed,       // an input differed, the outputs did not
  Inherited,      // an input differed (made by an earlier op) and so did the outputs
  Introduced,     // inputs equal, outputs differ: a cause
  Data,           // reads data from outside that differs, or brings it in: a cause
  Uninitialized,  // reads uninitialized memory that differs: a cause
  Unused,         // gave other bits that reached no result (absorbed or never read): a note
};

enum class CauseCategory { Introduced, Data, Uninitialized };

enum class PartingKind {
  DifferentOp,       // another op at the same place
  DifferentTensors,  // the same op with another number of inputs or outputs
  ReferenceEnded,    // run 1 ended here; this run went on
  RunEnded,          // this run ended here; run 1 went on
};

struct TraceParting {
  int run = 0;
  int thread = 0;        // whose ops part (0: the main thread)
  std::int64_t seq = 0;  // the first op that does not align, in that thread
  PartingKind kind = PartingKind::DifferentOp;
  std::string reference;  // run 1's op there ("" when run 1 had ended)
  std::string other;      // this run's op there ("" when it had ended)
  std::optional<TraceSite> referenceSite, otherSite;
};

// The argument the probe adds to a random op's: the generator it draws from ("BY SEED", where
// BY says who seeded it: generators.py). Compared apart from the op's own arguments: a seed
// that differs is why a random op gives other numbers, not data the op was handed.
inline constexpr const char* kGeneratorArgument = "generator";

// A non-tensor argument that differs from run 1's: its name and both values (JSON text).
struct ArgumentDifference {
  std::string name;
  std::string reference;  // run 1's
  std::string other;      // in `run`
  int run = 0;
  bool operator==(const ArgumentDifference&) const = default;
};

// The op that read a difference and gave equal bits.
struct TraceAbsorber {
  std::int64_t seq = 0;
  int thread = 0;
  std::string name;
  std::optional<TraceSite> site;
};

// A cause: an op of run 1's sequence at which one or more runs first showed a difference.
struct TraceCause {
  std::int64_t seq = 0;  // in its thread
  int thread = 0;        // 0: the script's main thread; 1, 2, ...: the threads it started
  CauseCategory category = CauseCategory::Introduced;
  TraceOp op;  // run 1's record of it
  std::optional<TraceSite> site;
  std::vector<int> runs;     // the runs it was seen in (2, 3, ...)
  std::vector<int> inputs;   // Data, Uninitialized: the inputs that differed (indices)
  std::vector<int> outputs;  // the outputs that differed, in the first run it was seen in
  std::vector<ArgumentDifference> arguments;  // Data: the non-tensor arguments that differed
  // A random op: the generator it drew from, in run 1 and the first run it differed in, as the
  // probe records it (the op's argument kGeneratorArgument; equal where seeded alike).
  std::optional<ArgumentDifference> generator;
  // Data: the inputs that differed were tensors this run's ops made with run 1's bits where they
  // made them: the script handed the op other tensors than in run 1 (an order, a choice).
  bool chosen = false;
  // Whether the difference reached a result in some run; a cause that did not is a note.
  bool matters = true;
  std::optional<TraceAbsorber> absorbedBy;  // a note: the first op that read it and absorbed it
  // A call of compiled code: its kernels in run 1 against the first run it differed in.
  std::optional<KernelDifference> kernels;
};

// A cause's identity within a trace: its thread and its op number there.
using CauseId = std::pair<int, std::int64_t>;
inline CauseId causeId(const TraceCause& c) {
  return {c.thread, c.seq};
}

// What the script took out of torch without an op (Tensor.tolist, Tensor.numpy, torch.save) that
// differs from what it took out at the same place in run 1, where no cause the alignment
// followed reaches it: memory written through a view taken before the write, a NumPy array
// sharing a tensor's memory, other tensors the script chose, memory no op wrote.
struct TraceResultDifference {
  int run = 0;
  int thread = 0;
  std::int64_t seq = 0;  // the thread's last op before it (0: none)
  std::string what;      // "Tensor.tolist", "torch.save", ...
  std::optional<TraceSite> site;
  // The differences that no result seemed to use before it (notes until then): they may be
  // what reaches it, through memory the digests cannot follow, and are causes now.
  std::vector<CauseId> suspects;
};

// How a run's process ended (the launcher's view, beside the probe's records).
struct TraceRunExit {
  bool exited = false;  // exited on its own (see code); false: killed by a signal
  int code = 0;
  int signal = 0;
  bool timedOut = false;   // stopped by --timeout
  bool cancelled = false;  // stopped by Ctrl-C or Cancel
  std::string problem;     // detbench stopped it: a malformed record, memory, ...
  std::string stderrTail;  // the last lines of its standard error
  // A process pool's run that one of its processes ended: that process's name ("command s1:
  // python3 prepare.py"); `code` and `stderrTail` are its own.
  std::string process;
};

// A file a run read that was written while the trace ran, before that run began: what an
// earlier run left (a checkpoint the script resumes from, a file it appends to).
struct TraceEarlierFile {
  std::string path;
  int thread = 0;
  std::int64_t seq = 0;  // the thread's last op before the script opened it (0: none)
  std::optional<TraceSite> site;
};

// The most earlier files kept a run.
inline constexpr std::size_t kMaxEarlierFiles = 20;

struct TraceRunSummary {
  int run = 0;
  std::optional<TraceStart> start;
  std::optional<TraceEnd> end;  // the probe's end record (none: killed or crashed)
  std::optional<TraceFatal> fatal;
  std::optional<TraceRaise> lastRaise;  // the last op that raised, with its site
  std::optional<TraceSite> lastRaiseSite;
  std::vector<TraceWarning> warnings;
  // What the run read that an earlier run of the trace left (at most kMaxEarlierFiles): runs
  // that read such files do not start alike, however they are seeded.
  std::vector<TraceEarlierFile> earlierFiles;
  TraceRunExit exit;
  std::int64_t ops = 0;              // op records received
  std::int64_t compared = 0;         // ops compared with run 1 (run 1: digested ops)
  std::int64_t differing = 0;        // compared ops whose outputs differ from run 1's
  std::int64_t firstDifference = 0;  // seq of the first op that is not Equal (0: none)
  std::vector<OpStatus> statuses;    // per op of the run's main thread (run 1: all Equal /
                                     // NotCompared)
  // The same for the threads the script started: threadStatuses[t - 1] is thread t's (a thread
  // with no op here has an empty one, or none past the last thread that ran an op).
  std::vector<std::vector<OpStatus>> threadStatuses;
  // The statuses of `thread` (0: the main thread); empty where it ran no op.
  const std::vector<OpStatus>& statusesOf(int thread) const;
  // The script completed: an end record with status ok, or exit with code 0, and exit 0.
  bool completed() const;
};

struct TraceAlignment {
  std::vector<TraceRunSummary> runs;
  std::vector<TraceCause> causes;      // by thread, then seq: the differences that reach a result
  std::vector<TraceCause> notes;       // by thread, then seq: differences that reached no result
  std::vector<TraceParting> partings;  // one per run and thread at most
  std::vector<TraceSite> sites;        // run 1's call sites, by id - 1
  // Run 1's threads the script started, numbered from 1 in the order they started: each one's
  // ops are aligned against the same thread of each run, however the threads interleave.
  std::vector<TraceThread> threads;
  bool causesTruncated = false;  // more causes than kept
  // Results that differ with no cause followed to them (at most 20 kept; the first of each run).
  std::vector<TraceResultDifference> differingResults;
  // Global generators a script drew from without seeding them alike in every run ("random",
  // "numpy"): their states at the scripts' ends differ.
  std::vector<std::string> unseededGenerators;
  // Ops run on threads the probe did not record (the most of any run; probes of protocol 1
  // counted the script's threads' ops so): runs that have any are never called reproducible.
  std::int64_t otherThreadOps = 0;
  // Ops compared in the runs after the first (the most of any run).
  std::int64_t comparedOps() const;
  // Every run completed and aligned with run 1 to its end, some op was compared, every
  // difference seen reached no result (only notes), and what the script took out of torch
  // without an op was the same in every run.
  bool reproducible() const;
  const TraceSite* site(int id) const;
  // The name of thread `thread` (from 1) as Python gave it, or "" where none was said.
  std::string threadName(int thread) const;
};

struct AlignOptions {
  std::size_t maxCauses = 1000;
  bool keepStatuses = true;  // the per-op statuses (the GUI's plot)
};

// Feed it the runs in order (run 1 first), each run's events as they come, then its exit.
class TraceAligner {
 public:
  explicit TraceAligner(AlignOptions options = {});
  ~TraceAligner();
  TraceAligner(const TraceAligner&) = delete;
  TraceAligner& operator=(const TraceAligner&) = delete;

  void beginRun();
  // Raises InvalidArgument for records out of order (an op number that does not follow the last).
  void add(const TraceEvent& event);
  void endRun(const TraceRunExit& exit);
  // Bytes held for run 1 and the run being compared: a measure of the trace's memory.
  std::size_t heldBytes() const;
  const TraceAlignment& result() const;

 private:
  struct State;
  std::unique_ptr<State> state_;
};

std::string_view toString(OpStatus status);
std::string_view toString(CauseCategory category);
std::string_view toString(PartingKind kind);
bool isCause(OpStatus status);

}  // namespace detbench::trace
