// The probe's digest in compiled code: a C entry point that the probe loads with ctypes (the
// library's path in DETBENCH_TRACE_DIGEST_LIB) and calls on a CPU tensor's own memory, the same
// digest as detbench's (run/Digest.hpp) at memory speed, instead of some twenty NumPy array
// operations a tensor. The probe falls back to NumPy, then to torch ops, without it.

#include <cstdint>

#include "detbench/run/Digest.hpp"

extern "C" __attribute__((visibility("default"))) std::uint64_t detbench_probe_digest(
    const void* data, std::uint64_t elementSize, std::uint64_t count) noexcept {
  if (elementSize != 1 && elementSize != 2 && elementSize != 4 && elementSize != 8) return 0;
  try {
    return detbench::digestBytes(data, static_cast<std::size_t>(elementSize), count);
  } catch (...) {
    return 0;
  }
}
