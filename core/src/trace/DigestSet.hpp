#pragma once
// Internal to the trace's analysis: a set of 64-bit digests.

#include <cstddef>
#include <cstdint>
#include <vector>

namespace detbench::trace::detail {

// A set of 64-bit digests: open addressing, linear probing, at most half full.
class DigestSet {
 public:
  void insert(std::uint64_t x) {
    if (x == 0) {
      hasZero_ = true;
      return;
    }
    if (2 * (count_ + 1) > slots_.size()) grow();
    std::size_t i = slot(x);
    while (slots_[i] != 0) {
      if (slots_[i] == x) return;
      i = (i + 1) & (slots_.size() - 1);
    }
    slots_[i] = x;
    ++count_;
  }
  bool contains(std::uint64_t x) const {
    if (x == 0) return hasZero_;
    if (slots_.empty()) return false;
    for (std::size_t i = slot(x); slots_[i] != 0; i = (i + 1) & (slots_.size() - 1)) {
      if (slots_[i] == x) return true;
    }
    return false;
  }
  void clear() {
    slots_.clear();
    slots_.shrink_to_fit();
    count_ = 0;
    hasZero_ = false;
  }
  std::size_t bytes() const { return slots_.capacity() * sizeof(std::uint64_t); }

 private:
  std::size_t slot(std::uint64_t x) const {
    return static_cast<std::size_t>((x * 0x9e3779b97f4a7c15ULL) >> 17) & (slots_.size() - 1);
  }
  void grow() {
    std::vector<std::uint64_t> old = std::move(slots_);
    slots_.assign(old.empty() ? 1024 : 2 * old.size(), 0);
    count_ = 0;
    for (const std::uint64_t x : old) {
      if (x != 0) insert(x);
    }
  }
  std::vector<std::uint64_t> slots_;
  std::size_t count_ = 0;
  bool hasZero_ = false;
};

}  // namespace detbench::trace::detail
