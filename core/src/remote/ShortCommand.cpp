#include "detbench/remote/ShortCommand.hpp"

#include "detbench/remote/ChildSpawn.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

namespace detbench::remote {

namespace {

constexpr std::size_t kErrorBytes = std::size_t{64} << 10;

// Reads what is there; false once the pipe has ended. `cut` is set where bytes were dropped.
bool readSome(int fd, std::string& into, std::size_t keep, bool keepLast, bool& cut) {
  char buf[16384];
  const ssize_t n = ::read(fd, buf, sizeof buf);
  if (n < 0) return errno == EINTR || errno == EAGAIN;
  if (n == 0) return false;
  into.append(buf, static_cast<std::size_t>(n));
  if (into.size() > keep) {
    cut = true;
    if (keepLast) {
      into.erase(0, into.size() - keep);
    } else {
      into.resize(keep);
    }
  }
  return true;
}

}  // namespace

CommandResult runShortCommand(const std::vector<std::string>& argv, std::chrono::milliseconds limit,
                              std::size_t maxOutput) {
  CommandResult result;
  if (argv.empty()) {
    result.errors = "no program to start";
    return result;
  }
  int out[2], err[2];
  if (::pipe2(out, O_CLOEXEC) != 0) {
    result.errors = std::string("pipe: ") + std::strerror(errno);
    return result;
  }
  if (::pipe2(err, O_CLOEXEC) != 0) {
    ::close(out[0]);
    ::close(out[1]);
    result.errors = std::string("pipe: ") + std::strerror(errno);
    return result;
  }
  pid_t pid = -1;
  const int rc = spawnChild(argv, -1, out[1], err[1], pid);
  ::close(out[1]);
  ::close(err[1]);
  int outFd = out[0];
  int errFd = err[0];
  if (rc != 0) {
    closeChildFd(outFd);
    closeChildFd(errFd);
    result.errors = "cannot start " + argv.front() + ": " + std::strerror(rc);
    return result;
  }
  result.started = true;
  using Clock = std::chrono::steady_clock;
  const auto deadline = Clock::now() + limit;
  while (outFd >= 0 || errFd >= 0) {
    const auto left =
        std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
    if (left <= 0) {
      result.timedOut = true;
      ::kill(pid, SIGKILL);
      break;
    }
    pollfd fds[2] = {{outFd, POLLIN, 0}, {errFd, POLLIN, 0}};
    const int ready = ::poll(fds, 2, static_cast<int>(left));
    if (ready < 0 && errno == EINTR) continue;
    if (ready <= 0) continue;
    bool errorsCut = false;
    if (outFd >= 0 && fds[0].revents != 0 &&
        !readSome(outFd, result.output, maxOutput, false, result.outputCut))
      closeChildFd(outFd);
    if (errFd >= 0 && fds[1].revents != 0 &&
        !readSome(errFd, result.errors, kErrorBytes, true, errorsCut))
      closeChildFd(errFd);
  }
  closeChildFd(outFd);
  closeChildFd(errFd);
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  if (WIFEXITED(status)) {
    result.exitCode = WEXITSTATUS(status);
  } else if (WIFSIGNALED(status)) {
    result.exitCode = 128 + WTERMSIG(status);
  }
  return result;
}

}  // namespace detbench::remote
