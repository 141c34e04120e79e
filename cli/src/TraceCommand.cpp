// `detbench trace`: a Python script run several times under the probe, its runs aligned op by
// op, the first ops whose outputs differ named with their call sites, the catalog's why and fix.

#include <signal.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <chrono>
#include <filesystem>
#include <map>
#include <thread>

#include "Commands.hpp"
#include "ExitCodes.hpp"
#include "Interrupt.hpp"
#include "OutputOptions.hpp"
#include "ReleaseOption.hpp"
#include "TraceOptions.hpp"
#include "TraceSlurm.hpp"
#include "TraceThroughHost.hpp"
#include "detbench/base/Error.hpp"
#include "detbench/base/Utf8Text.hpp"
#include "detbench/io/OutputFiles.hpp"
#include "detbench/report/Format.hpp"
#include "detbench/trace/ScriptProcess.hpp"
#include "detbench/trace/TraceReport.hpp"
#include "detbench/trace/TraceWorldSizes.hpp"

namespace detbench::cli {

namespace {

using namespace trace;
namespace fs = std::filesystem;

std::string stemOf(const ScriptCommand& c) {
  std::string stem = c.module ? c.target : fs::path(c.target).stem().string();
  for (auto& ch : stem) {
    if (!std::isalnum(static_cast<unsigned char>(ch)) && ch != '-' && ch != '_') ch = '_';
  }
  return stem.empty() ? std::string("script") : stem;
}

// One line on stderr, redrawn: which configuration and run, the ops so far and how fast; from
// the second run on (the first run's count known), the percentage and the time left.
class TraceProgress {
 public:
  TraceProgress(std::ostream& err, bool enabled) : err_(err), enabled_(enabled) {}
  ~TraceProgress() { clear(); }
  void start(const std::string& label, std::int64_t expected) {
    label_ = label;
    expected_ = expected;
    started_ = std::chrono::steady_clock::now();
    draw(0, true);
  }
  void draw(std::int64_t ops, bool force = false) {
    if (!enabled_) return;
    const auto now = std::chrono::steady_clock::now();
    if (!force && now - last_ < std::chrono::milliseconds(100)) return;
    last_ = now;
    const double seconds = std::chrono::duration<double>(now - started_).count();
    err_ << "\r\033[2K" << label_ << ": " << ops << " ops";
    if (expected_ > 0) {
      const std::int64_t shown = std::min(ops, expected_);
      err_ << " of " << expected_ << " (" << (100 * shown / expected_) << "%)";
    }
    if (seconds > 0.5 && ops > 0) {
      const double rate = static_cast<double>(ops) / seconds;
      err_ << ", " << static_cast<std::int64_t>(rate) << " ops/s";
      if (expected_ > ops) {
        err_ << ", about " << static_cast<std::int64_t>(static_cast<double>(expected_ - ops) / rate)
             << " s left";
      }
    }
    err_ << std::flush;
    drawn_ = true;
  }
  void clear() {
    if (enabled_ && drawn_) err_ << "\r\033[2K" << std::flush;
    drawn_ = false;
  }

 private:
  std::ostream& err_;
  bool enabled_;
  bool drawn_ = false;
  std::string label_;
  std::int64_t expected_ = 0;
  std::chrono::steady_clock::time_point started_{}, last_{};
};

std::string runsText(const std::vector<int>& runs) {
  std::string s;
  for (const int r : runs) s += (s.empty() ? "" : ", ") + std::to_string(r);
  return (runs.size() == 1 ? "run " : "runs ") + s;
}

// `differences`: the second pass's (null where it did not run for these causes).
void printCause(std::ostream& out, const TraceAlignment& a,
                const std::map<CauseId, CauseDifference>* differences, const TraceCause& cause,
                PyTorchRelease release, const std::string& heading = "First cause") {
  const CauseExplanation e = explainCause(cause, release, a.unseededGenerators);
  out << "  " << heading << ": " << describeOpNumber(a, cause.thread, cause.seq) << " "
      << cause.op.name;
  if (cause.site) out << " at " << describeSite(*cause.site);
  out << " (" << runsText(cause.runs) << ")\n";
  out << "    " << describeOrigin(cause) << "\n";
  out << "    why: " << describeCauseKind(e.kind) << "\n";
  if (!cause.arguments.empty()) {
    out << "    arguments: " << printableText(describeArguments(cause), true) << "\n";
  }
  if (cause.kernels) {
    out << "    inside: " << printableText(describeKernels(*cause.kernels), true) << "\n";
  }
  const CauseDifference* measured = nullptr;
  if (differences) {
    if (const auto it = differences->find(causeId(cause)); it != differences->end()) {
      measured = &it->second;
    }
  }
  if (measured) {
    const CauseDifference& d = *measured;
    if (d.measured) {
      out << "    how much: " << d.diff.nDiff << " of " << d.diff.elements
          << " elements differ, max |diff| " << formatFloat(d.diff.maxAbsDiff) << ", max "
          << d.diff.maxUlp << " ULP (second pass, run " << d.run << " against run 1)\n";
    } else {
      out << "    how much: not measured (" << d.note << ")\n";
    }
  }
  if (e.traits && e.match) {
    out << "    catalog: " << e.match->op << ", deterministic mode "
        << describe(e.traits->traits(e.traitsClass).errorMode) << " ("
        << (e.traitsClass == TraitsClass::Cuda ? "CUDA" : "CPU") << ", PyTorch "
        << toString(release) << ")\n";
  }
  if (e.compiled) {
    out << "    catalog: compiled code, PyTorch " << toString(release) << ": " << e.compiled->note
        << "\n";
  }
  out << "    fix: " << describeFix(e.fix, e) << "\n";
  if (!e.command.empty()) out << "    open it: " << e.command << "\n";
}

// The causes grouped by what fixes them, where there is more than one.
void printFindings(std::ostream& out, const TraceAlignment& a, PyTorchRelease release) {
  if (a.causes.size() < 2) return;
  const std::vector<TraceFinding> findings = groupCauses(a, release);
  out << "  " << a.causes.size() << " causes, " << findings.size()
      << (findings.size() == 1 ? " fix" : " fixes") << ":\n";
  std::size_t shown = 0;
  for (const auto& f : findings) {
    if (++shown > 8) {
      out << "    ... " << findings.size() - 8 << " more (the report lists them all)\n";
      break;
    }
    const auto it = std::find_if(a.causes.begin(), a.causes.end(), [&f](const TraceCause& c) {
      return c.seq == f.firstSeq && c.thread == f.firstThread;
    });
    out << "    " << shown << ". "
        << describeFinding(f, explainCause(*it, release, a.unseededGenerators)) << "\n";
  }
}

// The ranks of a job, one line each, and the first cause on any of them.
// A heading and the last 8 lines of a standard error, each behind a bar.
void printTail(std::ostream& out, const std::string& heading, const std::string& text) {
  out << "  " << heading << ":\n";
  const std::string tail = lastLines(text, 8);
  std::size_t start = 0;
  while (start <= tail.size()) {
    const std::size_t nl = tail.find('\n', start);
    out << "    | " << tail.substr(start, nl == std::string::npos ? nl : nl - start) << "\n";
    if (nl == std::string::npos) break;
    start = nl + 1;
  }
}

void printJob(std::ostream& out, const TraceJobResult& job, const TraceAlignment& script,
              PyTorchRelease release) {
  if (job.empty()) return;
  if (!job.ranks.empty()) {
    out << "  job: " << job.ranks.size() << (job.ranks.size() == 1 ? " rank" : " ranks")
        << ", each against the same rank of run 1\n";
  }
  for (const auto& r : job.ranks) {
    out << "    rank " << r.rank;
    if (r.world > 0 || !r.backend.empty()) {
      out << " (" << (r.backend.empty() ? std::string() : r.backend + ", ")
          << (r.world > 0 ? "world size " + std::to_string(r.world) : std::string()) << ")";
    }
    out << ": " << printableText(describeRank(r), true) << "\n";
  }
  if (job.pool) out << "  " << printableText(describePool(job), true) << "\n";
  if (const TraceRankResult* first = job.firstCause()) {
    printCause(out, first->alignment, nullptr, first->alignment.causes.front(), release,
               first->rank == kPoolRank
                   ? "First cause in " + describePoolName(job)
                   : "First cause on any rank, rank " + std::to_string(first->rank));
    printFindings(out, first->alignment, release);
  }
  if (!job.fromPool.empty()) out << "  " << describeFromPool(script, job.fromPool.front()) << "\n";
  if (job.unrankedProcesses > 0) {
    out << "  " << job.unrankedProcesses << (job.unrankedProcesses == 1 ? " process" : " processes")
        << " ran torch ops, neither multiprocessing's nor commands, and in no process "
           "group ("
        << job.unrankedOps << " ops): not compared\n";
  }
  if (job.disagreement) out << "  " << describeDisagreement(*job.disagreement) << "\n";
  for (const auto& p : job.problems) out << "  " << printableText(p, true) << "\n";
  // The first rank's run that failed, in the rank's own words (its copy of its standard error),
  // else the first process of the pool's that failed.
  const auto failedRun = [](const TraceRankResult& r) {
    const auto& runs = r.alignment.runs;
    const auto it = std::find_if(runs.begin(), runs.end(), [](const auto& x) {
      return !x.completed() && !x.exit.cancelled && !x.exit.timedOut && !x.exit.stderrTail.empty();
    });
    return it == runs.end() ? nullptr : &*it;
  };
  for (const auto& r : job.ranks) {
    const TraceRunSummary* failed = failedRun(r);
    if (!failed) continue;
    printTail(out,
              "the end of rank " + std::to_string(r.rank) + "'s standard error in run " +
                  std::to_string(failed->run),
              failed->exit.stderrTail);
    return;
  }
  if (const TraceRunSummary* failed = job.pool ? failedRun(*job.pool) : nullptr) {
    printTail(out,
              "the end of " + failed->exit.process + "'s standard error in run " +
                  std::to_string(failed->run),
              failed->exit.stderrTail);
  }
}

void printConfig(std::ostream& out, const TraceConfigResult& c, PyTorchRelease release,
                 const std::string& launcher, const std::vector<std::string>& places) {
  out << "\n"
      << c.config.name << " (" << describeSettings(c.config.settings) << "): " << describeVerdict(c)
      << "\n";
  for (const auto& r : c.alignment.runs) {
    out << "  run " << r.run;
    if (r.run >= 1 && static_cast<std::size_t>(r.run) <= places.size()) {
      out << " (" << places[static_cast<std::size_t>(r.run - 1)] << ")";
    }
    out << ": " << r.ops << " ops, ";
    // A launcher (torchrun) runs no op itself: its ranks' count says how far the run got.
    std::int64_t rankOps = 0;
    for (const auto& rank : c.job.ranks) {
      if (!rank.scriptProcess && static_cast<std::size_t>(r.run) <= rank.alignment.runs.size()) {
        rankOps += rank.alignment.runs[static_cast<std::size_t>(r.run - 1)].ops;
      }
    }
    if (r.ops == 0 && rankOps > 0) out << rankOps << " in its ranks, ";
    out << printableText(describeRunEnd(r), true);
    if (r.firstDifference > 0) out << "; first difference at op " << r.firstDifference;
    out << "\n";
  }
  if (const TraceRunSummary* raised = c.raisedNondeterministic()) {
    const TraceRaise& x = *raised->lastRaise;
    out << "  In error mode, op " << x.seq << " " << x.op;
    if (raised->lastRaiseSite) out << " at " << describeSite(*raised->lastRaiseSite);
    out << " raised: " << printableText(x.type + ": " + x.message, true) << "\n";
    TraceCause asCause;
    asCause.op.name = x.op;
    const CauseExplanation e = explainCause(asCause, release);
    if (e.traits && e.match) {
      out << "    catalog (" << e.match->op << "): " << e.traits->traits(e.traitsClass).note
          << "\n";
    }
    out << "    --deterministic warn runs it and warns; the report says where\n";
  }
  for (const auto& p : c.alignment.partings) out << "  " << describeParting(p) << "\n";
  for (const auto& d : c.alignment.differingResults) {
    out << "  A result differs: " << describeResultDifference(c.alignment, d) << "\n";
  }
  if (!c.alignment.causes.empty()) {
    printCause(out, c.alignment, &c.differences, c.alignment.causes.front(), release);
    printFindings(out, c.alignment, release);
  }
  printJob(out, c.job, c.alignment, release);
  if (const std::string files = describeEarlierFiles(c); !files.empty()) {
    out << "  " << printableText(files, true) << "\n";
  }
  const bool scriptFailed =
      std::any_of(c.alignment.runs.begin(), c.alignment.runs.end(),
                  [](const TraceRunSummary& r) { return !r.completed() && !r.exit.cancelled; });
  if (!launcher.empty() && c.job.ranks.empty() && scriptFailed) {
    out << "  " << launcher
        << " itself failed before any rank joined a process group: the launcher's error is "
           "below\n";
  }
  if (!c.alignment.notes.empty()) {
    const TraceCause& note = c.alignment.notes.front();
    out << "  Note: " << describeOpNumber(c.alignment, note.thread, note.seq) << " "
        << note.op.name;
    if (note.site) out << " at " << describeSite(*note.site);
    out << " " << describeNote(note) << "\n";
    if (c.alignment.notes.size() > 1) {
      out << "    (" << c.alignment.notes.size() - 1
          << " more such notes; the report lists them all)\n";
    }
  }
  for (const auto& r : c.alignment.runs) {
    // (A run stopped at the timeout ends in the interrupt's traceback: where it was is said.)
    if (r.completed() || r.exit.cancelled || r.exit.timedOut || r.exit.stderrTail.empty()) continue;
    if (c.raisedNondeterministic() == &r) continue;
    printTail(out, "the end of run " + std::to_string(r.run) + "'s standard error",
              r.exit.stderrTail);
    break;
  }
}

// The host's side of `trace --host` (TraceThroughHost.hpp): standard input is the ssh session;
// when it closes, this process stops as at Ctrl-C (SIGTERM does what Ctrl-C does).
void stopWhenStdinCloses() {
  std::thread([] {
    char byte;
    while (true) {
      const ssize_t n = ::read(0, &byte, 1);
      if (n == 0 || (n < 0 && errno != EINTR)) break;
    }
    ::kill(::getpid(), SIGTERM);
  }).detach();
}

}  // namespace

int traceCommand(const CliStreams& io, const TraceOptions& o) {
  if (!o.remote.hosts.empty()) return traceThroughHost(io, o);
  if (o.stopWhenStdinCloses) {
    (void)interruptToken();  // the handler that turns SIGTERM into a stop, installed first
    stopWhenStdinCloses();
  }
  TracePlan plan = buildTracePlan(o);
  const TracePlaces places = applyTraceSlurm(o.remote, o.slurmShared.value_or(""), plan);
  const TraceReportPath report = traceReportPath(o, stemOf(plan.command));
  const std::string& jsonPath = report.json;
  const bool makeReports = report.inReportsFolder;
  std::optional<PyTorchRelease> given;
  if (o.pytorch) given = releaseOption(o.pytorch);
  const CancelToken& interrupt = interruptToken();
  PythonCheck python;
  try {
    python = checkPython(plan.command, plan.workingDir, &interrupt);
  } catch (const Error&) {
    if (interrupted()) return kExitCancelled;  // Ctrl-C while the interpreter was asked
    throw;
  }
  for (const auto& c : plan.configs) checkSettingsForRelease(c.settings, python.torch);

  TraceDocument doc;
  doc.command = plan.command;
  doc.workingDir = plan.workingDir.empty() ? fs::current_path().string()
                                           : fs::absolute(plan.workingDir).string();
  doc.runs = plan.runs;
  doc.runPlaces = places.names;
  doc.window = plan.window;
  doc.timeoutSeconds = std::chrono::duration_cast<std::chrono::seconds>(plan.timeout).count();
  doc.release = traceRelease(given, python);

  const std::string traced = plan.command.launcher.empty()
                                 ? plan.command.target
                                 : plan.command.launcher + " (" + plan.command.target + ")";
  io.out << "Tracing " << traced << " with " << plan.command.interpreter << " (Python "
         << python.python << ", PyTorch " << python.torch << "), " << plan.runs
         << (plan.runs == 1 ? " run" : " runs") << " per configuration\n";
  for (std::size_t i = 0; i < places.labels.size(); ++i) {
    const int first = static_cast<int>(i) * places.runsPerPlace + 1;
    const int last = first + places.runsPerPlace - 1;
    io.out << (first == last ? "Run " + std::to_string(first)
                             : "Runs " + std::to_string(first) + "-" + std::to_string(last))
           << ": " << places.names[static_cast<std::size_t>(first - 1)]
           << (first == last ? ", a job of its own (" : ", each a job of its own (")
           << places.labels[i] << ")\n";
  }
  io.out << "Causes are explained by the catalog of PyTorch " << toString(doc.release.release)
         << " (" << doc.release.how << ")\n";
  io.out.flush();

  TraceProgress progress(io.err, io.errIsTerminal && !o.quiet);
  std::map<int, std::int64_t> firstRunOps;
  TraceCallbacks callbacks;
  callbacks.onRunStarted = [&](int config, int run, bool second) {
    const auto expected = firstRunOps.find(config);
    progress.start("  " + plan.configs[static_cast<std::size_t>(config)].name + ": " +
                       (second ? "second pass, " : "") + "run " + std::to_string(run) + " of " +
                       std::to_string(plan.runs),
                   expected == firstRunOps.end() ? 0 : expected->second);
  };
  callbacks.onProgress = [&](std::int64_t ops) { progress.draw(ops); };
  if (o.showOutput) {
    callbacks.onOutput = [&](std::string_view text) {
      progress.clear();
      io.err << text << std::flush;
    };
  }
  callbacks.onConfigFinished = [&](int config, const TraceConfigResult& result) {
    progress.clear();
    if (!result.alignment.runs.empty()) firstRunOps[config] = result.alignment.runs[0].ops;
    printConfig(io.out, result, doc.release.release, plan.command.launcher, doc.runPlaces);
    if (const std::string across = describeAcrossPlaces(places, result); !across.empty()) {
      io.out << "  " << across << "\n";
    }
    io.out.flush();
  };
  doc.result = runTrace(plan, python, callbacks, &interrupt);
  progress.clear();
  doc.context = collectEnvironment(makeRegistry());

  if (plan.configs.size() > 1 || doc.result.cancelled) {
    io.out << "\nSummary\n";
    for (const auto& c : doc.result.configs) {
      io.out << "  " << c.config.name << " (" << describeSettings(c.config.settings)
             << "): " << describeVerdict(c);
      if (!c.alignment.causes.empty()) {
        const TraceCause& first = c.alignment.causes.front();
        io.out << "; first: " << first.op.name;
        if (first.site) io.out << " at " << describeSite(*first.site);
      } else if (const TraceRankResult* rank = c.job.firstCause()) {
        const TraceCause& first = rank->alignment.causes.front();
        io.out << "; first: "
               << (rank->rank == kPoolRank ? describePoolName(c.job) : describeRankName(*rank))
               << ", " << first.op.name;
        if (first.site) io.out << " at " << describeSite(*first.site);
      }
      io.out << "\n";
    }
    if (doc.result.cancelled) io.out << "  (cancelled: the configurations after it did not run)\n";
  }
  if (const auto sizes = compareWorldSizes(doc.result)) {
    std::string line = describeWorldSizes(*sizes);
    line[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(line[0])));
    io.out << "\n" << line << "\n";
  }

  OutputBatch batch;
  if (makeReports) batch.addFolder("reports");
  if (!jsonPath.empty())
    batch.add(jsonPath, traceToJson(doc).dump(2, ' ', false,
                                              nlohmann::ordered_json::error_handler_t::replace) +
                            "\n");
  if (o.markdown) batch.add(*o.markdown, traceToMarkdown(doc));
  io.out.flush();
  batch.commit();
  if (!jsonPath.empty()) io.out << "Report: " << jsonPath << "\n";
  if (o.markdown) io.out << "Markdown: " << *o.markdown << "\n";

  if (doc.result.cancelled || interrupted()) return kExitCancelled;
  bool failed = false, raised = false, differs = false;
  for (const auto& c : doc.result.configs) {
    if (c.raisedNondeterministic()) {
      raised = true;
    } else if (c.failed()) {
      failed = true;
    }
    if (!c.reproducible()) differs = true;
  }
  if (failed) return kExitDeviceFault;
  if (raised) return kExitNondeterministic;
  if (o.expectReproducible && differs) return kExitNotReproducible;
  return kExitOk;
}

}  // namespace detbench::cli
