#pragma once
// Random numbers: rand (uniform in [0, 1)), randn (standard normal) and dropout (each input
// element kept with probability 1 - p and scaled by 1 / (1 - p), or zeroed), all float32.
//
// Which stream: the `cpu` device draws PyTorch's CPU stream (torch.manual_seed(s) then
// torch.rand / torch.randn, bit for bit; see rng/RngEngines.hpp); cpu-threads and cuda draw
// detbench's Philox stream (rng/Philox.hpp), so the same seed gives other numbers there, as
// PyTorch's CPU and CUDA generators do. dropout's mask keeps element i when uniform(i) < 1 - p;
// PyTorch's own bernoulli draws differ, so only the rule, not PyTorch's mask, is mirrored.
//
// Which seed: every trial is a fresh start of a script. With a seed set, every trial seeds with
// it and gets the same numbers; without one, each trial gets a seed of its own (derived from the
// run's recorded seed, so the whole run can still be repeated), as each new process would.
// There is no float64 reference: the outputs are judged only by whether they repeat.

#include <cstdint>
#include <string_view>
#include <vector>

#include "detbench/op/DataGenerator.hpp"
#include "detbench/op/OpDefinition.hpp"

namespace detbench::ops {

struct TrialSeeds {
  std::uint64_t base = 0;
  bool fixed = true;
  std::uint64_t forExecution(std::uint64_t n) const { return fixed ? base : splitmix64(base + n); }
};

struct RandOp {
  static constexpr std::string_view kName = "rand";
  static constexpr std::string_view kSizeParam = "size";
  struct Problem {
    std::int64_t size;
  };
  static const std::vector<ParamSpec>& params();
  static Problem problem(const OpParams& p);
  static std::vector<TensorSpec> inputSpecs(const Problem&) { return {}; }
  static TensorSpec outputSpec(const Problem& p);
  static std::vector<HostTensor> makeInputs(const Problem&, const DataGenerator&) { return {}; }
  static Reference reference(const Problem&, const OpInputs&) { return {}; }
  static std::int64_t maxTerms(const Problem&) { return 1; }
};

struct RandnOp : RandOp {
  static constexpr std::string_view kName = "randn";
};

struct DropoutOp {
  static constexpr std::string_view kName = "dropout";
  static constexpr std::string_view kSizeParam = "size";
  struct Problem {
    std::int64_t size;
    float keep;   // 1 - p
    float scale;  // 1 / (1 - p), in float32 as PyTorch computes it
  };
  enum Input { kInput };
  static const std::vector<ParamSpec>& params();
  static Problem problem(const OpParams& p);
  static std::vector<TensorSpec> inputSpecs(const Problem& p);
  static TensorSpec outputSpec(const Problem& p);
  static std::vector<HostTensor> makeInputs(const Problem& p, const DataGenerator& data);
  static Reference reference(const Problem&, const OpInputs&) { return {}; }
  static std::int64_t maxTerms(const Problem&) { return 1; }
  static constexpr float apply(float x, float u, float keep, float scale) {
    return x * (u < keep ? 1.0f : 0.0f) * scale;
  }
};

}  // namespace detbench::ops
