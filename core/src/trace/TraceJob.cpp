#include "detbench/trace/TraceJob.hpp"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <memory>
#include <optional>
#include <sstream>

#include "detbench/base/Error.hpp"
#include "detbench/base/Utf8Text.hpp"
#include "detbench/trace/ScriptProcess.hpp"

namespace detbench::trace {

namespace {

// One process's record file, read whole.
struct ProcessRecords {
  std::string file;
  std::vector<TraceEvent> events;
  std::optional<TraceRank> rank;
  bool forked = false;
  bool ended = false;
  std::int64_t ops = 0;
  std::string problem;     // the file could not be read whole
  std::string stderrTail;  // the end of what it wrote to its standard error (proc-PID.err)
};

// The last lines of what a process of the job wrote to its standard error, as the probe copied
// it beside its records (at most the file's last 16 KiB are read); "" where there is none.
std::string stderrTailOf(const std::filesystem::path& records) {
  std::filesystem::path path = records;
  path.replace_extension(".err");
  std::ifstream in(path, std::ios::binary);
  if (!in) return {};
  in.seekg(0, std::ios::end);
  const std::streamoff size = in.tellg();
  const std::streamoff from = std::max<std::streamoff>(0, size - 16384);
  in.seekg(from);
  std::string text(static_cast<std::size_t>(size - from), '\0');
  in.read(text.data(), static_cast<std::streamsize>(text.size()));
  text.resize(static_cast<std::size_t>(std::max<std::streamsize>(0, in.gcount())));
  return printableText(lastLines(text, 40));
}

// Which image of its process a record file holds: proc-PID.jsonl 1, proc-PID.K.jsonl K (a process
// that replaced itself with os.exec* keeps its pid).
int imageOf(const std::string& file) {
  const std::size_t dot = file.find('.');
  const std::size_t last = file.rfind('.');
  if (dot == std::string::npos || dot == last) return 1;
  int k = 0;
  for (std::size_t i = dot + 1; i < last; ++i) {
    if (file[i] < '0' || file[i] > '9' || k > 100000) return 1;
    k = k * 10 + (file[i] - '0');
  }
  return k > 0 ? k : 1;
}

// The process's records: its file, then what its ring kept past the file's end (records not yet
// written when it was killed or called os._exit).
ProcessRecords readProcess(const std::filesystem::path& path) {
  ProcessRecords p;
  p.file = path.filename().string();
  std::ifstream file(path, std::ios::binary);
  if (!file) {
    p.problem = "cannot read " + p.file;
    return p;
  }
  std::string records((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
  std::filesystem::path ring = path;
  ring.replace_extension(".ring");
  std::uint64_t lost = 0;
  records += missingRecords(ring.string(), records.size(), lost);
  if (lost > 0) {
    p.problem = p.file + ": " + std::to_string(lost) +
                " bytes of records were lost (more than its ring holds)";
  }
  std::istringstream in(std::move(records));
  std::string line;
  std::int64_t number = 0;
  while (std::getline(in, line)) {
    ++number;
    if (line.empty()) continue;
    try {
      TraceEvent event = parseTraceRecord(line);
      if (const auto* rank = std::get_if<TraceRank>(&event)) {
        // torchrun's workers say their rank from the start, and the backend once they join.
        if (!p.rank) {
          p.rank = *rank;
        } else if (p.rank->rank == rank->rank) {
          if (rank->world > 0) p.rank->world = rank->world;
          if (!rank->backend.empty()) p.rank->backend = rank->backend;
          if (rank->localRank >= 0) p.rank->localRank = rank->localRank;
        }
        continue;
      }
      if (std::holds_alternative<TraceOp>(event)) ++p.ops;
      if (std::holds_alternative<TraceEnd>(event)) p.ended = true;
      if (const auto* start = std::get_if<TraceStart>(&event)) p.forked = start->forked;
      p.events.push_back(std::move(event));
    } catch (const Error& e) {
      p.problem = p.file + " line " + std::to_string(number) + ": " + e.message();
      break;
    }
  }
  return p;
}

TraceRunExit exitOf(const ProcessRecords& p, const TraceRunExit& script) {
  TraceRunExit e;
  e.timedOut = script.timedOut;
  e.cancelled = script.cancelled;
  const TraceEnd* end = nullptr;
  for (auto it = p.events.rbegin(); it != p.events.rend() && !end; ++it) {
    end = std::get_if<TraceEnd>(&*it);
  }
  if (end) {
    e.exited = true;
    e.code = end->status == "exit" ? end->exitCode : (end->status == "exception" ? 1 : 0);
  } else if (!e.timedOut && !e.cancelled) {
    e.problem = "its records end before the process did: it was killed or crashed";
  }
  if (!p.problem.empty()) e.problem = p.problem;
  e.stderrTail = p.stderrTail;
  return e;
}

TraceRunExit absent(int rank, int run, const TraceRunExit& script) {
  TraceRunExit e;
  e.timedOut = script.timedOut;
  e.cancelled = script.cancelled;
  e.problem = "rank " + std::to_string(rank) + " did not take part in run " + std::to_string(run);
  return e;
}

// One number for a collective's outputs: their digests in order (a missing one counts as 0).
std::uint64_t foldDigests(const std::vector<TraceTensor>& outputs) {
  std::uint64_t folded = 0xcbf29ce484222325ULL;
  for (const auto& t : outputs) {
    folded = (folded ^ t.digest.value_or(0)) * 0x100000001b3ULL;
    folded ^= folded >> 29;
  }
  return folded;
}

// What a process whose run is its one task, keyed `key`, is called where it owns a pool:
// "process 2" (a multiprocessing child), "command s1" (a command, its number's last part "s1" or
// "x1"); "" for any other key.
std::string processNameOf(const std::string& key) {
  if (key.size() <= kProcessTaskPrefix.size() || key.rfind(kProcessTaskPrefix, 0) != 0) return {};
  const std::string number = key.substr(kProcessTaskPrefix.size());
  const std::size_t last = number.rfind('.');
  const char first = number[last == std::string::npos ? 0 : last + 1];
  return (first == 's' || first == 'x' ? "command " : "process ") + number;
}

}  // namespace

bool isCollective(const std::string& opName) {
  return opName.rfind(kCollectivePrefix, 0) == 0;
}

std::int64_t TraceJobResult::comparedOps() const {
  std::int64_t n = pool ? pool->alignment.comparedOps() : 0;
  for (const auto& r : ranks) n += r.alignment.comparedOps();
  return n;
}

std::size_t TraceJobResult::causeCount() const {
  std::size_t n = pool ? pool->alignment.causes.size() : 0;
  for (const auto& r : ranks) n += r.alignment.causes.size();
  return n;
}

bool TraceJobResult::anyParting() const {
  return (pool && !pool->alignment.partings.empty()) ||
         std::any_of(ranks.begin(), ranks.end(),
                     [](const TraceRankResult& r) { return !r.alignment.partings.empty(); });
}

bool TraceJobResult::anyFailed() const {
  const auto failed = [](const TraceRankResult& r) {
    return std::any_of(
        r.alignment.runs.begin(), r.alignment.runs.end(),
        [](const TraceRunSummary& run) { return !run.completed() && !run.exit.cancelled; });
  };
  return std::any_of(ranks.begin(), ranks.end(), failed) || (pool && failed(*pool));
}

namespace {

bool rankAgrees(const TraceRankResult& r) {
  const auto& a = r.alignment;
  if (!a.causes.empty() || !r.inherited.empty() || !a.partings.empty() || a.causesTruncated ||
      a.otherThreadOps > 0 || !a.differingResults.empty()) {
    return false;
  }
  return std::all_of(a.runs.begin(), a.runs.end(), [](const TraceRunSummary& run) {
    return run.completed() && run.differing == 0;
  });
}

}  // namespace

bool TraceJobResult::agrees() const {
  if (unrankedOps > 0 || !problems.empty() || !fromPool.empty()) return false;
  if (pool) {
    // A pool's differences that reached no result are notes, as in the script.
    const auto& a = pool->alignment;
    if (!a.causes.empty() || !a.partings.empty() || a.causesTruncated || a.otherThreadOps > 0 ||
        !a.differingResults.empty() ||
        std::any_of(a.runs.begin(), a.runs.end(),
                    [](const TraceRunSummary& run) { return !run.completed(); })) {
      return false;
    }
  }
  return std::all_of(ranks.begin(), ranks.end(), rankAgrees);
}

const TraceRankResult* TraceJobResult::firstCause() const {
  const TraceRankResult* first = nullptr;
  for (const auto& r : ranks) {
    if (r.alignment.causes.empty()) continue;
    if (!first || r.alignment.causes.front().seq < first->alignment.causes.front().seq) first = &r;
  }
  if (!first && pool && !pool->alignment.causes.empty()) first = &*pool;
  return first;
}

struct TraceJobAligner::State {
  struct Rank {
    std::unique_ptr<TraceAligner> aligner = std::make_unique<TraceAligner>();
    int world = 0;
    std::string backend;
    std::vector<std::int64_t> pids;
    std::vector<std::int64_t> collectives;
    std::vector<std::string> collectiveNames;
    std::vector<std::uint64_t> collectiveDigests;
    std::vector<std::uint64_t> resultDigests;
  };
  std::map<int, Rank> ranks;
  PoolTaskStreams poolStreams;
  std::unique_ptr<TraceAligner> pool;  // made at the first run with a pool's worker
  std::int64_t poolWorkers = 0;
  int runs = 0;
  TraceJobResult totals;  // unranked processes and problems

  // Brings the rank's aligner up to `run - 1` runs, those it missed ended as absent.
  void catchUp(int rank, Rank& r, int run, const TraceRunExit& script) {
    while (static_cast<int>(r.aligner->result().runs.size()) < run - 1) {
      const int missed = static_cast<int>(r.aligner->result().runs.size()) + 1;
      r.aligner->beginRun();
      r.aligner->endRun(absent(rank, missed, script));
    }
  }
};

TraceJobAligner::TraceJobAligner() : state_(std::make_unique<State>()) {}
TraceJobAligner::~TraceJobAligner() = default;

void applyCommandExit(std::vector<TraceEvent>& events, int code) {
  TraceEnd* end = nullptr;
  for (auto it = events.rbegin(); it != events.rend() && !end; ++it) {
    end = std::get_if<TraceEnd>(&*it);
  }
  if (!end) {
    if (code == 0) return;  // its records were cut short, yet it exited well: as it was
    events.emplace_back(TraceEnd{});
    end = &std::get<TraceEnd>(events.back());
  }
  if (end->status == "exception" && code > 0) return;  // its own words say more
  end->status = code == 0 ? "ok" : "exit";
  end->exitCode = code;
  if (code != 0) {
    end->type.clear();
    end->message.clear();
  }
}

void TraceJobAligner::collectRun(int run, const std::string& dir, const TraceRunExit& scriptExit,
                                 const CommandExits& scriptSaid) {
  State& s = *state_;
  s.runs = run;
  std::vector<std::filesystem::path> files;
  std::error_code ec;
  for (const auto& entry : std::filesystem::directory_iterator(dir, ec)) {
    const std::string name = entry.path().filename().string();
    if (name.rfind("proc-", 0) == 0 && entry.path().extension() == ".jsonl") {
      files.push_back(entry.path());
    }
  }
  std::sort(files.begin(), files.end());
  std::int64_t unranked = 0, unrankedOps = 0;
  std::vector<int> seen;
  std::vector<ProcessRecords> workers;            // a process pool's
  std::vector<std::int64_t> parents;              // the process each worker works for
  std::map<std::int64_t, std::int64_t> parentOf;  // each traced process's parent, by pid
  // The processes the script (or a rank) started itself, by pid, those that ran no op too (a
  // command that only starts a pool): "process 2", "command s1" (their run is their one task,
  // keyed "process:2", "process:s1").
  std::map<std::int64_t, std::string> processNames;
  CommandExits said = scriptSaid;
  for (const auto& path : files) {
    ProcessRecords p = readProcess(path);
    p.stderrTail = stderrTailOf(path);
    std::int64_t pid = 0;
    for (const auto& event : p.events) {
      if (const auto* start = std::get_if<TraceStart>(&event)) {
        pid = start->pid;
        if (start->pid != 0) parentOf.emplace(start->pid, start->parentPid);
        break;
      }
    }
    for (const auto& event : p.events) {
      if (const auto* exited = std::get_if<TraceExited>(&event); exited && pid != 0) {
        said[{pid, exited->pid}] = exited->code;
      }
    }
    if (const std::string name = processNameOf(processTaskKey(p.events));
        pid != 0 && !name.empty()) {
      processNames[pid] = name;
    }
    if (!p.problem.empty() && s.totals.problems.size() < 20) {
      s.totals.problems.push_back("run " + std::to_string(run) + ": " + p.problem);
    }
    const bool taken = p.rank && std::find(seen.begin(), seen.end(), p.rank->rank) != seen.end();
    if (!p.rank && PoolTaskStreams::isWorker(p.events)) {
      // A worker whose tasks ran no torch op (a pool of plain Python work) has nothing to compare.
      if (p.ops > 0) {
        // The process it works for, as its tasks say (under forkserver its parent is the
        // server), else its parent.
        std::int64_t parent = 0, owner = 0;
        for (const auto& event : p.events) {
          if (const auto* start = std::get_if<TraceStart>(&event); start && parent == 0) {
            parent = start->parentPid;
          }
          if (const auto* task = std::get_if<TraceTask>(&event); task && task->owner != 0) {
            owner = task->owner;
            break;
          }
        }
        parents.push_back(owner != 0 ? owner : parent);
        for (const auto& event : p.events) {
          if (const auto* start = std::get_if<TraceStart>(&event); start && start->pid != 0) {
            parentOf[start->pid] = parents.back();
            break;
          }
        }
        workers.push_back(std::move(p));
      }
      continue;
    }
    if (!p.rank || taken) {
      if (p.ops > 0) {
        ++unranked;
        unrankedOps += p.ops;
      }
      continue;
    }
    const int rank = p.rank->rank;
    seen.push_back(rank);
    State::Rank& r = s.ranks[rank];
    s.catchUp(rank, r, run, scriptExit);
    if (p.rank->world > 0) r.world = p.rank->world;
    if (!p.rank->backend.empty()) r.backend = p.rank->backend;
    r.pids.resize(static_cast<std::size_t>(run), 0);
    r.aligner->beginRun();
    std::string problem;
    for (const auto& event : p.events) {
      if (const auto* start = std::get_if<TraceStart>(&event)) {
        r.pids.back() = start->pid;
      }
      // The main thread's collectives: another thread's are numbered apart and come in an
      // order that follows timing.
      if (const auto* op = std::get_if<TraceOp>(&event);
          op && run == 1 && op->thread == 0 && isCollective(op->name)) {
        r.collectives.push_back(op->seq);
        r.collectiveNames.push_back(op->name);
        r.collectiveDigests.push_back(foldDigests(op->outputs));
      }
      // What the rank took out of torch: a value handed to Python (item(): the tensor it read),
      // or tensors taken out without an op (numpy(), tolist(), torch.save).
      if (const auto* op = std::get_if<TraceOp>(&event);
          op && run == 1 && op->name == "aten::_local_scalar_dense" && !op->inputs.empty() &&
          op->inputs[0].digest) {
        r.resultDigests.push_back(*op->inputs[0].digest);
      }
      if (const auto* use = std::get_if<TraceUse>(&event); use && run == 1) {
        r.resultDigests.insert(r.resultDigests.end(), use->digests.begin(), use->digests.end());
      }
      try {
        r.aligner->add(event);
      } catch (const Error& e) {
        problem = p.file + ": " + e.message();
        break;
      }
    }
    TraceRunExit exit = exitOf(p, scriptExit);
    if (!problem.empty()) exit.problem = problem;
    r.aligner->endRun(exit);
  }
  for (auto& [rank, r] : s.ranks) {
    if (std::find(seen.begin(), seen.end(), rank) != seen.end()) continue;
    s.catchUp(rank, r, run, scriptExit);
    r.pids.resize(static_cast<std::size_t>(run), 0);
    r.aligner->beginRun();
    r.aligner->endRun(absent(rank, run, scriptExit));
  }
  // A command's parent's word on how it ended, given to its last image (one that replaced
  // itself with os.exec* keeps its pid: its images' files are proc-PID.jsonl, proc-PID.2.jsonl).
  std::map<std::pair<std::int64_t, std::int64_t>, std::pair<int, std::size_t>> lastImage;
  for (std::size_t i = 0; i < workers.size(); ++i) {
    for (const auto& event : workers[i].events) {
      const auto* start = std::get_if<TraceStart>(&event);
      if (!start) continue;
      const std::pair<std::int64_t, std::int64_t> key{start->parentPid, start->pid};
      const int image = imageOf(workers[i].file);
      if (said.count(key) && (!lastImage.count(key) || lastImage[key].first < image)) {
        lastImage[key] = {image, i};
      }
      break;
    }
  }
  for (const auto& [key, image] : lastImage) {
    applyCommandExit(workers[image.second].events, said.at(key));
  }
  // A command whose probe never began (it imported no torch) is named by its pool's workers.
  for (const auto& w : workers) {
    for (const auto& event : w.events) {
      const auto* task = std::get_if<TraceTask>(&event);
      if (!task || task->owner == 0 || task->ownerKey.empty()) continue;
      if (const std::string name = processNameOf(task->ownerKey); !name.empty()) {
        processNames.emplace(task->owner, name);
      }
      break;
    }
  }
  if (!workers.empty() || s.pool) {
    if (!s.pool) {
      s.pool = std::make_unique<TraceAligner>();
      for (int missed = 1; missed < run; ++missed) {
        s.pool->beginRun();
        s.pool->endRun(absent(kPoolRank, missed, scriptExit));
      }
    }
    std::vector<std::int64_t> workerPids;
    for (const auto& w : workers) {
      std::int64_t pid = 0;
      for (const auto& event : w.events) {
        if (const auto* start = std::get_if<TraceStart>(&event)) {
          pid = start->pid;
          break;
        }
      }
      workerPids.push_back(pid);
    }
    // Each worker works for the rank whose process it names in this run, or that started the
    // process it names (a process a rank started, which started a pool), else the script; and
    // within it, for the processes on the way there that the script or the rank started itself
    // ("rank 1, process 2"), so that the pools of two such processes are kept apart. (Such a
    // process's own number already says which process started it: "process 2.1".)
    const auto ownerOf = [&](std::int64_t pid, bool isProcess, PoolWorker& w) {
      std::string within;
      for (int up = 0; pid != 0 && up < 64; ++up) {
        for (const auto& [rank, r] : s.ranks) {
          if (r.pids.size() == static_cast<std::size_t>(run) && r.pids.back() == pid) {
            w.owner = rank;
            w.ownerName = "rank " + std::to_string(rank) + (within.empty() ? "" : ", " + within);
            return;
          }
        }
        if (const auto name = processNames.find(pid); !isProcess && name != processNames.end()) {
          within = name->second + (within.empty() ? "" : ", " + within);
        }
        const auto parent = parentOf.find(pid);
        if (parent == parentOf.end()) break;
        pid = parent->second;
      }
      w.ownerName = within;
    };
    std::vector<PoolWorker> records;
    for (std::size_t i = 0; i < workers.size(); ++i) {
      PoolWorker w{&workers[i].events, kScriptRank, {}};
      ownerOf(parents[i], processNames.count(workerPids[i]) > 0, w);
      records.push_back(std::move(w));
    }
    s.poolWorkers = std::max(s.poolWorkers, static_cast<std::int64_t>(workers.size()));
    s.pool->beginRun();
    TraceRunExit exit;
    try {
      for (const auto& event : s.poolStreams.merge(run, records)) s.pool->add(event);
      // A pool ends its workers with a signal: the pool's run is as complete as the script's,
      // unless one of the processes the script started failed (its end record says so).
      exit.exited = true;
      exit.timedOut = scriptExit.timedOut;
      exit.cancelled = scriptExit.cancelled;
      if (const auto& failed = s.poolStreams.failure()) {
        const TraceRunExit own = exitOf(workers[failed->worker], scriptExit);
        exit.code = std::max(own.code, 0);
        exit.exited = own.code >= 0;  // a negative code is the signal that ended it
        exit.signal = own.code < 0 ? -own.code : 0;
        exit.stderrTail = own.stderrTail;
        exit.process = failed->name;
      }
    } catch (const Error& e) {
      exit.problem = "the process pool's records: " + e.message();
    }
    s.pool->endRun(exit);
  }
  s.totals.unrankedProcesses = std::max(s.totals.unrankedProcesses, unranked);
  s.totals.unrankedOps = std::max(s.totals.unrankedOps, unrankedOps);
  std::filesystem::remove_all(dir, ec);
}

TraceJobResult TraceJobAligner::finish(TraceAlignment& script, int scriptRank,
                                       const std::vector<std::int64_t>& scriptCollectives) {
  State& s = *state_;
  TraceJobResult job;
  job.unrankedProcesses = s.totals.unrankedProcesses;
  job.unrankedOps = s.totals.unrankedOps;
  job.problems = s.totals.problems;
  if (s.pool) {
    TraceRankResult pool;
    pool.rank = kPoolRank;
    pool.alignment = s.pool->result();
    pool.alignment.otherThreadOps += s.poolStreams.leftOut();
    job.poolWorkers = s.poolWorkers;
    job.poolTasks = s.poolStreams.tasks();
    job.poolProcesses = s.poolStreams.processes();
    pool.taskOwners = s.poolStreams.owners(kScriptRank);
    if (std::all_of(pool.taskOwners.begin(), pool.taskOwners.end(),
                    [](int owner) { return owner == kScriptRank; })) {
      pool.taskOwners.clear();
    }
    linkPool(script, pool, job.fromPool);
    job.pool = std::move(pool);
  }
  for (auto& [rank, r] : s.ranks) {
    TraceRankResult out;
    out.rank = rank;
    out.world = r.world;
    out.backend = r.backend;
    out.pids = r.pids;
    out.pids.resize(static_cast<std::size_t>(s.runs), 0);
    out.collectives = r.collectives;
    out.collectiveNames = r.collectiveNames;
    out.collectiveDigests = r.collectiveDigests;
    out.resultDigests = r.resultDigests;
    out.alignment = r.aligner->result();
    job.ranks.push_back(std::move(out));
  }
  std::size_t scriptIndex = job.ranks.size();
  if (scriptRank >= 0 && !job.ranks.empty()) {
    const auto same = std::find_if(job.ranks.begin(), job.ranks.end(),
                                   [&](const TraceRankResult& r) { return r.rank == scriptRank; });
    if (same == job.ranks.end()) {
      TraceRankResult own;
      own.rank = scriptRank;
      own.scriptProcess = true;
      own.collectives = scriptCollectives;
      own.alignment = script;
      for (const auto& run : script.runs) own.pids.push_back(run.start ? run.start->pid : 0);
      const auto at =
          std::lower_bound(job.ranks.begin(), job.ranks.end(), scriptRank,
                           [](const TraceRankResult& r, int rank) { return r.rank < rank; });
      scriptIndex = static_cast<std::size_t>(at - job.ranks.begin());
      job.ranks.insert(at, std::move(own));
    }
  }
  if (job.pool) {
    for (auto& r : job.ranks) {
      if (!r.scriptProcess) linkPool(r.alignment, *job.pool, r.inherited, r.rank);
    }
  }
  linkRanks(job.ranks);
  job.disagreement = findDisagreement(job.ranks);
  if (scriptIndex < job.ranks.size()) {
    // The script's own alignment loses the causes that came from other ranks; its rank entry
    // keeps them as inherited.
    script = job.ranks[scriptIndex].alignment;
  }
  return job;
}

}  // namespace detbench::trace
