#pragma once
// A job step on a Slurm cluster that runs `detbench serve --stdio`, in the scheduler's own
// terms, and the Slurm commands around it:
//   srun --job-name=NAME --nodes=1 --ntasks=1 [--partition=P] [--gres=gpu:TYPE:1]
//        [--constraint=C] [--time=T] [--account=A] [--qos=Q] [OPTION]... --unbuffered
//        -- DETBENCH serve --stdio
// The job name is unique to one connection: squeue and scancel find the job by it before its
// id is known (a pending srun has told no one its id yet).

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace detbench::remote {

struct SlurmTarget {
  std::string partition;   // "": the cluster's default partition
  std::string gpuType;     // "": no GPU asked for (unless an srun option asks)
  std::string constraint;  // node features, as --constraint takes them
  std::string timeLimit;   // as --time takes it ("30", "1:00:00", "1-0"); "": the partition's
  std::string account;
  std::string qos;
  std::vector<std::string> srunOptions;  // further srun options, passed as given
  std::string jobName;                   // unique to this connection
  std::string remoteDetbench = "detbench";
  std::string srun = "srun";
};

// Raises InvalidArgument for a value that starts with '-' or holds a space or a control
// character (a word srun would read as another option), an option that does not start with
// '-', or a job name that is empty.
void checkSlurmTarget(const SlurmTarget& target);

// srun's options for the job, without the program to run.
std::vector<std::string> srunOptions(const SlurmTarget& target);
// The command that starts `detbench serve --stdio` as a job step.
std::vector<std::string> srunServeCommand(const SlurmTarget& target);
// `srun --test-only` with the same options: Slurm checks the partition, the GPU type, the time
// limit and the account, and submits nothing.
std::vector<std::string> srunTestCommand(const SlurmTarget& target);
// squeue's line for the job in any state: "ID|STATE|REASON" (nothing once Slurm has forgotten
// it, MinJobAge after it ended).
std::vector<std::string> squeueCommand(const std::string& jobName);
// Cancels the job, pending or running.
std::vector<std::string> scancelCommand(const std::string& jobName);

// True where the options give the job a GPU (--gpu-type, or an srun option naming gres=gpu,
// --gpus or --gpus-per-*).
bool slurmJobHasGpu(const SlurmTarget& target);

// One line of squeue's answer.
struct SlurmJobState {
  std::string id;
  std::string state;   // PENDING, RUNNING, COMPLETING, ...
  std::string reason;  // Slurm's reason code ("Resources", "PartitionDown", "None")
};
std::optional<SlurmJobState> parseSqueueLine(const std::string& output);
// True for a pending reason that will not pass while the job stays as asked (a time limit over
// the partition's, features no node has, an account or QOS that does not exist): where Slurm
// queues such a job rather than refusing it (EnforcePartLimits=NO), it would wait forever.
bool slurmReasonNeverPasses(const std::string& reason);
// "job 12 pending (PartitionDown: the partition is down)", in words a person reads.
std::string describeSlurmState(const SlurmJobState& state);
// The reason codes describeSlurmState puts in words, and those words (others stay codes).
struct SlurmReasonWords {
  std::string_view code;
  std::string_view words;
};
std::span<const SlurmReasonWords> slurmReasonWords();
// True while a job in this state is queued or running (PENDING, RUNNING, COMPLETING, ...).
bool slurmStateIsLive(const std::string& state);
// True while Slurm is still ending a job whose step has ended (RUNNING, COMPLETING, ...): its
// final state (PREEMPTED, TIMEOUT, NODE_FAIL, CANCELLED) comes after.
bool slurmStateIsEnding(const std::string& state);

// What srun's options name, for labels: "gres=gpu:h100:1, partition debug" (or "default").
std::string slurmTargetLabel(const SlurmTarget& target);

}  // namespace detbench::remote
