#pragma once
// A fixed pool of worker threads for the cpu-threads device. parallelFor hands out tasks
// dynamically (an atomic counter), so which worker runs which task varies from call to call,
// as thread blocks are scheduled on a GPU; the calling thread works too. Idle workers spin for
// a short while (kSpin) before they sleep, so back-to-back parallel regions do not pay a
// futex wake-up each. Under a simulated TaskSchedule there are no workers: the tasks run on
// the calling thread in the schedule's order (TaskSchedule.hpp).

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

#include "detbench/cpu/TaskSchedule.hpp"

namespace detbench::cpu {

class ThreadPool {
 public:
  explicit ThreadPool(int threads, TaskSchedule schedule = TaskSchedule::threads());
  ~ThreadPool();
  ThreadPool(const ThreadPool&) = delete;
  ThreadPool& operator=(const ThreadPool&) = delete;

  // The worker count the kernels partition for (simulated schedules keep the count asked for).
  int size() const noexcept { return threads_; }
  const TaskSchedule& schedule() const noexcept { return schedule_; }

  // Runs fn(task) for every task in [0, tasks) and returns when all are done. The first
  // exception thrown by a task is rethrown here.
  void parallelFor(std::int64_t tasks, const std::function<void(std::int64_t)>& fn);
  // The same, for tasks that may wait for earlier ones (a look-back scan): with threads, tasks
  // are claimed in increasing order, so every task waited for has started; a simulated
  // schedule runs them in increasing order (any other order could wait forever).
  void parallelForInOrder(std::int64_t tasks, const std::function<void(std::int64_t)>& fn);

 private:
  void workerLoop();
  void drain();

  int threads_;
  TaskSchedule schedule_;
  std::vector<std::thread> workers_;
  std::mutex mutex_;
  std::condition_variable wake_;
  std::condition_variable done_;
  std::atomic<std::uint64_t> generation_{0};  // changed under mutex_, read without it
  std::atomic<bool> stop_{false};
  std::atomic<int> busy_{0};
  const std::function<void(std::int64_t)>* job_ = nullptr;
  std::int64_t tasks_ = 0;
  std::atomic<std::int64_t> next_{0};
  std::exception_ptr error_;
};

// Worker count for a request: `requested`, or one per core when 0.
int resolveThreads(int requested);

}  // namespace detbench::cpu
