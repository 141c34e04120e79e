// `detbench run` and `detbench sweep`.

#include <stdlib.h>
#include <unistd.h>

#include <chrono>
#include <ctime>
#include <filesystem>
#include <sstream>

#include "Commands.hpp"
#include "ConsoleOutput.hpp"
#include "ExitCodes.hpp"
#include "detbench/AtomicFile.hpp"
#include "detbench/Error.hpp"
#include "detbench/NpyWriter.hpp"
#include "detbench/ReportJson.hpp"
#include "detbench/ReportMarkdown.hpp"
#include "detbench/Sweep.hpp"

namespace detbench::cli {

namespace {

namespace fs = std::filesystem;

std::string timestamp() {
  const std::time_t now = std::time(nullptr);
  std::tm tm{};
  localtime_r(&now, &tm);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y%m%d-%H%M%S", &tm);
  return buf;
}

// Fails before any work when a report could not be written there: a temporary file is made
// and removed in the target's folder (permission bits alone do not tell, for root or /proc).
void checkWritable(const std::string& path, const char* what) {
  const fs::path p(path);
  std::error_code ec;
  if (fs::is_directory(p, ec)) {
    DETBENCH_THROW(IoError,
                   std::string("cannot write ") + what + " " + path + ": it is a directory");
  }
  const fs::path dir = p.has_parent_path() ? p.parent_path() : fs::path(".");
  if (!fs::is_directory(dir, ec)) {
    DETBENCH_THROW(IoError, std::string("cannot write ") + what + " " + path + ": folder " +
                                dir.string() + " does not exist");
  }
  std::string probe = (dir / ".detbench-probe.XXXXXX").string();
  const int fd = ::mkstemp(probe.data());
  if (fd < 0) {
    DETBENCH_THROW(IoError, std::string("cannot write ") + what + " " + path + ": folder " +
                                dir.string() + " is not writable");
  }
  ::close(fd);
  ::unlink(probe.c_str());
}

struct ReportPaths {
  std::string json;  // empty: none
  std::string markdown;
  bool createReportsFolder = false;  // the default place, made when the report is written
};

ReportPaths planReports(const RunOptions& o, const std::string& kind) {
  ReportPaths paths;
  if (o.out) {
    paths.json = *o.out;
  } else if (!o.noReport) {
    paths.json = "reports/" + o.op + "-" + o.device + "-" + kind + "-" + timestamp() + ".json";
    paths.createReportsFolder = true;
  }
  if (o.markdown) paths.markdown = *o.markdown;
  if (paths.createReportsFolder) {
    std::error_code ec;
    checkWritable(fs::is_directory("reports", ec) ? paths.json : "./reports", "report folder");
  } else if (!paths.json.empty()) {
    checkWritable(paths.json, "report");
  }
  if (!paths.markdown.empty()) checkWritable(paths.markdown, "Markdown report");
  if (o.saveIo) {
    std::error_code ec;
    fs::create_directories(*o.saveIo, ec);
    if (!fs::is_directory(*o.saveIo, ec) || ::access(o.saveIo->c_str(), W_OK) != 0) {
      DETBENCH_THROW(IoError, "cannot write .npy files to " + *o.saveIo);
    }
  }
  return paths;
}

void writeReports(const CliStreams& io, const ReportPaths& paths, const ReportDocument& doc) {
  if (paths.createReportsFolder) {
    std::error_code ec;
    fs::create_directories("reports", ec);
  }
  if (!paths.json.empty()) {
    writeFileAtomically(paths.json, reportJsonText(doc));
    io.out << "Report: " << paths.json << "\n";
  }
  if (!paths.markdown.empty()) {
    writeFileAtomically(paths.markdown, reportToMarkdown(doc));
    io.out << "Markdown: " << paths.markdown << "\n";
  }
}

RunCallbacks progressCallbacks(ProgressBar& bar) {
  RunCallbacks cb;
  cb.onTrial = [&bar](const TrialRecord&, int done, int total) { bar.update(done, total); };
  return cb;
}

void addSaveIo(RunCallbacks& cb, const RunOptions& o, const PreparedInputs& prepared) {
  if (!o.saveIo) return;
  const std::string dir = *o.saveIo;
  for (std::size_t i = 0; i < prepared.inputs.tensors.size(); ++i) {
    writeNpy(dir + "/" + prepared.inputs.specs[i].name + ".npy", prepared.inputs.tensors[i]);
  }
  const std::string outName = prepared.inputs.output.name;
  cb.onFirstOutput = [dir, outName](const HostTensor& t) {
    writeNpy(dir + "/" + outName + "_trial0.npy", t);
  };
}

}  // namespace

int runCommand(const CliStreams& io, const RunOptions& o) {
  const RunRequest request = buildRequest(o);
  const ReportPaths paths = planReports(o, "run");
  const BackendRegistry registry = makeRegistry();
  const TrialRunner runner(registry);
  const PreparedInputs prepared = runner.prepare(request);
  ProgressBar bar(io.err, io.errIsTerminal && !o.quiet, "  " + o.op);
  RunCallbacks cb = progressCallbacks(bar);
  addSaveIo(cb, o, prepared);

  ReportDocument doc;
  doc.kind = ReportKind::Run;
  doc.runs.push_back(runner.run(request, prepared, cb));
  bar.finish();
  doc.context = collectEnvironment(registry);
  printRunSummary(io.out, doc.runs.front());
  writeReports(io, paths, doc);
  if (o.saveIo) io.out << "Inputs and trial 0's output: " << *o.saveIo << "/*.npy\n";

  const RunResult& r = doc.runs.front();
  if (r.raisedNondeterministic()) return kExitNondeterministic;
  if (r.failed()) {
    io.err << "detbench: " << r.errors.front().message << "\n";
    return kExitUsage;
  }
  if (o.expectReproducible && !r.summary.reproducible) return kExitNotReproducible;
  return kExitOk;
}

int sweepCommand(const CliStreams& io, const RunOptions& o, const std::string& configs) {
  const RunRequest base = buildRequest(o);
  std::vector<SweepConfig> list;
  std::stringstream ss(configs);
  std::string name;
  while (std::getline(ss, name, ',')) {
    if (name.empty()) continue;
    auto preset = sweepPreset(name, base.settings);
    if (!preset) {
      std::string names;
      for (auto n : sweepPresetNames()) names += (names.empty() ? "" : ", ") + std::string(n);
      DETBENCH_THROW(InvalidArgument, "unknown configuration '" + name + "'; known: " + names);
    }
    list.push_back(*preset);
  }
  DETBENCH_CHECK_ARG(!list.empty(), "--configs names no configuration");
  const ReportPaths paths = planReports(o, "sweep");
  const BackendRegistry registry = makeRegistry();
  const TrialRunner runner(registry);
  const PreparedInputs prepared = runner.prepare(base);
  ProgressBar bar(io.err, io.errIsTerminal && !o.quiet, "");
  RunCallbacks cb = progressCallbacks(bar);
  addSaveIo(cb, o, prepared);

  ReportDocument doc;
  doc.kind = ReportKind::Sweep;
  for (const auto& config : list) {
    RunRequest request = base;
    request.settings = config.settings;
    request.label = config.name;
    bar.setLabel("  " + config.name);
    doc.runs.push_back(runner.run(request, prepared, cb));
    bar.finish();
    cb.onFirstOutput = nullptr;  // trial 0's output of the first configuration only
  }
  doc.context = collectEnvironment(registry);
  printSweepSummary(io.out, doc);
  writeReports(io, paths, doc);
  if (o.expectReproducible) {
    for (const auto& r : doc.runs) {
      if (!r.failed() && !r.summary.reproducible) return kExitNotReproducible;
    }
  }
  return kExitOk;
}

}  // namespace detbench::cli
