#include "HostCommand.hpp"

#include <fcntl.h>
#include <poll.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <cerrno>
#include <cstring>

#include "Interrupt.hpp"
#include "detbench/base/Error.hpp"
#include "detbench/remote/ChildSpawn.hpp"

namespace detbench::cli {

namespace {

// The line kHostFilesFollow prints.
constexpr std::string_view kFilesFollowLine =
    "\x1e"
    "detbench-files\x1e\n";

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

// The host's standard output: its lines passed through the filter until the line that says the
// files follow; what comes after it is kept.
class HostOutput {
 public:
  HostOutput(std::ostream& out, const HostLineFilter& filter) : out_(out), filter_(filter) {}
  void add(std::string_view bytes) {
    if (inFiles_) {
      files_.append(bytes);
      return;
    }
    line_.append(bytes);
    for (std::size_t end; !inFiles_ && (end = line_.find('\n')) != std::string::npos;) {
      const std::string line = line_.substr(0, end + 1);
      line_.erase(0, end + 1);
      if (line == kFilesFollowLine) {
        inFiles_ = true;
        files_ = std::move(line_);
        line_.clear();
      } else {
        pass(line);
      }
    }
  }
  void finish() {
    if (!inFiles_ && !line_.empty()) pass(line_ + "\n");
    line_.clear();
  }
  bool filesCame() const { return inFiles_; }
  const std::string& files() const { return files_; }

 private:
  void pass(const std::string& line) {
    const auto kept = filter_ ? filter_(line) : std::optional<std::string>(line);
    if (kept) out_ << *kept << std::flush;
  }
  std::ostream& out_;
  const HostLineFilter& filter_;
  std::string line_;
  bool inFiles_ = false;
  std::string files_;
};

// "\x1e SIZE NAME\nBYTES" one after another; a file cut short ends the list.
std::vector<HostFile> parseFiles(const std::string& text, const std::string& host) {
  std::vector<HostFile> files;
  std::size_t at = 0;
  while (at < text.size()) {
    const std::size_t eol = text.find('\n', at);
    DETBENCH_CHECK_ARG(text[at] == '\x1e' && eol != std::string::npos,
                       "the files from " + host + " are garbled");
    std::string header = text.substr(at + 1, eol - at - 1);
    const std::size_t digits = header.find_first_not_of(' ');
    const std::size_t space = header.find(' ', digits);
    DETBENCH_CHECK_ARG(digits != std::string::npos && space != std::string::npos &&
                           std::all_of(header.begin() + static_cast<std::ptrdiff_t>(digits),
                                       header.begin() + static_cast<std::ptrdiff_t>(space),
                                       [](char c) { return std::isdigit(c) != 0; }),
                       "the files from " + host + " are garbled");
    const std::size_t size = std::stoul(header.substr(digits, space - digits));
    DETBENCH_CHECK_ARG(eol + 1 + size <= text.size(),
                       "a file from " + host + " was cut short (the connection ended)");
    files.push_back({header.substr(space + 1), text.substr(eol + 1, size)});
    at = eol + 1 + size;
  }
  return files;
}

}  // namespace

HostCommandResult runOnHost(const CliStreams& io, const RemoteOptions& remote,
                            const std::string& host, const std::string& what,
                            const std::string& script, const std::vector<std::string>& words,
                            const HostLineFilter& filter) {
  std::vector<std::string> command{"sh", "-c", script, remote.remoteDetbench};
  command.insert(command.end(), words.begin(), words.end());
  const std::vector<std::string> argv = sshCommandFor(remote, host, command);

  const CancelToken& interrupt = interruptToken();
  Pipe in, out, err;
  const pid_t pid = spawn(argv, in, out, err);
  HostOutput output(io.out, filter);
  HostCommandResult result;
  std::array<char, 65536> buffer{};
  while (out.read >= 0 || err.read >= 0) {
    if (interrupt.cancelled() && !result.stopped) {
      result.stopped = true;
      in.closeWrite();
      io.err << "detbench: stopping " << what << " on " << host << "...\n";
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
  result.code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  if (result.code == 255 && !output.filesCame()) {
    DETBENCH_THROW(NotAvailable, "ssh could not run detbench on " + host + " (its words above)");
  }
  if (result.code == 127) {
    DETBENCH_THROW(NotAvailable, "no " + remote.remoteDetbench + " on " + host +
                                     " (install detbench there, or name it with "
                                     "--remote-detbench)");
  }
  result.files = parseFiles(output.files(), host);
  return result;
}

std::vector<std::string> wordsForHost(const std::vector<std::string>& words,
                                      const std::vector<std::string_view>& alsoDrop,
                                      const std::vector<std::string_view>& alsoDropFlags) {
  static constexpr std::array<std::string_view, 7> kReach = {
      "--host",           "--ssh-port",      "--ssh-identity", "--ssh-option", "--remote-detbench",
      "--remote-timeout", "--remote-silence"};
  std::vector<std::string> kept;
  for (std::size_t i = 0; i < words.size(); ++i) {
    const std::string& w = words[i];
    if (w == "--") {
      kept.insert(kept.end(), words.begin() + static_cast<std::ptrdiff_t>(i), words.end());
      break;
    }
    const std::string_view name = std::string_view(w).substr(0, w.find('='));
    if (std::find(alsoDropFlags.begin(), alsoDropFlags.end(), name) != alsoDropFlags.end()) {
      continue;
    }
    if (std::find(kReach.begin(), kReach.end(), name) != kReach.end() ||
        std::find(alsoDrop.begin(), alsoDrop.end(), name) != alsoDrop.end()) {
      if (w.find('=') == std::string::npos) ++i;  // its value is the next word
      continue;
    }
    kept.push_back(w);
  }
  return kept;
}

}  // namespace detbench::cli
