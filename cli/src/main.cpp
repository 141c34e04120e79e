// detbench: run an op many times on identical inputs and see whether its outputs vary.

#include <unistd.h>

#include <iostream>
#include <optional>

#include <CLI/CLI.hpp>

#include "Commands.hpp"
#include "ExitCodes.hpp"
#include "detbench/BuildInfo.hpp"
#include "detbench/Error.hpp"

int main(int argc, char** argv) {
  using namespace detbench::cli;
  CLI::App app{
      "detbench: determinism workbench. Runs an op many times on bit-identical inputs "
      "and shows how much its outputs vary and what determinism costs."};
  app.set_version_flag("--version", std::string("detbench ") + detbench::kToolVersion + " (" +
                                        detbench::kGitRevision + ")");
  app.require_subcommand(1);

  bool opsJson = false;
  auto* ops = app.add_subcommand("ops", "List the op catalog");
  ops->add_flag("--json", opsJson, "JSON output");

  RunOptions runOpts;
  auto* run = app.add_subcommand("run", "Run one op for N trials and report its variance");
  addRunOptions(*run, runOpts);

  RunOptions sweepOpts;
  std::string configs = "default,deterministic";
  auto* sweep = app.add_subcommand("sweep", "Run one op under several configurations");
  addRunOptions(*sweep, sweepOpts);
  sweep
      ->add_option("--configs", configs,
                   "Comma-separated: default, deterministic, warn, extensions, atomic, "
                   "benchmark, cudnn-deterministic")
      ->capture_default_str();

  std::vector<std::string> files;
  bool compareJson = false, expectEqual = false;
  auto* compare = app.add_subcommand("compare", "Say which report outputs are bitwise equal");
  compare->add_option("reports", files, "Report JSON files")->required();
  compare->add_flag("--json", compareJson, "JSON output");
  compare->add_flag("--expect-equal", expectEqual, "Exit with 1 unless all are bitwise equal");

  bool envJson = false;
  auto* env = app.add_subcommand("env", "Show the host, devices and library versions");
  env->add_flag("--json", envJson, "JSON output");

  std::string demoName, demoLanguage = "en";
  std::optional<std::string> demoJson, demoMarkdown;
  bool demoList = false;
  auto* demoCmd = app.add_subcommand("demo", "Run a guided teaching scenario (--list to see them)");
  demoCmd->add_option("name", demoName, "The scenario, e.g. float-atomics");
  demoCmd->add_flag("--list", demoList, "List the scenarios");
  demoCmd->add_option("--language", demoLanguage, "en or zh_CN")->capture_default_str();
  demoCmd->add_option("--out", demoJson, "Write the outcome as JSON here (every number)");
  demoCmd->add_option("--markdown", demoMarkdown, "Write the outcome as Markdown here");

  std::string rngEngine = "torch", rngDist = "uniform", rngSeed, rngCount = "10";
  auto* rngCmd = app.add_subcommand(
      "rng",
      "Print a seeded random stream exactly as torch, NumPy, Python or detbench's Philox make it");
  rngCmd->add_option("--engine", rngEngine, "torch, numpy, python or philox")
      ->capture_default_str();
  rngCmd->add_option("--seed", rngSeed, "The seed, as passed to manual_seed / seed")->required();
  rngCmd->add_option("--count", rngCount, "How many values")->capture_default_str();
  rngCmd->add_option("--dist", rngDist, "uniform or normal")->capture_default_str();

#ifdef DETBENCH_WITH_GUI_REPORTS
  std::string reportInput;
  std::optional<std::string> reportHtml, reportPdf;
  auto* report =
      app.add_subcommand("report", "Render a report JSON as HTML and/or PDF, plots included");
  report->add_option("report", reportInput, "Report JSON file (from run or sweep)")->required();
  report->add_option("--html", reportHtml, "Write a self-contained HTML report here");
  report->add_option("--pdf", reportPdf, "Write a PDF report here");
#endif

  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForVersion& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    std::cerr << "detbench: " << e.what() << " (see detbench --help)\n";
    return kExitUsage;
  }

  const CliStreams io{std::cout, std::cerr, isatty(STDERR_FILENO) != 0};
  try {
    if (*ops) return opsCommand(io, opsJson);
    if (*run) return runCommand(io, runOpts);
    if (*sweep) return sweepCommand(io, sweepOpts, configs);
    if (*compare) return compareCommand(io, files, compareJson, expectEqual);
    if (*env) return envCommand(io, envJson);
    if (*demoCmd) return demoCommand(io, demoName, demoList, demoLanguage, demoJson, demoMarkdown);
    if (*rngCmd) return rngCommand(io, rngEngine, rngSeed, rngCount, rngDist);
#ifdef DETBENCH_WITH_GUI_REPORTS
    if (*report) return reportCommand(io, reportInput, reportHtml, reportPdf);
#endif
  } catch (const detbench::NondeterministicError& e) {
    std::cerr << "detbench: " << e.message() << "\n";
    return kExitNondeterministic;
  } catch (const detbench::Error& e) {
    std::cerr << "detbench: " << e.message() << "\n";
    return kExitUsage;
  } catch (const std::bad_alloc&) {
    std::cerr << "detbench: out of memory\n";
    return kExitUsage;
  }
  return kExitUsage;
}
