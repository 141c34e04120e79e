#include "detbench/trace/TraceSession.hpp"

#include <algorithm>
#include <chrono>
#include <csignal>
#include <cstdlib>
#include <filesystem>
#include <fstream>

#include <nlohmann/json.hpp>

#include "detbench/base/Error.hpp"
#include "detbench/base/IntegerText.hpp"
#include "detbench/catalog/PyTorchAlerts.hpp"
#include "detbench/io/InputFiles.hpp"
#include "detbench/remote/ShortCommand.hpp"
#include "detbench/run/HostMemory.hpp"
#include "detbench/trace/ProbeFiles.hpp"
#include "detbench/trace/ScriptProcess.hpp"

namespace detbench::trace {

namespace {

// Run by the user's interpreter before any run: the script compiles (or the module is found),
// and where torch is and which release, without importing it. The answer goes to descriptor 3.
constexpr const char* kCheckProgram = R"py(
import importlib.util as u, json, os, sys
r = {"python": sys.version.split()[0]}
kind, target = sys.argv[1], sys.argv[2]
try:
    if kind == "module":
        if u.find_spec(target) is None:
            r["script"] = "no module named " + target
    else:
        sys.path.insert(0, os.path.dirname(os.path.abspath(target)))
        with open(target, "rb") as f:
            source = f.read()
        compile(source, target, "exec", dont_inherit=True)
except SyntaxError as e:
    r["script"] = "not Python: %s (line %s)" % (e.msg, e.lineno)
except (ValueError, UnicodeDecodeError) as e:
    r["script"] = "not Python: %s" % e
except OSError as e:
    r["script"] = "cannot read it: %s" % e.strerror
except Exception as e:
    r["script"] = "%s: %s" % (type(e).__name__, e)
try:
    s = u.find_spec("torch")
    d = s.submodule_search_locations[0] if s and s.submodule_search_locations else None
except Exception:
    d = None
if d:
    r["torch_dir"] = d
    try:
        for line in open(os.path.join(d, "version.py")):
            if line.startswith("__version__"):
                r["torch"] = line.split("=", 1)[1].strip().strip("'\"")
    except OSError:
        pass
    try:
        with open(os.path.join(d, "utils", "_python_dispatch.py")) as f:
            r["dispatch_mode"] = "class TorchDispatchMode" in f.read()
    except OSError:
        r["dispatch_mode"] = False
os.write(3, (json.dumps(r) + "\n").encode())
)py";

std::string joinSeqs(const std::vector<std::int64_t>& seqs) {
  std::string s;
  for (const auto q : seqs) {
    if (!s.empty()) s += ",";
    s += std::to_string(q);
  }
  return s;
}

// Runs one run; where a launcher started it elsewhere and the run was stopped or killed, what
// the launcher started there is stopped too (scancel: a killed srun may leave its step running).
TraceRunExit runLaunched(const TracePlan& plan, int run, const ScriptLaunch& launch,
                         const ScriptCallbacks& callbacks, const CancelToken* cancel) {
  TraceRunExit exit = runScript(launch, callbacks, cancel);
  const bool stopped = exit.timedOut || exit.cancelled || !exit.problem.empty() || !exit.exited;
  if (stopped && plan.launcher) {
    const std::vector<std::string> stop = plan.launcher(run).cancel;
    if (!stop.empty()) {
      try {
        remote::runShortCommand(stop, std::chrono::seconds(20));
      } catch (const Error&) {
        // Nothing more can be done from here; the run's own words say what happened.
      }
    }
  }
  return exit;
}

// Wall-clock nanoseconds, the clock a file's modification time is read against.
std::int64_t wallNanoseconds() {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

// `traceStarted`: wallNanoseconds() when the trace began. The probe records the files a run
// reads that were written between then and the run's own start (what an earlier run left).
ScriptLaunch launchFor(const TracePlan& plan, const ProbeFolder& probe, const TraceConfig& config,
                       int run, std::int64_t traceStarted) {
  ScriptLaunch l;
  TraceLauncher launcher;
  if (plan.launcher) launcher = plan.launcher(run);
  l.argv = launcher.prefix;
  l.recordsOnStdout = !launcher.prefix.empty();
  if (l.recordsOnStdout) l.stopSignal = SIGTERM;
  l.argv.push_back(plan.command.interpreter);
  for (const auto& o : plan.command.pythonOptions) l.argv.push_back(o);
  l.argv.push_back(probe.bootScript());
  if (plan.command.module) l.argv.push_back("-m");
  l.argv.push_back(plan.command.target);
  std::vector<std::string> args = plan.command.args;
  if (config.settings.worldSize && plan.command.launcher == "torchrun") {
    // torchrun's own option sets the number of workers; the script reads WORLD_SIZE either way.
    const std::string n = std::to_string(*config.settings.worldSize);
    if (!setProcessesPerNode(args, n)) args.insert(args.begin(), "--nproc_per_node=" + n);
  }
  for (const auto& a : args) l.argv.push_back(a);
  l.workingDir = plan.workingDir;
  l.timeout = plan.timeout;
  l.captureStdout = plan.captureStdout;
  // The ring is read here after the run: of no use where the run is on another machine.
  if (!l.recordsOnStdout) l.ringPath = probe.path() + "/records.ring";
  auto& env = l.environment;
  static const std::string digestLibrary = probeDigestLibrary();
  if (!digestLibrary.empty()) env.emplace_back("DETBENCH_TRACE_DIGEST_LIB", digestLibrary);
  env.emplace_back("DETBENCH_TRACE_FD",
                   l.recordsOnStdout ? std::string("stdout") : std::to_string(kRecordDescriptor));
  env.emplace_back("DETBENCH_TRACE_RUN", std::to_string(run));
  env.emplace_back("DETBENCH_TRACE_RUNS", std::to_string(plan.runs));
  env.emplace_back("DETBENCH_TRACE_CONFIG", config.name);
  env.emplace_back("DETBENCH_TRACE_SETTINGS", probeSettingsJson(config.settings).dump());
  env.emplace_back("DETBENCH_TRACE_SINCE",
                   std::to_string(traceStarted) + ":" + std::to_string(wallNanoseconds()));
  if (!plan.window.all()) {
    env.emplace_back("DETBENCH_TRACE_OPS",
                     std::to_string(plan.window.first) + ":" + std::to_string(plan.window.last));
  }
  if (config.settings.pythonHashSeed) {
    env.emplace_back("PYTHONHASHSEED", std::to_string(*config.settings.pythonHashSeed));
  }
  if (config.settings.cublasWorkspaceConfig) {
    env.emplace_back("CUBLAS_WORKSPACE_CONFIG", *config.settings.cublasWorkspaceConfig);
  }
  for (const auto& [name, value] : config.settings.environment) env.emplace_back(name, value);
  if (config.settings.worldSize && plan.command.launcher.empty()) {
    env.emplace_back("WORLD_SIZE", std::to_string(*config.settings.worldSize));
  }
  return l;
}

// The first pass traces every process of a job: the processes the script starts find the
// probe's start-up hook first on their PYTHONPATH, and write their records into `jobDir`.
void addJobEnvironment(ScriptLaunch& launch, const ProbeFolder& probe, const std::string& jobDir) {
  std::string path = probe.path() + "/detbench_job_hook";
  if (const char* current = std::getenv("PYTHONPATH"); current && *current) {
    path += ":";
    path += current;
  }
  launch.environment.emplace_back("PYTHONPATH", path);
  launch.environment.emplace_back("DETBENCH_TRACE_JOB_DIR", jobDir);
}

// The second pass of one run: the few ops it digested and the outputs it kept.
struct KeptRun {
  std::map<std::int64_t, TraceOp> ops;
  std::map<std::pair<std::int64_t, int>, TraceKept> kept;
};

std::string readKept(const std::string& dir, const TraceKept& k) {
  const std::size_t element = traceDtypeSize(k.dtype);
  DETBENCH_CHECK_ARG(element > 0, "an output of unknown dtype '" + k.dtype + "'");
  std::uint64_t bytes = element;
  for (const auto d : k.shape) {
    DETBENCH_CHECK_ARG(d == 0 || bytes <= (std::uint64_t{1} << 40) / static_cast<std::uint64_t>(d),
                       "a kept output too large to compare");
    bytes *= static_cast<std::uint64_t>(d);
  }
  // Two of these are held at once: no more than a quarter of the memory there is.
  DETBENCH_CHECK_ARG(
      bytes <= static_cast<std::uint64_t>(availableMemoryBytes()) / 4,
      "a kept output of " + std::to_string(bytes >> 20) + " MiB, more than can be held to compare");
  const std::string path = dir + "/" + k.file;
  std::error_code ec;
  const auto size = std::filesystem::file_size(path, ec);
  DETBENCH_CHECK_ARG(!ec && size == bytes,
                     "the kept output " + k.file + " is not " + std::to_string(bytes) + " bytes");
  std::string data(bytes, '\0');
  std::ifstream in(path, std::ios::binary);
  in.read(data.data(), static_cast<std::streamsize>(bytes));
  DETBENCH_CHECK_ARG(static_cast<std::uint64_t>(in.gcount()) == bytes,
                     "cannot read the kept output " + k.file);
  return data;
}

bool sameInputs(const TraceOp& a, const TraceOp& b) {
  if (a.inputs.size() != b.inputs.size()) return false;
  for (std::size_t j = 0; j < a.inputs.size(); ++j) {
    if (a.inputs[j].digest != b.inputs[j].digest || a.inputs[j].shape != b.inputs[j].shape) {
      return false;
    }
  }
  return true;
}

CauseDifference measure(const TraceCause& cause, const std::vector<KeptRun>& runs,
                        const std::string& dir) {
  CauseDifference d;
  if (runs.empty()) return d;
  const auto refIt = runs[0].ops.find(cause.seq);
  if (refIt == runs[0].ops.end() || refIt->second.name != cause.op.name) {
    d.note = "run 1 did not reach this op in the second pass";
    return d;
  }
  const TraceOp& ref = refIt->second;
  for (std::size_t k = 1; k < runs.size(); ++k) {
    const auto it = runs[k].ops.find(cause.seq);
    if (it == runs[k].ops.end() || it->second.name != ref.name) continue;
    const TraceOp& op = it->second;
    if (cause.category != CauseCategory::Data && !sameInputs(ref, op)) {
      d.inputsDiffered = true;
      continue;
    }
    for (std::size_t j = 0; j < op.outputs.size() && j < ref.outputs.size(); ++j) {
      if (op.outputs[j].digest == ref.outputs[j].digest) continue;
      d.seenAgain = true;
      const auto a = runs[0].kept.find({cause.seq, static_cast<int>(j)});
      const auto b = runs[k].kept.find({cause.seq, static_cast<int>(j)});
      if (a == runs[0].kept.end() || b == runs[k].kept.end()) {
        d.note = "its outputs were not kept";
        continue;
      }
      if (!a->second.error.empty() || !b->second.error.empty()) {
        d.note = "its outputs were not kept: " +
                 (a->second.error.empty() ? b->second.error : a->second.error);
        continue;
      }
      if (a->second.dtype != b->second.dtype || a->second.shape != b->second.shape) continue;
      const std::string x = readKept(dir, a->second);
      const std::string y = readKept(dir, b->second);
      const RawDiff diff = compareRaw(a->second.dtype, std::as_bytes(std::span(x.data(), x.size())),
                                      std::as_bytes(std::span(y.data(), y.size())));
      if (!d.measured || diff.maxUlp > d.diff.maxUlp ||
          (diff.maxUlp == d.diff.maxUlp && diff.nDiff > d.diff.nDiff)) {
        d.diff = diff;
        d.run = static_cast<int>(k) + 1;
      }
      d.measured = true;
    }
  }
  if (!d.measured && d.note.empty()) {
    d.note = d.inputsDiffered ? "its inputs differed in the second pass"
                              : "the second pass did not see it differ again";
  }
  return d;
}

}  // namespace

PythonCheck checkPython(const ScriptCommand& command, const std::string& workingDir,
                        const CancelToken* cancel) {
  if (!command.module) {
    std::filesystem::path script(command.target);
    if (script.is_relative() && !workingDir.empty())
      script = std::filesystem::path(workingDir) / script;
    std::error_code ec;
    DETBENCH_CHECK_ARG(std::filesystem::exists(script, ec),
                       "no such script: " + command.target +
                           (workingDir.empty() ? std::string() : " (in " + workingDir + ")"));
    DETBENCH_CHECK_ARG(!std::filesystem::is_directory(script, ec),
                       command.target + " is a folder, not a script");
    // Reading a FIFO or a device would wait on it: a script is a regular file.
    DETBENCH_CHECK_ARG(std::filesystem::is_regular_file(script, ec),
                       command.target + " is not a regular file, not a script");
  }
  ScriptLaunch l;
  l.argv.push_back(command.interpreter);
  for (const auto& o : command.pythonOptions) l.argv.push_back(o);
  l.argv.insert(l.argv.end(),
                {"-c", kCheckProgram, command.module ? "module" : "script", command.target});
  l.workingDir = workingDir;
  l.timeout = std::chrono::seconds(60);
  std::string answer;
  ScriptCallbacks callbacks;
  callbacks.onRecord = [&answer](std::string_view line) {
    if (answer.empty()) answer = std::string(line);
  };
  TraceRunExit exit;
  try {
    exit = runScript(l, callbacks, cancel);
  } catch (const NotAvailable& e) {
    DETBENCH_THROW(InvalidArgument, e.message());
  }
  DETBENCH_CHECK_ARG(!exit.cancelled, "cancelled while " + command.interpreter +
                                          " was being asked about the script");
  // The interpreter's answer is one flat object; anything nested past kMaxJsonDepth is not it
  // (and is not parsed: dump() and copies recurse once a level).
  nlohmann::json j = jsonNestingDepth(answer) <= kMaxJsonDepth
                         ? nlohmann::json::parse(answer, nullptr, false)
                         : nlohmann::json(nlohmann::json::value_t::discarded);
  if (answer.empty() || j.is_discarded() || !j.is_object()) {
    std::string tail = lastLines(exit.stderrTail, 1);
    DETBENCH_THROW(InvalidArgument, command.interpreter +
                                        " did not answer as a Python interpreter" +
                                        (tail.empty() ? std::string() : ": " + tail));
  }
  const auto text = [&j](const char* key) {
    const auto it = j.find(key);
    return it != j.end() && it->is_string() ? it->get<std::string>() : std::string();
  };
  PythonCheck p{text("python"), text("torch"), text("torch_dir")};
  const std::string script = text("script");
  DETBENCH_CHECK_ARG(script.empty(), command.target + ": " + script);
  DETBENCH_CHECK_ARG(!p.torchDir.empty(), command.interpreter + " (Python " + p.python +
                                              ") has no torch: trace needs the PyTorch the "
                                              "script imports");
  const auto dispatch = j.find("dispatch_mode");
  DETBENCH_CHECK_ARG(dispatch != j.end() && dispatch->is_boolean() && dispatch->get<bool>(),
                     "PyTorch " + (p.torch.empty() ? std::string("(unknown release)") : p.torch) +
                         " at " + p.torchDir +
                         " has no TorchDispatchMode, which trace needs (PyTorch 1.13 and later)");
  return p;
}

TraceWindow parseTraceWindow(const std::string& text) {
  const auto dots = text.find("..");
  DETBENCH_CHECK_ARG(
      dots != std::string::npos,
      "--ops takes FROM..TO, FROM.. or ..TO (op numbers from 1), not '" + text + "'");
  TraceWindow w;
  const std::string from = text.substr(0, dots), to = text.substr(dots + 2);
  DETBENCH_CHECK_ARG(!from.empty() || !to.empty(), "--ops names no op: '" + text + "'");
  const auto number = [&text](const std::string& s) {
    const auto v = parseInteger<std::int64_t>(s);
    DETBENCH_CHECK_ARG(v && *v >= 1, "--ops takes op numbers from 1, not '" + text + "'");
    return *v;
  };
  if (!from.empty()) w.first = number(from);
  if (!to.empty()) w.last = number(to);
  DETBENCH_CHECK_ARG(w.last == 0 || w.last >= w.first,
                     "--ops takes the first op first, not '" + text + "'");
  return w;
}

const TraceRunSummary* TraceConfigResult::raisedNondeterministic() const {
  for (const auto& r : alignment.runs) {
    if (!r.completed() && r.lastRaise && isPyTorchAlert(r.lastRaise->message)) return &r;
  }
  return nullptr;
}

bool TraceConfigResult::failed() const {
  for (const auto& r : alignment.runs) {
    if (!r.completed() && !r.exit.cancelled) return true;
  }
  return job.anyFailed();
}

std::int64_t TraceConfigResult::comparedOps() const {
  return alignment.comparedOps() + job.comparedOps();
}

bool TraceConfigResult::reproducible() const {
  if (job.empty()) return alignment.reproducible();
  const auto& a = alignment;
  if (a.runs.size() < 2 || !a.partings.empty() || !a.causes.empty() || a.causesTruncated ||
      a.otherThreadOps > 0 || comparedOps() == 0 || !job.agrees() || !a.differingResults.empty()) {
    return false;
  }
  return std::all_of(a.runs.begin(), a.runs.end(),
                     [](const TraceRunSummary& r) { return r.completed() && r.differing == 0; });
}

TraceResult runTrace(const TracePlan& plan, const PythonCheck& python,
                     const TraceCallbacks& callbacks, const CancelToken* cancel) {
  DETBENCH_CHECK_ARG(plan.runs >= 1 && plan.runs <= kMaxTraceRuns, "runs must be 1 to 100");
  DETBENCH_CHECK_ARG(!plan.configs.empty(), "no configuration to trace");
  const ProbeFolder probe(plan.probeRoot);
  const std::int64_t traceStarted = wallNanoseconds();
  const std::size_t memoryLimit =
      static_cast<std::size_t>(std::max<std::int64_t>(availableMemoryBytes() / 2, 64 << 20));
  TraceResult result;
  result.python = python;
  const auto cancelled = [cancel] { return cancel && cancel->cancelled(); };
  for (std::size_t c = 0; c < plan.configs.size() && !cancelled(); ++c) {
    const int index = static_cast<int>(c);
    TraceConfigResult config;
    config.config = plan.configs[c];
    TraceAligner aligner;
    TraceJobAligner job;
    int scriptRank = -1;
    std::vector<std::int64_t> scriptCollectives;
    for (int run = 1; run <= plan.runs; ++run) {
      if (cancelled()) {
        config.cancelled = true;
        break;
      }
      if (callbacks.onRunStarted) callbacks.onRunStarted(index, run, false);
      aligner.beginRun();
      std::int64_t ops = 0;
      std::int64_t scriptPid = 0;
      CommandExits scriptSaid;  // what the script said of the commands it started
      ScriptCallbacks sc;
      sc.onOutput = callbacks.onOutput;
      sc.onRecord = [&](std::string_view line) {
        const TraceEvent event = parseTraceRecord(line);
        aligner.add(event);
        if (const auto* start = std::get_if<TraceStart>(&event)) scriptPid = start->pid;
        if (const auto* exited = std::get_if<TraceExited>(&event)) {
          scriptSaid[{scriptPid, exited->pid}] = exited->code;
        }
        if (run == 1) {
          if (const auto* rank = std::get_if<TraceRank>(&event)) scriptRank = rank->rank;
          const auto* op = std::get_if<TraceOp>(&event);
          if (op && op->thread == 0 && isCollective(op->name)) {
            scriptCollectives.push_back(op->seq);
          }
        }
        if (std::holds_alternative<TraceOp>(event) && (++ops % 1024) == 0) {
          if (callbacks.onProgress) callbacks.onProgress(ops);
          const std::size_t held = aligner.heldBytes();
          config.heldBytes = std::max(config.heldBytes, held);
          DETBENCH_CHECK_ARG(held <= memoryLimit,
                             "the trace holds " + std::to_string(held >> 20) +
                                 " MiB, half the memory available: trace a window with --ops");
        }
      };
      ScriptLaunch launch = launchFor(plan, probe, config.config, run, traceStarted);
      const std::string jobDir = probe.freshSubfolder("job");
      addJobEnvironment(launch, probe, jobDir);
      const TraceRunExit exit = runLaunched(plan, run, launch, sc, cancel);
      if (callbacks.onProgress) callbacks.onProgress(ops);
      aligner.endRun(exit);
      job.collectRun(run, jobDir, exit, scriptSaid);
      config.heldBytes = std::max(config.heldBytes, aligner.heldBytes());
      if (exit.cancelled) {
        config.cancelled = true;
        break;
      }
      if (aligner.result().runs.back().fatal) break;  // the probe could not start: no more runs
    }
    config.alignment = aligner.result();
    config.job = job.finish(config.alignment, scriptRank, scriptCollectives);
    const auto& causes = config.alignment.causes;
    if (plan.secondPass && !config.cancelled && !causes.empty() && plan.runs >= 2) {
      std::vector<std::int64_t> seqs;
      for (const auto& cause : causes) {
        if (seqs.size() >= plan.maxMeasuredCauses) break;
        if (cause.thread == 0) seqs.push_back(cause.seq);  // its window counts the main thread's
      }
      const std::string dir = probe.freshSubfolder("kept");
      std::vector<KeptRun> kept;
      for (int run = 1; run <= plan.runs && !cancelled(); ++run) {
        if (callbacks.onRunStarted) callbacks.onRunStarted(index, run, true);
        KeptRun k;
        std::int64_t ops = 0;
        ScriptCallbacks sc;
        sc.onOutput = callbacks.onOutput;
        sc.onRecord = [&](std::string_view line) {
          const TraceEvent event = parseTraceRecord(line);
          if (const auto* op = std::get_if<TraceOp>(&event)) {
            if (op->digested && op->thread == 0) k.ops[op->seq] = *op;
            if ((++ops % 1024) == 0 && callbacks.onProgress) callbacks.onProgress(ops);
          } else if (const auto* keptOutput = std::get_if<TraceKept>(&event)) {
            k.kept[{keptOutput->seq, keptOutput->output}] = *keptOutput;
          }
        };
        ScriptLaunch launch = launchFor(plan, probe, config.config, run, traceStarted);
        launch.environment.emplace_back("DETBENCH_TRACE_ONLY", joinSeqs(seqs));
        launch.environment.emplace_back("DETBENCH_TRACE_KEEP", joinSeqs(seqs));
        launch.environment.emplace_back("DETBENCH_TRACE_KEEP_DIR", dir);
        const TraceRunExit exit = runLaunched(plan, run, launch, sc, cancel);
        if (callbacks.onProgress) callbacks.onProgress(ops);
        if (exit.cancelled) break;
        kept.push_back(std::move(k));
      }
      if (!cancelled()) {
        config.secondPassRan = true;
        for (const auto& cause : causes) {
          if (cause.thread != 0) {
            CauseDifference d;
            d.note =
                "on a thread the script started: the second pass keeps the main thread's "
                "outputs only";
            config.differences[causeId(cause)] = d;
            continue;
          }
          if (std::find(seqs.begin(), seqs.end(), cause.seq) == seqs.end()) continue;
          try {
            config.differences[causeId(cause)] = measure(cause, kept, dir);
          } catch (const Error& e) {
            CauseDifference d;
            d.note = e.message();
            config.differences[causeId(cause)] = d;
          }
        }
      } else {
        config.cancelled = true;
      }
    }
    if (callbacks.onConfigFinished) callbacks.onConfigFinished(index, config);
    result.configs.push_back(std::move(config));
  }
  result.cancelled = cancelled();
  return result;
}

}  // namespace detbench::trace
