// `detbench invariance`: the same op on the same inputs at several thread counts, on several
// devices or at several batch sizes, each configuration's trial 0 compared bit for bit with the
// first's (at batch sizes: each row with the same row of the full batch and of B = 1).

#include <iomanip>
#include <sstream>

#include "Commands.hpp"
#include "ConsoleOutput.hpp"
#include "ExitCodes.hpp"
#include "IntegerOption.hpp"
#include "Interrupt.hpp"
#include "OutputOptions.hpp"
#include "RemoteOptions.hpp"
#include "detbench/base/BuildInfo.hpp"
#include "detbench/base/Error.hpp"
#include "detbench/base/Utf8Text.hpp"
#include "detbench/io/OutputFiles.hpp"
#include "detbench/report/Environment.hpp"
#include "detbench/report/Format.hpp"
#include "detbench/report/InvarianceJson.hpp"
#include "detbench/report/InvarianceMarkdown.hpp"

namespace detbench::cli {

namespace {

std::vector<std::string> splitList(const std::string& text, const std::string& option) {
  std::vector<std::string> items;
  std::string item;
  std::istringstream in(text);
  while (std::getline(in, item, ',')) {
    DETBENCH_CHECK_ARG(!item.empty(), option + " has an empty item: '" + text + "'");
    items.push_back(item);
  }
  DETBENCH_CHECK_ARG(!items.empty(), option + " is empty");
  return items;
}

InvariancePlan planOf(const InvarianceOptions& o) {
  InvariancePlan plan;
  const int axes =
      int{o.threadsList.has_value()} + int{o.devices.has_value()} + int{o.batches.has_value()};
  DETBENCH_CHECK_ARG(axes == 1, "give one of --threads-list, --devices and --batches");
  DETBENCH_CHECK_ARG(!o.otherRows || o.batches, "--other-rows goes with --batches");
  if (o.batches) {
    plan.axis = InvarianceAxis::Batches;
    plan.otherRows = o.otherRows;
    if (*o.batches != "auto") {
      for (const auto& b : splitList(*o.batches, "--batches")) {
        plan.batches.push_back(
            integerOption<std::int64_t>(b, "--batches", 1, std::int64_t{1} << 40));
      }
    }
  } else if (o.threadsList) {
    plan.axis = InvarianceAxis::Threads;
    for (const auto& t : splitList(*o.threadsList, "--threads-list")) {
      plan.threads.push_back(integerOption<int>(t, "--threads-list", 1, kMaxThreads));
    }
  } else {
    plan.axis = InvarianceAxis::Devices;
    plan.devices = splitList(*o.devices, "--devices");
  }
  return plan;
}

std::string repeatVerdict(const RunSummary& s) {
  return s.reproducible
             ? std::string("repeats (1 output)")
             : std::to_string(s.distinctDigests) + " outputs in " + std::to_string(s.trials);
}

std::string diffText(const OutputDiff& d) {
  return std::to_string(d.nDiff) + " elements, max " + std::to_string(d.maxUlp) +
         " ULP, max |diff| " + formatFloat(d.maxAbsDiff);
}

void printBatchInvariance(std::ostream& out, const RunRequest& base, const InvarianceResult& r) {
  out << "Batch invariance of " << base.op << " on " << base.device
      << ": the first rows of the full batch, " << base.trials << " trials each\n";
  out << "  " << std::left << std::setw(12) << "rows" << std::setw(22) << "run to run"
      << std::setw(12) << "time" << std::setw(12) << "per row"
      << "rows against the full batch; row 0 against row 0 alone\n";
  for (const InvariancePoint& p : r.points) {
    out << "  " << std::left << std::setw(12) << printableText(p.label, true);
    if (p.run.failed()) {
      out << printableText(p.run.errors.front().kind, true) << ": "
          << printableText(p.run.errors.front().message, true) << "\n";
      continue;
    }
    const RunSummary& s = p.run.summary;
    out << padded(repeatVerdict(s), 22) << padded(formatDuration(s.time.median), 12)
        << padded(p.rows > 0 ? formatDuration(s.time.median / static_cast<double>(p.rows))
                             : std::string("-"),
                  12);
    if (&p == &r.points.front()) {
      out << "the full batch";
    } else if (!p.compared) {
      out << "not compared";
    } else if (p.equalToFirst) {
      out << "equal";
    } else {
      out << "differ: " << diffText(p.diff);
    }
    if (p.comparedToOne && p.rows != 1) {
      out << (p.equalToOne ? "; row 0 equal"
                           : "; row 0 differs by " + std::to_string(p.diffToOne.maxUlp) + " ULP");
    }
    if (p.comparedAmongOthers) {
      out << (p.equalAmongOthers
                  ? "; the same among other rows"
                  : "; among other rows " + std::to_string(p.diffAmongOthers.maxUlp) + " ULP off");
    }
    out << "\n";
  }
}

void printConfigurations(std::ostream& out, const RunRequest& base, const InvarianceResult& r) {
  out << "Invariance of " << base.op << " over "
      << (r.axis == InvarianceAxis::Threads ? "thread counts (" + base.device + ")"
                                            : std::string("devices"))
      << ", the same inputs, " << base.trials << " trials each\n";
  for (std::size_t i = 0; i < r.points.size(); ++i) {
    const InvariancePoint& p = r.points[i];
    out << "  " << std::left << std::setw(14) << printableText(p.label, true);
    if (p.run.failed()) {
      out << printableText(p.run.errors.front().kind, true) << ": "
          << printableText(p.run.errors.front().message, true) << "\n";
      continue;
    }
    const RunSummary& s = p.run.summary;
    out << padded(repeatVerdict(s), 22) << padded(formatDuration(s.time.median), 12) << "  ";
    if (i == 0) {
      out << "the first: the others are compared with its trial 0\n";
    } else if (!p.compared) {
      out << "not compared (the first configuration has no output)\n";
    } else if (p.equalToFirst) {
      out << "bitwise equal to " << r.points.front().label << "\n";
    } else {
      out << "differs from " << r.points.front().label << ": " << diffText(p.diff) << "\n";
    }
  }
}

void printInvariance(std::ostream& out, const RunRequest& base, const InvarianceResult& r) {
  if (r.axis == InvarianceAxis::Batches) {
    printBatchInvariance(out, base, r);
  } else {
    printConfigurations(out, base, r);
  }
  if (r.cancelled) {
    out << "Measured: nothing (cancelled after " << r.points.size()
        << (r.points.size() == 1 ? " configuration" : " configurations")
        << "; the guarantee needs them all)\n";
    return;
  }
  out << "Measured: " << toString(r.measured);
  switch (r.measured) {
    case GuaranteeLevel::NotGuaranteed:
      out << " (some configuration does not repeat its own output, or did not run)\n";
      break;
    case GuaranteeLevel::RunToRun:
      out << " (each configuration repeats, but "
          << (r.axis == InvarianceAxis::Threads   ? "the thread count"
              : r.axis == InvarianceAxis::Devices ? "the device"
                                                  : "the batch size")
          << " changes the bits)\n";
      break;
    case GuaranteeLevel::BatchInvariant:
      out << " (every row has the same bits at every batch size tried)\n";
      break;
    case GuaranteeLevel::ThreadCountInvariant:
      out << " (the same bits at every thread count tried)\n";
      break;
    case GuaranteeLevel::DeviceInvariant:
      out << " (the same bits on every device tried)\n";
      break;
  }
}

}  // namespace

namespace {

// The run on a remote host (--host): the same plan, the remote's devices and threads.
InvarianceDocument invarianceOnHost(const CliStreams& io, const InvarianceOptions& o,
                                    const RunRequest& base, const InvariancePlan& plan,
                                    const RemoteEndpoint& endpoint) {
  const RemoteOptions& remote = o.request.remote;
  const std::string& host = endpoint.name;
  checkRemoteEndpoints(remote, {endpoint}, base.device);
  auto client = connectRemote(remote, endpoint, &interruptToken(), [&io](const std::string& s) {
    io.err << "  " << s << "\n" << std::flush;
  });
  RunRequest sent = base;
  if (!o.request.pytorch && base.device.starts_with("torch-")) {
    followTorchRelease(sent, client->environment(), o.request);
  }
  ProgressBar bar(io.err, io.errIsTerminal && !o.request.quiet, "");
  remote::RemoteRunCallbacks callbacks;
  int done = 0;
  callbacks.onConfigurationStarted = [&](int, const std::string& label) {
    done = 0;
    bar.setLabel("  " + label + " on " + host);
  };
  callbacks.onTrial = [&](const TrialRecord&, int, int) { bar.update(++done, base.trials); };
  callbacks.onConfigurationFinished = [&bar](int, const RunResult&) { bar.finish(); };
  InvarianceDocument doc = client->invariance(sent, plan, callbacks, &interruptToken());
  bar.finish();
  return doc;
}

}  // namespace

int invarianceCommand(const CliStreams& io, const InvarianceOptions& o) {
  RunRequest base = buildRequest(o.request);
  base.bytesPerTrial = kInvarianceBytesPerTrial;
  const InvariancePlan plan = planOf(o);
  validateInvariancePlan(base, plan);
  checkOutputOptions({{"--out", o.out}, {"--markdown", o.markdown}});
  const bool remote = isRemote(o.request.remote);
  InvarianceDocument doc;
  std::optional<ReportViewer> viewer;
  std::optional<RemoteEndpoint> endpoint;
  if (remote) {
    endpoint = singleEndpoint(o.request.remote, "invariance",
                              " (run the same plan on each, then `detbench compare` their "
                              "reports)");
    RunRequest sent = base;
    // The local environment's CUBLAS_WORKSPACE_CONFIG stays here: only the option is sent.
    if (!o.request.cublasWorkspaceConfig) sent.settings.cublasWorkspaceConfig.reset();
    doc = invarianceOnHost(io, o, sent, plan, *endpoint);
    viewer = ReportViewer{localHostName(), kToolVersion, endpoint->label};
  } else {
    const BackendRegistry registry = makeRegistry();
    followTorchRelease(base, registry, o.request);
    const TrialRunner runner(registry);
    ProgressBar bar(io.err, io.errIsTerminal && !o.request.quiet, "");
    InvarianceCallbacks callbacks;
    callbacks.onPointStarted = [&bar](int, const std::string& label) {
      bar.setLabel("  " + label);
    };
    callbacks.trial.onTrial = [&bar](const TrialRecord&, int done, int total) {
      bar.update(done, total);
    };
    callbacks.onPointFinished = [&bar](int, const InvariancePoint&) { bar.finish(); };
    doc.result = runInvariance(runner, base, plan, callbacks, &interruptToken());
    doc.context = collectEnvironment(registry);
  }
  const InvarianceResult& result = doc.result;
  for (const auto& p : result.points) {
    if (p.run.refused()) DETBENCH_THROW(InvalidArgument, p.run.errors.front().message);
  }
  const auto json = invarianceToJson(result, doc.context, viewer);
  if (o.json) {
    io.out << json.dump(2) << "\n";
  } else {
    printInvariance(io.out, base, result);
    if (remote) {
      io.out << "Ran on: " << remote::printable(doc.context.host) << " (" << endpoint->label
             << slurmJobWords(doc.context) << ", detbench "
             << remote::printable(doc.context.toolVersion) << ")\n";
    }
  }
  if (o.out) {
    writeFileAtomically(*o.out, json.dump(2) + "\n");
    if (!o.json) io.out << "Report: " << *o.out << "\n";
  }
  if (o.markdown) {
    writeFileAtomically(*o.markdown, invarianceToMarkdown(base, result));
    if (!o.json) io.out << "Markdown: " << *o.markdown << "\n";
  }
  if (interrupted() && result.cancelled) return kExitCancelled;
  for (const auto& p : result.points) {
    if (p.run.deviceFault()) {
      if (remote)
        io.err << "detbench: " << printableText(p.run.errors.back().message, true) << "\n";
      return kExitDeviceFault;
    }
  }
  for (const auto& p : result.points) {
    if (p.run.raisedNondeterministic()) return kExitNondeterministic;
  }
  if (o.expectInvariant && !result.invariant) return kExitNotReproducible;
  return kExitOk;
}

}  // namespace detbench::cli
