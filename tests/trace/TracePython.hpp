#pragma once
// The Python the trace tests run: Debian's python3 with python3-torch (kTracePython), and what
// its torch offers as the build found it (tests/CMakeLists.txt asks once: importing torch costs
// seconds a process); tests that need it skip where it has no torch.

#include <gtest/gtest.h>

#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <fstream>
#include <string>
#include <string_view>

namespace detbench::trace {

inline constexpr const char* kTracePython = DETBENCH_TRACE_PYTHON;
// The torch version of kTracePython when the build was configured; empty without one.
inline constexpr std::string_view kTraceTorch = DETBENCH_TRACE_TORCH;
inline constexpr bool kTraceTorchDistributed = DETBENCH_TRACE_TORCH_DISTRIBUTED != 0;
inline constexpr bool kTraceTorchCompile = DETBENCH_TRACE_TORCH_COMPILE != 0;
#ifdef DETBENCH_TRACE_SCRIPTS
// The folder of the scripts the trace tests trace (tests/trace/scripts).
inline const std::string kScripts = DETBENCH_TRACE_SCRIPTS;

// The line of `script` that carries `marker` (a comment), from 1; 0 where none does.
inline std::int64_t lineOf(const std::string& script, const std::string& marker) {
  std::ifstream in(kScripts + "/" + script);
  std::string line;
  for (std::int64_t n = 1; std::getline(in, line); ++n) {
    if (line.find(marker) != std::string::npos) return n;
  }
  return 0;
}
#endif

// A Python string literal of `text` (which holds no quote or backslash in these tests).
inline std::string pythonString(const std::string& text) {
  return "'" + text + "'";
}

// Runs `program` with kTracePython and returns its standard output.
inline std::string runPython(const std::string& program) {
  // One file a process: tests run in parallel, each in its own process.
  const std::string path = std::string(::testing::TempDir()) + "/detbench-trace-test-" +
                           std::to_string(::getpid()) + ".py";
  if (FILE* f = std::fopen(path.c_str(), "w")) {
    std::fputs(program.c_str(), f);
    std::fclose(f);
  }
  std::string out;
  if (FILE* p = ::popen((std::string(kTracePython) + " " + path).c_str(), "r")) {
    char buf[4096];
    std::size_t n = 0;
    while ((n = std::fread(buf, 1, sizeof buf, p)) > 0) out.append(buf, n);
    ::pclose(p);
  }
  std::remove(path.c_str());
  return out;
}

// Runs `program` with kTracePython, the probe's package (in `probeDir`) importable.
inline std::string runPythonWithProbe(const std::string& probeDir, const std::string& program) {
  return runPython("import sys\nsys.path.insert(0, " + pythonString(probeDir) + ")\n" + program);
}

inline bool pythonHasTorch() {
  return !kTraceTorch.empty();
}

}  // namespace detbench::trace
