#pragma once
// Internal to the trace's analysis: strings kept once, by a small id.

#include <cstddef>
#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

namespace detbench::trace::detail {

// Strings seen again and again (op names, layouts) kept once.
class Interner {
 public:
  std::uint32_t id(const std::string& text) {
    const auto [it, added] = ids_.try_emplace(text, static_cast<std::uint32_t>(texts_.size()));
    if (added) texts_.push_back(text);
    return it->second;
  }
  const std::string& text(std::uint32_t id) const { return texts_[id]; }
  std::size_t bytes() const {
    std::size_t n = 0;
    for (const auto& t : texts_) n += 2 * t.size() + 64;
    return n;
  }

 private:
  std::unordered_map<std::string, std::uint32_t> ids_;
  std::vector<std::string> texts_;
};

}  // namespace detbench::trace::detail
