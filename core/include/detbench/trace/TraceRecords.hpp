#pragma once
// The records detbench's probe sends while a traced script runs (resources/trace/detbench_probe),
// one JSON object a line, as plain structs. The format is in docs/TRACE-PROTOCOL.md. Lines come
// from another process, so they are read with bounds: length, nesting, counts and every
// number's type and range.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include "detbench/op/Tensor.hpp"

namespace detbench::trace {

// The protocol version the probe speaks (detbench_probe.PROTOCOL_VERSION).
inline constexpr int kProbeProtocol = 2;
// The longest record line taken; a longer one ends the run with a reason.
inline constexpr std::size_t kMaxRecordBytes = std::size_t{16} << 20;
// Records are at most 4 levels deep ("in": [[digest, dtype, [shape], ...]]); the limit leaves room.
inline constexpr int kMaxRecordDepth = 6;
inline constexpr std::size_t kMaxTensorsPerOp = 4096;
// The most kernels a call of compiled code lists (kernels.py, MAX_KERNELS).
inline constexpr std::size_t kMaxKernelsPerCall = 1024;
inline constexpr std::size_t kMaxShapeDims = 64;
// The most threads of one process the records may name (threads the script started, from 1).
inline constexpr int kMaxScriptThreads = 4096;

// One tensor of an op. `digest` is detbench's digest (run/Digest.hpp) of its elements, or none
// where it was not taken: outside the window, an output of uninitialized memory, something that
// is not data (a profiler handle), or a tensor without elements to digest (sparse, meta).
struct TraceTensor {
  std::optional<std::uint64_t> digest;
  std::string dtype;
  Shape shape;
  std::string device;
  bool uninitialized = false;        // memory no op has written since it was allocated
  bool partlyUninitialized = false;  // of which ops have written a part only (through views)
  bool opaque = false;               // not data
  bool assembled = false;            // written by earlier ops of the run through views of it
  bool sentThroughPool = false;      // another process of a process pool sent it (a worker's
                                     // result in the script, the script's argument in a worker)
  bool madeByCompiledCode = false;   // written by compiled kernels outside a call of compiled code
  bool inSharedMemory = false;       // memory other processes can write (torch.multiprocessing)
  bool operator==(const TraceTensor&) const = default;
};

// Where the user's code called the op: the innermost frame outside torch, the probe and
// Python's standard library. Ids are per run, from 1.
struct TraceSite {
  int id = 0;
  std::string file;
  std::int64_t line = 0;
  std::string function;
  bool operator==(const TraceSite&) const = default;
};

// A kernel a call of compiled code ran (Inductor's output code: "cpp_fused_add_0",
// "triton_poi_fused_mul_0"), with one digest folded from those of every tensor it was given,
// taken after it ran.
struct TraceKernel {
  std::string name;
  std::uint64_t digest = 0;
  bool operator==(const TraceKernel&) const = default;
};

// The name the number an op hands to Python goes by among its scalars (TraceOp::scalars).
inline constexpr const char* kReturnedValue = "(returned)";

struct TraceOp {
  std::int64_t seq = 0;   // from 1, in the order its thread ran them
  int thread = 0;         // 0: the script's main thread; 1, 2, ...: the threads it started
  std::string name;       // "aten::index_put_", "aten::add.Tensor"
  int site = 0;           // 0: none known
  bool digested = false;  // inside the window: inputs and outputs were recorded
  std::vector<TraceTensor> inputs;
  std::vector<TraceTensor> outputs;
  // The op's non-tensor arguments that carry a value, by name, each as JSON text ("true", "0.5",
  // "\"sum\"", "[2,3]"): inputs like its tensors. An op that hands a number to Python instead of
  // a tensor (item(), bool(), torch.equal) has it here too, named kReturnedValue.
  std::vector<std::pair<std::string, std::string>> scalars;
  bool raised = false;  // the op raised (the script may have caught it): no outputs
  bool entry = false;   // the output is memory from outside (set_ on a Storage: a DataLoader batch)
  // Called by Inductor's output code outside a call of compiled code (a compiled backward's ATen
  // calls): what it reads that no recorded op made, the compiled code's kernels made.
  bool fromCompiledCode = false;
  // When the op had more tensors than the probe describes one by one: how many.
  std::int64_t allInputs = -1, allOutputs = -1;
  // A call of compiled code: the kernels it ran, in order, where the probe could list them, and
  // how many it ran (more than those listed past the probe's limit; 0: none listed).
  std::vector<TraceKernel> kernels;
  std::int64_t kernelCalls = 0;
  bool operator==(const TraceOp&) const = default;
};

// An op that raised (deterministic mode's error among others); the script may catch it.
struct TraceRaise {
  std::int64_t seq = 0;
  std::string op;
  int site = 0;
  std::string type;
  std::string message;
  int thread = 0;  // the thread it ran on (TraceOp::thread)
};

// Tensors the script took out of torch without an op after op `seq` (Tensor.numpy, tolist,
// torch.save): their digests. A difference that reaches one of them is a result.
struct TraceUse {
  std::int64_t seq = 0;
  std::string what;
  std::vector<std::uint64_t> digests;
  int thread = 0;  // the thread that took them out (TraceOp::thread)
  int site = 0;    // the user's call that took them out (0: none known)
};

// A warning about determinism raised during op `seq` (warn mode).
struct TraceWarning {
  std::int64_t seq = 0;
  std::string message;
};

struct TraceStart {
  int protocol = 0;
  int run = 0;
  std::int64_t pid = 0;
  std::string python;
  std::string torch;
  int threads = 0;
  bool deterministic = false;  // deterministic algorithms were on when the script started
  std::vector<std::pair<std::string, std::string>> applied;  // setting, JSON text of the value
  // torch.compile under the probe: "regions" (each call of compiled code one op), "eager" (the
  // ops inside, run eagerly), "none" (a PyTorch without torch.compile), "" (not said).
  std::string compile;
  // A process the script started (a job's rank, TraceJob.hpp): its parent, and whether it was
  // forked from a traced process (0 and false for the script's own process).
  std::int64_t parentPid = 0;
  bool forked = false;
};

// A process joined a process group (torch.distributed.init_process_group), or was started as a
// rank (torchrun's RANK): from here its records are that rank's.
struct TraceRank {
  int rank = 0;
  int world = 0;       // 0: not said
  int localRank = -1;  // -1: not said
  std::string backend;
};

// A thread the script started, numbered from 1 in the order the threads were started: its ops
// are numbered on their own and aligned against the same thread of run 1.
struct TraceThread {
  int thread = 0;
  std::string name;  // Python's name for it ("Thread-1 (work)")
};

// A command this process started with Popen has ended: its pid and exit code (negative: the
// signal that ended it), the parent's word on how it ended.
struct TraceExited {
  std::int64_t pid = 0;
  int code = 0;
};

// A process pool's worker took a task (key not empty) or finished one (key empty): the worker's
// ops from here are that task's, aligned against the same task of run 1 whichever worker ran it
// (TraceJob.hpp).
struct TraceTask {
  std::string key;         // "pool:0.3" (multiprocessing's job 0, chunk 3), "futures:3" (work id)
  std::string label;       // "task 0.3: work"
  std::string worker;      // the worker's process name ("ForkPoolWorker-2")
  std::int64_t owner = 0;  // the pid of the process the worker works for (0: not said)
  // That process's own task key where it is a command the job started ("process:s1"), said by
  // the worker: a command whose probe never began (it imported no torch) has no records to say it.
  std::string ownerKey = {};
};

// How the script ended, as the probe saw it.
struct TraceEnd {
  std::int64_t ops = 0;
  std::string status;  // "ok", "exit" (sys.exit), "exception"
  int exitCode = 0;    // for "exit"
  std::string type;    // for "exception": its type and message
  std::string message;
  std::optional<TraceSite> where;  // the user's frame it was raised in (id 0)
  std::int64_t peakRssKiB = 0;     // the traced process's peak resident memory (0: unknown)
  // Hashes of a global generator's state when the script started and when it ended, by
  // generator ("random": Python's, "numpy": NumPy's global one), where the probe saw it.
  std::vector<std::pair<std::string, std::pair<std::string, std::string>>> generators;
  // The threads the script started (each recorded), and ops run on threads the probe did not
  // record (none since protocol 2; kept for records of protocol 1).
  std::int64_t otherThreads = 0;
  std::int64_t otherThreadOps = 0;
};

// A file the process opened for reading after op `seq` of its thread that was written while the
// trace ran, before this run began: what an earlier run left (a checkpoint the script resumes
// from). The probe sends each file once, at most 64 a process (files.py).
struct TraceFileRead {
  std::int64_t seq = 0;
  int thread = 0;
  std::string path;
  int site = 0;  // the user's line that opened it (0: none known)
};

// An output written for the second pass.
struct TraceKept {
  std::int64_t seq = 0;
  int output = 0;
  std::string file;  // in the folder detbench named; empty when `error` says why not
  std::string dtype;
  Shape shape;
  std::string error;
};

// The probe could not start: no torch, or a torch without TorchDispatchMode.
struct TraceFatal {
  std::string why;  // "no_torch", "no_dispatch_mode"
  std::string detail;
};

using TraceEvent = std::variant<TraceStart, TraceSite, TraceOp, TraceRaise, TraceWarning, TraceKept,
                                TraceEnd, TraceFatal, TraceUse, TraceRank, TraceThread, TraceTask,
                                TraceExited, TraceFileRead>;

// Parses one record line (without its newline). Raises InvalidArgument saying what is wrong:
// too long, too deep, not JSON, an unknown record type, a missing or ill-typed field.
TraceEvent parseTraceRecord(std::string_view line);

// The size in bytes of one element of a dtype the probe names ("float32": 4), 0 if unknown.
std::size_t traceDtypeSize(std::string_view dtype);

}  // namespace detbench::trace
