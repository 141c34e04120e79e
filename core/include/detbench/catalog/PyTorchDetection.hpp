#pragma once
// Which PyTorch release the catalog follows when the user names none: the release of the
// PyTorch installed for the machine's python3, else the newest release in the catalog.
//
// The interpreter asked is $DETBENCH_PYTHON when set ("none" skips the search), else python3
// on PATH. It is asked where the torch package is (importlib's find_spec, which does not import
// torch), and the version is read from that package's version.py; a silent or broken
// interpreter is given up on after a few seconds.

#include <chrono>
#include <optional>
#include <string>

#include "detbench/catalog/PyTorchRelease.hpp"

namespace detbench {

struct PyTorchDefault {
  PyTorchRelease release;
  // How the release was chosen, in one sentence for `detbench env`, reports and the GUI.
  std::string how;
  // The version found on the machine ("2.11.0+cu130"), when one was.
  std::optional<std::string> foundVersion;
};

// Looks once per process and remembers the answer.
const PyTorchDefault& defaultPyTorchRelease();

// How long the interpreter is given to answer.
inline constexpr std::chrono::milliseconds kInterpreterLimit{5000};

// The search itself, without the memory: `python` is the interpreter to ask ("" for the rule
// above), given `limit` to answer. For tests.
PyTorchDefault findPyTorchRelease(const std::string& python,
                                  std::chrono::milliseconds limit = kInterpreterLimit);

// Reads `__version__ = '2.11.0+cu130'` (either quote) from the text of torch/version.py.
std::optional<std::string> versionFromVersionPy(const std::string& text);

// What to use for a version found on the machine: itself when the catalog holds it, else the
// nearest release the catalog holds (with the reason in `how`).
PyTorchDefault chooseRelease(const std::string& foundVersion, const std::string& where);

}  // namespace detbench
