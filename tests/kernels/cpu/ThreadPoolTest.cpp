#include <gtest/gtest.h>

#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cstring>
#include <fstream>
#include <stdexcept>
#include <vector>

#include "detbench/base/Error.hpp"
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

TEST(ThreadPoolTest, ASimulatedScheduleRunsEveryTaskOnceOnTheCallingThreadInItsOrder) {
  ThreadPool inOrder(4, TaskSchedule::inOrder());
  EXPECT_EQ(inOrder.size(), 4) << "kernels partition for the count asked for";
  std::vector<std::int64_t> seen;
  inOrder.parallelFor(6, [&](std::int64_t t) { seen.push_back(t); });  // one thread: no race
  EXPECT_EQ(seen, (std::vector<std::int64_t>{0, 1, 2, 3, 4, 5}));

  const TaskSchedule shuffled = TaskSchedule::shuffled(9);
  ThreadPool pool(4, shuffled);
  std::vector<std::vector<std::int64_t>> orders;
  for (int call = 0; call < 3; ++call) {
    std::vector<std::int64_t> order;
    pool.parallelFor(50, [&](std::int64_t t) { order.push_back(t); });
    std::vector<std::int64_t> sorted = order;
    std::sort(sorted.begin(), sorted.end());
    for (std::int64_t t = 0; t < 50; ++t) ASSERT_EQ(sorted[static_cast<std::size_t>(t)], t);
    orders.push_back(order);
  }
  EXPECT_NE(orders[0], orders[1]) << "each loop draws a new order";
  EXPECT_NE(orders[1], orders[2]);
  // Another schedule with the same seed replays the same orders.
  ThreadPool again(4, TaskSchedule::shuffled(9));
  std::vector<std::int64_t> first;
  again.parallelFor(50, [&](std::int64_t t) { first.push_back(t); });
  EXPECT_EQ(first, orders[0]);
  // Tasks that wait for earlier ones run in increasing order.
  std::vector<std::int64_t> forward;
  pool.parallelForInOrder(5, [&](std::int64_t t) { forward.push_back(t); });
  EXPECT_EQ(forward, (std::vector<std::int64_t>{0, 1, 2, 3, 4}));
}

TEST(ThreadPoolTest, SchedulesParseFromText) {
  EXPECT_FALSE(TaskSchedule::parse("threads")->simulated());
  EXPECT_EQ(TaskSchedule::parse("in-order")->kind(), TaskSchedule::Kind::InOrder);
  EXPECT_EQ(TaskSchedule::parse("shuffled:42")->kind(), TaskSchedule::Kind::Shuffled);
  EXPECT_NE(TaskSchedule::parse("shuffled:42")->describe().find("seed 42"), std::string::npos);
  for (const char* bad : {"", "random", "shuffled:", "shuffled:-1", "shuffled:x"}) {
    EXPECT_FALSE(TaskSchedule::parse(bad).has_value()) << bad;
  }
}

TEST(ThreadPoolTest, ZeroMeansOnePerCore) {
  EXPECT_GE(resolveThreads(0), 1);
}

TEST(ThreadPoolTest, AThreadThatCannotStartIsAnErrorNotAHang) {
#ifdef DETBENCH_SANITIZED_BUILD  // tests/CMakeLists.txt
  GTEST_SKIP() << "an address-space limit leaves a sanitizer's shadow memory no room";
#else
  // In a child process: an address-space limit 256 MiB above what it uses leaves room for a
  // few dozen threads' stacks, not 1024.
  const pid_t pid = ::fork();
  ASSERT_GE(pid, 0);
  if (pid == 0) {
    long pages = 0;
    std::ifstream("/proc/self/statm") >> pages;
    const rlim_t used = static_cast<rlim_t>(pages) * static_cast<rlim_t>(::sysconf(_SC_PAGESIZE));
    const rlimit limit{used + (rlim_t{256} << 20), used + (rlim_t{256} << 20)};
    if (::setrlimit(RLIMIT_AS, &limit) != 0) ::_exit(4);
    try {
      ThreadPool pool(1024);
      ::_exit(1);  // every thread started: the limit did not bite
    } catch (const InvalidArgument& e) {
      ::_exit(std::strstr(e.what(), "cannot start thread") ? 0 : 2);
    } catch (...) {
      ::_exit(3);
    }
  }
  int status = 0;
  ASSERT_EQ(::waitpid(pid, &status, 0), pid);
  ASSERT_TRUE(WIFEXITED(status)) << "killed by signal " << WTERMSIG(status);
  EXPECT_EQ(WEXITSTATUS(status), 0) << "1: no thread failed; 2: another message; 3: another error";
#endif
}

}  // namespace
}  // namespace detbench::cpu
