#pragma once
// A traced job of several processes (torch.multiprocessing.spawn, multiprocessing, torchrun's
// workers): the processes the script starts write their records to files of their own
// (resources/trace/detbench_probe/job.py), each saying its rank when it joins a process group.
// After each run the files are read and each rank is aligned against the same rank of run 1, as
// the script itself is (TraceAlignment). Then the ranks are read together:
//   - a collective (c10d::all_reduce, ...) whose output differs on a rank whose own inputs to it
//     were equal is inherited from the ranks whose inputs to the same collective (the same
//     number among each rank's collectives) differed, or whose op sequence parted from run 1's
//     before it: not a cause there;
//   - where no rank's inputs differed, the collective itself gave other bits: a cause of its own
//     kind (the order it reduced in), on every rank that saw it.
// A process pool's workers (multiprocessing.Pool, concurrent.futures.ProcessPoolExecutor, joblib's
// loky) are read task by task (TracePoolTasks.hpp): each task against the same task of run 1,
// whichever worker ran it. Then the pool and the script are read together:
//   - a difference the script takes from the pool (a tensor a worker sent) in a run whose tasks
//     differed is inherited from the pool: not a cause in the script;
//   - a difference a task takes from the script (a tensor the script sent it) in a run where the
//     script has a cause of its own is inherited from the script: not a cause in the pool.
// Where every task agreed and the script's tensor from the pool still differs, the results came
// in another order (imap_unordered, as_completed): it stays a cause in the script. A rank whose
// process starts a pool of its own (the process its workers' tasks name as their owner), or
// starts a process that does, is read with that pool's tasks the same way, its tasks apart from
// the other ranks'.
// The Python commands a process starts with subprocess are such processes too, each with one task
// keyed by the number its starter gave it ("process:s1"; launches.py). Other processes that ran
// torch ops without joining a process group (os.system's) are counted, not compared: a job that
// has any is never called reproducible.

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "detbench/trace/TraceAlignment.hpp"
#include "detbench/trace/TracePoolTasks.hpp"

namespace detbench::trace {

// The prefix of a collective's name in the records: "c10d::all_reduce".
inline constexpr std::string_view kCollectivePrefix = "c10d::";
bool isCollective(const std::string& opName);

// The rank of a job's process pool (TraceJobResult::pool), and where a RankInheritance names
// it: the script's process.
inline constexpr int kPoolRank = -1;
inline constexpr int kScriptRank = -2;

// A cause seen on a rank that came from another rank through a collective; or, between the
// script and its process pool, from the other side of the pool's queues.
struct RankInheritance {
  std::int64_t seq = 0;  // the collective (the op that read what came), in this rank's op numbers
  int thread = 0;        // the thread of `seq` (a pool: its task)
  std::string op;
  int fromRank = -1;      // the lowest rank whose inputs to it differed (kPoolRank, kScriptRank)
  std::vector<int> runs;  // the runs it was seen in
};

struct TraceRankResult {
  int rank = 0;                    // kPoolRank: a process pool's tasks
  int world = 0;                   // as the rank said (0: not said)
  std::string backend;             // "gloo", "nccl" ("" where not said)
  bool scriptProcess = false;      // the traced script's own process joined as this rank
  std::vector<std::int64_t> pids;  // by run (0: the rank did not appear in that run)
  TraceAlignment alignment;        // its causes exclude those in `inherited`
  std::vector<RankInheritance> inherited;
  std::vector<std::int64_t> collectives;  // run 1's collectives on its main thread, by seq
  // Run 1's: each collective's name and its outputs' digests folded into one, in order; and the
  // digests of what the rank took out of torch (its results), in order.
  std::vector<std::string> collectiveNames;
  std::vector<std::uint64_t> collectiveDigests;
  std::vector<std::uint64_t> resultDigests;
  // A pool's: the process each of its threads worked for (thread t: [t - 1]), kScriptRank or the
  // rank whose process started the pool; empty where every task is the script's.
  std::vector<int> taskOwners;
};

// Ranks that should hold the same bits and do not, within run 1: a collective that gives every
// rank the same result (all_reduce, broadcast, all_gather) gave some ranks other bits than the
// lowest rank.
struct RankDisagreement {
  std::size_t collective = 0;  // 1-based, among each rank's collectives
  std::string op;
  int reference = 0;       // the lowest rank
  std::vector<int> ranks;  // those whose outputs differ from its
};

struct TraceJobResult {
  std::vector<TraceRankResult> ranks;  // by rank
  // Processes of a run that ran torch ops without joining a process group, and their ops (the
  // most of any run).
  std::int64_t unrankedProcesses = 0;
  std::int64_t unrankedOps = 0;
  // The process pool's tasks (rank kPoolRank; each task a thread of its alignment, named as the
  // probe named it, "task 0.3: work"), where the script ran a process pool: its workers (the
  // most of any run) and tasks (over the runs).
  std::optional<TraceRankResult> pool;
  std::int64_t poolWorkers = 0;
  std::size_t poolTasks = 0;
  // Of those tasks, the processes the script (or a rank) started itself, each its own worker
  // with one task (multiprocessing.Process): where every task is one, the pool is "the
  // script's processes".
  std::size_t poolProcesses = 0;
  // Every task of the pool is such a process: it is "the script's processes", not a pool.
  bool poolIsProcesses() const { return poolProcesses > 0 && poolProcesses >= poolTasks; }
  // The script's causes that came from the pool's tasks, moved out of its causes.
  std::vector<RankInheritance> fromPool;
  // Record files that could not be read whole, in a few words each.
  std::vector<std::string> problems;
  // The first collective whose result should be the same on every rank and is not (run 1).
  std::optional<RankDisagreement> disagreement;

  bool empty() const {
    return ranks.empty() && !pool && unrankedProcesses == 0 && problems.empty();
  }
  std::int64_t comparedOps() const;  // over the ranks and the pool
  std::size_t causeCount() const;    // over the ranks and the pool, those inherited excluded
  bool anyParting() const;
  bool anyFailed() const;  // a rank's or the pool's run did not complete (nor was cancelled)
  // Every rank's runs completed and aligned, nothing differed on any rank or in the pool, no
  // unranked ops.
  bool agrees() const;
  // The rank whose cause came first (the lowest op number among the ranks' first causes; the
  // lowest rank on a tie), else the pool where it has one; null where none has one.
  const TraceRankResult* firstCause() const;
};

// The exit codes that a run's processes said of the commands they started: by (the pid of the
// process that said it, the command's pid), the code (negative: the signal that ended it).
using CommandExits = std::map<std::pair<std::int64_t, std::int64_t>, int>;

// Where a command's parent said how it ended, that word stands over the command's own end record
// (which sees neither os._exit nor a SystemExit raised directly nor a kill, and takes a
// sys.exit the command caught for its exit): its last end record is set, or one is added.
void applyCommandExit(std::vector<TraceEvent>& events, int code);

// Collects a job's ranks run by run.
class TraceJobAligner {
 public:
  TraceJobAligner();
  ~TraceJobAligner();
  TraceJobAligner(const TraceJobAligner&) = delete;
  TraceJobAligner& operator=(const TraceJobAligner&) = delete;

  // Reads the record files the processes of run `run` (1, 2, ...) left in `dir`. `scriptExit`
  // is how the script's own process ended: a run stopped at the timeout or cancelled stops its
  // ranks too. `scriptSaid` holds the exit codes the script's own process said of the commands
  // it started (its "exited" records); the job's processes say theirs in their files.
  void collectRun(int run, const std::string& dir, const TraceRunExit& scriptExit,
                  const CommandExits& scriptSaid = {});
  // The ranks read together. `script` is the script's own alignment, `scriptRank` its rank
  // (-1: it joined no process group) and `scriptCollectives` its collectives in run 1: where it
  // is a rank, it takes part like the others (a cause there inherited from another rank moves
  // out of its causes).
  TraceJobResult finish(TraceAlignment& script, int scriptRank,
                        const std::vector<std::int64_t>& scriptCollectives);

 private:
  struct State;
  std::unique_ptr<State> state_;
};

// Reads the ranks together (the second step of `finish`), on results already aligned rank by
// rank: exposed for tests on crafted records.
void linkRanks(std::vector<TraceRankResult>& ranks);
// Reads a process and the pool tasks it owns together (the third step of `finish`): the script
// (`owner` kScriptRank) or a rank whose process started a pool. `into` takes the process's causes
// that came from its tasks. Exposed for tests on crafted records.
void linkPool(TraceAlignment& process, TraceRankResult& pool, std::vector<RankInheritance>& into,
              int owner = kScriptRank);
// The first collective of run 1 that should give every rank the same bits and does not.
std::optional<RankDisagreement> findDisagreement(const std::vector<TraceRankResult>& ranks);

}  // namespace detbench::trace
