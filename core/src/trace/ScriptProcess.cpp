#include "detbench/trace/ScriptProcess.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

#include "detbench/base/Error.hpp"
#include "detbench/base/Utf8Text.hpp"
#include "detbench/trace/ScriptSweep.hpp"
#include "detbench/trace/TraceRecords.hpp"

extern char** environ;

namespace detbench::trace {

namespace {

using Clock = std::chrono::steady_clock;
constexpr auto kGrace = std::chrono::seconds(3);

class Fd {
 public:
  Fd() = default;
  explicit Fd(int fd) : fd_(fd) {}
  Fd(const Fd&) = delete;
  Fd& operator=(const Fd&) = delete;
  ~Fd() { reset(); }
  int get() const { return fd_; }
  void reset(int fd = -1) {
    if (fd_ >= 0) ::close(fd_);
    fd_ = fd;
  }

 private:
  int fd_ = -1;
};

struct Pipe {
  Fd read, write;
  Pipe() {
    int fds[2];
    if (::pipe2(fds, O_CLOEXEC) != 0) {
      DETBENCH_THROW(NotAvailable, std::string("cannot make a pipe: ") + std::strerror(errno));
    }
    read.reset(fds[0]);
    write.reset(fds[1]);
  }
};

class SpawnSetup {
 public:
  SpawnSetup() {
    posix_spawn_file_actions_init(&actions);
    posix_spawnattr_init(&attr);
  }
  ~SpawnSetup() {
    posix_spawn_file_actions_destroy(&actions);
    posix_spawnattr_destroy(&attr);
  }
  SpawnSetup(const SpawnSetup&) = delete;
  SpawnSetup& operator=(const SpawnSetup&) = delete;
  posix_spawn_file_actions_t actions;
  posix_spawnattr_t attr;
};

std::vector<std::string> childEnvironment(const ScriptLaunch& launch, const std::string& tag) {
  std::vector<std::string> env;
  for (char** e = environ; e && *e; ++e) {
    const std::string_view entry(*e);
    if (entry.rfind("DETBENCH_TRACE_", 0) == 0) continue;
    const std::string_view name = entry.substr(0, entry.find('='));
    bool replaced = false;
    for (const auto& [k, v] : launch.environment) replaced = replaced || k == name;
    if (!replaced) env.emplace_back(entry);
  }
  for (const auto& [k, v] : launch.environment) env.push_back(k + "=" + v);
  env.push_back(std::string(kTagVariable) + "=" + tag);
  if (!launch.ringPath.empty()) env.push_back("DETBENCH_TRACE_RING=" + launch.ringPath);
  return env;
}

void setNonBlocking(int fd) {
  const int flags = ::fcntl(fd, F_GETFL);
  ::fcntl(fd, F_SETFL, flags | O_NONBLOCK);
}

struct Reader {
  const ScriptCallbacks& callbacks;
  std::string pending;  // a record line not yet complete
  std::string tail;     // the last bytes of standard error
  std::string problem;
  std::uint64_t received = 0;  // bytes of records

  // Reads what is there now; false at the end of the stream.
  bool drain(int fd, bool records) {
    char buf[65536];
    for (;;) {
      const ssize_t n = ::read(fd, buf, sizeof buf);
      if (n < 0 && errno == EINTR) continue;
      if (n < 0) return errno == EAGAIN || errno == EWOULDBLOCK;
      if (n == 0) return false;
      const std::string_view chunk(buf, static_cast<std::size_t>(n));
      if (records) {
        take(chunk);
      } else {
        tail.append(chunk);
        if (tail.size() > 2 * kStderrTailBytes) tail.erase(0, tail.size() - kStderrTailBytes);
        if (callbacks.onOutput) callbacks.onOutput(chunk);
      }
    }
  }

  void take(std::string_view chunk) {
    received += chunk.size();
    if (!problem.empty()) return;
    pending.append(chunk);
    std::size_t start = 0;
    for (;;) {
      const std::size_t newline = pending.find('\n', start);
      if (newline == std::string::npos) break;
      const std::string_view line(pending.data() + start, newline - start);
      start = newline + 1;
      if (line.empty()) continue;
      try {
        if (callbacks.onRecord) callbacks.onRecord(line);
      } catch (const Error& e) {
        problem = "a record detbench cannot take: " + e.message();
      } catch (const std::bad_alloc&) {
        problem = "out of memory while reading the records";
      }
      if (!problem.empty()) break;
    }
    pending.erase(0, start);
    if (problem.empty() && pending.size() > kMaxRecordBytes) {
      problem = "a record longer than 16 MiB";
    }
  }
};

}  // namespace

std::string missingRecords(const std::string& path, std::uint64_t received, std::uint64_t& lost) {
  lost = 0;
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return {};
  const auto readAt = [fd](void* to, std::size_t n, std::uint64_t at) {
    std::size_t done = 0;
    while (done < n) {
      const ssize_t r =
          ::pread(fd, static_cast<char*>(to) + done, n - done, static_cast<off_t>(at + done));
      if (r < 0 && errno == EINTR) continue;
      if (r <= 0) return false;
      done += static_cast<std::size_t>(r);
    }
    return true;
  };
  unsigned char header[16];
  std::string out;
  if (readAt(header, sizeof header, 0)) {
    std::uint64_t total = 0, capacity = 0;
    for (int i = 7; i >= 0; --i) {
      total = (total << 8) | header[i];
      capacity = (capacity << 8) | header[8 + i];
    }
    struct stat st {};
    const bool sane = capacity > 0 && capacity <= (std::uint64_t{1} << 30) &&
                      ::fstat(fd, &st) == 0 &&
                      static_cast<std::uint64_t>(st.st_size) >= 16 + capacity;
    if (sane && total > received) {
      if (total - received > capacity) {
        lost = total - received;
      } else {
        out.resize(total - received);
        const std::uint64_t pos = received % capacity;
        const std::uint64_t first = std::min<std::uint64_t>(out.size(), capacity - pos);
        if (!readAt(out.data(), first, 16 + pos) ||
            !readAt(out.data() + first, out.size() - first, 16)) {
          out.clear();
        }
      }
    }
  }
  ::close(fd);
  return out;
}

std::string lastLines(std::string_view text, int lines) {
  std::size_t end = text.size();
  while (end > 0 && (text[end - 1] == '\n' || text[end - 1] == '\r')) --end;
  std::size_t begin = end;
  int seen = 0;
  while (begin > 0) {
    if (text[begin - 1] == '\n' && ++seen == lines) break;
    --begin;
  }
  return std::string(text.substr(begin, end - begin));
}

TraceRunExit runScript(const ScriptLaunch& launch, const ScriptCallbacks& callbacks,
                       const CancelToken* cancel) {
  DETBENCH_CHECK_ARG(!launch.argv.empty(), "nothing to run");
  Pipe records, errors, output;
  // The child's record descriptor is dup2'd to kRecordDescriptor, which must not be the source.
  if (records.write.get() == kRecordDescriptor) {
    records.write.reset(::fcntl(records.write.get(), F_DUPFD_CLOEXEC, 10));
  }
  SpawnSetup setup;
  posix_spawn_file_actions_addopen(&setup.actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0);
  if (!launch.ringPath.empty()) ::unlink(launch.ringPath.c_str());
  const bool captureStdout = launch.captureStdout && !launch.recordsOnStdout;
  if (launch.recordsOnStdout) {
    posix_spawn_file_actions_adddup2(&setup.actions, records.write.get(), STDOUT_FILENO);
  } else if (captureStdout) {
    posix_spawn_file_actions_adddup2(&setup.actions, output.write.get(), STDOUT_FILENO);
  } else {
    posix_spawn_file_actions_addopen(&setup.actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0);
  }
  posix_spawn_file_actions_adddup2(&setup.actions, errors.write.get(), STDERR_FILENO);
  if (!launch.recordsOnStdout) {
    posix_spawn_file_actions_adddup2(&setup.actions, records.write.get(), kRecordDescriptor);
  }
  if (!launch.workingDir.empty()) {
    posix_spawn_file_actions_addchdir_np(&setup.actions, launch.workingDir.c_str());
  }
  sigset_t none, defaults;
  sigemptyset(&none);
  sigemptyset(&defaults);
  for (const int sig : {SIGINT, SIGTERM, SIGPIPE, SIGCHLD, SIGHUP, SIGQUIT}) {
    sigaddset(&defaults, sig);
  }
  posix_spawnattr_setsigmask(&setup.attr, &none);
  posix_spawnattr_setsigdefault(&setup.attr, &defaults);
  posix_spawnattr_setpgroup(&setup.attr, 0);
  posix_spawnattr_setflags(&setup.attr,
                           POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF);

  std::vector<std::string> argvText = launch.argv;
  std::vector<char*> argv;
  for (auto& a : argvText) argv.push_back(a.data());
  argv.push_back(nullptr);
  const std::string tag = newScriptTag();
  std::vector<std::string> envText = childEnvironment(launch, tag);
  std::vector<char*> envp;
  for (auto& e : envText) envp.push_back(e.data());
  envp.push_back(nullptr);

  pid_t pid = 0;
  const int rc =
      ::posix_spawnp(&pid, argv[0], &setup.actions, &setup.attr, argv.data(), envp.data());
  records.write.reset();
  errors.write.reset();
  output.write.reset();
  if (rc != 0) {
    DETBENCH_THROW(NotAvailable, "cannot start " + launch.argv[0] + ": " + std::strerror(rc));
  }
  rememberRunningScript(pid, tag);
  setNonBlocking(records.read.get());
  setNonBlocking(errors.read.get());
  setNonBlocking(output.read.get());

  TraceRunExit exit;
  Reader reader{callbacks, {}, {}, {}};
  bool recordsOpen = true, errorsOpen = true, outputOpen = captureStdout;
  const auto started = Clock::now();
  int stage = 0;  // 0 running, 1 interrupted, 2 killed
  Clock::time_point stageTime;
  const auto stop = [&](int sig) {
    ::kill(-pid, sig);
    stage = sig == SIGKILL ? 2 : 1;
    stageTime = Clock::now();
  };
  int status = 0;
  for (;;) {
    pollfd fds[3];
    nfds_t n = 0;
    int which[3];
    if (recordsOpen) {
      fds[n] = {records.read.get(), POLLIN, 0};
      which[n++] = 0;
    }
    if (errorsOpen) {
      fds[n] = {errors.read.get(), POLLIN, 0};
      which[n++] = 1;
    }
    if (outputOpen) {
      fds[n] = {output.read.get(), POLLIN, 0};
      which[n++] = 2;
    }
    const int ready = ::poll(fds, n, 100);
    if (ready > 0) {
      for (nfds_t i = 0; i < n; ++i) {
        if (!(fds[i].revents & (POLLIN | POLLHUP | POLLERR))) continue;
        if (which[i] == 0) {
          recordsOpen = reader.drain(records.read.get(), true);
        } else if (which[i] == 1) {
          errorsOpen = reader.drain(errors.read.get(), false);
        } else {
          outputOpen = reader.drain(output.read.get(), false);
        }
      }
    }
    const pid_t done = ::waitpid(pid, &status, WNOHANG);
    if (done == pid) break;
    if (!reader.problem.empty() && stage < 2) {
      exit.problem = reader.problem;
      stop(SIGKILL);
    }
    if (stage == 0 && cancel && cancel->cancelled()) {
      exit.cancelled = true;
      stop(launch.stopSignal);
    }
    if (stage == 0 && launch.timeout.count() > 0 && Clock::now() - started > launch.timeout) {
      exit.timedOut = true;
      stop(launch.stopSignal);
    }
    if (stage == 1 && Clock::now() - stageTime > kGrace) stop(SIGKILL);
  }
  // What the script wrote before it ended is in the pipes: take it all.
  if (recordsOpen) reader.drain(records.read.get(), true);
  if (errorsOpen) reader.drain(errors.read.get(), false);
  if (outputOpen) reader.drain(output.read.get(), false);
  // What the probe recorded but had not yet sent when the process ended (a crash, os._exit, a
  // kill): from the ring file.
  if (!launch.ringPath.empty()) {
    std::uint64_t lost = 0;
    const std::string missing = missingRecords(launch.ringPath, reader.received, lost);
    if (!missing.empty()) reader.take(missing);
    if (lost > 0 && reader.problem.empty()) {
      reader.problem = std::to_string(lost) + " bytes of records were lost at the end";
    }
    ::unlink(launch.ringPath.c_str());
  }
  // Whatever it left behind goes with it: its group (DataLoader workers), and what left the
  // group (a new session, a double fork), found by its tag.
  ::kill(-pid, SIGKILL);
  forgetRunningScript(pid);
  killTaggedProcesses(tag);
  if (exit.problem.empty()) exit.problem = reader.problem;
  exit.exited = WIFEXITED(status);
  exit.code = WIFEXITED(status) ? WEXITSTATUS(status) : 0;
  exit.signal = WIFSIGNALED(status) ? WTERMSIG(status) : 0;
  // The tail may be cut mid-character, or hold escapes and bytes that are not UTF-8: it is
  // stored as printable UTF-8.
  exit.stderrTail = printableText(lastLines(reader.tail, 40));
  return exit;
}

}  // namespace detbench::trace
