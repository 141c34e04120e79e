#pragma once
// NumPy .npy (format 1.0) serialisation, so a trial's inputs and outputs load with np.load.

#include <string>

#include "detbench/op/Tensor.hpp"

namespace detbench {

std::string toNpy(const HostTensor& tensor);
// Writes atomically; raises IoError.
void writeNpy(const std::string& path, const HostTensor& tensor);

}  // namespace detbench
