#include "ConsoleOutput.hpp"

#include <cmath>
#include <cstdio>

#include "detbench/base/Utf8Text.hpp"
#include "detbench/catalog/OpCatalog.hpp"
#include "detbench/report/Format.hpp"

namespace detbench::cli {

std::string padded(const std::string& text, std::size_t width) {
  std::size_t columns = 0;
  for (const char c : text) {
    if ((static_cast<unsigned char>(c) & 0xC0) != 0x80) ++columns;  // not a continuation byte
  }
  return columns >= width ? text : text + std::string(width - columns, ' ');
}

ProgressBar::ProgressBar(std::ostream& err, bool enabled, std::string label)
    : err_(err),
      enabled_(enabled),
      label_(std::move(label)),
      start_(std::chrono::steady_clock::now()) {}

ProgressBar::~ProgressBar() {
  finish();
}

void ProgressBar::update(int done, int total) {
  if (!enabled_ || total <= 0) return;
  const auto now = std::chrono::steady_clock::now();
  if (drawn_ && done < total && now - lastDraw_ < std::chrono::milliseconds(50)) return;
  lastDraw_ = now;
  drawn_ = true;
  constexpr int kWidth = 30;
  const int filled = static_cast<int>(static_cast<long long>(kWidth) * done / total);
  const double secs = std::chrono::duration<double>(now - start_).count();
  char rate[48];
  std::snprintf(rate, sizeof rate, "%.1f trials/s", secs > 0 ? done / secs : 0.0);
  err_ << "\r\033[2K" << label_ << " [" << std::string(static_cast<std::size_t>(filled), '#')
       << std::string(static_cast<std::size_t>(kWidth - filled), '-') << "] " << done << "/"
       << total << "  " << rate << std::flush;
}

void ProgressBar::finish() {
  if (enabled_ && drawn_) err_ << "\r\033[2K" << std::flush;
  drawn_ = false;
}

namespace {

// A string from a report (a file, or a remote host's answer) as it reaches the terminal: on one
// line, without control characters (ESC's escape sequences), bidirectional controls or
// ill-formed UTF-8.
std::string shown(const std::string& text) {
  return printableText(text, true);
}

std::string paramsText(const OpParams& params) {
  std::string s;
  for (const auto& [k, v] : params) {
    s += (s.empty() ? "" : ", ") + shown(k) + "=" + std::to_string(v);
  }
  return s;
}

std::string formText(const RunResult& r) {
  if (r.dispatch.library) {
    return std::string("PyTorch's own dispatch (the catalog expects ") +
           (r.dispatch.deterministicExpected ? "reproducible" : "varying") + " outputs)";
  }
  std::string f = std::string(toString(r.dispatch.form));
  if (r.dispatch.extension) f += " (detbench extension)";
  if (r.dispatch.contrast) f += " (contrast: not PyTorch's default)";
  return f;
}

std::string verdict(const RunResult& r) {
  if (r.refused()) return "cannot run here: " + shown(r.errors.front().message);
  if (r.failed()) return "raised " + shown(r.errors.front().kind);
  if (r.summary.trials == 0) return "no trials";
  if (r.summary.reproducible) {
    return "bitwise reproducible over " + std::to_string(r.summary.trials) + " trials";
  }
  return std::to_string(r.summary.distinctDigests) + " distinct outputs in " +
         std::to_string(r.summary.trials) + " trials: NOT reproducible";
}

// Ratio of means with its propagated uncertainty.
void ratio(const TimingStats& a, const TimingStats& b, double& value, double& sigma) {
  value = a.mean / b.mean;
  const double ra = a.mean > 0 ? a.stddev / a.mean : 0, rb = b.mean > 0 ? b.stddev / b.mean : 0;
  sigma = value * std::sqrt(ra * ra + rb * rb);
}

}  // namespace

// What the catalog predicted beside what the library did (torch devices), and whether they agree.
void printLibraryCheck(std::ostream& out, const LibraryCheck& c) {
  out << "  Catalog:   PyTorch " << toString(c.catalogRelease) << "'s entry predicts it "
      << toString(c.predicted) << "; " << shown(c.library) << " " << toString(c.observed);
  if (c.agrees()) {
    out << ": as predicted\n";
    return;
  }
  out << "\n";
  if (!c.outcomeAgrees()) {
    out << "  Disagrees: the catalog and " << shown(c.library)
        << " part here (the measurement stands; "
        << "check the catalog's entry for this release and device)\n";
  }
  if (!c.variationAgrees()) {
    out << "  Disagrees: the outputs varied although the catalog calls this op reproducible "
           "here\n";
  }
}

void printRunSummary(std::ostream& out, const RunResult& r) {
  out << shown(r.op) << " on " << shown(r.device) << " (" << r.threads
      << (r.threads == 1 ? " thread" : " threads") << ")  " << paramsText(r.params) << "\n";
  out << "  Settings:  deterministic algorithms " << toString(r.settings.deterministic)
      << ", semantics " << toString(r.settings.semantics) << ", seed " << r.seed
      << (r.seedWasSet ? "" : " (unset, drawn fresh)") << ", PyTorch "
      << toString(r.settings.pytorch) << "\n";
  for (const auto& w : r.warnings) out << "  Warning:   " << shown(w.message) << "\n";
  if (r.failed()) {
    for (const auto& e : r.errors) {
      out << "  Error:     " << shown(e.kind) << ": " << shown(e.message) << "\n";
    }
    if (r.libraryCheck) printLibraryCheck(out, *r.libraryCheck);
    return;
  }
  out << "  Form:      " << formText(r) << "\n";
  const RunSummary& s = r.summary;
  if (s.trials == 0) {
    out << "  No trials ran.\n";
    return;
  }
  out << "  Outputs:   " << verdict(r) << "\n";
  if (!s.reproducible) {
    out << "             max |diff| vs trial 0 " << formatFloat(s.maxAbsDiff) << " (max "
        << s.maxUlp << " ULP, up to " << s.maxNDiff << " elements differ)\n";
  }
  if (hasFloat64Reference(r.op)) {
    out << "  Accuracy:  max |error| vs float64 " << formatFloat(s.refMaxAbsErr) << " ("
        << formatFloat(s.refMaxErrOverMagnitude) << " of the magnitude)\n";
  } else {
    out << "  Accuracy:  no float64 reference (random numbers are judged by whether they repeat)\n";
  }
  out << "  Time (mean ± σ):     " << formatMeanSpread(s.time.mean, s.time.stddev, s.trials)
      << "    [median " << formatDuration(s.time.median) << ", p95 " << formatDuration(s.time.p95)
      << "]\n";
  out << "  Range (min … max):   " << formatDuration(s.time.min) << " … "
      << formatDuration(s.time.max) << "    " << s.trials << " trials after " << r.warmup
      << " warm-up\n";
  if (s.trials >= 5 &&
      s.time.max > s.time.median + 10 * std::max(s.time.stddev, 0.05 * s.time.median)) {
    out << "  Warning: some trials took far longer than the rest (another process, or a cold "
           "cache); compare medians, or run more trials.\n";
  }
  if (r.libraryCheck) printLibraryCheck(out, *r.libraryCheck);
  if (r.cancelled) out << "  Cancelled after " << s.trials << " trials.\n";
}

void printSweepSummary(std::ostream& out, const ReportDocument& doc) {
  for (const auto& r : doc.runs) {
    out << "[" << shown(r.label) << "] ";
    printRunSummary(out, r);
    out << "\n";
  }
  const RunResult* base = nullptr;
  for (const auto& r : doc.runs) {
    if (!r.failed() && r.summary.trials > 0) {
      base = &r;
      break;
    }
  }
  out << "Summary\n";
  for (const auto& r : doc.runs) {
    char line[256];
    std::snprintf(line, sizeof line, "  %-20s %-15s ", shown(r.label).c_str(),
                  r.dispatched ? std::string(toString(r.dispatch.form)).c_str() : "-");
    out << line << verdict(r);
    if (!r.failed() && r.summary.trials > 0) {
      out << ", " << formatMeanSpread(r.summary.time.mean, r.summary.time.stddev, r.summary.trials);
    }
    out << "\n";
  }
  if (base == nullptr) return;
  for (const auto& r : doc.runs) {
    if (&r == base || r.failed() || r.summary.trials == 0) continue;
    double v = 0, sigma = 0;
    ratio(r.summary.time, base->summary.time, v, sigma);
    char line[256];
    if (v >= 1) {
      std::snprintf(line, sizeof line, "  '%s' ran %.2f ± %.2f times slower than '%s'\n",
                    shown(r.label).c_str(), v, sigma, shown(base->label).c_str());
    } else {
      std::snprintf(line, sizeof line, "  '%s' ran %.2f ± %.2f times faster than '%s'\n",
                    shown(r.label).c_str(), 1 / v, sigma / (v * v), shown(base->label).c_str());
    }
    out << line;
  }
}

void printCompare(std::ostream& out, const CompareResult& result) {
  for (std::size_t i = 0; i < result.entries.size(); ++i) {
    const auto& e = result.entries[i];
    out << "  [" << i + 1 << "] " << shown(e.file) << " (" << shown(e.label) << "): " << shown(e.op)
        << " on " << shown(e.device);
    if (!e.deviceName.empty()) out << " (" << shown(e.deviceName) << ")";
    if (!e.host.empty()) out << " @ " << shown(e.host);
    if (!e.viaRemote.empty()) out << " via " << shown(e.viaRemote);
    if (e.failed)
      out << ", raised an error";
    else if (e.digests.empty())
      out << ", no trials (nothing to compare)";
    else if (e.digests.size() == 1)
      out << ", output " << formatDigest(e.digests.front());
    else
      out << ", " << e.digests.size()
          << " distinct outputs (trial 0: " << formatDigest(e.digests.front()) << ")";
    out << "\n";
  }
  if (!result.sameInputs) {
    out << "Warning: the reports do not share the op, its parameters and its inputs (input "
           "fingerprints differ); their outputs are not comparable.\n";
  }
  out << "Groups of bitwise-equal outputs (trial 0):\n";
  for (const auto& g : result.groups) {
    out << "  " << formatDigest(g.digest) << ":";
    for (auto m : g.members) out << " [" << m + 1 << "]";
    out << "\n";
  }
  out << (result.allBitwiseEqual ? "All outputs are bitwise equal.\n"
                                 : "The outputs are NOT all bitwise equal.\n");
}

void printEnvironment(std::ostream& out, const Environment& env) {
  out << "detbench " << shown(env.toolVersion) << " (" << shown(env.gitRevision) << ", "
      << shown(env.buildType) << ", " << shown(env.compiler) << ")\n";
  out << "  host:     " << shown(env.host) << "\n";
  out << "  OS:       " << shown(env.os) << "\n";
  out << "  CPU:      " << shown(env.cpu) << " (" << env.logicalCores << " logical cores)\n";
  out << "  CUBLAS_WORKSPACE_CONFIG: "
      << (env.cublasWorkspaceConfigEnv.empty() ? "unset" : shown(env.cublasWorkspaceConfigEnv))
      << "\n";
  for (const auto& [k, v] : env.libraries) out << "  " << shown(k) << ": " << shown(v) << "\n";
  if (!env.python.empty()) out << "  Python:   " << shown(env.python) << "\n";
  out << "  PyTorch:  " << (env.pytorchFound.empty() ? "not looked for" : shown(env.pytorchFound))
      << "\n";
  const std::string mismatch = torchReleaseMismatch(env);
  if (!mismatch.empty()) out << "  Note:     " << shown(mismatch) << "\n";
  out << "Devices:\n";
  for (const auto& d : env.devices) {
    out << "  " << shown(d.id) << ": "
        << (d.available ? "available" : "unavailable: " + shown(d.reason)) << "\n";
    for (const auto& [k, v] : d.info) out << "      " << shown(k) << ": " << shown(v) << "\n";
  }
}

}  // namespace detbench::cli
