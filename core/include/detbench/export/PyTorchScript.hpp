#pragma once
// Hands a detbench run back to PyTorch: a self-contained Python script that sets the same seed,
// cudnn flags, deterministic mode and CUBLAS_WORKSPACE_CONFIG (before CUDA starts), loads the
// run's inputs (saved beside it as .npy), runs the same op on them the same number of times,
// and prints distinct outputs and time per trial in detbench's words. It computes detbench's
// own output digest (Digest.hpp) in NumPy, so it also says whether PyTorch's outputs are, bit
// for bit, the ones detbench's run produced.

#include <optional>
#include <string>
#include <string_view>

#include "detbench/run/RunResult.hpp"

namespace detbench::exporting {

// Why `run` cannot be handed back (an op with no PyTorch call of its own, a run that never
// ran), or nothing when it can.
std::optional<std::string> whyNotExportable(const RunResult& run);

// The script; `source` names the report it came from (for its header). The inputs are expected
// beside it as INPUT_NAME.npy. Raises InvalidArgument when whyNotExportable says why.
std::string pytorchScript(const RunResult& run, std::string_view source);

}  // namespace detbench::exporting
