// `detbench run` and `detbench sweep`.

#include <algorithm>
#include <cctype>
#include <chrono>
#include <filesystem>
#include <set>

#include "Commands.hpp"
#include "ConsoleOutput.hpp"
#include "ExitCodes.hpp"
#include "Interrupt.hpp"
#include "OutputOptions.hpp"
#include "RemoteOptions.hpp"
#include "detbench/base/BuildInfo.hpp"
#include "detbench/base/Error.hpp"
#include "detbench/base/Utf8Text.hpp"
#include "detbench/io/NpyWriter.hpp"
#include "detbench/io/OutputFiles.hpp"
#include "detbench/report/Environment.hpp"
#include "detbench/report/ReportCompare.hpp"
#include "detbench/report/ReportJson.hpp"
#include "detbench/report/ReportMarkdown.hpp"
#include "detbench/run/Sweep.hpp"

namespace detbench::cli {

namespace {

namespace fs = std::filesystem;

// What a run writes, decided and checked before any work.
struct OutputPlan {
  std::string json;  // empty: none
  std::string markdown;
  std::string saveIo;                // empty: none
  bool createReportsFolder = false;  // the default place, made when the report is written
};

OutputPlan planOutputs(const RunOptions& o, const std::string& kind) {
  DETBENCH_CHECK_ARG(!(o.noReport && o.out),
                     "--no-report and --out contradict each other: choose one");
  checkOutputOptions(
      {{"--out", o.out}, {"--markdown", o.markdown}, {"--save-io", o.saveIo, /*folder=*/true}});
  OutputPlan plan;
  if (o.out) {
    plan.json = *o.out;
  } else if (!o.noReport) {
    plan.json = "reports/" + o.op + "-" + o.device + "-" + kind + "-" + reportTimestamp() + ".json";
    plan.createReportsFolder = true;
    checkOutputWritable(plan.json, "report", /*folderMayBeMade=*/true);
  }
  if (o.markdown) plan.markdown = *o.markdown;
  if (o.saveIo) plan.saveIo = *o.saveIo;
  return plan;
}

// The inputs (made once) and trial 0's output, kept for --save-io until the run has succeeded.
struct SavedIo {
  const PreparedInputs* prepared = nullptr;
  std::optional<HostTensor> firstOutput;
  std::optional<HostTensor> candidate;  // trial 0's output of the trial set running now

  // After each trial set: its trial 0's output is kept if it ran without an error and none was.
  void settle(const RunResult& r) {
    if (candidate && !r.failed() && !firstOutput) firstOutput = std::move(candidate);
    candidate.reset();
  }
};

// The .npy files of --save-io: each tensor by its file stem.
using IoFiles = std::vector<std::pair<std::string, const HostTensor*>>;

IoFiles ioFiles(const SavedIo& saved) {
  IoFiles files;
  if (!saved.firstOutput) return files;
  const OpInputs& in = saved.prepared->inputs;
  for (std::size_t i = 0; i < in.tensors.size(); ++i) {
    files.emplace_back(in.specs[i].name, &in.tensors[i]);
  }
  files.emplace_back(in.output.name + "_trial0", &*saved.firstOutput);
  return files;
}

IoFiles ioFiles(const std::vector<remote::RemoteTensor>& tensors) {
  IoFiles files;
  for (const auto& t : tensors) files.emplace_back(t.name, &t.tensor);
  return files;
}

// Writes everything the run made, all or nothing. Standard output is flushed first: a report
// may be going to the same descriptor (--out /dev/stdout).
void writeOutputs(const CliStreams& io, const OutputPlan& plan, const ReportDocument& doc,
                  const IoFiles& files) {
  OutputBatch batch;
  if (plan.createReportsFolder) batch.addFolder("reports");
  if (!plan.json.empty()) batch.add(plan.json, reportJsonText(doc));
  if (!plan.markdown.empty()) batch.add(plan.markdown, reportToMarkdown(doc));
  const bool saveIo = !plan.saveIo.empty() && !files.empty();
  if (saveIo) {
    batch.addFolder(plan.saveIo);
    for (const auto& [stem, tensor] : files) {
      batch.add((fs::path(plan.saveIo) / (stem + ".npy")).string(), toNpy(*tensor));
    }
  }
  io.out.flush();
  batch.commit();
  if (!plan.json.empty()) io.out << "Report: " << plan.json << "\n";
  if (!plan.markdown.empty()) io.out << "Markdown: " << plan.markdown << "\n";
  if (saveIo) io.out << "Inputs and trial 0's output: " << plan.saveIo << "/*.npy\n";
  if (!plan.saveIo.empty() && !saveIo) {
    io.out << "No .npy files: no trial produced an output.\n";
  }
}

RunCallbacks callbacksFor(ProgressBar& bar, SavedIo& saved, bool keepFirstOutput) {
  RunCallbacks cb;
  cb.onTrial = [&bar](const TrialRecord&, int done, int total) { bar.update(done, total); };
  if (keepFirstOutput) {
    cb.onFirstOutput = [&saved](const HostTensor& t) {
      if (!saved.firstOutput) saved.candidate = t.clone();
    };
  }
  return cb;
}

// The exit code of a run that was written: deterministic mode raised, the device (or the
// connection) failed, or the outputs differ where --expect-reproducible asked.
int runExitCode(const CliStreams& io, const RunOptions& o, const RunResult& r) {
  if (r.cancelled && interrupted()) return kExitCancelled;
  if (r.raisedNondeterministic()) return kExitNondeterministic;
  if (r.failed()) {
    io.err << "detbench: " << printableText(r.errors.front().message, true) << "\n";
    return kExitDeviceFault;
  }
  if (o.expectReproducible && !r.summary.reproducible) return kExitNotReproducible;
  return kExitOk;
}

// The exit code of a sweep that was written: a configuration that could not run, or raised,
// is in the report and the sweep went on; a device fault (or a lost connection) says so.
int sweepExitCode(const RunOptions& o, const ReportDocument& doc) {
  if (interrupted() &&
      std::any_of(doc.runs.begin(), doc.runs.end(), [](const RunResult& r) { return r.cancelled; }))
    return kExitCancelled;
  for (const auto& r : doc.runs) {
    if (r.deviceFault()) return kExitDeviceFault;
  }
  if (o.expectReproducible) {
    for (const auto& r : doc.runs) {
      if (!r.failed() && !r.summary.reproducible) return kExitNotReproducible;
    }
  }
  return kExitOk;
}

// One host's run or sweep (`configs` not empty) through `ssh ... detbench serve --stdio`: its
// report (the remote machine's context, this one as the viewer), and with --save-io the
// tensors it sent. A run cut short comes back with the trials that arrived.
ReportDocument runOnHost(const CliStreams& io, const RunOptions& o, const RunRequest& request,
                         const std::vector<SweepConfig>& configs, const RemoteEndpoint& endpoint,
                         std::vector<remote::RemoteTensor>* tensors) {
  const CancelToken& interrupt = interruptToken();
  const std::string& host = endpoint.name;
  auto client = connectRemote(o.remote, endpoint, &interrupt, [&io, &host](const std::string& s) {
    io.err << "  " << host << ": " << s << "\n" << std::flush;
  });
  RunRequest sent = request;
  std::vector<SweepConfig> sentConfigs = configs;
  if (!o.pytorch && request.device.starts_with("torch-")) {
    followTorchRelease(sent, client->environment(), o);
    // A configuration that names its own release keeps it.
    for (SweepConfig& c : sentConfigs) {
      if (c.settings.pytorch == request.settings.pytorch)
        c.settings.pytorch = sent.settings.pytorch;
    }
  }
  ProgressBar bar(io.err, io.errIsTerminal && !o.quiet, "  " + o.op + " on " + host);
  remote::RemoteRunCallbacks cb;
  int done = 0;  // within the configuration running
  cb.onTrial = [&bar, &done, &request](const TrialRecord&, int, int) {
    bar.update(++done, request.trials);
  };
  cb.onConfigurationStarted = [&bar, &done, &host](int, const std::string& name) {
    done = 0;
    bar.setLabel("  " + name + " on " + host);
  };
  cb.onConfigurationFinished = [&bar](int, const RunResult&) { bar.finish(); };
  ReportDocument doc = configs.empty() ? client->run(sent, cb, &interrupt, tensors)
                                       : client->sweep(sent, sentConfigs, cb, &interrupt, tensors);
  bar.finish();
  DETBENCH_CHECK_ARG(!doc.runs.empty(), host + " sent a report without its run");
  doc.viewer = ReportViewer{localHostName(), kToolVersion, endpoint.label};
  return doc;
}

void printRanOn(const CliStreams& io, const ReportDocument& doc, const RemoteEndpoint& endpoint) {
  io.out << "  Ran on:    " << remote::printable(doc.context.host) << " (" << endpoint.label
         << slurmJobWords(doc.context) << ", detbench "
         << remote::printable(doc.context.toolVersion) << ")\n";
}

// A file name's part for a host: letters, digits, '.', '-' and '_' kept, the rest '_'; a name
// of dots only becomes underscores.
std::string fileSafe(const std::string& host) {
  std::string s = host;
  for (char& c : s) {
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '.' && c != '-' && c != '_') c = '_';
  }
  if (s.find_first_not_of('.') == std::string::npos) s.assign(s.size(), '_');
  return s;
}

// One host's report: printed, written, its exit code.
int reportHost(const CliStreams& io, const RunOptions& o, const OutputPlan& plan,
               const ReportDocument& doc, const RemoteEndpoint& endpoint,
               const std::vector<remote::RemoteTensor>& tensors, bool sweep) {
  if (sweep) {
    printSweepSummary(io.out, doc);
  } else {
    printRunSummary(io.out, doc.runs.front());
  }
  printRanOn(io, doc, endpoint);
  writeOutputs(io, plan, doc, ioFiles(tensors));
  return sweep ? sweepExitCode(o, doc) : runExitCode(io, o, doc.runs.front());
}

// `detbench run|sweep --host A [--host B ...]`: the same request on each host in turn. With one
// host its report is written as a local run's; with several, each host's goes to reports/
// (named by the host), --save-io fills a folder per host, a host that cannot be reached does
// not stop the others (exit 4 at the end), and the hosts' outputs are set side by side (which
// agree bit for bit).
int runRemote(const CliStreams& io, const RunOptions& o, const std::vector<SweepConfig>& configs) {
  RunRequest request = buildRequest(o);
  // The local environment's CUBLAS_WORKSPACE_CONFIG stays here: only the option is sent (a
  // sweep's configurations carry their own copy of the settings).
  std::vector<SweepConfig> sent = configs;
  if (!o.cublasWorkspaceConfig) {
    request.settings.cublasWorkspaceConfig.reset();
    for (auto& c : sent) c.settings.cublasWorkspaceConfig.reset();
  }
  const bool sweep = !configs.empty();
  const std::string kind = sweep ? "sweep" : "run";
  std::vector<remote::RemoteTensor> tensors;
  std::vector<remote::RemoteTensor>* wantTensors = o.saveIo ? &tensors : nullptr;
  if (o.remote.slurmBatch) return submitBatch(io, o, request, sent);
  const std::vector<RemoteEndpoint> endpoints = remoteEndpoints(o.remote);
  if (endpoints.size() == 1) {
    const OutputPlan plan = planOutputs(o, kind);
    checkRemoteEndpoints(o.remote, endpoints, request.device);
    const ReportDocument doc = runOnHost(io, o, request, sent, endpoints.front(), wantTensors);
    if (!sweep && doc.runs.front().refused()) {
      DETBENCH_THROW(InvalidArgument, doc.runs.front().errors.front().message);
    }
    return reportHost(io, o, plan, doc, endpoints.front(), tensors, sweep);
  }
  DETBENCH_CHECK_ARG(!o.out && !o.markdown,
                     o.remote.slurm
                         ? "--out and --markdown name one file: with several --gpu-type each "
                           "type's report goes to reports/, named by its type"
                         : "--out and --markdown name one file: with several --host each host's "
                           "report goes to reports/, named by its host");
  // Each host's files are named by the host: two names for one file would overwrite it.
  std::set<std::string> names;
  for (const RemoteEndpoint& e : endpoints) {
    DETBENCH_CHECK_ARG(names.insert(fileSafe(e.name)).second,
                       "--host " + e.name + " is given twice (or names the same files as another)");
  }
  // Slurm refuses a job before any of them runs, not after the first has.
  checkRemoteEndpoints(o.remote, endpoints, request.device);
  const OutputPlan base = planOutputs(o, kind);
  std::vector<ComparedEntry> entries;
  int code = kExitOk;
  for (const RemoteEndpoint& endpoint : endpoints) {
    const std::string& host = endpoint.name;
    if (interruptToken().cancelled()) {
      io.err << "detbench: cancelled before " << host << "\n";
      continue;
    }
    io.out << host << ":\n";
    try {
      tensors.clear();
      const ReportDocument doc = runOnHost(io, o, request, sent, endpoint, wantTensors);
      OutputPlan plan = base;
      if (!plan.json.empty()) {
        plan.json = plan.json.substr(0, plan.json.size() - 5) + "-" + fileSafe(host) + ".json";
      }
      if (!plan.saveIo.empty()) plan.saveIo = (fs::path(plan.saveIo) / fileSafe(host)).string();
      code = std::max(code, reportHost(io, o, plan, doc, endpoint, tensors, sweep));
      const auto found = comparedEntries(plan.json.empty() ? host : plan.json, doc);
      entries.insert(entries.end(), found.begin(), found.end());
    } catch (const std::exception& e) {  // Error's what() is its message
      io.err << "detbench: " << printableText(e.what(), true) << "\n";
      code = std::max(code, interrupted() ? int{kExitCancelled} : int{kExitDeviceFault});
    }
  }
  if (entries.size() >= 2) {
    io.out << (o.remote.slurm ? "Across the GPU types:\n" : "Across the hosts:\n");
    printCompare(io.out, compareEntries(entries));
  }
  return code;
}

}  // namespace

int runCommand(const CliStreams& io, const RunOptions& o) {
  if (isRemote(o.remote)) return runRemote(io, o, {});
  RunRequest request = buildRequest(o);
  const OutputPlan plan = planOutputs(o, "run");
  const BackendRegistry registry = makeRegistry();
  followTorchRelease(request, registry, o);
  const TrialRunner runner(registry);
  const PreparedInputs prepared = runner.prepare(request);
  ProgressBar bar(io.err, io.errIsTerminal && !o.quiet, "  " + o.op);
  SavedIo saved;
  saved.prepared = &prepared;
  const RunCallbacks cb = callbacksFor(bar, saved, !plan.saveIo.empty());

  ReportDocument doc;
  doc.kind = ReportKind::Run;
  doc.runs.push_back(runner.run(request, prepared, cb, &interruptToken()));
  bar.finish();
  doc.context = collectEnvironment(registry);
  const RunResult& r = doc.runs.front();
  // A run that cannot run as asked (no such form on this device) is a refused plan: one line,
  // exit 2, nothing written.
  if (r.refused()) DETBENCH_THROW(InvalidArgument, r.errors.front().message);
  saved.settle(r);
  printRunSummary(io.out, r);
  writeOutputs(io, plan, doc, ioFiles(saved));
  return runExitCode(io, o, r);
}

int sweepCommand(const CliStreams& io, const RunOptions& o, const std::string& configs) {
  RunRequest base = buildRequest(o);
  if (isRemote(o.remote)) {
    return runRemote(io, o, parseSweepConfigs(configs, base.settings));
  }
  const OutputPlan plan = planOutputs(o, "sweep");
  const BackendRegistry registry = makeRegistry();
  followTorchRelease(base, registry, o);
  const std::vector<SweepConfig> list = parseSweepConfigs(configs, base.settings);
  const TrialRunner runner(registry);
  const PreparedInputs prepared = runner.prepare(base, static_cast<int>(list.size()));
  ProgressBar bar(io.err, io.errIsTerminal && !o.quiet, "");
  SavedIo saved;
  saved.prepared = &prepared;
  const RunCallbacks cb = callbacksFor(bar, saved, !plan.saveIo.empty());

  SweepCallbacks sweepCallbacks;
  sweepCallbacks.trial = cb;
  sweepCallbacks.onConfigurationStarted = [&bar](int, const SweepConfig& c) {
    bar.setLabel("  " + c.name);
  };
  sweepCallbacks.onConfigurationFinished = [&](int, const RunResult& r) {
    bar.finish();
    saved.settle(r);  // trial 0's output of the first configuration that ran
  };
  ReportDocument doc;
  doc.kind = ReportKind::Sweep;
  doc.runs = runSweep(runner, base, prepared, list, sweepCallbacks, &interruptToken()).runs;
  doc.context = collectEnvironment(registry);
  printSweepSummary(io.out, doc);
  writeOutputs(io, plan, doc, ioFiles(saved));
  return sweepExitCode(o, doc);
}

}  // namespace detbench::cli
