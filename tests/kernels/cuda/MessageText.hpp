#pragma once
// What the CUDA tests look for in the module's messages.

#include <string>

namespace detbench::test_support {

inline bool contains(const std::string& text, const char* part) {
  return text.find(part) != std::string::npos;
}

}  // namespace detbench::test_support
