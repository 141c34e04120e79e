#include <gtest/gtest.h>

#include <atomic>
#include <stdexcept>
#include <vector>

#include "detbench/cpu/ThreadPool.hpp"

namespace detbench::cpu {
namespace {

TEST(ThreadPoolTest, RunsEveryTaskExactlyOnce) {
  for (int threads : {1, 2, 4, 8}) {
    ThreadPool pool(threads);
    EXPECT_EQ(pool.size(), threads);
    for (std::int64_t tasks : {0, 1, 3, 1000}) {
      std::vector<std::atomic<int>> hits(static_cast<std::size_t>(tasks));
      pool.parallelFor(tasks, [&](std::int64_t t) { hits[static_cast<std::size_t>(t)]++; });
      for (auto& h : hits) EXPECT_EQ(h.load(), 1);
    }
  }
}

TEST(ThreadPoolTest, ManyCallsInARow) {
  ThreadPool pool(4);
  std::atomic<std::int64_t> sum{0};
  for (int call = 0; call < 2000; ++call) {
    pool.parallelFor(7, [&](std::int64_t t) { sum += t; });
  }
  EXPECT_EQ(sum.load(), 2000 * 21);
}

TEST(ThreadPoolTest, RethrowsTheFirstTaskException) {
  ThreadPool pool(3);
  EXPECT_THROW(pool.parallelFor(100,
                                [](std::int64_t t) {
                                  if (t == 42) throw std::runtime_error("task failed");
                                }),
               std::runtime_error);
  std::atomic<int> n{0};
  pool.parallelFor(10, [&](std::int64_t) { ++n; });
  EXPECT_EQ(n.load(), 10);
}

TEST(ThreadPoolTest, ZeroMeansOnePerCore) {
  EXPECT_GE(resolveThreads(0), 1);
}

}  // namespace
}  // namespace detbench::cpu
