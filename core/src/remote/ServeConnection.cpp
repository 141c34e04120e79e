#include "detbench/remote/ServeConnection.hpp"

#include "detbench/remote/ChildSpawn.hpp"

#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "detbench/base/Error.hpp"

namespace detbench::remote {

namespace {

constexpr std::size_t kKeptErrorBytes = 4096;

// Writing to a child that has gone must fail with EPIPE, not end this process; the rest of the
// process keeps its own SIGPIPE disposition (the command line's default: `| head` ends it
// quietly). SIGPIPE is blocked in this thread for the write, and one the write raised is taken
// back before it is unblocked.
class SigpipeBlocked {
 public:
  SigpipeBlocked() {
    sigemptyset(&pipe_);
    sigaddset(&pipe_, SIGPIPE);
    sigset_t pending;
    sigpending(&pending);
    wasPending_ = sigismember(&pending, SIGPIPE) == 1;
    pthread_sigmask(SIG_BLOCK, &pipe_, &old_);
  }
  ~SigpipeBlocked() {
    sigset_t pending;
    sigpending(&pending);
    if (!wasPending_ && sigismember(&pending, SIGPIPE) == 1) {
      const timespec now{0, 0};
      while (sigtimedwait(&pipe_, nullptr, &now) < 0 && errno == EINTR) {
      }
    }
    pthread_sigmask(SIG_SETMASK, &old_, nullptr);
  }
  SigpipeBlocked(const SigpipeBlocked&) = delete;
  SigpipeBlocked& operator=(const SigpipeBlocked&) = delete;

 private:
  sigset_t pipe_{};
  sigset_t old_{};
  bool wasPending_ = false;
};

std::string trimmed(const std::string& s) {
  const auto first = s.find_first_not_of(" \t\r\n");
  if (first == std::string::npos) return {};
  const auto last = s.find_last_not_of(" \t\r\n");
  return s.substr(first, last - first + 1);
}

}  // namespace

ServeConnection::ServeConnection(const std::vector<std::string>& argv) {
  DETBENCH_CHECK_ARG(!argv.empty(), "no program to start");
  program_ = argv.front();
  int in[2], out[2], err[2];
  if (::pipe2(in, O_CLOEXEC) != 0)
    DETBENCH_THROW(NotAvailable, "pipe: " + std::string(strerror(errno)));
  if (::pipe2(out, O_CLOEXEC) != 0) {
    ::close(in[0]);
    ::close(in[1]);
    DETBENCH_THROW(NotAvailable, "pipe: " + std::string(strerror(errno)));
  }
  if (::pipe2(err, O_CLOEXEC) != 0) {
    for (int fd : {in[0], in[1], out[0], out[1]}) ::close(fd);
    DETBENCH_THROW(NotAvailable, "pipe: " + std::string(strerror(errno)));
  }
  // Its own process group: a Ctrl-C at the terminal reaches detbench, which asks the remote to
  // stop and keeps the trials done, not ssh, which would drop the connection.
  const int rc = spawnChild(argv, in[0], out[1], err[1], pid_);
  ::close(in[0]);
  ::close(out[1]);
  ::close(err[1]);
  in_ = in[1];
  out_ = out[0];
  err_ = err[0];
  if (rc != 0) {
    pid_ = -1;
    closeChildFd(in_);
    closeChildFd(out_);
    closeChildFd(err_);
    DETBENCH_THROW(NotAvailable, "cannot start " + program_ + ": " + strerror(rc));
  }
}

ServeConnection::~ServeConnection() {
  closeChildFd(in_);
  reap(1000);
  endChild();
  closeChildFd(out_);
  closeChildFd(err_);
}

bool ServeConnection::writeLine(const std::string& line) {
  if (in_ < 0) return false;
  const std::string text = line + "\n";
  const SigpipeBlocked blocked;
  std::size_t done = 0;
  while (done < text.size()) {
    const ssize_t n = ::write(in_, text.data() + done, text.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    done += static_cast<std::size_t>(n);
  }
  return true;
}

void ServeConnection::drainErrors(int waitMs) {
  while (err_ >= 0) {
    pollfd p{err_, POLLIN, 0};
    if (::poll(&p, 1, waitMs) <= 0) return;
    char buf[4096];
    const ssize_t n = ::read(err_, buf, sizeof buf);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      closeChildFd(err_);
      return;
    }
    errors_.append(buf, static_cast<std::size_t>(n));
    if (errors_.size() > kKeptErrorBytes) errors_.erase(0, errors_.size() - kKeptErrorBytes);
  }
}

std::optional<std::string> ServeConnection::readLine(std::chrono::milliseconds timeout,
                                                     std::size_t maxLineBytes) {
  using Clock = std::chrono::steady_clock;
  const auto deadline = Clock::now() + timeout;
  for (;;) {
    if (const auto nl = buffer_.find('\n'); nl != std::string::npos) {
      std::string line = buffer_.substr(0, nl);
      buffer_.erase(0, nl + 1);
      return line;
    }
    if (buffer_.size() > maxLineBytes) {
      DETBENCH_THROW(NotAvailable, program_ + " sent a line longer than " +
                                       std::to_string(maxLineBytes) + " bytes");
    }
    if (ended_) {
      drainErrors(200);
      reap(200);
      std::string why = program_ + " ended";
      const std::string said = errorOutput();
      if (!said.empty()) why += ": " + said;
      throw ConnectionEnded(why, __FILE__, __LINE__);
    }
    const auto left =
        std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
    if (left <= 0) return std::nullopt;
    pollfd fds[2] = {{out_, POLLIN, 0}, {err_, POLLIN, 0}};
    const int ready = ::poll(fds, err_ >= 0 ? 2 : 1, static_cast<int>(left));
    if (ready < 0 && errno == EINTR) continue;
    if (ready <= 0) continue;
    if (err_ >= 0 && (fds[1].revents & (POLLIN | POLLHUP)) != 0) drainErrors(0);
    if ((fds[0].revents & (POLLIN | POLLHUP | POLLERR)) != 0) {
      char buf[65536];
      const ssize_t n = ::read(out_, buf, sizeof buf);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) {
        ended_ = true;
        continue;
      }
      buffer_.append(buf, static_cast<std::size_t>(n));
    }
  }
}

std::string ServeConnection::errorOutput() {
  drainErrors(0);
  // The last lines, one line of text for a message.
  std::string text = trimmed(errors_);
  for (auto& c : text) {
    if (c == '\n' || c == '\r') c = ' ';
  }
  return text;
}

void ServeConnection::reap(int waitMs) {
  if (pid_ < 0) return;
  for (int waited = 0;; waited += 10) {
    int status = 0;
    const pid_t r = ::waitpid(pid_, &status, WNOHANG);
    if (r == pid_ || (r < 0 && errno != EINTR)) {
      pid_ = -1;
      return;
    }
    if (waited >= waitMs) return;
    ::usleep(10000);
  }
}

bool ServeConnection::finish(int waitMs) {
  closeChildFd(in_);
  reap(waitMs);
  return pid_ < 0;
}

void ServeConnection::terminate() {
  endChild();
}

void ServeConnection::endChild() {
  closeChildFd(in_);
  if (pid_ < 0) return;
  ::kill(pid_, SIGTERM);
  reap(1000);
  if (pid_ < 0) return;
  ::kill(pid_, SIGKILL);
  int status = 0;
  while (::waitpid(pid_, &status, 0) < 0 && errno == EINTR) {
  }
  pid_ = -1;
}

}  // namespace detbench::remote
