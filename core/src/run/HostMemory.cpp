#include "detbench/run/HostMemory.hpp"

#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <charconv>
#include <fstream>
#include <sstream>
#include <string>

namespace detbench {

namespace {

std::string slurp(const std::string& path) {
  std::ifstream in(path);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

std::optional<std::int64_t> parseLeadingInt(std::string_view text) {
  while (!text.empty() && (text.front() == ' ' || text.front() == '\t')) text.remove_prefix(1);
  std::int64_t v = 0;
  const auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (ec != std::errc{} || ptr == text.data()) return std::nullopt;
  return v;
}

// The least headroom over `dir` and the folders above it up to `root` (a limit set on any
// group above the process's applies too).
std::optional<std::int64_t> leastHeadroom(const std::string& root, std::string_view path,
                                          const char* limitFile, const char* usageFile) {
  std::optional<std::int64_t> least;
  std::string dir = root + std::string(path);
  while (!dir.empty() && dir.back() == '/') dir.pop_back();
  while (dir.size() >= root.size()) {
    if (const auto h = cgroupHeadroom(slurp(dir + "/" + limitFile), slurp(dir + "/" + usageFile)))
      least = least ? std::min(*least, *h) : *h;
    const auto slash = dir.find_last_of('/');
    if (slash == std::string::npos || dir.size() == root.size()) break;
    dir.resize(slash);
  }
  return least;
}

std::optional<std::int64_t> minOf(std::optional<std::int64_t> a, std::optional<std::int64_t> b) {
  if (a && b) return std::min(*a, *b);
  return a ? a : b;
}

// The headroom under the cgroup limits this process lives in: v2 (mounted at /sys/fs/cgroup,
// or at /sys/fs/cgroup/unified beside v1) and v1's memory controller; nullopt when none is set.
std::optional<std::int64_t> cgroupHeadroomHere() {
  const std::string self = slurp("/proc/self/cgroup");
  std::optional<std::int64_t> least;
  if (const auto path = cgroupV2PathFrom(self)) {
    for (const char* root : {"/sys/fs/cgroup", "/sys/fs/cgroup/unified"}) {
      least = minOf(least, leastHeadroom(root, *path, "memory.max", "memory.current"));
    }
  }
  if (const auto path = cgroupV1MemoryPathFrom(self)) {
    least = minOf(least, leastHeadroom("/sys/fs/cgroup/memory", *path, "memory.limit_in_bytes",
                                       "memory.usage_in_bytes"));
  }
  return least;
}

// What RLIMIT_AS and RLIMIT_DATA leave, the smaller; nullopt when neither is set.
std::optional<std::int64_t> resourceLimitHeadroom() {
  std::optional<std::int64_t> least;
  const std::string status = slurp("/proc/self/status");
  for (const auto& [resource, key] :
       {std::pair{RLIMIT_AS, "VmSize:"}, std::pair{RLIMIT_DATA, "VmData:"}}) {
    struct rlimit limit {};
    if (::getrlimit(resource, &limit) != 0 || limit.rlim_cur == RLIM_INFINITY) continue;
    const auto used = statusBytesFrom(status, key);
    least = minOf(least, limitHeadroom(limit.rlim_cur, used.value_or(0)));
  }
  return least;
}

}  // namespace

std::optional<std::int64_t> statusBytesFrom(std::string_view status, std::string_view key) {
  std::size_t pos = 0;
  // At the start of a line.
  while ((pos = status.find(key, pos)) != std::string_view::npos) {
    if (pos == 0 || status[pos - 1] == '\n') break;
    pos += key.size();
  }
  if (pos == std::string_view::npos) return std::nullopt;
  const auto kib = parseLeadingInt(status.substr(pos + key.size()));
  if (!kib || *kib < 0) return std::nullopt;
  return *kib * 1024;
}

std::optional<std::int64_t> limitHeadroom(std::uint64_t limit, std::int64_t used) {
  if (limit >= (std::uint64_t{1} << 62)) return std::nullopt;
  return std::max<std::int64_t>(0, static_cast<std::int64_t>(limit) - used - kLimitReserve);
}

std::optional<std::int64_t> memAvailableFrom(std::string_view meminfo) {
  constexpr std::string_view key = "MemAvailable:";
  const auto pos = meminfo.find(key);
  if (pos == std::string_view::npos) return std::nullopt;
  const auto kib = parseLeadingInt(meminfo.substr(pos + key.size()));
  if (!kib || *kib < 0) return std::nullopt;
  return *kib * 1024;
}

std::optional<std::string_view> cgroupV2PathFrom(std::string_view selfCgroup) {
  std::size_t start = 0;
  while (start < selfCgroup.size()) {
    std::size_t end = selfCgroup.find('\n', start);
    if (end == std::string_view::npos) end = selfCgroup.size();
    const std::string_view line = selfCgroup.substr(start, end - start);
    if (line.substr(0, 3) == "0::") return line.substr(3);
    start = end + 1;
  }
  return std::nullopt;
}

std::optional<std::string_view> cgroupV1MemoryPathFrom(std::string_view selfCgroup) {
  std::size_t start = 0;
  while (start < selfCgroup.size()) {
    std::size_t end = selfCgroup.find('\n', start);
    if (end == std::string_view::npos) end = selfCgroup.size();
    const std::string_view line = selfCgroup.substr(start, end - start);
    // "4:memory:/path" (the controller list may name several, comma-separated).
    const auto first = line.find(':');
    const auto second = first == std::string_view::npos ? first : line.find(':', first + 1);
    if (second != std::string_view::npos) {
      const std::string_view controllers = line.substr(first + 1, second - first - 1);
      std::size_t c = 0;
      while (c <= controllers.size()) {
        std::size_t comma = controllers.find(',', c);
        if (comma == std::string_view::npos) comma = controllers.size();
        if (controllers.substr(c, comma - c) == "memory") return line.substr(second + 1);
        c = comma + 1;
      }
    }
    start = end + 1;
  }
  return std::nullopt;
}

std::optional<std::int64_t> cgroupHeadroom(std::string_view limitText, std::string_view usageText) {
  const auto limit = parseLeadingInt(limitText);
  const auto usage = parseLeadingInt(usageText);
  // "max" (v2) does not parse; v1 writes a huge number when there is no limit.
  if (!limit || !usage || *limit <= 0 || *limit >= (std::int64_t{1} << 60)) return std::nullopt;
  return std::max<std::int64_t>(0, *limit - *usage);
}

std::int64_t availableMemoryBytes() {
  std::optional<std::int64_t> avail = memAvailableFrom(slurp("/proc/meminfo"));
  if (!avail) {
    const long pages = sysconf(_SC_AVPHYS_PAGES);
    const long size = sysconf(_SC_PAGE_SIZE);
    avail = pages > 0 && size > 0 ? static_cast<std::int64_t>(pages) * size : std::int64_t{4} << 30;
  }
  std::int64_t bytes = *avail;
  if (const auto headroom = cgroupHeadroomHere()) bytes = std::min(bytes, *headroom);
  if (const auto headroom = resourceLimitHeadroom()) bytes = std::min(bytes, *headroom);
  return bytes;
}

}  // namespace detbench
