// The words trace reports and the command line use for causes, fixes and how runs ended.

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <string>
#include <vector>

#include "detbench/base/Utf8Text.hpp"
#include "detbench/trace/TraceReport.hpp"
#include "detbench/trace/TraceWords.hpp"

namespace detbench::trace {

PyTorchDefault traceRelease(const std::optional<PyTorchRelease>& given, const PythonCheck& python) {
  if (given) return {*given, "--pytorch " + toString(*given), python.torch};
  if (python.torch.empty()) {
    return {newestCatalogRelease(),
            "the traced PyTorch's release is unknown: the newest in the catalog, " +
                toString(newestCatalogRelease()),
            std::nullopt};
  }
  return chooseRelease(python.torch,
                       python.torchDir.empty() ? "the traced interpreter" : python.torchDir);
}

std::string describeCauseKind(CauseKind kind) {
  return std::string(causeKindText(kind));
}

std::string describeFix(TraceFix fix, const CauseExplanation& e) {
  std::string s(fixText(fix, TextSurface::CommandLine));
  if (fix == TraceFix::NoDeterministicForm && e.traits &&
      e.traits->traits(e.traitsClass).detbenchExtension) {
    s += extensionText(TextSurface::CommandLine);
  }
  return s;
}

std::string describeCategory(CauseCategory category) {
  return std::string(categorySentence(category));
}

std::string describeNote(const TraceCause& note) {
  // A number that came in (an argument) and that the op itself absorbed: its own outputs were
  // equal (a roll by another multiple of the length, a clamp above the values).
  const bool selfAbsorbed =
      note.absorbedBy && note.absorbedBy->seq == note.seq && note.absorbedBy->thread == note.thread;
  if (!note.arguments.empty() && selfAbsorbed) {
    return "took another number (" + describeArguments(note) +
           ") and gave equal bits: no result depends on it";
  }
  std::string s = "gave other bits in run";
  s += note.runs.size() == 1 ? " " : "s ";
  for (std::size_t i = 0; i < note.runs.size(); ++i) {
    s += (i ? ", " : "") + std::to_string(note.runs[i]);
  }
  if (note.absorbedBy) {
    s += "; op " + std::to_string(note.absorbedBy->seq) +
         (note.absorbedBy->thread == 0 ? ""
                                       : " on thread " + std::to_string(note.absorbedBy->thread)) +
         " " + note.absorbedBy->name;
    if (note.absorbedBy->site) s += " at " + describeSite(*note.absorbedBy->site);
    s += " read them and gave equal bits, and nothing else used them";
  } else {
    s += "; no op read them before they were overwritten or freed (a library's scratch "
         "memory, torch.empty memory an init overwrites)";
  }
  return s + ": no result depends on them";
}

std::string describeArguments(const TraceCause& cause) {
  std::string s;
  for (const auto& d : cause.arguments) {
    if (!s.empty()) s += "; ";
    s += d.name + " was " + (d.reference.empty() ? std::string("absent") : d.reference) +
         " in run 1 and " + (d.other.empty() ? std::string("absent") : d.other) + " in run " +
         std::to_string(d.run);
  }
  return s;
}

std::string describeOrigin(const TraceCause& cause) {
  if (cause.chosen) {
    return "given other tensors than in run 1: tensors this run made, equal to run 1's where they "
           "were made, that the script chose in another order or by another choice";
  }
  if (!cause.arguments.empty()) {
    return "came in as a number from outside any op: its tensors were equal in every run, an "
           "argument was not";
  }
  return describeCategory(cause.category);
}

std::string describeFinding(const TraceFinding& f, const CauseExplanation& e) {
  std::string kind = describeCauseKind(f.kind);
  kind = kind.substr(0, kind.find(':'));
  std::string s = kind + ": " + std::to_string(f.count) + (f.count == 1 ? " op" : " ops");
  if (f.firstSite) s += (f.count == 1 ? " at " : " from ") + describeSite(*f.firstSite);
  if (f.count > 1) s += " on";
  if (f.sites > 1) s += ", at " + std::to_string(f.sites) + " call sites";
  s += "; fix: " + describeFix(f.fix, e);
  if (!f.confirmWith.empty()) s += "; confirm with --configs " + f.confirmWith;
  return s;
}

std::string describeSite(const TraceSite& site) {
  const std::string name = std::filesystem::path(site.file).filename().string();
  return (name.empty() ? site.file : name) + ":" + std::to_string(site.line) + " (" +
         site.function + ")";
}

bool namesATask(std::string_view threadName) {
  constexpr std::string_view kTask = "task ", kProcess = "process ", kCommand = "command ",
                             kRank = "rank ";
  const auto startsWith = [](std::string_view s, std::string_view prefix) {
    return s.substr(0, prefix.size()) == prefix;
  };
  const auto task = [&](std::string_view s) {
    return startsWith(s, kTask) || startsWith(s, kProcess) || startsWith(s, kCommand);
  };
  if (task(threadName)) return true;
  if (!startsWith(threadName, kRank)) return false;
  const std::size_t comma = threadName.find(", ");
  if (comma == std::string_view::npos || comma == kRank.size() ||
      threadName.find_first_not_of("0123456789", kRank.size()) != comma) {
    return false;
  }
  const std::string_view rest = threadName.substr(comma + 2);
  return task(rest);
}

std::string describeOpNumber(const TraceAlignment& a, int thread, std::int64_t seq) {
  std::string s = "op " + std::to_string(seq);
  if (thread == 0) return s;
  const std::string name = a.threadName(thread);
  // A task (a pool's, asyncio's) is named by its own number: "op 5 of task 2: work".
  if (namesATask(name)) return s + " of " + name;
  s += " on thread " + std::to_string(thread);
  if (!name.empty()) s += " (" + name + ")";
  return s;
}

std::string describeResultDifference(const TraceAlignment& a, const TraceResultDifference& d) {
  std::string s = "what the script took out with " + d.what;
  if (d.site) s += " at " + describeSite(*d.site);
  s += " in run " + std::to_string(d.run);
  if (d.seq > 0) s += " (after " + describeOpNumber(a, d.thread, d.seq) + ")";
  s += " differs from run 1's, and no difference the trace followed reaches it";
  if (d.suspects.empty()) {
    return s +
           ": the script took out other tensors than in run 1 (chosen in Python: an order, a "
           "set's order, a choice that depends on the run) or memory that no op wrote";
  }
  s += ": it may come through memory the digests cannot follow (a view taken before a write, a "
       "NumPy array over a tensor's memory) from ";
  for (std::size_t i = 0; i < d.suspects.size(); ++i) {
    s += (i ? ", " : "") + describeOpNumber(a, d.suspects[i].first, d.suspects[i].second);
  }
  return s + (d.suspects.size() == 1 ? ", counted as a cause" : ", counted as causes");
}

std::string describeParting(const TraceParting& p) {
  const std::string at = "op " + std::to_string(p.seq) +
                         (p.thread == 0 ? "" : " on thread " + std::to_string(p.thread));
  const auto where = [](const std::optional<TraceSite>& s) {
    return s ? " at " + describeSite(*s) : std::string();
  };
  switch (p.kind) {
    case PartingKind::DifferentOp:
      return "run " + std::to_string(p.run) + " ran " + p.other + where(p.otherSite) +
             " where run 1 ran " + p.reference + where(p.referenceSite) + " (" + at +
             "): the op sequences part there (control flow on data?); the alignment stops";
    case PartingKind::DifferentTensors:
      return "run " + std::to_string(p.run) + " ran " + p.other +
             " with other tensors than run 1 (" + at + "): the alignment stops there";
    case PartingKind::ReferenceEnded:
      return "run 1 ended before " + at + "; run " + std::to_string(p.run) + " went on (" +
             p.other + where(p.otherSite) + ")";
    case PartingKind::RunEnded:
      return "run " + std::to_string(p.run) + " ended before " + at + ", which run 1 ran (" +
             p.reference + where(p.referenceSite) + ")";
  }
  return "?";
}

namespace {

// Runs that agree read such files harmlessly unless run 1 did too: then none started without
// them, and the agreement is of runs that start from what an earlier run left.
std::optional<EarlierFilesFinding> earlierFilesIn(const TraceAlignment& a, bool agree) {
  if (agree && (a.runs.empty() || a.runs.front().earlierFiles.empty())) return std::nullopt;
  EarlierFilesFinding f;
  f.alignment = &a;
  f.agree = agree;
  for (const auto& r : a.runs) {
    if (r.earlierFiles.empty()) continue;
    if (!f.first) {
      f.first = &r.earlierFiles.front();
      f.firstRun = r.run;
    }
    f.runs.push_back(r.run);
    f.files = std::max(f.files, r.earlierFiles.size());
  }
  if (!f.first) return std::nullopt;
  return f;
}

}  // namespace

std::optional<EarlierFilesFinding> findEarlierFiles(const TraceConfigResult& c) {
  const bool agree = c.reproducible();
  if (auto f = earlierFilesIn(c.alignment, agree)) return f;
  for (const auto& r : c.job.ranks) {
    if (auto f = earlierFilesIn(r.alignment, agree)) {
      f->rank = r.rank;
      return f;
    }
  }
  if (c.job.pool) {
    if (auto f = earlierFilesIn(c.job.pool->alignment, agree)) {
      f->rank = kPoolRank;
      return f;
    }
  }
  return std::nullopt;
}

std::string describeEarlierFiles(const TraceConfigResult& c) {
  const std::optional<EarlierFilesFinding> found = findEarlierFiles(c);
  if (!found) return {};
  const EarlierFilesFinding& f = *found;
  std::string s;
  if (f.rank) {
    s = (*f.rank == kPoolRank ? describePoolName(c.job) : "rank " + std::to_string(*f.rank)) + ": ";
  }
  s += f.runs.size() == 1 ? "run " : "runs ";
  for (std::size_t i = 0; i < f.runs.size(); ++i) {
    s += (i == 0 ? "" : i + 1 == f.runs.size() ? " and " : ", ") + std::to_string(f.runs[i]);
  }
  s += " read " + f.first->path;
  if (f.first->site) s += " at " + describeSite(*f.first->site);
  s += f.first->seq > 0
           ? " (after " + describeOpNumber(*f.alignment, f.first->thread, f.first->seq) + ")"
           : " (before any op)";
  if (f.files > 1) {
    s += " and " + std::to_string(f.files - 1) + (f.files == 2 ? " other file" : " other files");
  }
  s += f.files > 1 ? ", written" : ", a file written";
  s += " after the trace began and before run " + std::to_string(f.firstRun) +
       " did: what an earlier run left. ";
  const std::string them = f.files > 1 ? "them" : "it";
  if (f.agree) {
    return s + "The runs agree starting from " + them + "; runs without " + them +
           " were not compared: remove " + (f.files > 1 ? "such files" : "it") +
           " before tracing to compare runs from the start";
  }
  s += "Runs that start from what another run left do not start alike, however they are seeded: "
       "remove ";
  s += f.files > 1 ? "such files" : "it";
  return s + " before each run, or keep the script from reading " + them + " while it is traced";
}

std::string exceptionGist(const std::string& message) {
  std::vector<std::string> lines;
  for (std::size_t at = 0; at <= message.size();) {
    const std::size_t end = std::min(message.find('\n', at), message.size());
    std::string line = message.substr(at, end - at);
    while (!line.empty() && (line.back() == '\r' || line.back() == ' ')) line.pop_back();
    lines.push_back(std::move(line));
    at = end + 1;
  }
  const auto traceback = std::find_if(lines.begin(), lines.end(), [](const std::string& l) {
    return l.find("Traceback (most recent call last):") != std::string::npos;
  });
  if (traceback == lines.end()) return printableText(message, /*oneLine=*/true);
  std::string head;
  for (auto it = lines.begin(); it != traceback; ++it) {
    std::string l = *it;
    l.erase(0, l.find_first_not_of(" -"));
    if (l.empty()) continue;
    if (!head.empty()) head += ' ';
    head += l;
  }
  std::string last;
  bool inInit = false;
  for (auto it = traceback; it != lines.end(); ++it) {
    if (it->find_first_not_of(' ') != std::string::npos) last = *it;
    inInit = inInit || it->find("init_process_group") != std::string::npos;
  }
  last.erase(0, last.find_first_not_of(' '));
  std::string lower = last;
  std::transform(lower.begin(), lower.end(), lower.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  std::string gist = head.empty() ? last : head + " " + last;
  if (inInit && (lower.find("timeout") != std::string::npos ||
                 lower.find("timed out") != std::string::npos)) {
    gist += " (in init_process_group: the job's ranks did not all meet before its timeout)";
  }
  return printableText(gist, /*oneLine=*/true);
}

namespace {

// What to do about a failure the standard error names as a known one of the launcher's.
std::string launcherHint(const TraceRunExit& e) {
  // PyTorch 1.13's torchrun under Python 3.11, where iterating an IntFlag leaves out its zero:
  // Std.from_str("0"), the default of --redirects and --tee, gives None.
  const bool elastic =
      e.stderrTail.find("torch/distributed/elastic/multiprocessing/") != std::string::npos;
  if (elastic && (e.stderrTail.find("in to_map") != std::string::npos ||
                  e.stderrTail.find("redirect_std | tee_std") != std::string::npos)) {
    return " (PyTorch 1.13's torchrun under Python 3.11 reads its --redirects and --tee "
           "defaults as None: give it --redirects 1 --tee 1, or start the ranks with "
           "torch.multiprocessing.spawn)";
  }
  return {};
}

}  // namespace

std::string describeRunEnd(const TraceRunSummary& run) {
  const TraceRunExit& e = run.exit;
  // Where the script was when it was stopped (the user's frame the interrupt came in).
  const std::string at = run.end && run.end->where ? " in " + describeSite(*run.end->where) : "";
  if (e.cancelled) return "stopped (cancelled)" + at;
  if (e.timedOut) return "stopped at the timeout" + at;
  if (!e.problem.empty()) return "stopped: " + e.problem;
  if (run.fatal) return "the probe could not start: " + run.fatal->detail;
  if (run.completed()) return "completed";
  if (!e.exited) {
    return (e.process.empty() ? std::string() : "failed in " + e.process + ", which was ") +
           "killed by signal " + std::to_string(e.signal);
  }
  std::string s = (e.process.empty() ? std::string() : "failed in " + e.process + ", which ") +
                  "exited with " + std::to_string(e.code);
  if (run.end && run.end->status == "exception") {
    s += ": " + run.end->type;
    if (!run.end->message.empty()) s += ": " + exceptionGist(run.end->message);
  } else if (!run.end) {
    s += " without the probe's last record";
  }
  return s + launcherHint(e);
}

std::string describeVerdict(const TraceConfigResult& c) {
  const TraceVerdict v = traceVerdict(c);
  const auto causes = [&v] {
    return std::to_string(v.causes) + (v.causes == 1 ? " cause" : " causes") +
           (v.causesTruncated ? " or more" : "");
  };
  switch (v.kind) {
    case VerdictKind::RaisedInDeterministicMode:
      return "raised in deterministic mode";
    case VerdictKind::Cancelled:
      return "cancelled";
    case VerdictKind::TimeoutOneRun:
      return "stopped at the timeout; one run: nothing to compare";
    case VerdictKind::AgreeUntilTimeout:
      return "the runs agree over the first " + std::to_string(v.compared) +
             " ops compared; stopped at the timeout";
    case VerdictKind::TimeoutNothingCompared:
      return "stopped at the timeout; nothing compared";
    case VerdictKind::DifferUntilTimeout:
      return (v.causes > 0 ? "the runs differ: " + causes() : "the runs differ in a result") +
             " (up to the timeout)";
    case VerdictKind::PartUntilTimeout:
      return "the op sequences part (up to the timeout)";
    case VerdictKind::ScriptFailed:
      return "the script failed";
    case VerdictKind::ProcessFailed:
      return "a process the script started failed";
    case VerdictKind::OneRun:
      return "one run: nothing to compare";
    case VerdictKind::NothingCompared:
      return "nothing compared: no op of the runs after the first was digested";
    case VerdictKind::NotAllCompared:
      return "not all compared: " + std::to_string(v.otherThreadOps) +
             " ops ran in processes that were neither multiprocessing's nor commands (a bare "
             "os.fork's child) and joined no process group (or on threads the probe did not "
             "record), which the trace does not compare";
    case VerdictKind::Agree: {
      std::string s = "the runs agree (" + std::to_string(v.runs) + " runs, " +
                      std::to_string(v.compared) + " ops compared)";
      if (v.notes > 0) {
        s += " in every result; " + std::to_string(v.notes) +
             (v.notes == 1 ? " op gave" : " ops gave") + " other bits that no result uses (notes)";
      }
      if (findEarlierFiles(c)) s += ", each run starting from a file an earlier run left";
      return s;
    }
    case VerdictKind::Differ:
      if (v.causes > 0) return "the runs differ: " + causes();
      return v.differingResults > 0 ? "the runs differ in a result" : "the runs differ";
    case VerdictKind::SequencesPart:
      return "the op sequences part";
  }
  return "?";
}

std::string describeRank(const TraceRankResult& r) {
  const RankVerdict v = rankVerdict(r);
  switch (v.kind) {
    case RankVerdictKind::RunEnded:
      return "run " + std::to_string(v.endedRun->run) + " " + describeRunEnd(*v.endedRun);
    case RankVerdictKind::FirstCause: {
      const TraceCause& c = *v.cause;
      std::string s =
          "first cause: " + c.op.name + " (" + describeOpNumber(r.alignment, c.thread, c.seq) + ")";
      if (c.site) s += " at " + describeSite(*c.site);
      if (isCollective(c.op.name) && c.category == CauseCategory::Introduced) {
        s += ", its inputs equal on every rank";
      }
      return s;
    }
    case RankVerdictKind::Inherited:
      return "inherited from " +
             (v.inherited->fromRank == kScriptRank ? std::string("the script's process")
              : v.inherited->fromRank == kPoolRank
                  ? std::string("the process pool")
                  : "rank " + std::to_string(v.inherited->fromRank)) +
             " at " + v.inherited->op + " (" +
             describeOpNumber(r.alignment, v.inherited->thread, v.inherited->seq) + ")";
    case RankVerdictKind::Parted:
      return describeParting(*v.parting);
    case RankVerdictKind::OneRun:
      return "one run";
    case RankVerdictKind::NothingCompared:
      return "nothing compared";
    case RankVerdictKind::Agrees:
      return "agrees (" + std::to_string(v.compared) + " ops compared)";
  }
  return "?";
}

std::string describeRankName(const TraceRankResult& rank) {
  return rank.rank == kPoolRank ? "the process pool" : "rank " + std::to_string(rank.rank);
}

std::string describePoolName(const TraceJobResult& job) {
  if (job.poolProcesses == 0) return "the process pool";
  return job.poolIsProcesses() ? "the script's processes"
                               : "the process pool and the script's processes";
}

std::string describePool(const TraceJobResult& job) {
  std::string s;
  if (job.poolIsProcesses()) {
    s = "the script's processes: " + std::to_string(job.poolProcesses) +
        (job.poolProcesses == 1 ? ", against" : ", each against") + " the same process of run 1";
  } else {
    s = "process pool: " + std::to_string(job.poolWorkers) +
        (job.poolWorkers == 1 ? " worker, " : " workers, ") + std::to_string(job.poolTasks) +
        (job.poolTasks == 1 ? " task" : " tasks") +
        (job.poolProcesses > 0
             ? " (" + std::to_string(job.poolProcesses) + " of them processes the script started)"
             : std::string()) +
        ", each against the same task of run 1";
  }
  if (job.pool) s += ": " + describeRank(*job.pool);
  return s;
}

std::string describeFromPool(const TraceAlignment& script, const RankInheritance& taken) {
  return "the script's " + describeOpNumber(script, taken.thread, taken.seq) + " " + taken.op +
         " took the difference from the process pool's tasks (a worker's result): not a cause "
         "there";
}

std::string describeDisagreement(const RankDisagreement& d) {
  std::string ranks;
  for (const int r : d.ranks) ranks += (ranks.empty() ? "" : ", ") + std::to_string(r);
  return "ranks that should agree do not: collective " + std::to_string(d.collective) + " (" +
         d.op + ") gave " + (d.ranks.size() == 1 ? "rank " : "ranks ") + ranks +
         " other bits than rank " + std::to_string(d.reference) + " (run 1)";
}

}  // namespace detbench::trace
