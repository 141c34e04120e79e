#include "SlurmThroughHost.hpp"

#include <nlohmann/json.hpp>

#include "ExitCodes.hpp"
#include "HostCommand.hpp"
#include "detbench/base/Error.hpp"
#include "detbench/io/OutputFiles.hpp"
#include "detbench/remote/SshTarget.hpp"

namespace detbench::cli {

namespace {

const std::string& onlyHost(const RemoteOptions& remote, const std::string& command) {
  DETBENCH_CHECK_ARG(remote.hosts.size() == 1,
                     command + " --host: one host, the cluster's login node");
  return remote.hosts.front();
}

// The jobs command there, in a folder of its own (DIR made absolute first), then the reports it
// collected.
std::string jobsScript() {
  return "dir=$1; shift\n"
         "case $dir in /*) ;; *) dir=$PWD/$dir ;; esac\n"
         "d=$(mktemp -d \"${TMPDIR:-/tmp}/detbench-jobs-XXXXXX\") || exit 2\n"
         "cd \"$d\" || exit 2\n"
         "\"$0\" jobs \"$dir\" \"$@\"\n"
         "s=$?\n" +
         std::string(kHostFilesFollow) +
         "for f in reports/*.json; do\n"
         "  if [ -f \"$f\" ]; then n=${f#reports/}; " +
         std::string(kHostSendFile) +
         "  fi\n"
         "done\n"
         "cd / && rm -rf \"$d\"\n"
         "exit $s\n";
}

// A word as a person types it: quoted only where a shell would split or expand it.
std::string typed(const std::string& word) {
  const bool plain = !word.empty() && word.find_first_not_of(
                                          "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
                                          "0123456789@%+=:,./_-") == std::string::npos;
  return plain ? word : remote::shellQuoted(word);
}

}  // namespace

std::string hostOptionWords(const RemoteOptions& options) {
  std::string words;
  for (const auto& h : options.hosts) words += " --host " + typed(h);
  if (options.sshPort != "0") words += " --ssh-port " + typed(options.sshPort);
  if (options.identity) words += " --ssh-identity " + typed(*options.identity);
  for (const auto& opt : options.sshOptions) words += " --ssh-option " + typed(opt);
  if (options.remoteDetbench != "detbench") {
    words += " --remote-detbench " + typed(options.remoteDetbench);
  }
  return words;
}

int batchThroughHost(const CliStreams& io, const RunOptions& o, std::string_view command) {
  const std::string& host = onlyHost(o.remote, std::string(command));
  std::vector<std::string> words{std::string(command)};
  for (auto& w : wordsForHost(o.remote.words)) words.push_back(std::move(w));
  // The nodes' detbench is the login node's (the jobs' script names it).
  if (o.remote.remoteDetbench != "detbench") {
    words.insert(words.end(), {"--remote-detbench", o.remote.remoteDetbench});
  }
  // The line that says how to follow the jobs says it for this end: through the login node.
  const std::string again = hostOptionWords(o.remote);
  const HostCommandResult r =
      runOnHost(io, o.remote, host, "the submission", "exec \"$0\" \"$@\"\n", words,
                [&again](const std::string& line) -> std::optional<std::string> {
                  constexpr std::string_view kFollow = "Follow it: detbench jobs ";
                  const std::size_t gap = line.find("  (");
                  if (!line.starts_with(kFollow) || gap == std::string::npos) return line;
                  return line.substr(0, gap) + again + line.substr(gap);
                });
  return r.stopped && r.code == 0 ? kExitCancelled : r.code;
}

int jobsThroughHost(const CliStreams& io, const JobsOptions& o) {
  const RemoteOptions& remote = o.remote;
  const std::string& host = onlyHost(remote, "jobs");
  std::vector<std::string> words{o.dir};
  if (o.collect) words.emplace_back("--collect");
  if (o.cancel) words.emplace_back("--cancel");
  if (o.json) words.emplace_back("--json");
  if (!o.job.empty()) words.insert(words.end(), {"--job", o.job});
  const HostCommandResult r = runOnHost(io, remote, host, "jobs", jobsScript(), words, nullptr);
  if (r.files.empty()) return r.code;
  OutputBatch batch;
  batch.addFolder("reports");
  for (const HostFile& f : r.files) {
    DETBENCH_CHECK_ARG(
        f.name.ends_with(".json") && f.name.find('/') == std::string::npos && f.name.front() != '.',
        host + " sent a report named " + f.name + ", not one of detbench's");
    DETBENCH_CHECK_ARG(nlohmann::json::accept(f.bytes),
                       host + " sent back " + f.name + ", which is not JSON");
    batch.add("reports/" + f.name, f.bytes);
  }
  batch.commit();
  return r.code;
}

}  // namespace detbench::cli
