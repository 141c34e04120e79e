#pragma once
// What a torch device's op call reads: the op's params, its inputs by name (on the device, made
// from detbench's inputs), and the tensors its setup made once, outside any timing.

#include <ATen/core/Tensor.h>

#include <cstdint>
#include <map>
#include <string>
#include <string_view>

#include "TorchOpTable.hpp"
#include "detbench/op/OpParams.hpp"

namespace detbench::torchdev {

struct TorchCallArgs {
  OpParams params;  // a copy: the prepared op outlives no caller's map
  std::map<std::string, at::Tensor, std::less<>> tensors;
  at::TensorOptions options;  // float32 on the device

  const at::Tensor& in(std::string_view name) const;
  std::int64_t p(const char* name) const { return param(params, name); }
};

}  // namespace detbench::torchdev
