#include "detbench/remote/LoginNodeJobs.hpp"

#include <sstream>

#include "detbench/base/Error.hpp"
#include "detbench/remote/ShortCommand.hpp"
#include "detbench/remote/SlurmJobsJson.hpp"

namespace detbench::remote {

namespace {

// $0 the detbench there, $1 DIR: the command in a temporary folder, removed after.
constexpr const char* kJobsThere =
    "dir=$1; shift\n"
    "case $dir in /*) ;; *) dir=$PWD/$dir ;; esac\n"
    "d=$(mktemp -d \"${TMPDIR:-/tmp}/detbench-jobs-XXXXXX\") || exit 2\n"
    "cd \"$d\" || exit 2\n"
    "\"$0\" jobs \"$dir\" \"$@\" --json\n"
    "s=$?\n"
    "cd / && rm -rf \"$d\"\n"
    "exit $s\n";

// The last line of `text` that is not empty.
std::string lastWrittenLine(const std::string& text) {
  std::istringstream lines(text);
  std::string line, last;
  while (std::getline(lines, line)) {
    if (line.find_first_not_of(" \t\r") != std::string::npos) last = line;
  }
  return last;
}

}  // namespace

LoginNodeJobs jobsOnLoginNode(const SshTarget& login, const std::string& dir,
                              const std::vector<std::string>& args, std::chrono::seconds limit) {
  std::vector<std::string> remote{"sh", "-c", kJobsThere, login.remoteDetbench, dir};
  remote.insert(remote.end(), args.begin(), args.end());
  // Collected reports come back whole in the answer.
  const CommandResult r = runShortCommand(sshCommand(login, remote), limit, std::size_t{256} << 20);
  const std::string where = login.destination;
  const std::string said = lastWrittenLine(r.errors);
  if (!r.started) DETBENCH_THROW(NotAvailable, "cannot start ssh for " + where + ": " + r.errors);
  if (r.timedOut) {
    DETBENCH_THROW(NotAvailable, where + " did not answer within " + std::to_string(limit.count()) +
                                     " s (detbench jobs there)");
  }
  if (r.exitCode == 255) {
    DETBENCH_THROW(NotAvailable, "ssh cannot reach " + where + (said.empty() ? "" : ": " + said));
  }
  if (r.exitCode == 127) {
    DETBENCH_THROW(NotAvailable, where + " has no " + login.remoteDetbench +
                                     " (the detbench program there)" +
                                     (said.empty() ? "" : ": " + said));
  }
  DETBENCH_CHECK_ARG(!r.outputCut, where + " answered more than 256 MiB (detbench jobs there)");
  const auto answer = nlohmann::ordered_json::parse(lastWrittenLine(r.output), nullptr, false);
  if (!answer.is_object()) {
    DETBENCH_THROW(InvalidArgument,
                   where + ": " + (said.empty() ? "detbench jobs there did not answer" : said));
  }
  LoginNodeJobs jobs;
  jobs.exitCode = r.exitCode;
  try {
    jobs.batches = batchesFromJson(answer.value("batches", nlohmann::ordered_json::array()));
  } catch (const Error& e) {
    DETBENCH_THROW(InvalidArgument, where + " answered with " + e.message());
  }
  const auto cancelled = answer.value("cancelled", nlohmann::ordered_json::array());
  const auto collected = answer.value("collected", nlohmann::ordered_json::array());
  DETBENCH_CHECK_ARG(cancelled.is_array() && collected.is_array(),
                     where +
                         " answered with a listing whose \"cancelled\" or \"collected\" "
                         "is not a list");
  jobs.cancelled = cancelled;
  jobs.collected = collected;
  return jobs;
}

}  // namespace detbench::remote
