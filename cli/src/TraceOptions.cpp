#include "TraceOptions.hpp"

#include <filesystem>

#include "IntegerOption.hpp"
#include "OutputOptions.hpp"
#include "detbench/base/Error.hpp"
#include "detbench/io/OutputFiles.hpp"

namespace detbench::cli {

void addTraceOptions(CLI::App& app, TraceOptions& o) {
  app.add_option("command", o.command,
                 "The script to trace, after --: -- python3 train.py ARGS (or -m module)");
  app.add_option("--runs,-n", o.runs, "Runs per configuration, each a fresh process")
      ->capture_default_str();
  app.add_option("--configs", o.configs,
                 "Several configurations, comma-separated, on top of the settings: default, "
                 "seeded, deterministic, warn, benchmark, cudnn-deterministic");
  app.add_option("--seed", o.seed,
                 "torch.manual_seed, random.seed and numpy.random.seed before the script");
  app.add_option("--deterministic", o.deterministic,
                 "torch.use_deterministic_algorithms: off, warn or error");
  app.add_flag("--cudnn-benchmark", o.cudnnBenchmark, "torch.backends.cudnn.benchmark = True");
  app.add_flag("--cudnn-deterministic", o.cudnnDeterministic,
               "torch.backends.cudnn.deterministic = True");
  app.add_option("--cublas-workspace-config", o.cublasWorkspaceConfig,
                 "CUBLAS_WORKSPACE_CONFIG, :SIZE:COUNT, set before the interpreter starts");
  app.add_option("--pythonhashseed", o.pythonHashSeed,
                 "PYTHONHASHSEED (0 to 4294967295), set before the interpreter starts");
  app.add_option("--threads", o.threads, "torch.set_num_threads before the script");
  app.add_flag("--inductor-deterministic", o.inductorDeterministic,
               "torch._inductor.config.deterministic = True: compiled code without "
               "autotuning by timing (PyTorch 2.10 and later)");
  app.add_flag("--inductor-batch-invariant", o.inductorBatchInvariant,
               "torch._inductor.config.batch_invariant = True: compiled kernels that give a row "
               "the same bits whatever the batch (PyTorch releases that have it)");
  app.add_option("--compile", o.compile,
                 "torch.compile under the trace: regions (compiled code runs as compiled, each "
                 "call one op) or eager (the ops inside, run eagerly)");
  app.add_option("--env", o.environment,
                 "NAME=VALUE in the environment of every process of the script (repeatable)");
  app.add_option("--nccl-algo", o.ncclAlgo,
                 "NCCL_ALGO for every rank (Ring, Tree, ...): how a collective reduces");
  app.add_option("--nccl-proto", o.ncclProto, "NCCL_PROTO for every rank (Simple, LL, LL128)");
  app.add_option("--world-sizes", o.worldSizes,
                 "Trace the job at each world size, comma-separated (2,3,4): torchrun's "
                 "--nproc_per_node, else WORLD_SIZE for a script that reads it");
  app.add_option("--ops", o.ops,
                 "Digest only ops FROM..TO (FROM.., ..TO; numbered from 1): large models");
  app.add_option("--timeout", o.timeout, "Stop a run after this many seconds");
  app.add_option("--cwd", o.workingDir, "The working folder the script runs in");
  app.add_option("--pytorch", o.pytorch,
                 "The catalog release to explain causes by, X.Y (default: the traced PyTorch's)");
  app.add_option("--out", o.out, "Write the JSON report here (default: reports/...)");
  app.add_option("--markdown", o.markdown, "Also write the report as Markdown here");
  app.add_flag("--no-report", o.noReport, "Do not write a JSON report");
  app.add_flag("--no-second-pass", o.noSecondPass,
               "Do not run the script again to measure how much each cause's outputs differ");
  app.add_flag("--expect-reproducible", o.expectReproducible,
               "Exit with 1 when the runs of a configuration differ");
  app.add_flag("--show-output", o.showOutput, "Pass the script's output through (on stderr)");
  addRemoteOptions(app, o.remote);
  app.add_option("--slurm-shared", o.slurmShared,
                 "With --slurm: a folder the nodes see at the same path, for the probe's files "
                 "(default: the working folder)");
  app.add_flag("--quiet,-q", o.quiet, "No progress line");
  // Given by detbench itself to the detbench on a --host: not for people.
  app.add_flag("--stop-when-stdin-closes", o.stopWhenStdinCloses)->group("");
}

trace::TracePlan buildTracePlan(const TraceOptions& o) {
  using namespace trace;
  TracePlan plan;
  plan.command = parseScriptCommand(o.command);
  plan.runs = integerOption<int>(o.runs, "--runs", 1, kMaxTraceRuns);
  TraceSettings base;
  if (o.seed) base.seed = integerOption<std::uint64_t>(*o.seed, "--seed");
  if (o.deterministic) {
    const auto mode = parseDeterministicMode(*o.deterministic);
    DETBENCH_CHECK_ARG(mode.has_value(), "--deterministic must be off, warn or error, not '" +
                                             *o.deterministic + "'");
    base.deterministic = *mode;
  }
  if (o.cudnnBenchmark) base.cudnnBenchmark = true;
  if (o.cudnnDeterministic) base.cudnnDeterministic = true;
  if (o.cublasWorkspaceConfig) {
    base.cublasWorkspaceConfig = WorkspaceConfig::parse(*o.cublasWorkspaceConfig).text;
  }
  if (o.pythonHashSeed) {
    base.pythonHashSeed =
        integerOption<std::uint32_t>(*o.pythonHashSeed, "--pythonhashseed", 0, 4294967295u);
  }
  if (o.threads) base.threads = integerOption<int>(*o.threads, "--threads", 1, kMaxThreads);
  if (o.inductorDeterministic) base.inductorDeterministic = true;
  if (o.inductorBatchInvariant) base.inductorBatchInvariant = true;
  if (o.compile) {
    DETBENCH_CHECK_ARG(*o.compile == "regions" || *o.compile == "eager",
                       "--compile must be regions or eager, not '" + *o.compile + "'");
    base.compileEager = *o.compile == "eager";
  }
  for (const auto& entry : o.environment) {
    const auto [name, value] = parseEnvironmentSetting(entry);
    setEnvironment(base, name, value);
  }
  const auto nccl = [&base](const std::optional<std::string>& value, const char* option,
                            const char* name) {
    if (!value) return;
    DETBENCH_CHECK_ARG(!value->empty(), std::string(option) + " needs a value");
    setEnvironment(base, name, *value);
  };
  nccl(o.ncclAlgo, "--nccl-algo", "NCCL_ALGO");
  nccl(o.ncclProto, "--nccl-proto", "NCCL_PROTO");
  DETBENCH_CHECK_ARG(!(o.configs && o.worldSizes),
                     "--configs and --world-sizes: one axis at a time");
  if (o.worldSizes) {
    plan.configs = parseWorldSizes(*o.worldSizes, base);
  } else {
    plan.configs = o.configs ? parseTraceConfigs(*o.configs, base)
                             : std::vector<TraceConfig>{TraceConfig{"default", base}};
  }
  if (o.ops) plan.window = parseTraceWindow(*o.ops);
  if (o.timeout) {
    plan.timeout = std::chrono::seconds(integerOption<int>(*o.timeout, "--timeout", 1, 1 << 24));
  }
  if (o.workingDir) {
    std::error_code ec;
    DETBENCH_CHECK_ARG(std::filesystem::is_directory(*o.workingDir, ec),
                       "--cwd names no folder: " + *o.workingDir);
    plan.workingDir = *o.workingDir;
  }
  plan.secondPass = !o.noSecondPass;
  plan.captureStdout = o.showOutput;
  return plan;
}

TraceReportPath traceReportPath(const TraceOptions& o, const std::string& stem) {
  DETBENCH_CHECK_ARG(!(o.noReport && o.out),
                     "--no-report and --out contradict each other: choose one");
  checkOutputOptions({{"--out", o.out}, {"--markdown", o.markdown}});
  TraceReportPath p;
  if (o.out) {
    p.json = *o.out;
  } else if (!o.noReport) {
    p.json = "reports/trace-" + stem + "-" + reportTimestamp() + ".json";
    p.inReportsFolder = true;
    checkOutputWritable(p.json, "report", /*folderMayBeMade=*/true);
  }
  return p;
}

}  // namespace detbench::cli
