#pragma once
// How much host memory a run may take: what the kernel says is available (MemAvailable), no
// more than what is left under the process's cgroup limit (a container's memory limit, v2 or
// v1), and no more than what its own limits leave (RLIMIT_AS over the address space it maps
// now, RLIMIT_DATA over its data: `ulimit -v`, `ulimit -d`), so a run that cannot have its
// memory is refused up front instead of being killed, or ending in std::bad_alloc, part way.

#include <cstdint>
#include <optional>
#include <string_view>

namespace detbench {

// Bytes the process may still use: the smallest of MemAvailable, the cgroup headroom and the
// headroom under its resource limits (less kLimitReserve).
std::int64_t availableMemoryBytes();

// Kept back from what a resource limit leaves: the stacks of the threads a run starts and what
// it allocates besides its records and tensors.
inline constexpr std::int64_t kLimitReserve = std::int64_t{64} << 20;

// The parts, for tests. MemAvailable from /proc/meminfo text, in bytes.
std::optional<std::int64_t> memAvailableFrom(std::string_view meminfo);
// The process's cgroup v2 path from /proc/self/cgroup text ("0::/path"); nullopt for v1 only.
std::optional<std::string_view> cgroupV2PathFrom(std::string_view selfCgroup);
// The v1 memory controller's path from the same text ("4:memory:/path"); nullopt for v2 only.
std::optional<std::string_view> cgroupV1MemoryPathFrom(std::string_view selfCgroup);
// Limit minus usage; nullopt when the limit is "max" (or unreadable). Never negative.
std::optional<std::int64_t> cgroupHeadroom(std::string_view limitText, std::string_view usageText);
// A field of /proc/self/status ("VmSize:", "VmData:"), in bytes.
std::optional<std::int64_t> statusBytesFrom(std::string_view status, std::string_view key);
// What a resource limit of `limit` bytes leaves over `used`, less kLimitReserve; nullopt for no
// limit (RLIM_INFINITY, or past 2^62). Never negative.
std::optional<std::int64_t> limitHeadroom(std::uint64_t limit, std::int64_t used);

}  // namespace detbench
