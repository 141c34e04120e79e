// The probe's digest in compiled code: C entry points that the probe loads with ctypes (the
// library's path in DETBENCH_TRACE_DIGEST_LIB) and calls on a CPU tensor's own memory, the same
// digest as detbench's (run/Digest.hpp) at memory speed, instead of some twenty NumPy array
// operations a tensor. A strided tensor (a transposed weight) is read where its elements lie,
// without a copy (run/StridedDigest.hpp). The probe falls back to NumPy, then to torch ops,
// without it.
//
// The digest is a sum of one term per element, so a large tensor is digested in slices on
// several threads (the cores this process may run on, at most 8) and the slices' sums added:
// the same digest, in a fraction of the time. ctypes releases the interpreter's lock for the
// call; the threads touch nothing of Python's.

#include "ProbeDigestEntry.hpp"

#include <sched.h>

#include <algorithm>
#include <cstdint>
#include <thread>
#include <vector>

#include "detbench/run/Digest.hpp"
#include "detbench/run/StridedDigest.hpp"

namespace {

// Below this many bytes one thread is as fast as starting others.
constexpr std::uint64_t kSliceBytes = std::uint64_t{2} << 20;
constexpr unsigned kMaxThreads = 8;

unsigned usableCores() {
  cpu_set_t set;
  CPU_ZERO(&set);
  if (::sched_getaffinity(0, sizeof set, &set) == 0) {
    return static_cast<unsigned>(std::max(1, CPU_COUNT(&set)));
  }
  return std::max(1u, std::thread::hardware_concurrency());
}

// The sum of part(begin, end) over `units` units (elements, or a strided tensor's runs) cut
// into slices, one thread each, where the tensor's `bytes` are worth it.
template <typename Part>
std::uint64_t sliced(std::uint64_t units, std::uint64_t bytes, const Part& part) {
  static const unsigned cores = std::min(kMaxThreads, usableCores());
  const auto slices = static_cast<unsigned>(std::min<std::uint64_t>(
      {cores, std::max<std::uint64_t>(1, bytes / kSliceBytes), std::max<std::uint64_t>(1, units)}));
  if (slices <= 1) return part(0, units);
  const std::uint64_t per = (units + slices - 1) / slices;
  std::vector<std::uint64_t> sums(slices, 0);
  std::vector<std::thread> threads;
  threads.reserve(slices - 1);
  const auto slice = [&sums, &part, units, per](unsigned s) {
    const std::uint64_t begin = std::min(units, s * per);
    sums[s] = part(begin, std::min(units, begin + per));
  };
  unsigned started = 1;
  try {
    for (; started < slices; ++started) threads.emplace_back(slice, started);
  } catch (...) {
    // No more threads to be had: this one digests the slices left.
    for (unsigned s = started; s < slices; ++s) slice(s);
  }
  slice(0);
  for (auto& t : threads) t.join();
  std::uint64_t total = 0;
  for (const auto s : sums) total += s;  // mod 2^64, in any order
  return total;
}

bool digestible(std::uint64_t elementSize) {
  return elementSize == 1 || elementSize == 2 || elementSize == 4 || elementSize == 8;
}

}  // namespace

extern "C" __attribute__((visibility("default"))) std::uint64_t detbench_probe_digest(
    const void* data, std::uint64_t elementSize, std::uint64_t count) noexcept {
  if (!digestible(elementSize)) return 0;
  try {
    const auto size = static_cast<std::size_t>(elementSize);
    const auto part = [data, size](std::uint64_t begin, std::uint64_t end) {
      return detbench::digestPartial(data, size, begin, end - begin);
    };
    return detbench::digest_detail::finalize(sliced(count, count * elementSize, part), count, size);
  } catch (...) {
    return 0;
  }
}

extern "C" __attribute__((visibility("default"))) std::uint64_t detbench_probe_digest_strided(
    const void* data, std::uint64_t elementSize, std::uint64_t ndim, const std::int64_t* sizes,
    const std::int64_t* strides) noexcept {
  if (!digestible(elementSize)) return 0;
  try {
    const auto size = static_cast<std::size_t>(elementSize);
    const detbench::StridedDigest layout({sizes, ndim}, {strides, ndim});
    const auto part = [&layout, data, size](std::uint64_t begin, std::uint64_t end) {
      return layout.partial(data, size, begin, end);
    };
    return detbench::digest_detail::finalize(
        sliced(layout.runs(), layout.count() * elementSize, part), layout.count(), size);
  } catch (...) {
    return 0;
  }
}
