#pragma once
// Runs a teaching scenario and checks that it showed what its text says.

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "detbench/backend/BackendRegistry.hpp"
#include "detbench/demo/DataLoaderSim.hpp"
#include "detbench/demo/DecoderLesson.hpp"
#include "detbench/demo/GeneratorLesson.hpp"
#include "detbench/demo/HashLesson.hpp"
#include "detbench/demo/Scenario.hpp"
#include "detbench/demo/TraceLesson.hpp"
#include "detbench/demo/TrainingSim.hpp"
#include "detbench/run/CancelToken.hpp"
#include "detbench/run/RunResult.hpp"

namespace detbench::demo {

// One machine check of an expectation, said in each language.
struct ScenarioCheck {
  bool passed = false;
  LocalText what;
};

struct ScenarioOutcome {
  std::string device;     // where the scenario's op runs ran: cuda, or cpu-threads
  bool fallback = false;  // the scenario wants a GPU and ran on cpu-threads instead
  std::vector<RunResult> runs;
  // Per run: the first numbers of trial 0's output where the run draws random numbers (a
  // float32 output of an op the catalog calls random), so a lesson can show the numbers a seed
  // gives; empty for the other runs.
  std::vector<std::vector<double>> drawnNumbers;
  std::optional<LoaderOutcome> loader;
  std::optional<TrainingOutcome> training;
  std::optional<HashOutcome> hash;
  std::optional<GeneratorOutcome> generators;
  std::optional<DecoderOutcome> decoder;
  std::optional<TraceLessonOutcome> trace;
  std::vector<ScenarioCheck> checks;
  bool cancelled = false;
  bool asExpected() const;
};

// How many of a run's drawn numbers a lesson keeps.
inline constexpr std::size_t kDrawnNumbersShown = 4;

// cuda where it is available, cpu-threads otherwise.
std::string scenarioDevice(const BackendRegistry& registry);

// (what is running now, steps done, steps in all)
using ScenarioProgress = std::function<void(const std::string&, int, int)>;

// Where the lessons about fresh processes get their entropy: the PYTHONHASHSEED lesson's
// interpreters and the NumPy lesson's default_rng(). The system's by default; tests pass fixed
// sequences, so that no check depends on chance.
struct FreshSources {
  FreshSecret pythonHashSecret = systemFreshSecret();
  FreshEntropy numpyEntropy = systemFreshEntropy();
  // The tracing lesson's interpreter (traceLessonPython() by default) and, when set, the script
  // it traces instead of the example (tests trace a copy whose race is made deterministic).
  std::string tracePython = traceLessonPython();
  std::string traceScript;
};

ScenarioOutcome runScenario(const Scenario& scenario, const BackendRegistry& registry,
                            const ScenarioProgress& progress = {},
                            const CancelToken* cancel = nullptr,
                            const FreshSources& fresh = FreshSources{});

}  // namespace detbench::demo
