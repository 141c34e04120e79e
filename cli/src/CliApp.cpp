#include "CliApp.hpp"

#include <string_view>

#include "ExitCodes.hpp"
#include "IntegerOption.hpp"
#include "detbench/base/BuildInfo.hpp"
#include "detbench/base/Error.hpp"
#include "detbench/rng/RngEngines.hpp"
#include "detbench/run/Sweep.hpp"

namespace detbench::cli {

CliApp::CliApp()
    : app_(
          "detbench: determinism workbench. Runs an op many times on bit-identical inputs "
          "and shows how much its outputs vary and what determinism costs.") {
  app_.set_version_flag("--version",
                        std::string("detbench ") + kToolVersion + " (" + kGitRevision + ")");
  app_.require_subcommand(1);

  ops_ = app_.add_subcommand("ops", "List the op catalog");
  ops_->add_flag("--json", opsOptions_.json, "JSON output");
  ops_->add_option("--pytorch", opsOptions_.pytorch,
                   "The PyTorch release, X.Y (default: the one installed, else the newest)");
  ops_->add_option("--changes", opsOptions_.changes,
                   "What changed between two releases, FROM..TO (such as 2.8..2.11)");
  ops_->add_option("--check", opsOptions_.check,
                   "Run each op briefly on a torch device (torch-cpu, torch-cuda) in error and "
                   "warn mode, and show where the catalog disagrees with what its PyTorch did");
  ops_->add_flag("--expect-agree", opsOptions_.expectAgree,
                 "With --check: exit 1 when the catalog disagrees with PyTorch");

  run_ = app_.add_subcommand("run", "Run one op for N trials and report its variance");
  addRunOptions(*run_, runOptions_);
  addRemoteOptions(*run_, runOptions_.remote);

  sweep_ = app_.add_subcommand("sweep", "Run one op under several configurations");
  addRunOptions(*sweep_, sweepOptions_);
  addRemoteOptions(*sweep_, sweepOptions_.remote);
  sweep_
      ->add_option("--configs", configs_,
                   "Comma-separated: default, deterministic, warn, extensions, atomic, "
                   "benchmark, cudnn-deterministic")
      ->capture_default_str();

  invariance_ = app_.add_subcommand(
      "invariance",
      "Run one op at several thread counts, on several devices or at several batch sizes and "
      "compare the bits");
  addRequestOptions(*invariance_, invarianceOptions_.request);
  addRemoteOptions(*invariance_, invarianceOptions_.request.remote);
  invariance_->add_option(
      "--threads-list", invarianceOptions_.threadsList,
      "Thread counts to compare (cpu-threads workers, or torch-cpu's threads), such as 1,2,4,8");
  invariance_->add_option("--devices", invarianceOptions_.devices,
                          "Devices to compare, such as cpu,cpu-threads,cuda");
  invariance_->add_option("--batches", invarianceOptions_.batches,
                          "Batch sizes (first rows of the full batch) to compare with it, such "
                          "as 1,2,4,8, or auto for 1, 2, 3, 4, 8, 16, ... up to the full batch");
  invariance_->add_flag("--other-rows", invarianceOptions_.otherRows,
                        "With --batches: also put the first row among other rows (another data "
                        "seed) and compare it with itself among the first rows");
  invariance_->add_option("--out", invarianceOptions_.out, "Write the invariance JSON here");
  invariance_->add_option("--markdown", invarianceOptions_.markdown,
                          "Write the invariance run as Markdown here");
  invariance_->add_flag("--json", invarianceOptions_.json, "Print the invariance JSON");
  invariance_->add_flag("--expect-invariant", invarianceOptions_.expectInvariant,
                        "Exit with 1 unless every configuration gives the same bits (every "
                        "row, at every batch size)");

  compare_ = app_.add_subcommand("compare", "Say which report outputs are bitwise equal");
  compare_->add_option("reports", compareFiles_, "Report JSON files")->required();
  compare_->add_flag("--json", compareJson_, "JSON output");
  compare_->add_flag("--expect-equal", expectEqual_, "Exit with 1 unless all are bitwise equal");

  exportPytorch_ = app_.add_subcommand("export-pytorch",
                                       "Write a run as a PyTorch script with its inputs, to repeat "
                                       "it in PyTorch (for a bug report)");
  exportPytorch_->add_option("report", exportReport_, "A report JSON file (a run, or a sweep)")
      ->required();
  exportPytorch_->add_option("dir", exportDir_, "The folder to write repro.py and the inputs to")
      ->required();
  exportPytorch_->add_option("--config", exportConfig_,
                             "For a sweep: the configuration to export (default: the first)");

  serve_ = app_.add_subcommand(
      "serve",
      "Serve the engine to a workbench: one JSON message a line (docs/REMOTE-PROTOCOL.md)");
  serve_->add_flag("--stdio", serveStdio_, "On standard input and output (the only transport)");

  env_ = app_.add_subcommand("env", "Show the host, devices and library versions");
  env_->add_flag("--json", envJson_, "JSON output");
  env_->add_option("--pytorch", envPytorch_, "The PyTorch release the catalog follows, X.Y");
  addRemoteOptions(*env_, envRemote_);

  demo_ = app_.add_subcommand("demo", "Run a guided teaching scenario (--list to see them)");
  demo_->add_option("name", demoName_, "The scenario, e.g. float-atomics");
  demo_->add_flag("--list", demoList_, "List the scenarios");
  demo_->add_option("--language", demoLanguage_, "en or zh_CN")->capture_default_str();
  demo_->add_option("--out", demoJson_, "Write the outcome as JSON here (every number)");
  demo_->add_option("--markdown", demoMarkdown_, "Write the outcome as Markdown here");
  addRemoteOptions(*demo_, demoRemote_);

  rng_ = app_.add_subcommand(
      "rng",
      "Print a seeded random stream exactly as torch, NumPy, Python or detbench's Philox make it");
  rng_->add_option("--engine", rngEngine_, "torch, numpy, numpy-generator, python or philox")
      ->capture_default_str();
  rng_->add_option("--seed", rngSeed_, "The seed, as passed to manual_seed / seed")->required();
  rng_->add_option("--count", rngCount_, "How many values")->capture_default_str();
  rng_->add_option("--dist", rngDist_, "uniform or normal")->capture_default_str();

  pyhash_ = app_.add_subcommand(
      "pyhash", "Show how PYTHONHASHSEED decides the order a Python set of strings iterates in");
  pyhash_->add_option("words", pyhashOptions_.words, "The strings of the set")->required();
  pyhash_->add_option("--seed", pyhashOptions_.seed,
                      "PYTHONHASHSEED (0 to 4294967295): print the one order it gives");
  pyhash_
      ->add_option("--processes", pyhashOptions_.processes,
                   "Interpreters to show without PYTHONHASHSEED")
      ->capture_default_str();
  pyhash_
      ->add_option("--python", pyhashOptions_.python,
                   "CPython version (3.11 on: SipHash-1-3; before: SipHash-2-4)")
      ->capture_default_str();

  recipe_ = app_.add_subcommand(
      "recipe",
      "Say what a seeding recipe leaves uncovered: state what the code does with the flags "
      "below or in a JSON or TOML file (anything not stated counts as not done)");
  RecipeOptions& r = recipeOptions_;
  recipe_->add_option("--file", r.file, "A recipe file, JSON or TOML (.toml); flags win over it");
  recipe_->add_option("--device", r.device, "cuda (default) or cpu: where the code runs");
  recipe_->add_option("--pytorch", r.pytorch,
                      "The PyTorch release, X.Y (default: the one installed, else the newest)");
  recipe_->add_flag("--torch-manual-seed", r.torchManualSeed, "Calls torch.manual_seed");
  recipe_->add_flag("--random-seed", r.randomSeed, "Calls random.seed");
  recipe_->add_flag("--numpy-seed", r.numpySeed, "Calls np.random.seed");
  recipe_->add_option("--numpy-generators", r.numpyGenerators,
                      "Uses np.random.default_rng Generators: none, seeded or unseeded");
  recipe_->add_option("--dataloader-workers", r.dataloaderWorkers, "DataLoader num_workers");
  recipe_->add_flag("--dataloader-generator", r.dataloaderGenerator,
                    "Passes the DataLoader a seeded torch.Generator");
  recipe_->add_flag("--worker-init-fn", r.workerInitFn,
                    "Passes a worker_init_fn that reseeds from torch.initial_seed()");
  recipe_->add_flag("--worker-other-rngs", r.workerOtherRngs,
                    "The dataset keeps random state of its own (OpenCV, imgaug, its own "
                    "random.Random or Generator)");
  recipe_->add_flag("--string-set-order", r.stringSetOrder,
                    "The code iterates sets of strings (or anything ordered by hash())");
  recipe_->add_option(
      "--pythonhashseed", r.pythonHashSeed,
      "PYTHONHASHSEED: unset, before-start or in-script (os.environ in the script)");
  recipe_->add_flag("--cudnn-benchmark", r.cudnnBenchmark, "Sets cudnn.benchmark = True");
  recipe_->add_flag("--cudnn-deterministic", r.cudnnDeterministic,
                    "Sets cudnn.deterministic = True");
  recipe_->add_option("--deterministic", r.deterministic,
                      "torch.use_deterministic_algorithms: off, warn (warn_only=True) or error");
  recipe_->add_option("--cublas-workspace-config", r.cublasWorkspaceConfig,
                      "CUBLAS_WORKSPACE_CONFIG, such as :4096:8");
  recipe_->add_option("--cublas-set", r.cublasSet,
                      "When CUBLAS_WORKSPACE_CONFIG is set: before-cuda or after-cuda");
  recipe_->add_flag("--json", r.json, "JSON output (both languages)");
  recipe_->add_flag("--expect-covered", r.expectCovered,
                    "Exit with 1 when something is not covered");
  recipe_->add_option("--language", r.language, "en or zh_CN")->capture_default_str();

  jobs_ = app_.add_subcommand(
      "jobs", "The Slurm batch jobs that --slurm-batch DIR submitted, with their state");
  jobs_->add_option("dir", jobsOptions_.dir, "The --slurm-batch folder")->required();
  jobs_->add_flag("--collect", jobsOptions_.collect,
                  "Write the finished jobs' reports to reports/ and set the GPU types side by "
                  "side");
  jobs_->add_flag("--cancel", jobsOptions_.cancel,
                  "Cancel the jobs still queued or running (scancel)");
  jobs_->add_option("--job", jobsOptions_.job,
                    "Only this job (Slurm's job id) for --cancel and --collect");
  jobs_->add_flag("--json", jobsOptions_.json,
                  "Print the jobs, what was cancelled and the collected reports as JSON");
  addHostOptions(*jobs_, jobsOptions_.remote);

  trace_ = app_.add_subcommand(
      "trace",
      "Run a Python script several times under a probe and find the first op where its runs "
      "differ, with the fix: detbench trace [options] -- python3 train.py ARGS");
  addTraceOptions(*trace_, traceOptions_);

#ifdef DETBENCH_WITH_GUI_REPORTS
  report_ =
      app_.add_subcommand("report", "Render a report JSON as HTML and/or PDF, plots included");
  report_->add_option("report", reportInput_, "Report JSON file (from run or sweep)")->required();
  report_->add_option("--html", reportHtml_, "Write a self-contained HTML report here");
  report_->add_option("--pdf", reportPdf_, "Write a PDF report here");
#endif
}

void CliApp::parse(int argc, const char* const* argv) {
  app_.parse(argc, argv);
  // The words after the subcommand's name, for a command that another detbench runs whole
  // (trace --host, --slurm-batch through a login node).
  RemoteOptions* whole = *trace_   ? &traceOptions_.remote
                         : *run_   ? &runOptions_.remote
                         : *sweep_ ? &sweepOptions_.remote
                                   : nullptr;
  if (whole == nullptr) return;
  const std::string name = *trace_ ? "trace" : *run_ ? "run" : "sweep";
  whole->words.clear();
  bool after = false;
  for (int i = 1; i < argc; ++i) {
    if (after) whole->words.emplace_back(argv[i]);
    after = after || argv[i] == name;
  }
}

int CliApp::run(const CliStreams& io) {
  if (*ops_) {
    return opsOptions_.check ? opsCheckCommand(io, opsOptions_) : opsCommand(io, opsOptions_);
  }
  if (*run_) return runCommand(io, runOptions_);
  if (*sweep_) return sweepCommand(io, sweepOptions_, configs_);
  if (*invariance_) return invarianceCommand(io, invarianceOptions_);
  if (*compare_) return compareCommand(io, compareFiles_, compareJson_, expectEqual_);
  if (*exportPytorch_) return exportPytorchCommand(io, exportReport_, exportDir_, exportConfig_);
  if (*env_) return envCommand(io, envJson_, envPytorch_, envRemote_);
  if (*serve_) return serveCommand(io, serveStdio_);
  if (*demo_) {
    return demoCommand(io, demoName_, demoList_, demoLanguage_, demoJson_, demoMarkdown_,
                       demoRemote_);
  }
  if (*rng_) return rngCommand(io, rngEngine_, rngSeed_, rngCount_, rngDist_);
  if (*pyhash_) return pyhashCommand(io, pyhashOptions_);
  if (*recipe_) return recipeCommand(io, recipeOptions_);
  if (*trace_) return traceCommand(io, traceOptions_);
  if (*jobs_) return jobsCommand(io, jobsOptions_);
#ifdef DETBENCH_WITH_GUI_REPORTS
  if (*report_) return reportCommand(io, reportInput_, reportHtml_, reportPdf_);
#endif
  return kExitUsage;
}

void CliApp::checkOptions() const {
  if (*run_) buildRequest(runOptions_);
  if (*invariance_) buildRequest(invarianceOptions_.request);
  if (*sweep_) {
    buildRequest(sweepOptions_);
    parseSweepConfigs(configs_, Settings{});
  }
  if (*trace_) buildTracePlan(traceOptions_);
  if (*rng_) {
    DETBENCH_CHECK_ARG(rng::parseEngine(rngEngine_).has_value(), "unknown engine");
    DETBENCH_CHECK_ARG(rng::parseDistribution(rngDist_).has_value(), "unknown distribution");
    integerOption<std::uint64_t>(rngSeed_, "--seed");
    integerOption<std::int64_t>(rngCount_, "--count", 0);
  }
}

}  // namespace detbench::cli
