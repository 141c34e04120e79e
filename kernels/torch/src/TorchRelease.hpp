#pragma once
// The libtorch release the module is built against (DETBENCH_TORCH_MAJOR and _MINOR come from
// the build: kernels/torch/CMakeLists.txt), for code that differs by release.

// True where the libtorch is MAJOR.MINOR or later; usable in #if and in expressions.
#define DETBENCH_TORCH_AT_LEAST(major, minor) \
  (DETBENCH_TORCH_MAJOR > (major) ||          \
   (DETBENCH_TORCH_MAJOR == (major) && DETBENCH_TORCH_MINOR >= (minor)))
