#include "detbench/trace/ScriptSweep.hpp"

#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <array>
#include <atomic>
#include <cstring>

#include "detbench/base/RawDirectory.hpp"

namespace detbench::trace {

namespace {

// The scripts running now: a process group and the tag its processes carry. Read by a signal
// handler, so plain characters and atomics only.
constexpr std::size_t kTagBytes = 48;
struct Running {
  std::atomic<pid_t> group{0};
  char entry[kTagBytes + 32] = {};  // "DETBENCH_TRACE_TAG=..." with its NUL
};
std::array<Running, 16> running;

// Whether the NUL-separated environment of /proc/PID holds `entry` (with its NUL) as one of its
// strings. System calls and stack buffers only.
bool environmentHolds(const char* pid, const char* entry, std::size_t length) {
  char path[64] = "/proc/";
  std::size_t p = std::strlen(path);
  for (const char* c = pid; *c && p + 10 < sizeof path; ++c) path[p++] = *c;
  std::memcpy(path + p, "/environ", 9);
  const int fd = ::open(path, O_RDONLY | O_CLOEXEC);
  if (fd < 0) return false;
  // A window that keeps the last `length` bytes of the previous read: an entry may straddle
  // two reads. The environment starts with a string, so a NUL is put before it.
  char window[8192 + 128];
  std::size_t kept = 1;
  window[0] = '\0';
  bool found = false;
  for (int reads = 0; reads < 1024 && !found; ++reads) {
    const ssize_t n = ::read(fd, window + kept, sizeof window - kept);
    if (n <= 0) break;
    const std::size_t size = kept + static_cast<std::size_t>(n);
    for (std::size_t i = 0; i + length + 1 <= size; ++i) {
      if (window[i] == '\0' && std::memcmp(window + i + 1, entry, length) == 0) {
        found = true;
        break;
      }
    }
    kept = size > length + 1 ? length + 1 : size;
    std::memmove(window, window + size - kept, kept);
  }
  ::close(fd);
  return found;
}

// SIGKILL to every process whose environment holds `entry` (with its NUL); how many.
// Whether process `pid` runs nothing any more: gone, or a zombie (its parent, init or a
// subreaper, not yet having reaped it). System calls and stack buffers only.
bool processEnded(long pid) {
  char path[64] = "/proc/";
  std::size_t p = std::strlen(path);
  char digits[24];
  std::size_t n = 0;
  for (long v = pid; v > 0 && n < sizeof digits; v /= 10)
    digits[n++] = static_cast<char>('0' + v % 10);
  while (n > 0) path[p++] = digits[--n];
  std::memcpy(path + p, "/stat", 6);
  const int fd = ::open(path, O_RDONLY | O_CLOEXEC);
  if (fd < 0) return true;
  char text[512];
  const ssize_t got = ::read(fd, text, sizeof text - 1);
  ::close(fd);
  if (got <= 0) return true;
  text[got] = '\0';
  // The state follows the name's closing parenthesis and a space ("1234 (python3) Z ...").
  const char* close = std::strrchr(text, ')');
  return close != nullptr && close[1] == ' ' && close[2] == 'Z';
}

// Waits, a bounded while, for the processes just killed to end: SIGKILL is delivered at once,
// but a process ends when the kernel has taken it down, and whoever stops a trace expects
// nothing of the script to run once detbench has returned. Polls /proc (no waitpid: they are
// not this process's children once they left its group).
void awaitEnded(const long* pids, std::size_t count) {
  constexpr int kPolls = 500;  // 5 s at 10 ms
  for (int poll = 0; poll < kPolls; ++poll) {
    bool all = true;
    for (std::size_t i = 0; i < count && all; ++i) all = processEnded(pids[i]);
    if (all) return;
    timespec pause{0, 10 * 1000 * 1000};
    ::nanosleep(&pause, nullptr);
  }
}

int killHolders(const char* entry) {
  const std::size_t length = std::strlen(entry) + 1;
  const pid_t self = ::getpid();
  int found = 0;
  long killed[256];
  std::size_t kills = 0;
  // Twice: a process that was forking while the first pass looked may leave a child.
  for (int pass = 0; pass < 2; ++pass) {
    const int proc = ::open("/proc", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (proc < 0) return found;
    forEachName(proc, [&](const char* name) {
      long pid = 0;
      const char* c = name;
      for (; *c >= '0' && *c <= '9' && pid < (1L << 30); ++c) pid = pid * 10 + (*c - '0');
      if (*c != '\0' || pid <= 0 || pid == self) return true;
      if (!environmentHolds(name, entry, length)) return true;
      if (::kill(static_cast<pid_t>(pid), SIGKILL) == 0) {
        ++found;
        if (kills < sizeof killed / sizeof killed[0]) killed[kills++] = pid;
      }
      int status = 0;
      ::waitpid(static_cast<pid_t>(pid), &status, WNOHANG);  // ours: reaped; else ECHILD
      return true;
    });
    ::close(proc);
  }
  awaitEnded(killed, kills);
  return found;
}

void entryOf(const std::string& tag, char* out, std::size_t size) {
  const std::string text = std::string(kTagVariable) + "=" + tag.substr(0, kTagBytes);
  const std::size_t n = std::min(text.size(), size - 1);
  std::memcpy(out, text.data(), n);
  out[n] = '\0';
}

}  // namespace

std::string newScriptTag() {
  static std::atomic<unsigned> counter{0};
  return std::to_string(::getpid()) + "-" + std::to_string(++counter);
}

int killTaggedProcesses(const std::string& tag) {
  char entry[kTagBytes + 32];
  entryOf(tag, entry, sizeof entry);
  return killHolders(entry);
}

void rememberRunningScript(pid_t group, const std::string& tag) {
  for (auto& slot : running) {
    if (slot.group.load() != 0) continue;
    entryOf(tag, slot.entry, sizeof slot.entry);
    pid_t empty = 0;
    if (slot.group.compare_exchange_strong(empty, group)) return;
  }
}

void forgetRunningScript(pid_t group) {
  for (auto& slot : running) {
    pid_t expected = group;
    if (slot.group.compare_exchange_strong(expected, 0)) return;
  }
}

void killRunningScripts() {
  for (auto& slot : running) {
    const pid_t group = slot.group.load();
    if (group <= 0) continue;
    ::kill(-group, SIGKILL);
    killHolders(slot.entry);
  }
}

}  // namespace detbench::trace
