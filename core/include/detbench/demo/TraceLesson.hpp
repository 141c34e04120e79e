#pragma once
// The tracing lesson: `detbench trace` on the example script that ships with detbench
// (resources/trace/examples), in several configurations, so the Demos tab shows where the
// runs of a whole training script start to differ and which setting removes each cause.
// It needs a Python with PyTorch 1.13 or later (the user's Python: catalog/PyTorchDetection.hpp).

#include <functional>
#include <string>

#include "detbench/demo/Scenario.hpp"
#include "detbench/run/CancelToken.hpp"
#include "detbench/trace/TraceSession.hpp"

namespace detbench::demo {

struct TraceLessonOutcome {
  std::string python;  // the interpreter it ran
  std::string error;   // why it could not run (no such interpreter, no torch); empty when it ran
  trace::TraceResult result;
  // The first cause of a configuration, if it has one.
  const trace::TraceCause* firstCause(const std::string& config) const;
  const trace::TraceConfigResult* config(const std::string& name) const;
};

// The interpreter the lesson runs: the user's Python (userPython(); "" for none).
std::string traceLessonPython();

// (what runs now, runs done, runs in all)
using TraceLessonProgress = std::function<void(const std::string&, int, int)>;

// `python` and `script` replace the interpreter and the example when given (tests trace a copy
// of the example whose race is made deterministic).
TraceLessonOutcome runTraceLesson(const TraceSpec& spec, const std::string& python,
                                  const std::string& script = {},
                                  const TraceLessonProgress& progress = {},
                                  const CancelToken* cancel = nullptr);

}  // namespace detbench::demo
