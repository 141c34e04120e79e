#include "detbench/remote/SlurmConnection.hpp"

#include <algorithm>
#include <thread>
#include <utility>

#include "detbench/base/Error.hpp"
#include "detbench/remote/ShortCommand.hpp"

namespace detbench::remote {

namespace {

using Clock = std::chrono::steady_clock;
constexpr auto kFirstPoll = std::chrono::seconds(2);
constexpr auto kPollEvery = std::chrono::seconds(5);
constexpr auto kCommandLimit = std::chrono::seconds(30);
constexpr auto kSettlePoll = std::chrono::milliseconds(500);

std::vector<std::string> commandFor(const SlurmTarget& target,
                                    const SlurmConnection::CommandWrap& wrap) {
  const std::vector<std::string> argv = srunServeCommand(target);
  return wrap ? wrap(argv) : argv;
}

}  // namespace

SlurmConnection::SlurmConnection(SlurmTarget target, CommandWrap wrap, StateCallback onState,
                                 std::chrono::milliseconds startLimit)
    : ServeConnection(commandFor(target, wrap)),
      target_(std::move(target)),
      wrap_(std::move(wrap)),
      onState_(std::move(onState)),
      startLimit_(startLimit),
      nextPoll_(Clock::now() + kFirstPoll) {}

SlurmConnection::~SlurmConnection() {
  // A job whose server never answered (still queued, or given up on) is cancelled at once. A
  // server that did answer ends when its input closes; a job step that does not end in time is
  // cancelled rather than left running.
  if (!started_ || !finish(3000)) cancelJob();
}

std::optional<SlurmJobState> SlurmConnection::queryJob() {
  const auto argv = squeueCommand(target_.jobName);
  const CommandResult r = runShortCommand(wrap_ ? wrap_(argv) : argv, kCommandLimit);
  if (r.exitCode != 0) return std::nullopt;
  return parseSqueueLine(r.output);
}

std::string SlurmConnection::endedJobState(std::chrono::milliseconds settle) {
  const auto until = Clock::now() + settle;
  auto state = queryJob();
  while (state && slurmStateIsEnding(state->state) && Clock::now() < until) {
    std::this_thread::sleep_for(kSettlePoll);
    auto next = queryJob();
    if (!next) break;  // gone from squeue's list: the last state seen is the last known
    state = std::move(next);
  }
  return state ? describeSlurmState(*state) : std::string();
}

std::optional<std::string> SlurmConnection::readLine(std::chrono::milliseconds timeout,
                                                     std::size_t maxLineBytes) {
  if (started_) {
    try {
      return ServeConnection::readLine(timeout, maxLineBytes);
    } catch (const ConnectionEnded& e) {
      // Slurm's own words for why the step ended (a time limit, a node failure, a cancel).
      const std::string state = endedJobState();
      if (state.empty()) throw;
      throw ConnectionEnded(e.message() + " [Slurm: " + state + "]", __FILE__, __LINE__);
    }
  }
  // Before the server's hello the job may wait in the queue: ask squeue now and then.
  const auto deadline = Clock::now() + timeout;
  for (;;) {
    const auto slice = std::min<std::chrono::milliseconds>(
        std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()),
        std::chrono::seconds(1));
    auto line =
        ServeConnection::readLine(std::max(slice, std::chrono::milliseconds(0)), maxLineBytes);
    if (line) {
      started_ = true;
      return line;
    }
    if (Clock::now() >= deadline) return std::nullopt;
    if (Clock::now() >= nextPoll_) {
      nextPoll_ = Clock::now() + kPollEvery;
      const auto job = queryJob();
      if (!job) continue;
      if (job->state == "PENDING" && slurmReasonNeverPasses(job->reason)) {
        cancelJob();
        DETBENCH_THROW(InvalidArgument,
                       "Slurm would never start the job as asked, so it was "
                       "cancelled: " +
                           describeSlurmState(*job));
      }
      if (job->state == "RUNNING" && !runningSince_) runningSince_ = Clock::now();
      if (runningSince_ && Clock::now() - *runningSince_ > startLimit_) {
        cancelJob();
        DETBENCH_THROW(NotAvailable, "job " + job->id +
                                         " runs, but detbench there did not answer within " +
                                         std::to_string(startLimit_.count() / 1000) +
                                         " s (--remote-timeout); the job was cancelled");
      }
      const std::string state = describeSlurmState(*job);
      if (state != lastState_) {
        lastState_ = state;
        if (onState_) onState_(*job);
      }
    }
  }
}

void SlurmConnection::cancelJob() {
  if (cancelled_) return;
  cancelled_ = true;
  const auto argv = scancelCommand(target_.jobName);
  runShortCommand(wrap_ ? wrap_(argv) : argv, kCommandLimit);
}

void SlurmConnection::terminate() {
  cancelJob();
  ServeConnection::terminate();
}

}  // namespace detbench::remote
