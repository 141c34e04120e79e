#pragma once
// `--pytorch X.Y`: the release the catalog follows. Unset: the release found on the machine
// (PyTorchDetection.hpp), else the newest in the catalog.

#include <optional>
#include <string>

#include "detbench/catalog/PyTorchRelease.hpp"

namespace detbench::cli {

// Raises InvalidArgument naming the releases the catalog holds when `text` is not one of them.
PyTorchRelease releaseOption(const std::optional<std::string>& text);

// "2.8..2.11" for `ops --changes`; raises InvalidArgument when malformed or out of order.
std::pair<PyTorchRelease, PyTorchRelease> releaseRangeOption(const std::string& text);

}  // namespace detbench::cli
