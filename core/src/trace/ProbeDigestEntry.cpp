// The probe's digest in compiled code: a C entry point that the probe loads with ctypes (the
// library's path in DETBENCH_TRACE_DIGEST_LIB) and calls on a CPU tensor's own memory, the same
// digest as detbench's (run/Digest.hpp) at memory speed, instead of some twenty NumPy array
// operations a tensor. The probe falls back to NumPy, then to torch ops, without it.
//
// The digest is a sum of one term per element, so a large tensor is digested in slices on
// several threads (the cores this process may run on, at most 8) and the slices' sums added:
// the same digest, in a fraction of the time. ctypes releases the interpreter's lock for the
// call; the threads touch nothing of Python's.

#include <sched.h>

#include <algorithm>
#include <cstdint>
#include <thread>
#include <vector>

#include "detbench/run/Digest.hpp"

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

std::uint64_t sliced(const void* data, std::size_t elementSize, std::uint64_t count) {
  static const unsigned cores = std::min(kMaxThreads, usableCores());
  const std::uint64_t bytes = count * elementSize;
  const auto slices = static_cast<unsigned>(
      std::min<std::uint64_t>(cores, std::max<std::uint64_t>(1, bytes / kSliceBytes)));
  if (slices <= 1) return detbench::digestPartial(data, elementSize, 0, count);
  const std::uint64_t per = (count + slices - 1) / slices;
  std::vector<std::uint64_t> sums(slices, 0);
  std::vector<std::thread> threads;
  threads.reserve(slices - 1);
  const auto slice = [&sums, data, elementSize, count, per](unsigned s) {
    const std::uint64_t begin = std::min(count, s * per);
    sums[s] =
        detbench::digestPartial(data, elementSize, begin, std::min(count, begin + per) - begin);
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

}  // namespace

extern "C" __attribute__((visibility("default"))) std::uint64_t detbench_probe_digest(
    const void* data, std::uint64_t elementSize, std::uint64_t count) noexcept {
  if (elementSize != 1 && elementSize != 2 && elementSize != 4 && elementSize != 8) return 0;
  try {
    return detbench::digest_detail::finalize(sliced(data, elementSize, count), count,
                                             static_cast<std::size_t>(elementSize));
  } catch (...) {
    return 0;
  }
}
