#pragma once
// The float32 elements of a host tensor, as the lessons' small models read and write them.

#include "detbench/op/Tensor.hpp"

namespace detbench::demo {

inline float* f(HostTensor& t) {
  return t.as<float>().data();
}
inline const float* f(const HostTensor& t) {
  return t.as<float>().data();
}

}  // namespace detbench::demo
