#include <algorithm>
#include <sstream>

#include "detbench/base/Utf8Text.hpp"
#include "detbench/report/Format.hpp"
#include "detbench/trace/ScriptProcess.hpp"
#include "detbench/trace/TraceReport.hpp"
#include "detbench/trace/TraceWorldSizes.hpp"

namespace detbench::trace {

namespace {

std::string shapesOf(const std::vector<TraceTensor>& ts) {
  std::string s;
  for (const auto& t : ts) {
    if (!s.empty()) s += ", ";
    s += t.dtype + detbench::toString(t.shape);
    if (t.device != "cpu") s += " on " + t.device;
  }
  return s.empty() ? "none" : s;
}

std::string commandLine(const std::vector<std::string>& argv) {
  std::string s;
  for (const auto& a : argv) {
    if (!s.empty()) s += ' ';
    const bool plain = !a.empty() && a.find_first_of(" \t'\"\\$`") == std::string::npos;
    s += plain ? a : "'" + a + "'";
  }
  return s;
}

// Text from the script (messages, names, values) as a code span on one line: no control
// characters or escapes, backticks (which would end the span) made quotes; in a table cell a
// pipe is escaped too. Markdown and HTML inside a code span are shown as they are.
std::string code(const std::string& text, bool inTable = false) {
  std::string s = printableText(text, /*oneLine=*/true);
  std::string out = "`";
  for (const char ch : s) {
    if (ch == '`') {
      out += '\'';
    } else if (ch == '|' && inTable) {
      out += "\\|";
    } else {
      out += ch;
    }
  }
  return out + "`";
}

// A fenced block for `text`: its fence longer than any run of backticks inside.
std::string fenced(const std::string& text) {
  std::size_t longest = 0, run = 0;
  for (const char ch : text) {
    run = ch == '`' ? run + 1 : 0;
    longest = std::max(longest, run);
  }
  const std::string fence(std::max<std::size_t>(3, longest + 1), '`');
  return fence + "\n" + printableText(text) + "\n" + fence;
}

void writeCause(std::ostream& out, const TraceConfigResult& c, const TraceCause& cause,
                PyTorchRelease release, int number) {
  const CauseExplanation e = explainCause(cause, release, c.alignment.unseededGenerators);
  out << number << ". **" << describeOpNumber(c.alignment, cause.thread, cause.seq) << " "
      << code(cause.op.name) << "**";
  if (cause.site) out << " at " << code(describeSite(*cause.site));
  out << ": " << describeOrigin(cause) << ".\n";
  out << "   - Why: " << describeCauseKind(e.kind) << ".\n";
  if (e.compiled)
    out << "   - Compiled code in PyTorch " << toString(release) << ": " << e.compiled->note
        << ".\n";
  out << "   - Inputs: " << shapesOf(cause.op.inputs)
      << "; outputs: " << shapesOf(cause.op.outputs);
  std::string runs;
  for (const int r : cause.runs) runs += (runs.empty() ? "" : ", ") + std::to_string(r);
  out << "; seen in run" << (cause.runs.size() == 1 ? " " : "s ") << runs << ".\n";
  if (!cause.arguments.empty())
    out << "   - Arguments: " << code(describeArguments(cause)) << ".\n";
  if (cause.kernels)
    out << "   - Inside: " << printableText(describeKernels(*cause.kernels), true) << ".\n";
  if (const auto it = c.differences.find(causeId(cause)); it != c.differences.end()) {
    const CauseDifference& d = it->second;
    if (d.measured) {
      out << "   - How much (second pass, run " << d.run << " against run 1): " << d.diff.nDiff
          << " of " << d.diff.elements << " elements differ, max |diff| "
          << formatFloat(d.diff.maxAbsDiff) << ", max " << d.diff.maxUlp << " ULP.\n";
    } else {
      out << "   - How much: not measured (" << d.note << ").\n";
    }
  }
  if (e.traits && e.match) {
    const DeviceTraits& t = e.traits->traits(e.traitsClass);
    out << "   - Catalog (PyTorch " << toString(release) << ", "
        << (e.traitsClass == TraitsClass::Cuda ? "CUDA" : "CPU") << "): " << code(e.match->op)
        << ", "
        << (t.nondeterministicByDefault ? "nondeterministic by default"
                                        : "deterministic by default")
        << " (" << toString(t.source) << "); deterministic mode " << describe(t.errorMode) << ". "
        << t.note << ".\n";
  }
  out << "   - Fix: " << describeFix(e.fix, e) << ".\n";
  if (!e.command.empty()) out << "   - Open it in the workbench: " << code(e.command) << "\n";
}

void writeJob(std::ostream& out, const TraceJobResult& job, const TraceAlignment& script,
              PyTorchRelease release) {
  if (job.empty()) return;
  if (!job.ranks.empty()) {
    out << "### The job: " << job.ranks.size() << (job.ranks.size() == 1 ? " rank" : " ranks")
        << ", each aligned against the same rank of run 1\n\n";
  }
  if (job.pool) {
    if (job.poolIsProcesses()) {
      out << "### The script's processes: " << job.poolProcesses
          << (job.poolProcesses == 1 ? ", aligned" : ", each aligned")
          << " against the same process of run 1\n\n";
    } else {
      out << "### The process pool: " << job.poolWorkers
          << (job.poolWorkers == 1 ? " worker, " : " workers, ") << job.poolTasks
          << (job.poolTasks == 1 ? " task" : " tasks");
      if (job.poolProcesses > 0) {
        out << " (" << job.poolProcesses << " of them processes the script started)";
      }
      out << ", each aligned against the same task of run 1\n\n";
    }
    out << "- " << job.pool->alignment.comparedOps()
        << " ops compared: " << code(describeRank(*job.pool)) << "\n";
    for (const auto& taken : job.fromPool) {
      out << "- " << describeFromPool(script, taken) << ".\n";
    }
    out << "\n";
  }
  if (!job.ranks.empty()) {
    out << "| rank | world size | backend | ops compared | collectives | verdict |\n";
    out << "|---:|---:|---|---:|---:|---|\n";
    for (const auto& r : job.ranks) {
      out << "| " << r.rank << (r.scriptProcess ? " (the script's process)" : "") << " | "
          << (r.world > 0 ? std::to_string(r.world) : std::string("-")) << " | "
          << (r.backend.empty() ? std::string("-") : r.backend) << " | "
          << r.alignment.comparedOps() << " | " << r.collectives.size() << " | "
          << code(describeRank(r), /*inTable=*/true) << " |\n";
    }
    out << "\n";
  }
  if (const TraceRankResult* first = job.firstCause()) {
    const TraceCause& cause = first->alignment.causes.front();
    const CauseExplanation e = explainCause(cause, release, first->alignment.unseededGenerators);
    out << "First cause, " << (first->rank == kPoolRank ? "in" : "on") << " "
        << (first->rank == kPoolRank ? describePoolName(job) : describeRankName(*first)) << ": "
        << describeOpNumber(first->alignment, cause.thread, cause.seq) << " "
        << code(cause.op.name);
    if (cause.site) out << " at " << code(describeSite(*cause.site));
    out << ": " << describeCauseKind(e.kind) << ". Fix: " << describeFix(e.fix, e) << ".\n\n";
    const TraceAlignment& a = first->alignment;
    if (a.causes.size() > 1) {
      out << "What fixes its " << a.causes.size() << " causes:\n\n";
      for (const auto& f : groupCauses(a, release)) {
        const auto it = std::find_if(a.causes.begin(), a.causes.end(), [&f](const TraceCause& x) {
          return x.seq == f.firstSeq && x.thread == f.firstThread;
        });
        out << "- " << describeFinding(f, explainCause(*it, release, a.unseededGenerators))
            << ".\n";
      }
      out << "\n";
    }
  }
  if (job.unrankedProcesses > 0) {
    out << "- " << job.unrankedProcesses << (job.unrankedProcesses == 1 ? " process" : " processes")
        << " ran torch ops, neither multiprocessing's nor commands, and in no process "
           "group ("
        << job.unrankedOps << " ops): not compared.\n";
  }
  if (job.disagreement) out << "- " << describeDisagreement(*job.disagreement) << ".\n";
  for (const auto& p : job.problems) out << "- " << code(p) << "\n";
  if (job.unrankedProcesses > 0 || !job.problems.empty() || job.disagreement) out << "\n";
}

void writeConfig(std::ostream& out, const TraceConfigResult& c, PyTorchRelease release) {
  out << "## " << code(c.config.name) << " (" << describeSettings(c.config.settings)
      << "): " << describeVerdict(c) << "\n\n";
  out << "| run | ops | compared | differing | first difference | ended |\n";
  out << "|---:|---:|---:|---:|---:|---|\n";
  for (const auto& r : c.alignment.runs) {
    out << "| " << r.run << " | " << r.ops << " | " << r.compared << " | " << r.differing << " | "
        << (r.firstDifference > 0 ? std::to_string(r.firstDifference) : std::string("-")) << " | "
        << code(describeRunEnd(r), /*inTable=*/true) << " |\n";
  }
  out << "\n";
  writeJob(out, c.job, c.alignment, release);
  if (const TraceRunSummary* raised = c.raisedNondeterministic()) {
    const TraceRaise& x = *raised->lastRaise;
    out << "In error mode, op " << x.seq << " " << code(x.op);
    if (raised->lastRaiseSite) out << " at " << code(describeSite(*raised->lastRaiseSite));
    out << " raised (run " << raised->run << "):\n\n> " << code(x.type + ": " + x.message)
        << "\n\n";
    TraceCause asCause;
    asCause.op.name = x.op;
    const CauseExplanation e = explainCause(asCause, release);
    if (e.traits && e.match) {
      out << "The catalog (" << code(e.match->op) << "): " << e.traits->traits(e.traitsClass).note
          << ". Warn mode (--deterministic warn) runs it "
          << "and warns.\n\n";
    }
  }
  for (const auto& p : c.alignment.partings) out << "- " << describeParting(p) << ".\n";
  for (const auto& d : c.alignment.differingResults) {
    out << "- A result differs: " << describeResultDifference(c.alignment, d) << ".\n";
  }
  const std::string files = describeEarlierFiles(c);
  if (!files.empty()) out << "- " << files << ".\n";
  if (!c.alignment.partings.empty() || !c.alignment.differingResults.empty() || !files.empty()) {
    out << "\n";
  }
  if (c.alignment.causes.size() > 1) {
    out << "### What fixes them\n\n";
    for (const auto& f : groupCauses(c.alignment, release)) {
      const auto it = std::find_if(
          c.alignment.causes.begin(), c.alignment.causes.end(),
          [&f](const TraceCause& x) { return x.seq == f.firstSeq && x.thread == f.firstThread; });
      out << "- " << describeFinding(f, explainCause(*it, release, c.alignment.unseededGenerators))
          << ".\n";
    }
    out << "\n";
  }
  if (!c.alignment.causes.empty()) {
    out << "### Causes\n\n";
    int n = 0;
    for (const auto& cause : c.alignment.causes) {
      if (++n > 20) {
        out << "\n(" << c.alignment.causes.size() - 20 << " more in the JSON report.)\n";
        break;
      }
      writeCause(out, c, cause, release, n);
    }
    out << "\n";
  }
  if (!c.alignment.notes.empty()) {
    out << "### Notes: differences that reach no result\n\n";
    int n = 0;
    for (const auto& note : c.alignment.notes) {
      if (++n > 20) {
        out << "\n(" << c.alignment.notes.size() - 20 << " more in the JSON report.)\n";
        break;
      }
      out << "- " << describeOpNumber(c.alignment, note.thread, note.seq) << " "
          << code(note.op.name);
      if (note.site) out << " at " << code(describeSite(*note.site));
      out << " (outputs " << shapesOf(note.op.outputs) << ") " << describeNote(note) << ".\n";
    }
    out << "\n";
  }
  for (const auto& r : c.alignment.runs) {
    // (A run stopped at the timeout ends in the interrupt's traceback: where it was is said.)
    if (r.completed() || r.exit.cancelled || r.exit.timedOut || r.exit.stderrTail.empty()) continue;
    out << "Run " << r.run << " " << code(describeRunEnd(r))
        << "; the end of its standard error:\n\n"
        << fenced(lastLines(r.exit.stderrTail, 15)) << "\n\n";
    break;
  }
}

}  // namespace

std::string traceToMarkdown(const TraceDocument& doc) {
  std::ostringstream out;
  out << "# detbench trace: " << code(commandLine(doc.command.argv())) << "\n\n";
  out << "- detbench " << doc.context.toolVersion << " on " << doc.context.host << " ("
      << doc.context.cpu << ", " << doc.context.os << ")\n";
  out << "- Python " << doc.result.python.python << ", PyTorch " << doc.result.python.torch
      << "; the catalog of PyTorch " << toString(doc.release.release) << " (" << doc.release.how
      << ")\n";
  out << "- " << doc.runs << " runs per configuration, each a fresh process";
  if (!doc.window.all()) {
    out << "; ops " << doc.window.first << " to "
        << (doc.window.last > 0 ? std::to_string(doc.window.last) : std::string("the end"))
        << " digested";
  }
  out << (doc.result.cancelled ? "; cancelled" : "") << "\n\n";
  for (const auto& c : doc.result.configs) writeConfig(out, c, doc.release.release);
  if (const auto sizes = compareWorldSizes(doc.result)) {
    out << "## World sizes\n\n" << describeWorldSizes(*sizes) << ".\n";
  }
  return out.str();
}

}  // namespace detbench::trace
