#pragma once
// A process pool's tasks (multiprocessing.Pool, concurrent.futures.ProcessPoolExecutor, joblib's
// loky) as one stream of records a run. A pool hands each task to whichever worker is free, so
// the workers' own op sequences differ from run to run while each task's need not. Each worker
// marks where its tasks begin and end (TraceTask); here the records of every worker of a run are
// merged into one stream in which each task is a thread of its own, numbered by its key over the
// runs (the first key seen is thread 1), its ops numbered from 1. TraceAligner then aligns each
// task against the same task of run 1, and follows data between tasks (state a worker keeps from
// one task to the next) by its digests, as between threads. The ops a worker runs before its
// first task (an initializer, a spawned worker's import of the script) are a thread of their own
// per worker name. A thread a task starts is a thread of its own too, keyed by the task and the
// order in which the task started its threads ("task 0.3: work, thread 1: Thread-4 (load)"). A job
// whose ranks each run a pool (each counting its tasks from 0) gives each worker its owner, the
// process that started it: its tasks are keyed and named with the owner's name ("rank 1, task 0.3:
// work"), so that no two ranks' tasks are taken for one. A process the script starts itself
// (multiprocessing.Process, torch.multiprocessing.spawn without a process group) is a worker with
// one task, its run, keyed by the number multiprocessing gave it ("process 2: train"), and so is a
// Python command it starts with subprocess ("command s1: python3 prepare.py").

#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "detbench/trace/TraceRecords.hpp"

namespace detbench::trace {

// The key a multiprocessing child's run begins with, as its task ("process:1.2").
inline constexpr std::string_view kProcessTaskPrefix = "process:";

// The key of a process whose run is its one task (a multiprocessing child, a command: its records
// hold one task, keyed with kProcessTaskPrefix), else "".
std::string processTaskKey(const std::vector<TraceEvent>& records);

// One worker's records, and the process it works for: `owner` is the caller's number for it,
// `ownerName` what its tasks' keys and names begin with ("" for the traced script's own pool).
struct PoolWorker {
  const std::vector<TraceEvent>* records = nullptr;
  int owner = 0;
  std::string ownerName;
};

class PoolTaskStreams {
 public:
  // Whether a process's records are a pool worker's: it marked a task.
  static bool isWorker(const std::vector<TraceEvent>& records);
  // One run's records of the pool's workers (each process's in order; the order of the processes
  // does not matter) as one stream: a start record (the first worker's, pid 0), the tasks' sites,
  // threads, ops, raises and uses renumbered, and an end record with status ok (a pool ends its
  // workers with a signal, so theirs have none). Ops the lanes cannot hold (past
  // kMaxScriptThreads lanes, or on a thread whose start was not recorded) are left out and
  // counted in `leftOut`.
  // A process of the pool whose run is its one task and that failed (ended by an exception or
  // with a non-zero exit code: its end record says which) gives the stream's end record its
  // status, the first such process in its key's order; failure() names it.
  std::vector<TraceEvent> merge(int run, const std::vector<PoolWorker>& workers);
  std::int64_t leftOut() const { return leftOut_; }
  // The last merged run's failed process: its name ("command s1: python3 prepare.py") and its
  // index in `workers`; nullopt where none failed.
  struct Failure {
    std::string name;
    std::size_t worker = 0;
  };
  const std::optional<Failure>& failure() const { return failure_; }
  // Tasks seen in any run so far, and how many of them are whole processes (a multiprocessing
  // child marks its run as one task, keyed "process:<its number>").
  std::size_t tasks() const { return tasks_; }
  std::size_t processes() const { return processKeys_.size(); }
  // The owner of each thread of the stream (thread t: [t - 1]), as the workers gave it;
  // `unowned` for a task no op of which could be held (past kMaxScriptThreads).
  std::vector<int> owners(int unowned) const;

 private:
  std::map<std::string, int> lanes_;   // a task's key (or a worker's, before its tasks) -> thread
  std::map<int, int> owners_;          // thread -> its worker's owner
  std::set<std::string> processKeys_;  // the tasks' keys that are processes'
  std::size_t tasks_ = 0;
  std::int64_t leftOut_ = 0;
  std::optional<Failure> failure_;
};

}  // namespace detbench::trace
