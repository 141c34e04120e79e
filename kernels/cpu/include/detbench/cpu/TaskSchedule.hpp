#pragma once
// How a ThreadPool runs the tasks of a parallel loop.
//
//   threads    on the worker threads, handed out dynamically: which thread adds first is up to
//              the scheduler, as on a GPU (the real thing; the default).
//   in-order   simulated: every task on the calling thread, in increasing order.
//   shuffled   simulated: every task on the calling thread, in a permutation drawn anew for
//              each parallel loop from a seeded stream. Copies of one schedule share the stream,
//              so successive runs see other orders, and the same program sees the same orders.
//
// The simulated schedules make order dependence something a test can show without luck: the
// atomic forms give other bits under other orders (and the same bits under the same order),
// the deterministic forms the same bits under every order. Reports say when a schedule was
// simulated (the device info's "schedule"). DETBENCH_CPU_SCHEDULE selects one for the
// cpu-threads device of the command line and the workbench.

#include <atomic>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace detbench::cpu {

class TaskSchedule {
 public:
  enum class Kind { Threads, InOrder, Shuffled };

  static TaskSchedule threads() { return TaskSchedule(Kind::Threads, 0); }
  static TaskSchedule inOrder() { return TaskSchedule(Kind::InOrder, 0); }
  static TaskSchedule shuffled(std::uint64_t seed) { return TaskSchedule(Kind::Shuffled, seed); }
  // "threads", "in-order", "shuffled" (seed 0) or "shuffled:SEED"; nullopt otherwise.
  static std::optional<TaskSchedule> parse(std::string_view text);

  Kind kind() const { return kind_; }
  bool simulated() const { return kind_ != Kind::Threads; }
  // For reports: "threads", "simulated in-order", "simulated shuffled (seed 7)".
  std::string describe() const;
  // The order in which a simulated schedule runs `tasks` tasks; each call on a shuffled
  // schedule draws the next permutation.
  std::vector<std::int64_t> order(std::int64_t tasks) const;

 private:
  TaskSchedule(Kind kind, std::uint64_t seed);

  Kind kind_;
  std::uint64_t seed_;
  std::shared_ptr<std::atomic<std::uint64_t>> draws_;  // permutations drawn so far
};

}  // namespace detbench::cpu
