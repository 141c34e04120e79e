#pragma once
// The guided teaching scenarios (`detbench demo`, the GUI's Demos panel). They are data:
// resources/demos/scenarios.json, compiled into the core, with every text in English and
// Simplified Chinese. A scenario is a lesson, its steps, what to expect, and either a list of
// runs (an op under some settings, each with a machine-checked expectation), a data-loader
// simulation, a training run, the PYTHONHASHSEED lesson, the NumPy Generator lesson or the
// greedy decoder of the batch-invariance lesson, or a trace of an example script.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "detbench/op/OpParams.hpp"
#include "detbench/settings/Settings.hpp"

namespace detbench::demo {

// One text in the languages detbench speaks; `in` falls back to English.
struct LocalText {
  std::string en;
  std::string zhCN;
  const std::string& in(std::string_view language) const;
};

// What a run must show. Unset fields are not checked.
struct RunExpectation {
  std::optional<bool> reproducible;
  std::optional<int> distinct;        // exactly this many distinct outputs
  bool raises = false;                // deterministic mode raises before any trial
  bool warns = false;                 // warns and runs every trial
  std::optional<int> differsFromRun;  // trial 0 differs from that run's trial 0
  std::optional<int> sameAsRun;       // trial 0 is bitwise that run's trial 0
};

struct ScenarioRun {
  LocalText label;
  std::string op;
  std::optional<std::string> device;  // unset: the scenario's device (cuda, or cpu-threads)
  OpParams params;
  Settings settings;
  int trials = 20;
  std::optional<RunExpectation> expect;     // on every device
  std::optional<RunExpectation> expectCpu;  // only where the scenario runs on cpu-threads
};

struct LoaderSpec {
  int samples = 256;
  int batchSize = 16;
  int workers = 4;
  int runs = 3;
  std::uint64_t seed = 42;
};

enum class TrainingModel {
  GraphMlp,  // index_add over a graph, then an MLP with dropout (nodes, edges, features, hidden)
  Cnn,       // a 3x3 convolution, ReLU, global average pooling and a linear layer
             // (nodes: images, features: input channels, hidden: filters, imageSize)
};

struct TrainingSpec {
  TrainingModel model = TrainingModel::GraphMlp;
  int nodes = 512;
  int edges = 8192;
  int features = 16;
  int hidden = 32;
  int steps = 200;
  int runs = 4;
  std::uint64_t seed = 7;
  int imageSize = 12;
  float learningRate = 0.5f;  // plain SGD
};

// The PYTHONHASHSEED lesson (HashLesson.hpp): the order of a set of these strings in fresh
// interpreters of this CPython version.
struct HashSpec {
  std::vector<std::string> words;
  int interpreters = 4;  // of each kind: unset, set inside the script, set before the start
  std::string python = "3.11";
};

// The NumPy Generator lesson (GeneratorLesson.hpp): np.random.seed(seed) in each process, then
// the global stream, default_rng() and default_rng(seed), `count` values each.
struct GeneratorSpec {
  std::uint64_t seed = 42;
  int processes = 3;
  int count = 4;
};

// The batch-invariance lesson (DecoderLesson.hpp): a tiny greedy decoder built from the
// workbench's ops generates from one prompt alone and in batches of other prompts.
struct DecoderSpec {
  int vocab = 512;
  int hidden = 256;
  int layers = 2;
  int promptLength = 8;
  int steps = 100;                                  // tokens generated after the prompt
  std::vector<int> batchSizes{1, 2, 4, 8, 16, 32};  // ascending, 1 first
  std::uint64_t seed = 3;
  float gain = 1.0f;
  int threads = 4;  // cpu-threads' workers: pinned, so the bits do not depend on the machine
};

// The tracing lesson (TraceLesson.hpp): `detbench trace` on an example script shipped in
// resources/trace/examples, in these configurations (TraceSettings.hpp's presets).
struct TraceSpec {
  std::string script = "train_example.py";
  std::vector<std::string> args;
  int runs = 2;
  int threads = 2;  // torch.set_num_threads: PyTorch's CPU atomics need two or more
  std::vector<std::string> configs{"default", "seeded", "deterministic"};
};

struct Scenario {
  std::string name;
  LocalText title;
  LocalText lesson;
  std::vector<LocalText> steps;
  LocalText expect;
  bool needsGpu = false;
  // Some of its runs name a torch device (PyTorch's own kernels): without one they cannot run.
  bool needsTorch = false;
  std::vector<ScenarioRun> runs;
  std::optional<LoaderSpec> loader;
  std::optional<TrainingSpec> training;
  std::optional<HashSpec> hash;
  std::optional<GeneratorSpec> generators;
  std::optional<DecoderSpec> decoder;
  std::optional<TraceSpec> trace;
};

// Parses and checks a scenarios document; raises InvalidArgument naming what is wrong.
std::vector<Scenario> parseScenarios(std::string_view json);
// The built-in scenarios (resources/demos/scenarios.json).
const std::vector<Scenario>& scenarios();
const Scenario* findScenario(std::string_view name);

}  // namespace detbench::demo
