#pragma once
// `detbench trace [options] -- python3 train.py ARGS`: the options, and how they become a
// trace plan.

#include <optional>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "RemoteOptions.hpp"
#include "detbench/trace/TraceSession.hpp"

namespace detbench::cli {

struct TraceOptions {
  std::vector<std::string> command;  // after --
  std::string runs = "2";
  std::optional<std::string> configs;
  std::optional<std::string> seed;
  std::optional<std::string> deterministic;
  bool cudnnBenchmark = false;
  bool cudnnDeterministic = false;
  std::optional<std::string> cublasWorkspaceConfig;
  std::optional<std::string> pythonHashSeed;
  std::optional<std::string> threads;
  bool inductorDeterministic = false;
  bool inductorBatchInvariant = false;
  std::optional<std::string> compile;    // regions (default) or eager
  std::vector<std::string> environment;  // --env NAME=VALUE
  std::optional<std::string> ncclAlgo;
  std::optional<std::string> ncclProto;
  std::optional<std::string> worldSizes;  // 2,3,4
  std::optional<std::string> ops;         // FROM..TO
  std::optional<std::string> timeout;     // seconds per run
  std::optional<std::string> workingDir;
  std::optional<std::string> pytorch;
  std::optional<std::string> out;
  std::optional<std::string> markdown;
  bool noReport = false;
  bool noSecondPass = false;
  bool expectReproducible = false;
  bool showOutput = false;
  bool quiet = false;
  RemoteOptions remote;                    // --slurm and srun's options (TraceSlurm.hpp)
  std::optional<std::string> slurmShared;  // the folder the nodes share, for the probe
  // The trace as another detbench runs it on the --host (TraceThroughHost.hpp): stop, as at
  // Ctrl-C, when standard input closes (the ssh session that started it ended).
  bool stopWhenStdinCloses = false;
};

void addTraceOptions(CLI::App& app, TraceOptions& o);
// The checks that need neither the interpreter nor files; raises InvalidArgument.
trace::TracePlan buildTracePlan(const TraceOptions& o);

// Where the JSON report goes: --out, else reports/trace-STEM-TIME.json (with the folder made),
// else nowhere (--no-report; an empty path). Checks the report options and that the file can be
// written; raises InvalidArgument.
struct TraceReportPath {
  std::string json;
  bool inReportsFolder = false;
};
TraceReportPath traceReportPath(const TraceOptions& o, const std::string& stem);

}  // namespace detbench::cli
