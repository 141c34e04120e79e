#pragma once
// The two ways the cpu-threads device adds contributions into output rows:
//
//  atomic:        tasks of kAtomicGrain consecutive contributions, handed out dynamically, each
//                 added with a relaxed atomic fetch_add; the order of the adds into a row
//                 depends on scheduling, so float results vary run to run (integer results do
//                 not). Rows whose contributions all fall in one task never race: the grain is
//                 coarser than a GPU's one thread per contribution.
//  deterministic: one of two fixed-order schemes, chosen by the problem's shape only (never by
//                 the thread count, so every thread count gives the same bits):
//    privatised   when there are at least twice as many contributions as output rows: the
//                 contributions are cut into C = min(16, n / rows) fixed chunks, each summed in
//                 order into its own zeroed copy of the output, and the copies are added to the
//                 output in chunk order (the copies together are never larger than the input);
//    bucketed     otherwise: with 4 or more threads, a stable bucketing of contributions by
//                 owner (a block of output rows), then each owner adds its rows' contributions
//                 in increasing order; with fewer, one sequential pass (the same bits).
//                 Every row receives its terms in the sequential order, so the result is the
//                 sequential reference's, bit for bit.
//
// target(k) is the output row of contribution k; value(k, c) its value for column c.

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <limits>
#include <vector>

#include "detbench/cpu/ThreadPool.hpp"

namespace detbench::cpu {

inline constexpr std::int64_t kAtomicGrain = 8192;

template <typename T, typename Target, typename Value>
void accumulateAtomic(ThreadPool& pool, std::int64_t n, std::int64_t cols, T* out, Target target,
                      Value value) {
  const std::int64_t tasks = (n + kAtomicGrain - 1) / kAtomicGrain;
  pool.parallelFor(tasks, [&](std::int64_t task) {
    const std::int64_t end = std::min(n, (task + 1) * kAtomicGrain);
    for (std::int64_t k = task * kAtomicGrain; k < end; ++k) {
      T* row = out + target(k) * cols;
      for (std::int64_t c = 0; c < cols; ++c) {
        std::atomic_ref<T>(row[c]).fetch_add(value(k, c), std::memory_order_relaxed);
      }
    }
  });
}

template <typename T, typename Target, typename Value>
void accumulateSequential(std::int64_t begin, std::int64_t end, std::int64_t cols, T* out,
                          Target target, Value value) {
  if (cols == 1) {  // the common scalar case, without the inner loop's overhead
    // Prefetching the row a few contributions ahead keeps several cache misses in flight when
    // the output is larger than the caches.
    constexpr std::int64_t kAhead = 16;
    std::int64_t k = begin;
    for (; k + kAhead < end; ++k) {
      __builtin_prefetch(out + target(k + kAhead), 1);
      out[target(k)] += value(k, 0);
    }
    for (; k < end; ++k) out[target(k)] += value(k, 0);
    return;
  }
  for (std::int64_t k = begin; k < end; ++k) {
    T* row = out + target(k) * cols;
    for (std::int64_t c = 0; c < cols; ++c) row[c] += value(k, c);
  }
}

// Scratch reused across trials: after the first trial of a trial set, the deterministic forms
// allocate nothing (the buffers keep their size from one trial to the next).
template <typename T>
struct AccumulateScratch {
  std::vector<std::uint32_t> order;
  std::vector<std::int64_t> counts;     // per chunk and owner, a cache-line-padded row per chunk
  std::vector<std::int64_t> positions;  // the same shape: where each chunk writes next
  std::vector<std::int64_t> starts;     // per owner, where its list begins
  std::vector<T> copies;
};

inline constexpr std::int64_t kPrivateCopies = 16;

// The number of private copies for n contributions into `rows` rows: a function of the shape
// alone, so the result does not depend on the thread count.
inline std::int64_t privateCopies(std::int64_t n, std::int64_t rows) {
  return std::min(kPrivateCopies, n / rows);
}
inline bool usesPrivateCopies(std::int64_t n, std::int64_t rows) {
  return privateCopies(n, rows) >= 2;
}

// Below this many contributions waking the workers costs more than it saves; the same tasks
// then run on the calling thread, in the same fixed chunks (the same bits).
inline constexpr std::int64_t kSerialBelow = 1 << 17;

template <typename Fn>
void forTasks(ThreadPool& pool, bool serial, std::int64_t tasks, const Fn& fn) {
  if (serial) {
    for (std::int64_t t = 0; t < tasks; ++t) fn(t);
  } else {
    pool.parallelFor(tasks, fn);
  }
}

template <typename T, typename Target, typename Value>
void accumulatePrivatised(ThreadPool& pool, std::int64_t n, std::int64_t rows, std::int64_t cols,
                          T* out, Target target, Value value, AccumulateScratch<T>& scratch) {
  const bool serial = n < kSerialBelow;
  const std::int64_t elems = rows * cols;
  const std::int64_t ncopies = privateCopies(n, rows);
  scratch.copies.resize(static_cast<std::size_t>(ncopies * elems));
  T* copies = scratch.copies.data();
  const std::int64_t chunkLen = (n + ncopies - 1) / ncopies;
  forTasks(pool, serial, ncopies, [&](std::int64_t c) {
    T* copy = copies + c * elems;
    std::fill(copy, copy + elems, T{0});
    accumulateSequential(c * chunkLen, std::min(n, (c + 1) * chunkLen), cols, copy, target, value);
  });
  constexpr std::int64_t kMergeBlock = 4096;
  forTasks(pool, serial, (elems + kMergeBlock - 1) / kMergeBlock, [&](std::int64_t b) {
    const std::int64_t end = std::min(elems, (b + 1) * kMergeBlock);
    for (std::int64_t e = b * kMergeBlock; e < end; ++e) {
      T v = out[e];
      for (std::int64_t c = 0; c < ncopies; ++c) v += copies[c * elems + e];
      out[e] = v;
    }
  });
}

template <typename T, typename Target, typename Value>
void accumulateDeterministic(ThreadPool& pool, std::int64_t n, std::int64_t rows, std::int64_t cols,
                             T* out, Target target, Value value, AccumulateScratch<T>& scratch) {
  if (usesPrivateCopies(n, rows)) {
    accumulatePrivatised(pool, n, rows, cols, out, target, value, scratch);
    return;
  }
  // The bucketed schedule reads the indices three times and writes a permutation: about three
  // times the memory traffic of one sequential pass. Where memory bandwidth, not the core count,
  // bounds the op (measured on a 2-core machine, see docs/BENCHMARKS.md) one sequential pass is
  // faster, so it is used below kBucketedMinThreads. Both schedules add every row's terms in
  // the sequential order: the choice never changes the result.
  constexpr int kBucketedMinThreads = 4;
  const std::int64_t p = pool.size();
  if (p < kBucketedMinThreads || n < 2 * kAtomicGrain ||
      n > std::numeric_limits<std::uint32_t>::max()) {
    accumulateSequential(0, n, cols, out, target, value);
    return;
  }
  const std::int64_t chunks = p;
  const std::int64_t owners = p;
  const std::int64_t chunkLen = (n + chunks - 1) / chunks;
  // owner = floor(row * owners / rows), by a multiply with a precomputed reciprocal (a 64-bit
  // division per contribution would cost more than the add itself). Any fixed map from rows to
  // owners gives the same result; this one keeps each owner's rows contiguous.
  __extension__ using u128 = unsigned __int128;
  const u128 magic =
      ((static_cast<u128>(owners) << 64) + static_cast<u128>(rows) - 1) / static_cast<u128>(rows);
  auto ownerOf = [magic, owners](std::int64_t row) {
    const auto o = static_cast<std::int64_t>((static_cast<u128>(row) * magic) >> 64);
    return o < owners ? o : owners - 1;
  };
  // Each chunk's counters fill whole cache lines of their own (no false sharing between tasks).
  const std::int64_t stride = (owners + 7) / 8 * 8;
  scratch.counts.assign(static_cast<std::size_t>(chunks * stride), 0);
  scratch.positions.resize(static_cast<std::size_t>(chunks * stride));
  scratch.starts.resize(static_cast<std::size_t>(owners + 1));
  scratch.order.resize(static_cast<std::size_t>(n));
  std::int64_t* counts = scratch.counts.data();
  std::int64_t* positions = scratch.positions.data();
  std::int64_t* start = scratch.starts.data();
  std::uint32_t* order = scratch.order.data();

  // 1. Count each chunk's contributions per owner.
  pool.parallelFor(chunks, [&](std::int64_t c) {
    std::int64_t* cnt = counts + c * stride;
    const std::int64_t end = std::min(n, (c + 1) * chunkLen);
    for (std::int64_t k = c * chunkLen; k < end; ++k) ++cnt[ownerOf(target(k))];
  });
  // 2. Offsets, owner-major and chunk-minor, so each owner's list is in increasing k.
  std::int64_t running = 0;
  for (std::int64_t o = 0; o < owners; ++o) {
    start[o] = running;
    for (std::int64_t c = 0; c < chunks; ++c) {
      positions[c * stride + o] = running;
      running += counts[c * stride + o];
    }
  }
  start[owners] = running;
  // 3. Stable scatter of contribution numbers into the owners' lists.
  pool.parallelFor(chunks, [&](std::int64_t c) {
    std::int64_t* pos = positions + c * stride;
    const std::int64_t end = std::min(n, (c + 1) * chunkLen);
    for (std::int64_t k = c * chunkLen; k < end; ++k) {
      order[pos[ownerOf(target(k))]++] = static_cast<std::uint32_t>(k);
    }
  });
  // 4. Each owner adds its rows' contributions in order; no two owners share a row.
  pool.parallelFor(owners, [&](std::int64_t o) {
    const std::int64_t end = start[o + 1];
    for (std::int64_t j = start[o]; j < end; ++j) {
      const std::int64_t k = order[j];
      T* row = out + target(k) * cols;
      for (std::int64_t c = 0; c < cols; ++c) row[c] += value(k, c);
    }
  });
}

}  // namespace detbench::cpu
