#pragma once
// `detbench serve --stdio` as a Slurm job step (SlurmTarget): a ServeConnection to srun that
// also speaks to the scheduler. Until the server's first line arrives the job may be pending:
// squeue is asked every few seconds and each new state goes to the caller ("job 12 pending
// (Priority: ...)"); a pending reason that never passes (a time limit over the partition's)
// cancels the job and raises InvalidArgument. A connection that ends says the job's state in
// Slurm's words (a time limit, a node failure). terminate() cancels the job with scancel (a pending
// one too) before it ends srun; a connection dropped without the server ending cancels it as well,
// so nothing is left queued or running.

#include <chrono>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "detbench/remote/ServeConnection.hpp"
#include "detbench/remote/SlurmTarget.hpp"

namespace detbench::remote {

class SlurmConnection : public ServeConnection {
 public:
  // Where Slurm's commands run: the identity here, or through ssh on a login node.
  using CommandWrap = std::function<std::vector<std::string>(const std::vector<std::string>&)>;
  // Each change of the job's state while it waits (describeSlurmState puts it in words).
  using StateCallback = std::function<void(const SlurmJobState&)>;

  // `startLimit`: how long the server may take to say hello once the job runs (its time in
  // the queue is not counted); past it the job is cancelled and reads raise NotAvailable.
  SlurmConnection(SlurmTarget target, CommandWrap wrap, StateCallback onState = {},
                  std::chrono::milliseconds startLimit = std::chrono::seconds(60));
  ~SlurmConnection() override;

  std::optional<std::string> readLine(std::chrono::milliseconds timeout,
                                      std::size_t maxLineBytes = std::size_t{64} << 20) override;
  void terminate() override;
  // The job's state once its step has ended, as squeue says it ("" where squeue does not
  // answer): asked again while Slurm is still ending the job, for up to `settle`, so that the
  // words are those of its end (preempted, time limit, node failure), not "completing".
  std::string endedJobState(std::chrono::milliseconds settle = std::chrono::seconds(20));

 private:
  void cancelJob();
  std::optional<SlurmJobState> queryJob();

  SlurmTarget target_;
  CommandWrap wrap_;
  StateCallback onState_;
  bool started_ = false;  // the server's first line has come
  bool cancelled_ = false;
  std::chrono::milliseconds startLimit_;
  std::chrono::steady_clock::time_point nextPoll_;
  std::optional<std::chrono::steady_clock::time_point> runningSince_;
  std::string lastState_;
};

}  // namespace detbench::remote
