#include "detbench/cpu/TaskSchedule.hpp"

#include <numeric>
#include <utility>

#include "detbench/base/IntegerText.hpp"

namespace detbench::cpu {

namespace {

// SplitMix64: a small, well-mixed stream for the permutations.
std::uint64_t splitMix(std::uint64_t& state) {
  std::uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

}  // namespace

TaskSchedule::TaskSchedule(Kind kind, std::uint64_t seed)
    : kind_(kind), seed_(seed), draws_(std::make_shared<std::atomic<std::uint64_t>>(0)) {}

std::optional<TaskSchedule> TaskSchedule::parse(std::string_view text) {
  if (text == "threads") return threads();
  if (text == "in-order") return inOrder();
  if (text == "shuffled") return shuffled(0);
  constexpr std::string_view prefix = "shuffled:";
  if (text.substr(0, prefix.size()) == prefix) {
    if (const auto seed = parseInteger<std::uint64_t>(text.substr(prefix.size())))
      return shuffled(*seed);
  }
  return std::nullopt;
}

std::string TaskSchedule::describe() const {
  switch (kind_) {
    case Kind::Threads:
      return "threads";
    case Kind::InOrder:
      return "simulated in-order (one thread, tasks in increasing order)";
    case Kind::Shuffled:
      return "simulated shuffled (one thread, tasks in a seeded random order, seed " +
             std::to_string(seed_) + ")";
  }
  return "threads";
}

std::vector<std::int64_t> TaskSchedule::order(std::int64_t tasks) const {
  std::vector<std::int64_t> order(static_cast<std::size_t>(std::max<std::int64_t>(tasks, 0)));
  std::iota(order.begin(), order.end(), std::int64_t{0});
  if (kind_ != Kind::Shuffled) return order;
  std::uint64_t state = seed_ ^ (0xd1b54a32d192ed03ULL * (draws_->fetch_add(1) + 1));
  for (std::size_t i = order.size(); i > 1; --i) {
    std::swap(order[i - 1], order[splitMix(state) % i]);
  }
  return order;
}

}  // namespace detbench::cpu
