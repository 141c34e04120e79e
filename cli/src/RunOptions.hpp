#pragma once
// The options shared by `run` and `sweep`, and how they become a RunRequest.

#include <optional>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "RemoteOptions.hpp"
#include "detbench/backend/BackendRegistry.hpp"
#include "detbench/report/Environment.hpp"
#include "detbench/run/TrialRunner.hpp"

namespace detbench::cli {

struct RunOptions {
  std::string op;
  std::string device = "cpu-threads";
  // Integers are taken as text and converted strictly (IntegerOption.hpp).
  std::string trials = "50";
  std::string warmup = "3";
  std::optional<std::string> size;
  std::vector<std::string> params;  // name=value
  std::optional<std::string> seed;
  std::string dataSeed = "0";
  std::string deterministic = "off";
  bool cudnnBenchmark = false;
  bool cudnnDeterministic = false;
  std::optional<std::string> cublasWorkspaceConfig;
  std::string threads = "0";
  std::string semantics = "pytorch";
  std::string form = "default";
  std::optional<std::string> pytorch;
  std::optional<std::string> out;
  std::optional<std::string> markdown;
  bool noReport = false;
  bool expectReproducible = false;
  std::optional<std::string> saveIo;
  bool quiet = false;
  RemoteOptions remote;  // --host and its options (run, sweep, invariance)
};

// What makes the request (op, device, trials, parameters, settings, --quiet).
void addRequestOptions(CLI::App& app, RunOptions& o);
// Those, and the outputs of run and sweep (--out, --markdown, --no-report, --save-io,
// --expect-reproducible).
void addRunOptions(CLI::App& app, RunOptions& o);
// Raises InvalidArgument for a malformed value.
RunRequest buildRequest(const RunOptions& o);
// A torch device runs the PyTorch its module was built against: unless --pytorch names a
// release, the catalog follows that one (the nearest it holds).
void followTorchRelease(RunRequest& request, const BackendRegistry& registry, const RunOptions& o);
// The same for a run on another machine: the libtorch of its torch device, as its environment
// names it.
void followTorchRelease(RunRequest& request, const Environment& remote, const RunOptions& o);

}  // namespace detbench::cli
