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
// per worker name.

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "detbench/trace/TraceRecords.hpp"

namespace detbench::trace {

class PoolTaskStreams {
 public:
  // Whether a process's records are a pool worker's: it marked a task.
  static bool isWorker(const std::vector<TraceEvent>& records);
  // One run's records of the pool's workers (each process's in order; the order of the processes
  // does not matter) as one stream: a start record (the first worker's, pid 0), the tasks' sites,
  // threads, ops, raises and uses renumbered, and an end record with status ok (a pool ends its
  // workers with a signal, so theirs have none). Ops the lanes cannot hold (a worker's own
  // threads, past kMaxScriptThreads tasks) are left out and counted in `leftOut`.
  std::vector<TraceEvent> merge(int run,
                                const std::vector<const std::vector<TraceEvent>*>& workers);
  std::int64_t leftOut() const { return leftOut_; }
  // Tasks seen in any run so far.
  std::size_t tasks() const { return tasks_; }

 private:
  std::map<std::string, int> lanes_;  // a task's key (or a worker's, before its tasks) -> thread
  std::size_t tasks_ = 0;
  std::int64_t leftOut_ = 0;
};

}  // namespace detbench::trace
