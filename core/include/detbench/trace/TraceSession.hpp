#pragma once
// A whole trace: the user's command checked, then for each configuration the script run N
// times under the probe (the first pass: every op's digests), its runs aligned (TraceAlignment),
// and where they differ a second pass that keeps only the causes' outputs to say by how much.
// Used by `detbench trace`, the workbench's Trace tab and the tracing lesson.

#include <chrono>
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "detbench/catalog/PyTorchRelease.hpp"
#include "detbench/run/CancelToken.hpp"
#include "detbench/trace/ScriptCommand.hpp"
#include "detbench/trace/TraceAlignment.hpp"
#include "detbench/trace/TraceDiff.hpp"
#include "detbench/trace/TraceJob.hpp"
#include "detbench/trace/TraceSettings.hpp"

namespace detbench::trace {

// What the interpreter says of itself and the script before any run.
struct PythonCheck {
  std::string python;  // "3.11.2"
  std::string torch;   // "1.13.0a0"
  std::string torchDir;
};

// Asks the interpreter (without importing torch): raises InvalidArgument with one line for an
// interpreter that cannot be started, a script that does not exist or is not Python, a python
// without torch, and a PyTorch without TorchDispatchMode (before 1.13), naming the release.
// With `cancel`, a check cut short by it raises InvalidArgument saying so.
PythonCheck checkPython(const ScriptCommand& command, const std::string& workingDir,
                        const CancelToken* cancel = nullptr);

// The ops whose tensors are digested: FROM..TO, FROM.. or ..TO (1-based, inclusive).
struct TraceWindow {
  std::int64_t first = 1;
  std::int64_t last = 0;  // 0: to the end
  bool all() const { return first == 1 && last == 0; }
};
TraceWindow parseTraceWindow(const std::string& text);  // raises InvalidArgument

// Where one run runs when it is not here: a command put before the interpreter (srun ... --).
// The run's records then come on its standard output (the script's own output goes to its
// standard error), and the probe's folder must be one that machine sees at the same path
// (TracePlan::probeRoot).
struct TraceLauncher {
  std::vector<std::string> prefix;
  // Run after a run that was stopped (the timeout, a cancel) or killed, to stop what the prefix
  // started elsewhere (scancel); empty for nothing.
  std::vector<std::string> cancel;
};

struct TracePlan {
  ScriptCommand command;
  std::string workingDir;  // empty: the current one
  int runs = 2;
  std::vector<TraceConfig> configs;  // at least one
  TraceWindow window;
  std::chrono::milliseconds timeout{0};  // per run; 0: none
  bool secondPass = true;
  std::size_t maxMeasuredCauses = 8;  // causes whose outputs the second pass keeps
  bool captureStdout = false;         // pass the script's standard output to onOutput too
  // Where run k (from 1, in each pass and configuration) runs: null or an empty prefix, here.
  std::function<TraceLauncher(int run)> launcher;
  std::string probeRoot;  // the folder the probe is written under; empty: $TMPDIR
};

inline constexpr int kMaxTraceRuns = 100;

// The second pass's answer for one cause.
struct CauseDifference {
  bool measured = false;        // at least one run's output was compared with run 1's
  bool seenAgain = false;       // the op gave other bits again on the same inputs
  bool inputsDiffered = false;  // in the second pass its inputs were not the same (not measured)
  RawDiff diff;                 // the largest over runs and outputs
  int run = 0;                  // the run the largest came from
  std::string note;             // why nothing was measured, when nothing was
};

struct TraceConfigResult {
  TraceConfig config;
  TraceAlignment alignment;
  // The second pass's, by cause: its thread and its op number there (causeId).
  std::map<CauseId, CauseDifference> differences;
  bool secondPassRan = false;
  bool cancelled = false;
  std::size_t heldBytes = 0;  // the analysis's memory at its largest
  // The processes the script started, rank by rank (empty for a script of one process).
  TraceJobResult job;
  // The script raised in deterministic mode's error in run 1 (an op without a deterministic
  // implementation, or cuBLAS's workspace check): the op, as the probe saw it.
  const TraceRunSummary* raisedNondeterministic() const;
  // Some run failed: exited with an error, was killed, timed out, or stopped for a problem (the
  // script's process or one of its ranks).
  bool failed() const;
  // Ops compared in the script's process and its ranks.
  std::int64_t comparedOps() const;
  // The runs agree in every result: the script's process (TraceAlignment::reproducible) and,
  // for a job, every rank (where the script's own process then may have run no op).
  bool reproducible() const;
};

struct TraceResult {
  PythonCheck python;
  std::vector<TraceConfigResult> configs;
  bool cancelled = false;
};

struct TraceCallbacks {
  // Before each run: configuration index, run (1..runs), and whether it is the second pass.
  std::function<void(int config, int run, bool secondPass)> onRunStarted;
  // Op records received so far in the run in progress (about every 1000 ops, and at its end).
  std::function<void(std::int64_t ops)> onProgress;
  // The script's standard error (and output, with captureStdout) as it comes.
  std::function<void(std::string_view text)> onOutput;
  std::function<void(int config, const TraceConfigResult& result)> onConfigFinished;
};

// Runs the plan. checkPython must have passed. Raises IoError when the probe's folder cannot be
// made and NotAvailable when the interpreter cannot be started.
TraceResult runTrace(const TracePlan& plan, const PythonCheck& python,
                     const TraceCallbacks& callbacks = {}, const CancelToken* cancel = nullptr);

}  // namespace detbench::trace
