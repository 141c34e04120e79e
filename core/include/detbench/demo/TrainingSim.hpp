#pragma once
// A small training run built from the workbench's own ops, trained several times per
// configuration, to show a run diverging under default settings and staying bitwise identical
// under full determinism. The model is a graph-style layer and an MLP:
//   A = index_add(0, dst, X[src])           neighbour features summed into each node (index_add)
//   H = relu(A W1), D = dropout(H, 0.2)      (matmul, dropout)
//   out = D W2, loss = mean((out - y)^2)     (matmul)
// and the backward pass needs index_add again (the gradient of the gather X[src]) and matmul
// (the gradient of W1). X, W1 and W2 are learned by plain SGD. The graph, the targets and the
// initial weights come from the training seed, so every run starts from the same bits; each
// step's dropout mask comes from the run's seed (set: the same mask sequence every run).
// index_add adds with atomics under default settings: the first differing sum is in the last
// bit, and training amplifies it.

#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <vector>

#include "detbench/backend/BackendRegistry.hpp"
#include "detbench/demo/Scenario.hpp"
#include "detbench/run/CancelToken.hpp"
#include "detbench/settings/Settings.hpp"

namespace detbench::demo {

struct TrainingConfigOutcome {
  std::string name;
  Settings settings;
  std::vector<std::vector<float>> losses;   // [run][step]
  int firstDivergentStep = -1;              // the first step where some run's loss differs; -1
  double finalSpread = 0;                   // max - min of the final losses
  std::vector<std::uint64_t> finalDigests;  // of each run's learned parameters
  // After each step, how far each run's learned parameters are from run 1's:
  // ||theta_run - theta_1|| / ||theta_1|| (run 1 itself: all zeros). [run][step]
  std::vector<std::vector<double>> parameterDistance;
  int distinctFinalParameters() const;  // how many different parameter sets the runs ended with
  std::string error;                    // why the configuration could not run, if it could not
  // What a library chose for the ops of run 1, "op: algorithm" (cuDNN's convolution algorithm on
  // cuda; empty where no library chose).
  std::vector<std::string> algorithms;
  bool identical() const { return error.empty() && firstDivergentStep < 0; }
};

// Where every op of the configuration that a library chose an algorithm for got one the library
// calls deterministic (cuDNN's convolutions: their line says "nondeterministic" otherwise), those
// choices, joined; otherwise (no such op, or an op whose determinism its line does not tell, or
// a nondeterministic choice) empty: something in the run may vary.
std::string deterministicLibraryChoice(const TrainingConfigOutcome& c);

struct TrainingOutcome {
  std::string device;
  std::vector<TrainingConfigOutcome> configs;  // "default", then "deterministic"
};

// Called after each run of each configuration: (configuration, run, runs).
using TrainingProgress = std::function<void(const std::string&, int, int)>;

TrainingOutcome runTrainingLesson(const TrainingSpec& spec, const BackendRegistry& registry,
                                  const std::string& device, const TrainingProgress& progress = {},
                                  const CancelToken* cancel = nullptr);

// Called after each step's update with every learned parameter, as one flat vector.
using ParameterObserver = std::function<void(int step, std::span<const float> parameters)>;

// One training run: the loss at every step, a digest of the learned parameters, and (where
// `algorithms` is given) what a library chose for its ops.
std::vector<float> trainOnce(const TrainingSpec& spec, const BackendRegistry& registry,
                             const std::string& device, const Settings& settings,
                             std::uint64_t* parameterDigest = nullptr,
                             const ParameterObserver& observe = {},
                             std::vector<std::string>* algorithms = nullptr);

}  // namespace detbench::demo
