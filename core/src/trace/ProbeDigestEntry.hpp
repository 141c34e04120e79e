// The probe's compiled digest's C entry points (ProbeDigestEntry.cpp): loaded by the probe with
// ctypes from libdetbench_probe_digest.so, and called from the extension module
// (ProbeDigestModule.cpp), which takes the first one from Python without ctypes' conversions.
#pragma once

#include <cstdint>

// The digest of `count` elements of `elementSize` bytes at `data` (a contiguous tensor); 0 where
// it cannot be taken.
extern "C" std::uint64_t detbench_probe_digest(const void* data, std::uint64_t elementSize,
                                               std::uint64_t count) noexcept;

// The digest of a strided tensor read where its elements lie (run/StridedDigest.hpp): its
// `ndim` sizes and strides (in elements), element 0 at `data`. The same digest as of its
// contiguous copy; 0 where it cannot be taken (a negative stride).
extern "C" std::uint64_t detbench_probe_digest_strided(const void* data, std::uint64_t elementSize,
                                                       std::uint64_t ndim,
                                                       const std::int64_t* sizes,
                                                       const std::int64_t* strides) noexcept;
