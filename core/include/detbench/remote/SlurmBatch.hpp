#pragma once
// Long runs and sweeps as Slurm batch jobs. Nothing of detbench's own waits for them: each
// task of a job array is `detbench serve --stdio` reading its messages from a file (the
// environment, the run or one configuration of the sweep, bye) and writing its answers to
// another, in a folder the nodes share. What the task wrote is read back later by the same
// client that reads a live connection (RecordedConnection), so a batch report is the report
// an interactive run writes, and a task cut short (a time limit, a node failure) keeps the
// trials it wrote.
// The folder of one submission, DIR/BATCH/:
//   batch.json                 what was submitted (kind, op, jobs, their tasks)
//   NAME/job.sh                the script sbatch runs (NAME: gpu-TYPE, or slurm)
//   NAME/task-I.in, .out, .log the task's messages, its answers, and Slurm's output for it

#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "detbench/remote/SlurmTarget.hpp"

namespace detbench::remote {

// The lines a task reads: the environment (id 1), `job` (id 2), bye.
std::string batchTaskInput(const nlohmann::ordered_json& job);
// The script one job array runs: task I reads task-I.in and writes task-I.out in `folder`.
std::string batchJobScript(const std::string& detbench, const std::string& folder);
// sbatch for `tasks` tasks of the script, in the target's terms (its srun options passed as
// given); --parsable prints the job id.
std::vector<std::string> sbatchCommand(const SlurmTarget& target, const std::string& jobName,
                                       int tasks, const std::string& folder);
// The job id in sbatch --parsable's answer ("123" or "123;cluster").
std::optional<std::string> parseSbatchId(const std::string& output);
// squeue for every task of a job array, one line each: "ID_I|STATE|REASON".
std::vector<std::string> squeueArrayCommand(const std::string& jobId);
// The task index of an array element's id ("123_4" -> 4); nullopt for another form.
std::optional<int> arrayTaskIndex(const std::string& elementId);
// True where a task's answers hold its final message (the report): it ran to its end.
bool batchOutputComplete(const std::string& outputText);

}  // namespace detbench::remote
