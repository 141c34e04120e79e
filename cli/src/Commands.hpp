#pragma once
// The subcommands of `detbench`. Each returns the process exit code (ExitCodes.hpp) and lets
// detbench::Error escape for main to print as one line with exit code 2.

#include <cstdint>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "RunOptions.hpp"
#include "TraceOptions.hpp"
#include "detbench/backend/BackendRegistry.hpp"
#include "detbench/run/Sweep.hpp"

namespace detbench::cli {

struct CliStreams {
  std::ostream& out;
  std::ostream& err;
  bool errIsTerminal;
};

BackendRegistry makeRegistry();

struct OpsOptions {
  bool json = false;
  std::optional<std::string> pytorch;  // --pytorch X.Y
  std::optional<std::string> changes;  // --changes FROM..TO
  std::optional<std::string> check;    // --check DEVICE
  bool expectAgree = false;            // --expect-agree: exit 1 where the catalog disagrees
};

int opsCommand(const CliStreams& io, const OpsOptions& options);
int opsCheckCommand(const CliStreams& io, const OpsOptions& options);
int runCommand(const CliStreams& io, const RunOptions& options);
int sweepCommand(const CliStreams& io, const RunOptions& options, const std::string& configs);
// `run|sweep --slurm --slurm-batch DIR`: the request as batch jobs, one per GPU type (a sweep's
// configurations as the tasks of a job array); prints the job ids and returns.
int submitBatch(const CliStreams& io, const RunOptions& options, const RunRequest& request,
                const std::vector<SweepConfig>& configs);
// `detbench jobs DIR`: the batch jobs submitted there, with the scheduler's state; --collect
// writes the finished ones' reports to reports/ and sets the GPU types side by side; --cancel
// cancels those still queued or running. With --host, DIR is on that login node and the
// detbench there follows the jobs (SlurmThroughHost.hpp).
// --json prints the listing, what was cancelled and what was collected (each report whole) as
// one JSON document instead (core/remote/SlurmJobsJson.hpp); --job ID limits --cancel and
// --collect to that job.
struct JobsOptions {
  std::string dir;
  bool collect = false;
  bool cancel = false;
  bool json = false;
  std::string job;  // Slurm's job id, "" for every job
  RemoteOptions remote;
};
int jobsCommand(const CliStreams& io, const JobsOptions& options);
int compareCommand(const CliStreams& io, const std::vector<std::string>& files, bool json,
                   bool expectEqual);
// Writes DIR/repro.py and the run's inputs as DIR/NAME.npy (a sweep: its first configuration,
// or the one named).
int exportPytorchCommand(const CliStreams& io, const std::string& report, const std::string& dir,
                         const std::optional<std::string>& config);
struct InvarianceOptions {
  RunOptions request;  // op, device (for thread counts), trials, parameters, settings
  std::optional<std::string> threadsList;  // --threads-list 1,2,4,8
  std::optional<std::string> devices;      // --devices cpu,cpu-threads,cuda
  std::optional<std::string> batches;      // --batches 1,2,4,8 or auto
  bool otherRows = false;                  // --other-rows
  std::optional<std::string> out;          // the invariance JSON, written here
  std::optional<std::string> markdown;     // the same as Markdown, written here
  bool json = false;
  bool expectInvariant = false;
};
int invarianceCommand(const CliStreams& io, const InvarianceOptions& options);
// With --host, the remote machine's environment.
int envCommand(const CliStreams& io, bool json, const std::optional<std::string>& pytorch,
               const RemoteOptions& remote);
int serveCommand(const CliStreams& io, bool stdio);
// With --host, the scenario runs on that machine (its GPU where it has one).
int demoCommand(const CliStreams& io, const std::string& name, bool list,
                const std::string& language, const std::optional<std::string>& jsonOut,
                const std::optional<std::string>& markdownOut, const RemoteOptions& remote);
struct PyhashOptions {
  std::vector<std::string> words;
  std::optional<std::string> seed;  // PYTHONHASHSEED
  std::string processes = "5";
  std::string python = "3.11";
};
int pyhashCommand(const CliStreams& io, const PyhashOptions& options);
struct RecipeOptions {
  std::optional<std::string> file;  // JSON or TOML; the flags below win over it
  std::optional<std::string> device, pytorch, numpyGenerators, dataloaderWorkers, pythonHashSeed,
      deterministic, cublasWorkspaceConfig, cublasSet;
  bool torchManualSeed = false, randomSeed = false, numpySeed = false, dataloaderGenerator = false,
       workerInitFn = false, workerOtherRngs = false, stringSetOrder = false,
       cudnnBenchmark = false, cudnnDeterministic = false;
  bool json = false;
  bool expectCovered = false;
  std::string language = "en";
};
int recipeCommand(const CliStreams& io, const RecipeOptions& options);
// Runs a Python script several times under detbench's probe and names where its runs differ.
int traceCommand(const CliStreams& io, const TraceOptions& options);
// Seed and count as typed (converted strictly).
int rngCommand(const CliStreams& io, const std::string& engine, const std::string& seed,
               const std::string& count, const std::string& dist);
#ifdef DETBENCH_WITH_GUI_REPORTS
int reportCommand(const CliStreams& io, const std::string& input,
                  const std::optional<std::string>& html, const std::optional<std::string>& pdf);
#endif

}  // namespace detbench::cli
