#include "detbench/demo/TraceLesson.hpp"

#include <cstdlib>

#include "detbench/base/Error.hpp"
#include "detbench/catalog/PyTorchDetection.hpp"
#include "detbench/trace/ProbeFiles.hpp"

namespace detbench::demo {

const trace::TraceConfigResult* TraceLessonOutcome::config(const std::string& name) const {
  for (const auto& c : result.configs) {
    if (c.config.name == name) return &c;
  }
  return nullptr;
}

const trace::TraceCause* TraceLessonOutcome::firstCause(const std::string& name) const {
  const auto* c = config(name);
  return c && !c->alignment.causes.empty() ? &c->alignment.causes.front() : nullptr;
}

std::string traceLessonPython() {
  return userPython().interpreter;
}

TraceLessonOutcome runTraceLesson(const TraceSpec& spec, const std::string& python,
                                  const std::string& script, const TraceLessonProgress& progress,
                                  const CancelToken* cancel) {
  TraceLessonOutcome out;
  out.python = python;
  if (python.empty()) {
    out.error = "no Python to trace (DETBENCH_PYTHON=none)";
    return out;
  }
  try {
    // The example as detbench ships it, written out beside the probe.
    const trace::ProbeFolder examples;
    trace::TracePlan plan;
    std::vector<std::string> argv{
        python, script.empty() ? examples.path() + "/examples/" + spec.script : script};
    argv.insert(argv.end(), spec.args.begin(), spec.args.end());
    plan.command = trace::parseScriptCommand(argv);
    plan.runs = spec.runs;
    trace::TraceSettings base;
    base.threads = spec.threads;
    std::string configs;
    for (const auto& c : spec.configs) configs += (configs.empty() ? "" : ",") + c;
    plan.configs = trace::parseTraceConfigs(configs, base);
    const trace::PythonCheck check = trace::checkPython(plan.command, "");
    const int total = static_cast<int>(plan.configs.size()) * spec.runs;
    int done = 0;
    trace::TraceCallbacks callbacks;
    callbacks.onRunStarted = [&](int config, int run, bool second) {
      if (!progress) return;
      const std::string what = plan.configs[static_cast<std::size_t>(config)].name +
                               (second ? ", second pass" : "") + ", run " + std::to_string(run);
      progress(what, second ? done : done++, total);
    };
    out.result = trace::runTrace(plan, check, callbacks, cancel);
    if (progress) progress("done", total, total);
  } catch (const Error& e) {
    out.error = e.message();
  }
  return out;
}

}  // namespace detbench::demo
