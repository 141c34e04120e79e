#pragma once
// Writes a run as a folder PyTorch can repeat it from: repro.py (PyTorchScript.hpp) and the
// run's inputs as NAME.npy, made again from the run's data seed and checked against its input
// fingerprint. All or nothing (OutputFiles.hpp).

#include <cstddef>
#include <string>
#include <string_view>

#include "detbench/run/RunResult.hpp"

namespace detbench::exporting {

struct PyTorchExportWritten {
  std::string script;  // DIR/repro.py
  std::size_t inputs = 0;
  double bytes = 0;  // of the inputs
};

// Raises InvalidArgument for a run that cannot be exported (whyNotExportable) or whose inputs
// this detbench does not make again bit for bit, and IoError when the folder cannot be written.
PyTorchExportWritten writePyTorchExport(const RunResult& run, const std::string& dir,
                                        std::string_view source);

}  // namespace detbench::exporting
