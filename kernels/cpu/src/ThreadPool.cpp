#include "detbench/cpu/ThreadPool.hpp"

#include <chrono>
#include <system_error>
#include <utility>

#include "detbench/base/Error.hpp"

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#define DETBENCH_CPU_RELAX() _mm_pause()
#else
#define DETBENCH_CPU_RELAX() std::this_thread::yield()
#endif

namespace detbench::cpu {

namespace {

constexpr auto kSpin = std::chrono::microseconds(50);

// Spins until `ready()` or kSpin has passed; true when ready.
template <typename Ready>
bool spinUntil(Ready ready) {
  const auto deadline = std::chrono::steady_clock::now() + kSpin;
  while (!ready()) {
    for (int i = 0; i < 64; ++i) DETBENCH_CPU_RELAX();
    if (std::chrono::steady_clock::now() > deadline) return ready();
  }
  return true;
}

}  // namespace

int resolveThreads(int requested) {
  if (requested > 0) return requested;
  const unsigned n = std::thread::hardware_concurrency();
  return n == 0 ? 1 : static_cast<int>(n);
}

ThreadPool::ThreadPool(int threads, TaskSchedule schedule)
    : threads_(resolveThreads(threads)), schedule_(std::move(schedule)) {
  if (schedule_.simulated()) return;
  const int extra = threads_ - 1;
  workers_.reserve(static_cast<std::size_t>(extra));
  for (int i = 0; i < extra; ++i) {
    try {
      workers_.emplace_back([this] { workerLoop(); });
    } catch (const std::system_error& e) {
      // A thread that cannot start (a memory or process limit): the ones started are stopped
      // and joined, and the run is refused, not left waiting on a worker that never came.
      {
        std::lock_guard lock(mutex_);
        stop_.store(true);
      }
      wake_.notify_all();
      for (auto& t : workers_) t.join();
      DETBENCH_THROW(InvalidArgument, "cannot start thread " + std::to_string(i + 2) + " of " +
                                          std::to_string(threads_) + " (" + e.what() +
                                          "): ask for fewer threads");
    }
  }
}

ThreadPool::~ThreadPool() {
  {
    std::lock_guard lock(mutex_);
    stop_.store(true);
  }
  wake_.notify_all();
  for (auto& t : workers_) t.join();
}

void ThreadPool::drain() {
  while (true) {
    const std::int64_t task = next_.fetch_add(1, std::memory_order_relaxed);
    if (task >= tasks_) return;
    try {
      (*job_)(task);
    } catch (...) {
      std::lock_guard lock(mutex_);
      if (!error_) error_ = std::current_exception();
      next_.store(tasks_, std::memory_order_relaxed);
    }
  }
}

void ThreadPool::workerLoop() {
  std::uint64_t seen = 0;
  while (true) {
    auto woken = [&] {
      return stop_.load() || generation_.load(std::memory_order_acquire) != seen;
    };
    if (!spinUntil(woken)) {
      std::unique_lock lock(mutex_);
      wake_.wait(lock, woken);
    }
    if (stop_.load()) return;
    seen = generation_.load(std::memory_order_acquire);
    drain();
    if (busy_.fetch_sub(1, std::memory_order_acq_rel) == 1) {
      std::lock_guard lock(mutex_);
      done_.notify_one();
    }
  }
}

void ThreadPool::parallelForInOrder(std::int64_t tasks,
                                    const std::function<void(std::int64_t)>& fn) {
  if (schedule_.simulated()) {
    for (std::int64_t t = 0; t < tasks; ++t) fn(t);
    return;
  }
  parallelFor(tasks, fn);
}

void ThreadPool::parallelFor(std::int64_t tasks, const std::function<void(std::int64_t)>& fn) {
  if (tasks <= 0) return;
  if (schedule_.simulated()) {
    for (const std::int64_t t : schedule_.order(tasks)) fn(t);
    return;
  }
  if (workers_.empty() || tasks == 1) {
    for (std::int64_t t = 0; t < tasks; ++t) fn(t);
    return;
  }
  job_ = &fn;
  tasks_ = tasks;
  next_.store(0, std::memory_order_relaxed);
  error_ = nullptr;
  busy_.store(static_cast<int>(workers_.size()), std::memory_order_relaxed);
  {
    std::lock_guard lock(mutex_);
    generation_.fetch_add(1, std::memory_order_release);
  }
  wake_.notify_all();
  drain();
  auto finished = [&] { return busy_.load(std::memory_order_acquire) == 0; };
  if (!spinUntil(finished)) {
    std::unique_lock lock(mutex_);
    done_.wait(lock, finished);
  }
  job_ = nullptr;
  std::exception_ptr error;
  {
    std::lock_guard lock(mutex_);
    error = error_;
  }
  if (error) std::rethrow_exception(error);
}

}  // namespace detbench::cpu
