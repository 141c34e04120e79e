#pragma once
// How much host memory a run may take: what the kernel says is available (MemAvailable), and no
// more than what is left under the process's cgroup limit (a container's memory limit, v2 or
// v1), so a run in a container is refused up front instead of being killed part way.

#include <cstdint>
#include <optional>
#include <string_view>

namespace detbench {

// Bytes the process may still use: the smaller of MemAvailable and the cgroup headroom.
std::int64_t availableMemoryBytes();

// The parts, for tests. MemAvailable from /proc/meminfo text, in bytes.
std::optional<std::int64_t> memAvailableFrom(std::string_view meminfo);
// The process's cgroup v2 path from /proc/self/cgroup text ("0::/path"); nullopt for v1 only.
std::optional<std::string_view> cgroupV2PathFrom(std::string_view selfCgroup);
// The v1 memory controller's path from the same text ("4:memory:/path"); nullopt for v2 only.
std::optional<std::string_view> cgroupV1MemoryPathFrom(std::string_view selfCgroup);
// Limit minus usage; nullopt when the limit is "max" (or unreadable). Never negative.
std::optional<std::int64_t> cgroupHeadroom(std::string_view limitText, std::string_view usageText);

}  // namespace detbench
