#pragma once
// How the default forms of the batch ops cut each row's reduction on cpu-threads when the
// batch leaves threads idle, as libraries do for small batches: enough slices to give every
// thread work, none shorter than `minSlice` terms (1: no split). The bits of a row then depend
// on the batch size and the thread count; the batch-invariant forms never split.

#include <cstdint>

namespace detbench::ops {

constexpr std::int64_t slicesForIdleThreads(std::int64_t tasks, int threads, std::int64_t length,
                                            std::int64_t minSlice) {
  if (tasks >= threads) return 1;
  const std::int64_t wanted = (threads + tasks - 1) / tasks;
  const std::int64_t most = length / minSlice;
  return most < 2 ? 1 : (wanted < most ? wanted : most);
}

}  // namespace detbench::ops
