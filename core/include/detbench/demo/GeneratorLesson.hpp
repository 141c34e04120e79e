#pragma once
// The NumPy Generator lesson: np.random.seed(s) seeds NumPy's global generator and nothing else.
// In each of several processes, after np.random.seed(s): the global stream (np.random.rand),
// a Generator made without a seed (np.random.default_rng(): fresh OS entropy, so a new stream
// in every process), and one made with the seed (np.random.default_rng(s)). The streams are
// detbench's reproductions (rng/RngEngines.hpp), pinned against the real NumPy.

#include <cstdint>
#include <functional>
#include <string_view>
#include <vector>

#include "detbench/demo/Scenario.hpp"

namespace detbench::demo {

enum class GeneratorStream { GlobalSeeded, GeneratorUnseeded, GeneratorSeeded };
std::string_view toString(GeneratorStream stream);

struct GeneratorDraw {
  GeneratorStream stream;
  int process;  // 1, 2, ...
  std::vector<double> values;
};

struct GeneratorOutcome {
  std::uint64_t seed;
  std::vector<GeneratorDraw> draws;
  // How many different value sequences the processes drew from one stream.
  int distinctStreams(GeneratorStream stream) const;
};

// The entropy default_rng() gets in a fresh process (NumPy draws 128 bits from the OS; the
// lesson uses 64, enough for a new stream). Tests pass a fixed sequence.
using FreshEntropy = std::function<std::uint64_t()>;
FreshEntropy systemFreshEntropy();

GeneratorOutcome runGeneratorLesson(const GeneratorSpec& spec,
                                    const FreshEntropy& fresh = systemFreshEntropy());

}  // namespace detbench::demo
