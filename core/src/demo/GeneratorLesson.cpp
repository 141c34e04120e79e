#include "detbench/demo/GeneratorLesson.hpp"

#include <random>
#include <set>

#include "detbench/rng/RngEngines.hpp"

namespace detbench::demo {

std::string_view toString(GeneratorStream stream) {
  switch (stream) {
    case GeneratorStream::GlobalSeeded:
      return "np.random.rand";
    case GeneratorStream::GeneratorUnseeded:
      return "default_rng()";
    case GeneratorStream::GeneratorSeeded:
      return "default_rng(seed)";
  }
  return "";
}

int GeneratorOutcome::distinctStreams(GeneratorStream stream) const {
  std::set<std::vector<double>> seen;
  for (const auto& d : draws) {
    if (d.stream == stream) seen.insert(d.values);
  }
  return static_cast<int>(seen.size());
}

FreshEntropy systemFreshEntropy() {
  return [] {
    std::random_device entropy;
    return (static_cast<std::uint64_t>(entropy()) << 32) | entropy();
  };
}

GeneratorOutcome runGeneratorLesson(const GeneratorSpec& spec, const FreshEntropy& fresh) {
  using rng::Distribution;
  using rng::Engine;
  GeneratorOutcome out;
  out.seed = spec.seed;
  for (int p = 1; p <= spec.processes; ++p) {
    // np.random.seed(seed) first thing in every process; then the three streams.
    out.draws.push_back(
        {GeneratorStream::GlobalSeeded, p,
         rng::generate(Engine::Numpy, spec.seed, spec.count, Distribution::Uniform)});
    out.draws.push_back(
        {GeneratorStream::GeneratorUnseeded, p,
         rng::generate(Engine::NumpyGenerator, fresh(), spec.count, Distribution::Uniform)});
    out.draws.push_back(
        {GeneratorStream::GeneratorSeeded, p,
         rng::generate(Engine::NumpyGenerator, spec.seed, spec.count, Distribution::Uniform)});
  }
  return out;
}

}  // namespace detbench::demo
