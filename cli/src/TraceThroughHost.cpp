#include "TraceThroughHost.hpp"

#include <fcntl.h>
#include <poll.h>
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <string_view>

#include "ExitCodes.hpp"
#include "Interrupt.hpp"
#include "OutputOptions.hpp"
#include "RemoteOptions.hpp"
#include "detbench/base/Error.hpp"
#include "detbench/io/OutputFiles.hpp"
#include "detbench/remote/ChildSpawn.hpp"

namespace detbench::cli {

namespace {

// What the host's shell runs: the trace (its words on standard output and error, as here),
// then a line that only says the reports follow, the JSON report, and the Markdown one after a
// record separator (0x1e); the trace's status. $0 is the host's detbench, "$@" the trace's words.
constexpr std::string_view kReportsFollow =
    "\x1e"
    "detbench-reports\x1e\n";

std::string hostScript(bool markdown) {
  return std::string(
             "f=$(mktemp \"${TMPDIR:-/tmp}/detbench-trace-XXXXXX\") || exit 2\n"
             "m=\"$f.md\"\n"
             "\"$0\" trace --out \"$f\" ") +
         (markdown ? "--markdown \"$m\" " : "") +
         "--stop-when-stdin-closes \"$@\"\n"
         "s=$?\n"
         "printf '\\036detbench-reports\\036\\n'\n"
         "if [ -s \"$f\" ]; then cat \"$f\"; fi\n"
         "if [ -s \"$m\" ]; then printf '\\036'; cat \"$m\"; fi\n"
         "rm -f \"$f\" \"$m\"\n"
         "exit $s\n";
}

std::string stemOfWords(const std::vector<std::string>& command) {
  std::string stem = "script";
  for (const auto& w : command) {
    if (w.size() > 3 && w.ends_with(".py")) {
      stem = std::filesystem::path(w).stem().string();
      break;
    }
  }
  for (auto& ch : stem) {
    if (!std::isalnum(static_cast<unsigned char>(ch)) && ch != '-' && ch != '_') ch = '_';
  }
  return stem;
}

struct Pipe {
  int read = -1;
  int write = -1;
  Pipe() {
    int fds[2];
    if (::pipe2(fds, O_CLOEXEC) != 0) {
      DETBENCH_THROW(IoError, std::string("cannot make a pipe: ") + std::strerror(errno));
    }
    read = fds[0];
    write = fds[1];
  }
  ~Pipe() {
    closeRead();
    closeWrite();
  }
  Pipe(const Pipe&) = delete;
  Pipe& operator=(const Pipe&) = delete;
  void closeRead() {
    if (read >= 0) ::close(read);
    read = -1;
  }
  void closeWrite() {
    if (write >= 0) ::close(write);
    write = -1;
  }
};

// ssh in a process group of its own (Ctrl-C reaches this detbench, which then ends the
// session), on the pipes' far ends.
pid_t spawn(const std::vector<std::string>& argv, Pipe& in, Pipe& out, Pipe& err) {
  pid_t pid = -1;
  const int e = remote::spawnChild(argv, in.read, out.write, err.write, pid);
  if (e != 0) {
    DETBENCH_THROW(NotAvailable, "cannot start " + argv[0] + ": " + std::strerror(e) +
                                     (argv[0] == "ssh" ? " (--host needs OpenSSH's client)" : ""));
  }
  in.closeRead();
  out.closeWrite();
  err.closeWrite();
  return pid;
}

// The host's standard output: its words passed through line by line (but the lines that name
// its own report files: this end names its own), until the line that says the reports follow;
// what comes after it is kept.
class HostOutput {
 public:
  explicit HostOutput(std::ostream& out) : out_(out) {}
  void add(std::string_view bytes) {
    if (inReports_) {
      reports_.append(bytes);
      return;
    }
    line_.append(bytes);
    for (std::size_t end; !inReports_ && (end = line_.find('\n')) != std::string::npos;) {
      const std::string line = line_.substr(0, end + 1);
      line_.erase(0, end + 1);
      if (line == kReportsFollow) {
        inReports_ = true;
        reports_ = std::move(line_);
        line_.clear();
      } else if (!line.starts_with("Report: ") && !line.starts_with("Markdown: ")) {
        out_ << line << std::flush;
      }
    }
  }
  void finish() {
    if (!inReports_ && !line_.empty()) out_ << line_ << "\n" << std::flush;
    line_.clear();
  }
  const std::string& reports() const { return reports_; }

 private:
  std::ostream& out_;
  std::string line_;
  bool inReports_ = false;
  std::string reports_;
};

}  // namespace

std::vector<std::string> traceWordsForHost(const std::vector<std::string>& words) {
  static constexpr std::array<std::string_view, 9> kWithValue = {
      "--host",           "--ssh-port",       "--ssh-identity", "--ssh-option", "--remote-detbench",
      "--remote-timeout", "--remote-silence", "--out",          "--markdown"};
  static constexpr std::array<std::string_view, 2> kFlags = {"--no-report",
                                                             "--stop-when-stdin-closes"};
  std::vector<std::string> kept;
  for (std::size_t i = 0; i < words.size(); ++i) {
    const std::string& w = words[i];
    if (w == "--") {
      kept.insert(kept.end(), words.begin() + static_cast<std::ptrdiff_t>(i), words.end());
      break;
    }
    const std::string_view name = std::string_view(w).substr(0, w.find('='));
    if (std::find(kFlags.begin(), kFlags.end(), name) != kFlags.end()) continue;
    if (std::find(kWithValue.begin(), kWithValue.end(), name) != kWithValue.end()) {
      if (w.find('=') == std::string::npos) ++i;  // its value is the next word
      continue;
    }
    kept.push_back(w);
  }
  return kept;
}

int traceThroughHost(const CliStreams& io, const TraceOptions& o) {
  DETBENCH_CHECK_ARG(o.remote.hosts.size() == 1,
                     "trace --host: one host (the machine that runs the trace; with --slurm, "
                     "the cluster's login node)");
  const std::string host = o.remote.hosts.front();
  const TraceReportPath report = traceReportPath(o, stemOfWords(o.command));
  const std::string& jsonPath = report.json;
  const bool makeReports = report.inReportsFolder;

  std::vector<std::string> remote{"sh", "-c", hostScript(o.markdown.has_value()),
                                  o.remote.remoteDetbench};
  for (auto& w : traceWordsForHost(o.words)) remote.push_back(std::move(w));
  const std::vector<std::string> argv = sshCommandFor(o.remote, host, remote);

  const CancelToken& interrupt = interruptToken();
  Pipe in, out, err;
  const pid_t pid = spawn(argv, in, out, err);
  HostOutput output(io.out);
  bool stopping = false;
  std::array<char, 65536> buffer{};
  while (out.read >= 0 || err.read >= 0) {
    if (interrupt.cancelled() && !stopping) {
      stopping = true;
      in.closeWrite();  // the host's trace stops as at Ctrl-C, and sends what came
      io.err << "detbench: stopping the trace on " << host << "...\n";
    }
    pollfd fds[2] = {{out.read, POLLIN, 0}, {err.read, POLLIN, 0}};
    if (::poll(fds, 2, 200) < 0 && errno != EINTR) break;
    for (int k = 0; k < 2; ++k) {
      if (fds[k].fd < 0 || (fds[k].revents & (POLLIN | POLLHUP | POLLERR)) == 0) continue;
      const ssize_t n = ::read(fds[k].fd, buffer.data(), buffer.size());
      if (n <= 0) {
        if (n < 0 && errno == EINTR) continue;
        (k == 0 ? out : err).closeRead();
      } else if (k == 0) {
        output.add(std::string_view(buffer.data(), static_cast<std::size_t>(n)));
      } else {
        io.err.write(buffer.data(), n);
        io.err.flush();
      }
    }
  }
  output.finish();
  in.closeWrite();
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  const int code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);

  const std::string& reports = output.reports();
  const std::size_t split = reports.find('\x1e');
  const std::string json = reports.substr(0, split);
  const std::string markdown = split == std::string::npos ? "" : reports.substr(split + 1);
  if (json.empty()) {
    if (code == 255) {
      DETBENCH_THROW(NotAvailable, "ssh could not run the trace on " + host + " (its words above)");
    }
    if (code == 127) {
      DETBENCH_THROW(NotAvailable, "no " + o.remote.remoteDetbench + " on " + host +
                                       " (install detbench there, or name it with "
                                       "--remote-detbench)");
    }
    return stopping ? kExitCancelled : code;
  }
  DETBENCH_CHECK_ARG(nlohmann::json::accept(json),
                     "the trace on " + host + " sent back a report that is not JSON");
  OutputBatch batch;
  if (makeReports) batch.addFolder("reports");
  if (!jsonPath.empty()) batch.add(jsonPath, json);
  if (o.markdown && !markdown.empty()) batch.add(*o.markdown, markdown);
  batch.commit();
  if (!jsonPath.empty()) io.out << "Report: " << jsonPath << "\n";
  if (o.markdown && !markdown.empty()) io.out << "Markdown: " << *o.markdown << "\n";
  return stopping && code == 0 ? kExitCancelled : code;
}

}  // namespace detbench::cli
