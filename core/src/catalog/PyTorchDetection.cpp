#include "detbench/catalog/PyTorchDetection.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <fstream>
#include <mutex>
#include <optional>
#include <sstream>

extern char** environ;

namespace detbench {

namespace {

// Waits for `pid` until `deadline`, then kills it; true when it exited with status 0 in time.
bool exitedCleanly(pid_t pid, std::chrono::steady_clock::time_point deadline) {
  int status = 0;
  for (;;) {
    const pid_t done = waitpid(pid, &status, WNOHANG);
    if (done == pid) return WIFEXITED(status) && WEXITSTATUS(status) == 0;
    if (done < 0 && errno != EINTR) return false;
    if (std::chrono::steady_clock::now() >= deadline) break;
    usleep(10000);
  }
  kill(pid, SIGKILL);
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  return false;
}

}  // namespace

// Asks `python` where the torch package is; "" when it has none or does not answer in time.
// The answer is the first line: a wrapper script whose children keep the pipe open does not make
// it wait for them.
std::string torchPackageDir(const std::string& python, std::chrono::milliseconds limit) {
  int fds[2];
  // Close-on-exec: no other child started meanwhile (the GUI has threads) holds the pipe open.
  if (pipe2(fds, O_CLOEXEC) != 0) return {};
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, fds[1], STDOUT_FILENO);
  posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0);
  posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0);
  // The current folder is not searched: a PyTorch source checkout there is not an install.
  const std::string script =
      "import sys\n"
      "if sys.path and sys.path[0] in ('', '.'): del sys.path[0]\n"
      "import importlib.util as u\n"
      "s = u.find_spec('torch')\n"
      "print(s.submodule_search_locations[0] if s and s.submodule_search_locations else '')\n";
  std::string interpreter = python;
  std::array<char*, 4> argv{interpreter.data(), const_cast<char*>("-c"),
                            const_cast<char*>(script.c_str()), nullptr};
  pid_t pid = 0;
  const int rc = posix_spawnp(&pid, interpreter.c_str(), &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  close(fds[1]);
  if (rc != 0) {
    close(fds[0]);
    return {};
  }
  std::string out;
  const auto deadline = std::chrono::steady_clock::now() + limit;
  while (out.find('\n') == std::string::npos && out.size() < 65536) {
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
        deadline - std::chrono::steady_clock::now());
    if (left.count() <= 0) break;
    pollfd p{fds[0], POLLIN, 0};
    const int ready = poll(&p, 1, static_cast<int>(left.count()));
    if (ready < 0 && errno == EINTR) continue;
    if (ready <= 0) break;
    char buf[4096];
    const ssize_t n = read(fds[0], buf, sizeof buf);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    out.append(buf, static_cast<std::size_t>(n));
  }
  close(fds[0]);
  const bool clean = exitedCleanly(pid, deadline);
  const auto newline = out.find('\n');
  if (!clean || newline == std::string::npos) return {};
  out.resize(newline);
  if (!out.empty() && out.back() == '\r') out.pop_back();
  return out;
}

std::optional<std::string> versionFromVersionPy(const std::string& text) {
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line)) {
    const auto key = line.find("__version__");
    if (key != 0) continue;
    const auto open = line.find_first_of("'\"", key);
    if (open == std::string::npos) continue;
    const auto close = line.find(line[open], open + 1);
    if (close == std::string::npos) continue;
    return line.substr(open + 1, close - open - 1);
  }
  return std::nullopt;
}

PyTorchDefault chooseRelease(const std::string& foundVersion, const std::string& where) {
  PyTorchDefault d{newestCatalogRelease(), {}, foundVersion};
  const auto parsed = parsePyTorchRelease(foundVersion);
  std::string found = "PyTorch ";
  found.append(foundVersion).append(" found at ").append(where);
  if (!parsed) {
    d.how = found + ", a version the catalog cannot read: the newest release in the catalog (" +
            toString(d.release) + ") is used";
  } else if (isCatalogRelease(*parsed)) {
    d.release = *parsed;
    d.how = found;
  } else {
    d.release = *parsed < oldestCatalogRelease() ? oldestCatalogRelease() : newestCatalogRelease();
    d.how = found + ", outside the catalog's " + toString(oldestCatalogRelease()) + " to " +
            toString(newestCatalogRelease()) + ": the nearest, " + toString(d.release) +
            ", is used";
  }
  return d;
}

UserPython findUserPython(const std::optional<std::string>& environment, const std::string& debian,
                          std::chrono::milliseconds limit) {
  if (environment && !environment->empty()) {
    if (*environment == "none") return {"", "DETBENCH_PYTHON=none: no Python", ""};
    return {*environment, "DETBENCH_PYTHON", torchPackageDir(*environment, limit)};
  }
  const std::string onPath = torchPackageDir("python3", limit);
  if (!onPath.empty()) return {"python3", "the python3 on PATH", onPath};
  if (!debian.empty()) {
    const std::string dir = torchPackageDir(debian, limit);
    if (!dir.empty()) {
      return {debian, "Debian's: the python3 on PATH has no PyTorch", dir};
    }
  }
  return {"python3", "the python3 on PATH; no Python with PyTorch was found", ""};
}

namespace {

// The process's answers, found on first use and replaced by chooseUserPython.
struct Remembered {
  std::mutex mutex;
  std::optional<UserPython> python;
  std::optional<PyTorchDefault> release;
};
Remembered& remembered() {
  static Remembered r;
  return r;
}

UserPython ruleAnswer() {
  const char* env = std::getenv("DETBENCH_PYTHON");
  return findUserPython(env ? std::optional<std::string>(env) : std::nullopt);
}

}  // namespace

UserPython userPython() {
  Remembered& r = remembered();
  {
    const std::lock_guard lock(r.mutex);
    if (r.python) return *r.python;
  }
  // Asked outside the lock: the interpreter may take seconds to answer.
  UserPython found = ruleAnswer();
  const std::lock_guard lock(r.mutex);
  if (!r.python) r.python = std::move(found);
  return *r.python;
}

void chooseUserPython(const std::string& interpreter, const std::string& how) {
  UserPython python;
  if (interpreter.empty()) {
    python = ruleAnswer();
  } else {
    python = {interpreter, how, torchPackageDir(interpreter, kInterpreterLimit)};
  }
  PyTorchDefault release =
      findPyTorchRelease(python.interpreter.empty() ? "none" : python.interpreter);
  Remembered& r = remembered();
  const std::lock_guard lock(r.mutex);
  r.python = std::move(python);
  r.release = std::move(release);
}

PyTorchDefault findPyTorchRelease(const std::string& python, std::chrono::milliseconds limit) {
  std::string interpreter = python;
  std::string dir;
  if (interpreter.empty()) {
    const UserPython& user = userPython();
    interpreter = user.interpreter;
    dir = user.torchDir;
    if (interpreter.empty()) {
      return {newestCatalogRelease(),
              "DETBENCH_PYTHON=none: the newest release in the catalog, " +
                  toString(newestCatalogRelease()),
              std::nullopt};
    }
  } else {
    if (interpreter == "none") {
      return {newestCatalogRelease(),
              "DETBENCH_PYTHON=none: the newest release in the catalog, " +
                  toString(newestCatalogRelease()),
              std::nullopt};
    }
    dir = torchPackageDir(interpreter, limit);
  }
  const PyTorchDefault none{newestCatalogRelease(),
                            "no PyTorch found (asked " + interpreter +
                                "): the newest release in the catalog, " +
                                toString(newestCatalogRelease()),
                            std::nullopt};
  if (dir.empty()) return none;
  std::ifstream in(dir + "/version.py");
  if (!in) return none;
  std::ostringstream text;
  text << in.rdbuf();
  const auto version = versionFromVersionPy(text.str());
  if (!version) return none;
  return chooseRelease(*version, dir + " (" + interpreter + ")");
}

PyTorchDefault defaultPyTorchRelease() {
  Remembered& r = remembered();
  {
    const std::lock_guard lock(r.mutex);
    if (r.release) return *r.release;
  }
  PyTorchDefault found = findPyTorchRelease("");
  const std::lock_guard lock(r.mutex);
  if (!r.release) r.release = std::move(found);
  return *r.release;
}

}  // namespace detbench
