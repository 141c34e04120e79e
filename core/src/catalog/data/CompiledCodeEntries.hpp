#pragma once
// The catalog's entries for compiled code (torch.compile, Inductor), by release.

#include <array>

#include "detbench/catalog/CompiledCode.hpp"

namespace detbench::catalog {

inline constexpr std::string_view kInductorIssues =
    "PyTorch issues 189121, 172206 and 174386 (autotuning and block sizes benchmarked in each "
    "process, Inductor's own random numbers, fill_uninitialized_memory not honoured)";

// Read in each release's wheel from PyPI (torch/_inductor/config.py, torch/__init__.py): 2.8.0
// and 2.9.1 have neither switch; 2.10.0, 2.11.0 and 2.12.1 have `deterministic`, set by
// use_deterministic_algorithms; 2.13.0, 2.14.1 and 2.15.0 have `batch_invariant` too.
inline constexpr std::string_view kReadInTheWheels =
    "torch/_inductor/config.py and torch/__init__.py (use_deterministic_algorithms sets "
    "inductor_config.deterministic), read in the wheels of 2.8.0 to 2.15.0";

inline constexpr std::array<CompiledCodeTraits, 3> kCompiledCode{
    {{.since = PyTorchRelease{2, 8},
      .deterministicSwitch = false,
      .batchInvariantSwitch = false,
      .note = "Inductor may pick kernels and block sizes by timing them in each process, draws "
              "its own random numbers (not eager's stream) and reduces in its own order; no "
              "switch turns the timing off: --compile eager traces the ops inside",
      .source = kInductorIssues},
     {.since = PyTorchRelease{2, 10},
      .deterministicSwitch = true,
      .batchInvariantSwitch = false,
      .note = "as before, and torch._inductor.config.deterministic (TORCHINDUCTOR_DETERMINISTIC=1, "
              "set by torch.use_deterministic_algorithms(True)) skips the on-device benchmarking "
              "that affects numerics",
      .source = kReadInTheWheels},
     {.since = PyTorchRelease{2, 13},
      .deterministicSwitch = true,
      .batchInvariantSwitch = true,
      .note = "as before, and torch._inductor.config.batch_invariant "
              "(TORCHINDUCTOR_BATCH_INVARIANT=1) keeps a row's compiled kernel across batch sizes "
              "and implies deterministic",
      .source = kReadInTheWheels}}};

}  // namespace detbench::catalog
