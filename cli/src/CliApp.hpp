#pragma once
// The `detbench` command line: its subcommands and options, parsed apart from running them, so
// that main() stays small and the option parsing can be fuzzed on its own.

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "Commands.hpp"
#include "RunOptions.hpp"

namespace detbench::cli {

class CliApp {
 public:
  CliApp();
  CliApp(const CliApp&) = delete;
  CliApp& operator=(const CliApp&) = delete;

  // Throws CLI11's ParseError (CallForHelp and CallForVersion among them) for what CLI11
  // refuses; the application's own checks come with the subcommand.
  void parse(int argc, const char* const* argv);
  // Prints help or version (as CLI11 does) and returns its exit code.
  int exit(const CLI::Error& e) { return app_.exit(e); }
  // Runs the parsed subcommand and returns the exit code; lets detbench::Error escape.
  int run(const CliStreams& io);
  // The checks of the parsed options that need neither devices nor files (run and sweep
  // requests, configuration names, rng's engine, seed and count); raises InvalidArgument.
  void checkOptions() const;

 private:
  CLI::App app_;
  CLI::App* ops_ = nullptr;
  CLI::App* run_ = nullptr;
  CLI::App* sweep_ = nullptr;
  CLI::App* compare_ = nullptr;
  CLI::App* env_ = nullptr;
  CLI::App* serve_ = nullptr;
  bool serveStdio_ = false;
  CLI::App* exportPytorch_ = nullptr;
  CLI::App* invariance_ = nullptr;
  InvarianceOptions invarianceOptions_;
  CLI::App* demo_ = nullptr;
  CLI::App* rng_ = nullptr;
  CLI::App* jobs_ = nullptr;
  CLI::App* pyhash_ = nullptr;
  PyhashOptions pyhashOptions_;
  CLI::App* recipe_ = nullptr;
  RecipeOptions recipeOptions_;
  CLI::App* report_ = nullptr;  // built with the GUI only
  CLI::App* trace_ = nullptr;
  TraceOptions traceOptions_;

  OpsOptions opsOptions_;
  std::optional<std::string> envPytorch_;
  RemoteOptions envRemote_;
  RunOptions runOptions_;
  RunOptions sweepOptions_;
  std::string configs_ = "default,deterministic";
  std::vector<std::string> compareFiles_;
  bool compareJson_ = false, expectEqual_ = false;
  bool envJson_ = false;
  std::string exportReport_, exportDir_;
  std::optional<std::string> exportConfig_;
  std::string demoName_, demoLanguage_ = "en";
  std::optional<std::string> demoJson_, demoMarkdown_;
  bool demoList_ = false;
  RemoteOptions demoRemote_;
  std::string rngEngine_ = "torch", rngDist_ = "uniform", rngSeed_, rngCount_ = "10";
  JobsOptions jobsOptions_;  // with --host LOGIN the jobs are followed there
  std::string reportInput_;
  std::optional<std::string> reportHtml_, reportPdf_;
};

}  // namespace detbench::cli
