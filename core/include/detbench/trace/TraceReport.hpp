#pragma once
// A trace as a document: the result with what it ran and where, written as JSON (format
// "detbench-trace", docs/REPORT-FORMAT.md, "Trace reports") or Markdown, ready to paste into a
// bug report.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "detbench/catalog/PyTorchDetection.hpp"
#include "detbench/report/Environment.hpp"
#include "detbench/trace/TraceCatalogLink.hpp"
#include "detbench/trace/TraceFindings.hpp"
#include "detbench/trace/TraceSession.hpp"

namespace detbench::trace {

// 2: `reproducible` speaks of results (differences that reach none are `notes`); non-tensor
// arguments are compared (`differing_arguments`); `statuses` may say "unused".
// 3: a configuration's `job` (null for one process): its ranks aligned rank by rank;
// `reproducible` and `ops_compared` count the ranks too.
// 4: ops on the threads the script starts are recorded: a configuration's `threads` names them,
// and each cause, note, parting and absorbing op has its `thread` (0: the main thread), its `op`
// numbered within that thread; `ops_on_other_threads` (ops not recorded) is 0.
inline constexpr int kTraceSchemaVersion = 6;

struct TraceDocument {
  Environment context;
  ScriptCommand command;
  std::string workingDir;  // as the trace ran it (absolute)
  int runs = 2;
  // Where each run ran, by run - 1 ("gpu-h100": a Slurm job of that GPU type); empty: here.
  std::vector<std::string> runPlaces;
  TraceWindow window;
  std::int64_t timeoutSeconds = 0;
  // The catalog release the causes are explained for, and how it was chosen.
  PyTorchDefault release;
  TraceResult result;
};

// The release to explain causes for: `given` (--pytorch) where set, else the traced PyTorch's
// own release, or the nearest the catalog holds.
PyTorchDefault traceRelease(const std::optional<PyTorchRelease>& given, const PythonCheck& python);

nlohmann::ordered_json traceToJson(const TraceDocument& doc);
std::string traceToMarkdown(const TraceDocument& doc);

// The words reports and the command line use.
std::string describeCauseKind(CauseKind kind);
std::string describeFix(TraceFix fix, const CauseExplanation& e);
std::string describeCategory(CauseCategory category);
// The category's words for this cause (a number that came in as an argument says so).
std::string describeOrigin(const TraceCause& cause);
std::string describeParting(const TraceParting& p);
// The files a configuration's runs read that an earlier run of the trace left (a checkpoint the
// script resumes from): where the runs do not agree, any; where they agree, those run 1 read
// (no run started without them). Found in the script's process first, then its ranks, then its
// pool.
struct EarlierFilesFinding {
  bool agree = false;                         // the configuration's runs agree
  const TraceAlignment* alignment = nullptr;  // where they were read
  std::optional<int> rank;  // a rank's (kPoolRank: the pool's); none: the script's
  std::vector<int> runs;    // the runs that read any
  int firstRun = 0;
  const TraceEarlierFile* first = nullptr;  // the first file the first of them read
  std::size_t files = 0;                    // the most files one run read
};
std::optional<EarlierFilesFinding> findEarlierFiles(const TraceConfigResult& c);
// The finding in one sentence with what to do; "" where there is none.
std::string describeEarlierFiles(const TraceConfigResult& c);
// How a run ended, in a few words ("completed", "exited with 1", "killed by signal 9", ...).
std::string describeRunEnd(const TraceRunSummary& run);
// An exception's message on one line. A message that carries a traceback of its own
// (torch.multiprocessing's ProcessRaisedException holds its rank's) gives the words before the
// traceback and its last line; a timeout raised inside init_process_group says that the job's
// ranks did not all meet.
std::string exceptionGist(const std::string& message);
// Why a note's difference did not matter: who absorbed it, or that nothing read it.
std::string describeNote(const TraceCause& note);
// A result that differs with no cause followed to it: where the script took it out, and what
// may have made it differ.
std::string describeResultDifference(const TraceAlignment& a, const TraceResultDifference& d);
// "other was 0.25 in run 1 and 0.75 in run 2".
std::string describeArguments(const TraceCause& cause);
// "random numbers: 357 ops from main.py:9 (<module>) on, at 3 call sites; fix: seed ...; confirm
// with --configs seeded". `e` is the explanation of the finding's first cause.
std::string describeFinding(const TraceFinding& finding, const CauseExplanation& e);
// "train.py:41 (<module>)".
std::string describeSite(const TraceSite& site);
// "op 12", "op 12 on thread 1 (loader)" for an op of a thread the script started, or "op 5 of
// task 2: work" for an op of a task (a pool's, asyncio's).
std::string describeOpNumber(const TraceAlignment& a, int thread, std::int64_t seq);
// Whether a thread's name is a task's (a pool's, asyncio's) or a process's the script started,
// which is named by its own number: "task 2: work", "process 2: train", or a rank's "rank 1,
// task 2: work".
bool namesATask(std::string_view threadName);
// The configuration's verdict in a few words.
std::string describeVerdict(const TraceConfigResult& config);
// A rank of a job in a few words: "agrees", "first cause: aten::add.Tensor at train.py:20",
// "inherited from rank 2 at c10d::all_reduce (op 4)".
std::string describeRank(const TraceRankResult& rank);
// "rank 2", or "the process pool" for a job's process pool.
std::string describeRankName(const TraceRankResult& rank);
// What the job's pool is called: "the process pool", "the script's processes" (each process the
// script started, compared with the same process of run 1), or both.
std::string describePoolName(const TraceJobResult& job);
// "process pool: 2 workers, 4 tasks, each against the same task of run 1: first cause: ...", or
// "the script's processes: 2, each against the same process of run 1: ...".
std::string describePool(const TraceJobResult& job);
// A cause the script took from its process pool's tasks, in a sentence.
std::string describeFromPool(const TraceAlignment& script, const RankInheritance& taken);
// "ranks that should agree do not: collective 2 (c10d::broadcast) gave ranks 1, 2 other bits
// than rank 0 (run 1)".
std::string describeDisagreement(const RankDisagreement& d);

}  // namespace detbench::trace
