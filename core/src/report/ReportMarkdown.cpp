#include "detbench/report/ReportMarkdown.hpp"

#include <cmath>
#include <cstdio>
#include <sstream>

#include "detbench/catalog/OpCatalog.hpp"
#include "detbench/report/Format.hpp"

namespace detbench {

namespace {

std::string paramsText(const OpParams& params) {
  std::string s;
  for (const auto& [k, v] : params) s += (s.empty() ? "" : ", ") + k + "=" + std::to_string(v);
  return s;
}

std::string settingsText(const RunResult& r) {
  const Settings& s = r.settings;
  std::string t = "deterministic algorithms: " + std::string(toString(s.deterministic));
  t += "; cudnn.benchmark: " + std::string(s.cudnnBenchmark ? "true" : "false");
  t += "; cudnn.deterministic: " + std::string(s.cudnnDeterministic ? "true" : "false");
  t += "; CUBLAS_WORKSPACE_CONFIG: " +
       (s.cublasWorkspaceConfig ? "`" + s.cublasWorkspaceConfig->text + "`" : std::string("unset"));
  t += "; seed: " + std::to_string(r.seed) + (r.seedWasSet ? " (set)" : " (unset, drawn fresh)");
  t += "; semantics: " + std::string(toString(s.semantics));
  t += "; form: " + std::string(toString(s.form));
  t += "; PyTorch: " + toString(s.pytorch);
  return t;
}

std::string formText(const RunResult& r) {
  if (!r.dispatched) return "did not run";
  if (r.dispatch.library) {
    return "the library's own dispatch (the catalog expects " +
           std::string(r.dispatch.deterministicExpected ? "deterministic" : "nondeterministic") +
           " outputs)";
  }
  std::string f = std::string(toString(r.dispatch.form));
  if (r.dispatch.extension) f += " (detbench extension)";
  if (r.dispatch.contrast) f += " (contrast: not PyTorch's default)";
  return f;
}

std::string timeText(const RunSummary& s) {
  return formatMeanSpread(s.time.mean, s.time.stddev, s.trials);
}

std::string verdictText(const RunResult& r) {
  if (r.failed()) return "raised " + r.errors.front().kind;
  if (r.summary.trials == 0) return "no trials";
  if (r.summary.reproducible) {
    return "bitwise reproducible over " + std::to_string(r.summary.trials) + " trials";
  }
  return "not reproducible: " + std::to_string(r.summary.distinctDigests) +
         " distinct outputs in " + std::to_string(r.summary.trials) + " trials";
}

void writeHeader(std::ostringstream& md, const ReportDocument& doc) {
  const RunResult& r = doc.runs.front();
  const OpTraits* traits = findOpTraits(r.op);
  md << "# detbench " << (doc.kind == ReportKind::Run ? "run" : "sweep") << ": `" << r.op << "` on "
     << r.device << "\n\n";
  md << "| | |\n|---|---|\n";
  md << "| op | `" << r.op << "`" << (traits ? " (" + std::string(traits->pytorchApi) + ")" : "")
     << " |\n";
  md << "| parameters | " << paramsText(r.params) << " |\n";
  md << "| inputs |";
  for (std::size_t i = 0; i < r.inputs.size(); ++i) {
    md << (i ? ", " : " ") << r.inputs[i].name << " " << toString(r.inputs[i].dtype) << " "
       << toString(r.inputs[i].shape);
  }
  md << " |\n";
  md << "| output | " << r.output.name << " " << toString(r.output.dtype) << " "
     << toString(r.output.shape) << " |\n";
  md << "| input fingerprint | `" << formatDigest(r.inputFingerprint) << "` (data seed "
     << r.dataSeed << ") |\n";
  md << "| device | " << r.device << ", " << r.threads << (r.threads == 1 ? " thread" : " threads")
     << " |\n";
  md << "| trials | " << r.requestedTrials << " after " << r.warmup << " warm-up |\n\n";
}

void writeRun(std::ostringstream& md, const RunResult& r) {
  md << "**" << verdictText(r) << "**\n\n";
  md << "| | |\n|---|---|\n";
  md << "| settings | " << settingsText(r) << " |\n";
  md << "| form | " << formText(r) << " |\n";
  if (!r.failed() && r.summary.trials > 0) {
    const RunSummary& s = r.summary;
    md << "| distinct outputs | " << s.distinctDigests << " in " << s.trials << " trials ("
       << s.trialsDifferingFromFirst << " differ from trial 0) |\n";
    md << "| max \\|diff\\| vs trial 0 | " << formatFloat(s.maxAbsDiff) << " (max " << s.maxUlp
       << " ULP, up to " << s.maxNDiff << " elements) |\n";
    if (hasFloat64Reference(r.op)) {
      md << "| max \\|error\\| vs float64 | " << formatFloat(s.refMaxAbsErr) << " ("
         << formatFloat(s.refMaxErrOverMagnitude) << " of the magnitude) |\n";
    }
    md << "| time (mean ± σ) | " << timeText(s) << " |\n";
    md << "| median, p95 | " << formatDuration(s.time.median) << ", " << formatDuration(s.time.p95)
       << " |\n";
    md << "| range (min … max) | " << formatDuration(s.time.min) << " … "
       << formatDuration(s.time.max) << " |\n";
  }
  if (r.cancelled) md << "| cancelled | after " << r.summary.trials << " trials |\n";
  if (r.libraryCheck) {
    const LibraryCheck& c = *r.libraryCheck;
    md << "| catalog " << toString(c.catalogRelease) << " vs " << c.library << " | predicted "
       << toString(c.predicted) << "; " << c.library << " " << toString(c.observed);
    if (!c.outcomeAgrees()) md << ": **they disagree**";
    if (!c.variationAgrees()) {
      md << "; **the outputs varied although the catalog calls them reproducible**";
    }
    md << " |\n";
  }
  md << "\n";
  for (const auto& w : r.warnings)
    md << "> **Warning** (" << w.caller << "): " << w.message << "\n\n";
  for (const auto& e : r.errors) md << "> **" << e.kind << "**: " << e.message << "\n\n";
}

void writeSweepTable(std::ostringstream& md, const ReportDocument& doc) {
  const RunResult* baseline = nullptr;
  for (const auto& r : doc.runs) {
    if (!r.failed() && r.summary.trials > 0) {
      baseline = &r;
      break;
    }
  }
  md << "| configuration | form | outputs | max \\|diff\\| | time (mean ± σ) | vs "
     << (baseline ? baseline->label : std::string("baseline")) << " |\n";
  md << "|---|---|---|---|---|---|\n";
  for (const auto& r : doc.runs) {
    md << "| " << r.label << " | " << formText(r) << " | " << verdictText(r) << " | ";
    if (r.failed() || r.summary.trials == 0) {
      md << "– | – | – |\n";
      continue;
    }
    char ratio[32];
    std::snprintf(ratio, sizeof ratio, "%.2f×", r.summary.time.mean / baseline->summary.time.mean);
    md << formatFloat(r.summary.maxAbsDiff) << " | " << timeText(r.summary) << " | " << ratio
       << " |\n";
  }
  md << "\n";
}

void writeEnvironment(std::ostringstream& md, const Environment& env) {
  md << "## Environment\n\n| | |\n|---|---|\n";
  md << "| detbench | " << env.toolVersion << " (" << env.gitRevision << ", " << env.buildType
     << ", " << env.compiler << ") |\n";
  md << "| host | " << env.host << " |\n";
  md << "| OS | " << env.os << " |\n";
  md << "| CPU | " << env.cpu << ", " << env.logicalCores << " logical cores |\n";
  md << "| CUBLAS_WORKSPACE_CONFIG | "
     << (env.cublasWorkspaceConfigEnv.empty() ? "unset" : "`" + env.cublasWorkspaceConfigEnv + "`")
     << " |\n";
  for (const auto& d : env.devices) {
    md << "| device " << d.id << " | ";
    if (!d.available) {
      md << "unavailable: " << d.reason << " |\n";
      continue;
    }
    std::string info;
    for (const auto& [k, v] : d.info) info += (info.empty() ? "" : ", ") + k + ": " + v;
    md << (info.empty() ? "available" : info) << " |\n";
  }
  md << "\n";
}

}  // namespace

std::string reportToMarkdown(const ReportDocument& doc) {
  std::ostringstream md;
  if (doc.runs.empty()) {
    md << "# detbench report\n\nNo runs.\n";
    return md.str();
  }
  writeHeader(md, doc);
  if (doc.kind == ReportKind::Run) {
    md << "## Result\n\n";
    writeRun(md, doc.runs.front());
  } else {
    md << "## Configurations\n\n";
    writeSweepTable(md, doc);
    for (const auto& r : doc.runs) {
      md << "### " << r.label << "\n\n";
      writeRun(md, r);
    }
  }
  writeEnvironment(md, doc.context);
  if (doc.viewer) {
    md << "Run remotely (" << doc.viewer->remote << ") from " << doc.viewer->host
       << " with detbench " << doc.viewer->toolVersion
       << "; the environment above is the remote machine's.\n\n";
  }
  md << "Generated by detbench. Schema and field meanings: docs/REPORT-FORMAT.md.\n";
  return md.str();
}

}  // namespace detbench
