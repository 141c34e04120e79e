#include "detbench/trace/TracePoolTasks.hpp"

#include <algorithm>
#include <string_view>
#include <tuple>
#include <utility>

namespace detbench::trace {

namespace {

// The worker's name as its first task record gives it ("" where it marked none).
std::string workerName(const std::vector<TraceEvent>& records) {
  for (const auto& event : records) {
    if (const auto* task = std::get_if<TraceTask>(&event); task && !task->key.empty()) {
      return task->worker;
    }
  }
  return {};
}

// Keys in the order a reader counts: numbers by value ("pool:0.10" after "pool:0.9").
bool naturalLess(const std::string& a, const std::string& b) {
  std::size_t i = 0, j = 0;
  const auto digit = [](char c) { return c >= '0' && c <= '9'; };
  while (i < a.size() && j < b.size()) {
    if (digit(a[i]) && digit(b[j])) {
      std::size_t ei = i, ej = j;
      while (ei < a.size() && digit(a[ei])) ++ei;
      while (ej < b.size() && digit(b[ej])) ++ej;
      const std::string_view x = std::string_view(a).substr(i, ei - i);
      const std::string_view y = std::string_view(b).substr(j, ej - j);
      const std::string_view xs = x.substr(std::min(x.find_first_not_of('0'), x.size()));
      const std::string_view ys = y.substr(std::min(y.find_first_not_of('0'), y.size()));
      if (xs.size() != ys.size()) return xs.size() < ys.size();
      if (xs != ys) return xs < ys;
      i = ei;
      j = ej;
    } else {
      if (a[i] != b[j]) return a[i] < b[j];
      ++i;
      ++j;
    }
  }
  return a.size() - i < b.size() - j;
}

// The threads a worker started, each keyed and named after the task that started it (or the
// worker's setup, before its first task): the n-th thread a task started, in the order the
// worker numbered them, is "<task key>/thread n" in every run, whichever worker ran the task and
// however many threads that worker had started before. A thread belongs to the task during which
// its first record came.
template <typename Within>
std::map<int, std::pair<std::string, std::string>> threadLanes(const PoolWorker& w,
                                                               const std::string& setupKey,
                                                               const std::string& setupLabel,
                                                               const Within& within) {
  struct Started {
    std::string label;
    std::vector<std::pair<int, std::string>> threads;  // (the worker's number, Python's name)
  };
  std::map<std::string, Started> byTask;
  std::string key = setupKey, label = setupLabel;
  for (const auto& event : *w.records) {
    if (const auto* task = std::get_if<TraceTask>(&event)) {
      key = task->key.empty() ? setupKey : within(w, task->key, "/");
      label = task->key.empty() ? setupLabel : within(w, task->label, ", ");
    } else if (const auto* thread = std::get_if<TraceThread>(&event); thread && thread->thread) {
      Started& started = byTask[key];
      started.label = label;
      started.threads.emplace_back(thread->thread, thread->name);
    }
  }
  std::map<int, std::pair<std::string, std::string>> out;
  for (auto& [task, started] : byTask) {
    std::sort(started.threads.begin(), started.threads.end());
    for (std::size_t i = 0; i < started.threads.size(); ++i) {
      const auto& [number, name] = started.threads[i];
      const std::string n = std::to_string(i + 1);
      out.try_emplace(number, task + "/thread " + n,
                      started.label + ", thread " + n + (name.empty() ? "" : ": " + name));
    }
  }
  return out;
}

// Each generator's states over the processes, in their keys' order, joined: its start states and
// its end states, each after the key of the process that reported it.
template <typename Ends>
std::vector<std::pair<std::string, std::pair<std::string, std::string>>> foldGenerators(
    const Ends& ends) {
  std::map<std::string, std::pair<std::string, std::string>> folded;
  for (const auto& [key, end] : ends) {
    for (const auto& [name, states] : end->generators) {
      auto& [first, last] = folded[name];
      first += key + "=" + states.first + ";";
      last += key + "=" + states.second + ";";
    }
  }
  return {folded.begin(), folded.end()};
}

}  // namespace

std::string processTaskKey(const std::vector<TraceEvent>& records) {
  std::string key;
  for (const auto& event : records) {
    const auto* task = std::get_if<TraceTask>(&event);
    if (!task || task->key.empty()) continue;
    if (!key.empty() || task->key.rfind(kProcessTaskPrefix, 0) != 0) return {};
    key = task->key;
  }
  return key;
}

bool PoolTaskStreams::isWorker(const std::vector<TraceEvent>& records) {
  return std::any_of(records.begin(), records.end(), [](const TraceEvent& e) {
    const auto* task = std::get_if<TraceTask>(&e);
    return task && !task->key.empty();
  });
}

std::vector<int> PoolTaskStreams::owners(int unowned) const {
  std::vector<int> out(lanes_.size(), unowned);
  for (const auto& [lane, owner] : owners_) {
    if (lane >= 1 && static_cast<std::size_t>(lane) <= out.size()) {
      out[static_cast<std::size_t>(lane) - 1] = owner;
    }
  }
  return out;
}

std::vector<TraceEvent> PoolTaskStreams::merge(int run, const std::vector<PoolWorker>& workers) {
  std::vector<TraceEvent> out;
  TraceStart start;
  for (const auto& worker : workers) {
    for (const auto& event : *worker.records) {
      if (const auto* s = std::get_if<TraceStart>(&event)) {
        start = *s;
        break;
      }
    }
    if (start.protocol != 0) break;
  }
  start.run = run;
  start.pid = 0;
  out.emplace_back(start);

  // The sites of every worker as one table of this run's, by what they name.
  std::map<std::tuple<std::string, std::int64_t, std::string>, int> sites;
  std::map<int, std::int64_t> lastSeq;  // thread -> its last op's number in this run
  std::vector<bool> named;              // threads whose name this run has sent
  std::int64_t ops = 0;
  const auto laneOf = [&](const std::string& key, const std::string& label, bool task) {
    auto [it, added] = lanes_.try_emplace(key, static_cast<int>(lanes_.size()) + 1);
    if (added && task) ++tasks_;
    const int lane = it->second;
    if (lane > kMaxScriptThreads) return 0;
    if (named.size() <= static_cast<std::size_t>(lane)) {
      named.resize(static_cast<std::size_t>(lane) + 1, false);
    }
    if (!named[static_cast<std::size_t>(lane)]) {
      named[static_cast<std::size_t>(lane)] = true;
      out.emplace_back(TraceThread{lane, label});
    }
    return lane;
  };
  // The tasks first seen in this run are numbered in their keys' order (after the tasks of the
  // runs before), whichever worker took them first.
  // A key or a name within the owner's: "rank 1/pool:0.3", "rank 1, task 0.3: work".
  const auto within = [](const PoolWorker& w, const std::string& text, const char* between) {
    return w.ownerName.empty() ? text : w.ownerName + between + text;
  };
  std::vector<std::string> fresh;
  for (const auto& worker : workers) {
    for (const auto& event : *worker.records) {
      const auto* task = std::get_if<TraceTask>(&event);
      if (!task || task->key.empty()) continue;
      const std::string key = within(worker, task->key, "/");
      if (task->key.rfind(kProcessTaskPrefix, 0) == 0) processKeys_.insert(key);
      if (!lanes_.count(key)) fresh.push_back(key);
    }
  }
  std::sort(fresh.begin(), fresh.end(), naturalLess);
  fresh.erase(std::unique(fresh.begin(), fresh.end()), fresh.end());
  for (const auto& key : fresh) {
    lanes_.emplace(key, static_cast<int>(lanes_.size()) + 1);
    ++tasks_;
  }
  // The generators of the processes whose run is their one task, by that task's key: folded
  // into the stream's end in the keys' order, so that a generator one of them drew from without
  // a seed is told apart over the runs as the script's are.
  std::map<std::string, const TraceEnd*> processEnds;
  std::map<std::string, Failure> processNames;  // by key: the process's name and index
  for (std::size_t index = 0; index < workers.size(); ++index) {
    const PoolWorker& w = workers[index];
    const std::string worker = workerName(*w.records);
    const std::string setupKey = within(w, "before its tasks: " + worker, "/");
    const std::string setupLabel = within(w, worker + ", before its first task", ", ");
    const auto threads = threadLanes(w, setupKey, setupLabel, within);
    std::map<int, int> siteIds;  // this process's site id -> the stream's
    int lane = -1;               // -1: before or between tasks (the worker's own lane)
    std::string taskLabel;       // its last task's name
    // The lane of the worker's thread `thread`: its task's (0 for the main thread) or that of
    // the thread a task started.
    const auto current = [&](int thread) {
      int to = 0;
      if (thread != 0) {
        const auto it = threads.find(thread);
        if (it != threads.end()) to = laneOf(it->second.first, it->second.second, false);
      } else {
        to = lane >= 0 ? lane : laneOf(setupKey, setupLabel, false);
      }
      if (to > 0) owners_[to] = w.owner;
      return to;
    };
    for (const auto& event : *w.records) {
      if (const auto* site = std::get_if<TraceSite>(&event)) {
        const auto key = std::make_tuple(site->file, site->line, site->function);
        auto [it, added] = sites.try_emplace(key, static_cast<int>(sites.size()) + 1);
        if (added) {
          TraceSite renumbered = *site;
          renumbered.id = it->second;
          out.emplace_back(std::move(renumbered));
        }
        siteIds[site->id] = it->second;
      } else if (const auto* task = std::get_if<TraceTask>(&event)) {
        if (!task->key.empty()) taskLabel = within(w, task->label, ", ");
        lane = task->key.empty()
                   ? -1
                   : laneOf(within(w, task->key, "/"), within(w, task->label, ", "), true);
        if (lane > 0) owners_[lane] = w.owner;
      } else if (const auto* op = std::get_if<TraceOp>(&event)) {
        const int to = current(op->thread);
        if (to == 0) {
          ++leftOut_;
          continue;
        }
        TraceOp moved = *op;
        moved.thread = to;
        moved.seq = ++lastSeq[to];
        const auto id = siteIds.find(op->site);
        moved.site = id == siteIds.end() ? 0 : id->second;
        ++ops;
        out.emplace_back(std::move(moved));
      } else if (const auto* raised = std::get_if<TraceRaise>(&event)) {
        TraceRaise moved = *raised;
        moved.thread = current(raised->thread);
        moved.seq = lastSeq[moved.thread];
        const auto id = siteIds.find(raised->site);
        moved.site = id == siteIds.end() ? 0 : id->second;
        if (moved.thread != 0) out.emplace_back(std::move(moved));
      } else if (const auto* use = std::get_if<TraceUse>(&event)) {
        TraceUse moved = *use;
        moved.thread = current(use->thread);
        moved.seq = lastSeq[moved.thread];
        const auto id = siteIds.find(use->site);
        moved.site = id == siteIds.end() ? 0 : id->second;
        if (moved.thread != 0) out.emplace_back(std::move(moved));
      } else if (const auto* ended = std::get_if<TraceEnd>(&event)) {
        const std::string key = processTaskKey(*w.records);
        if (key.empty()) continue;
        // The last end record counts (an exec that failed leaves the process recording on).
        const std::string keyWithin = within(w, key, "/");
        processEnds[keyWithin] = ended;
        processNames[keyWithin] = Failure{taskLabel.empty() ? keyWithin : taskLabel, index};
      }
    }
  }
  // The first process in its key's order that failed.
  failure_.reset();
  std::string failedKey;
  const TraceEnd* failedEnd = nullptr;
  for (const auto& [key, ended] : processEnds) {
    const bool failed =
        ended->status == "exception" || (ended->status == "exit" && ended->exitCode != 0);
    if (failed && (!failedEnd || naturalLess(key, failedKey))) {
      failedKey = key;
      failedEnd = ended;
      failure_ = processNames[key];
    }
  }
  TraceEnd end;
  if (failedEnd) {
    end.status = failedEnd->status;
    end.exitCode = failedEnd->exitCode;
    end.type = failedEnd->type;
    end.message = failedEnd->message;
  } else {
    end.status = "ok";
  }
  end.ops = ops;
  end.generators = foldGenerators(processEnds);
  out.emplace_back(std::move(end));
  return out;
}

}  // namespace detbench::trace
