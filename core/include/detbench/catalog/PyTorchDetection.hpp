#pragma once
// Which Python and PyTorch are the user's, one rule for the catalog's release, the trace
// lesson, the Trace tab and `detbench env`: the workbench's choice (chooseUserPython), else
// $DETBENCH_PYTHON when set ("none": none), else the
// python3 on PATH (an active venv or conda env) when it has PyTorch, else Debian's
// /usr/bin/python3 when it has, else the python3 on PATH. The release the catalog follows when
// the user names none is that PyTorch's, else the newest in the catalog.
//
// An interpreter is asked where the torch package is (importlib's find_spec, which does not
// import torch), and the version is read from that package's version.py; a silent or broken
// interpreter is given up on after a few seconds.

#include <chrono>
#include <optional>
#include <string>

#include "detbench/catalog/PyTorchRelease.hpp"

namespace detbench {

// How long the interpreter is given to answer.
inline constexpr std::chrono::milliseconds kInterpreterLimit{5000};

struct PyTorchDefault {
  PyTorchRelease release;
  // How the release was chosen, in one sentence for `detbench env`, reports and the GUI.
  std::string how;
  // The version found on the machine ("2.11.0+cu130"), when one was.
  std::optional<std::string> foundVersion;
};

// The user's Python: the interpreter ("" for none) and how it was chosen, in a sentence.
struct UserPython {
  std::string interpreter;
  std::string how;
  std::string torchDir;  // its torch package ("" when it has none)
};

// Looks once per process and remembers the answer (until chooseUserPython).
UserPython userPython();
// Makes `interpreter` the user's Python for the rest of the process, as $DETBENCH_PYTHON would
// at the start (the workbench's choice, `how` saying so); "" returns to the rule above. Asks the
// interpreter at once, and the release the catalog follows by default becomes its PyTorch's.
void chooseUserPython(const std::string& interpreter, const std::string& how);
// The rule itself, for tests: `environment` stands for $DETBENCH_PYTHON (nullopt: unset),
// `debian` for /usr/bin/python3.
UserPython findUserPython(const std::optional<std::string>& environment,
                          const std::string& debian = "/usr/bin/python3",
                          std::chrono::milliseconds limit = kInterpreterLimit);

// Looks once per process and remembers the answer (until chooseUserPython).
PyTorchDefault defaultPyTorchRelease();

// The search itself, without the memory: `python` is the interpreter to ask ("" for the rule
// above), given `limit` to answer. For tests.
PyTorchDefault findPyTorchRelease(const std::string& python,
                                  std::chrono::milliseconds limit = kInterpreterLimit);

// Asks `python` where its torch package is, without importing torch; "" when it has none, does
// not start, or does not answer within `limit`.
std::string torchPackageDir(const std::string& python,
                            std::chrono::milliseconds limit = kInterpreterLimit);

// Reads `__version__ = '2.11.0+cu130'` (either quote) from the text of torch/version.py.
std::optional<std::string> versionFromVersionPy(const std::string& text);

// What to use for a version found on the machine: itself when the catalog holds it, else the
// nearest release the catalog holds (with the reason in `how`).
PyTorchDefault chooseRelease(const std::string& foundVersion, const std::string& where);

}  // namespace detbench
