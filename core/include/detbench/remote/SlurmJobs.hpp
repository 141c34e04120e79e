#pragma once
// The batch jobs `--slurm-batch DIR` submitted (SlurmBatch.hpp), as `detbench jobs` and the
// workbench's Slurm jobs window show them: each task with the scheduler's state while Slurm knows
// it, else what its files say; a finished job's tasks collected into one report, as a live run's
// would be; a job cancelled with scancel. Nothing here waits for a job.

#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "detbench/remote/ShortCommand.hpp"
#include "detbench/remote/SlurmTarget.hpp"
#include "detbench/report/Report.hpp"

namespace detbench::remote {

struct BatchTaskStatus {
  int index = 0;
  std::string name;   // the configuration it runs ("" for a run)
  std::string words;  // "pending (Priority: ...)", "running", "completed", ...
  // squeue's state while Slurm knows the task; else its files say: `complete`, or `answered`
  // (it ended without its report), or neither (gone, no answers).
  std::optional<SlurmJobState> slurm;
  bool finished = false;  // no longer queued or running
  bool complete = false;  // its answers hold its report
  bool answered = false;  // it wrote answers
  std::string why;        // Slurm's words for an end before the report, else ""
};

// What a batch job asked Slurm for, as batch.json keeps it ("target"), for a reader to put in its
// own words; `label` says the same in English.
struct BatchTarget {
  std::string gpuType;     // "": no GPU type
  std::string partition;   // "": the cluster's default
  std::string constraint;  // "": none
  std::string viaHost;     // the login node sbatch ran on through ssh; "": here
  bool operator==(const BatchTarget&) const = default;
};
BatchTarget batchTargetOf(const SlurmTarget& target, const std::string& viaHost);
nlohmann::ordered_json batchTargetToJson(const BatchTarget& target);
// Where `j` is not an object of strings (a batch.json of an older detbench holds none), nullopt.
std::optional<BatchTarget> batchTargetFromJson(const nlohmann::ordered_json& j);

struct BatchJobStatus {
  std::string name;                   // "gpu-h100", "slurm"
  std::string id;                     // Slurm's job id
  std::string label;                  // what it ran on, in the scheduler's terms
  std::optional<BatchTarget> target;  // the same as fields, where batch.json has them
  std::string folder;                 // its tasks' files
  nlohmann::ordered_json manifest;    // its entry of batch.json
  std::vector<BatchTaskStatus> tasks;

  bool finished() const;  // every task no longer queued or running
  bool live() const;      // some task queued or running
};

struct BatchStatus {
  std::string folder;      // DIR/BATCH
  std::string name;        // BATCH
  std::string kind;        // "run" or "sweep"
  std::string op, device;  // what it runs
  std::string unreadable;  // why batch.json could not be read ("" where it was)
  std::vector<BatchJobStatus> jobs;
};

// The batches in `dir`, in name order, each job's tasks asked of squeue. Throws InvalidArgument
// where `dir` is not a folder or holds no batch of detbench's.
std::vector<BatchStatus> listBatches(const std::string& dir);

// A finished job's tasks' reports as one report (its viewer left for the caller to name).
struct CollectedJob {
  ReportDocument report;                // no runs where no task wrote any answers
  bool cut = false;                     // some task ended before its report
  std::vector<std::string> taskErrors;  // "task 2: ...", for tasks whose answers were unreadable
};
CollectedJob collectBatchJob(const BatchStatus& batch, const BatchJobStatus& job);

// Where a collected job's report goes, relative to the reports folder: "run-BATCH-gpu-h100.json".
std::string collectedReportName(const BatchStatus& batch, const BatchJobStatus& job);

// scancel of the job's every task.
CommandResult cancelBatchJob(const BatchJobStatus& job);

}  // namespace detbench::remote
