#pragma once
// The catalog's entries for compiled code (torch.compile, Inductor), by release.

#include <array>

#include "detbench/catalog/CompiledCode.hpp"

namespace detbench::catalog {

inline constexpr std::string_view kInductorIssues =
    "PyTorch issues 189121, 172206 and 174386 (autotuning and block sizes benchmarked in each "
    "process, Inductor's own random numbers, fill_uninitialized_memory not honoured)";

inline constexpr std::array<CompiledCodeTraits, 2> kCompiledCode{
    {{.since = PyTorchRelease{2, 8},
      .deterministicSwitch = false,
      .note = "Inductor may pick kernels and block sizes by timing them in each process, draws "
              "its own random numbers (not eager's stream) and reduces in its own order; no "
              "switch turns the timing off: --compile eager traces the ops inside",
      .source = kInductorIssues},
     {.since = PyTorchRelease{2, 10},
      .deterministicSwitch = true,
      .note = "as before, and torch._inductor.config.deterministic (TORCHINDUCTOR_DETERMINISTIC=1, "
              "set by torch.use_deterministic_algorithms(True)) skips the on-device benchmarking "
              "that affects numerics; batch_invariant (TORCHINDUCTOR_BATCH_INVARIANT=1) keeps a "
              "row's kernel across batch sizes and implies it",
      .source = "torch/_inductor/config.py and torch/__init__.py (use_deterministic_algorithms "
                "sets inductor_config.deterministic), read in the 2.15.0 wheel; 2.10 as the "
                "first release with the switch is not checked against the 2.8 to 2.14 wheels"}}};

}  // namespace detbench::catalog
