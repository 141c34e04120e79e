#include "detbench/demo/DataLoaderSim.hpp"

#include <numeric>
#include <random>
#include <thread>

#include "detbench/base/Error.hpp"
#include "detbench/op/DataGenerator.hpp"
#include "detbench/rng/Philox.hpp"

namespace detbench::demo {

namespace {

using rng::Philox;

// A stateful stand-in for a generator: Philox words in order from a seed.
class Stream {
 public:
  explicit Stream(std::uint64_t seed) : seed_(seed) {}
  std::uint32_t next() { return Philox::word(seed_, index_++); }
  std::uint64_t next64() {
    const std::uint64_t hi = next();
    return hi << 32 | next();
  }

 private:
  std::uint64_t seed_;
  std::uint64_t index_ = 0;
};

std::vector<int> shuffled(int n, std::uint64_t seed) {
  std::vector<int> order(static_cast<std::size_t>(n));
  std::iota(order.begin(), order.end(), 0);
  Stream s(seed);
  for (int i = n - 1; i > 0; --i)
    std::swap(order[static_cast<std::size_t>(i)],
              order[s.next() % static_cast<std::uint32_t>(i + 1)]);
  return order;
}

}  // namespace

std::string_view toString(LoaderMode mode) {
  switch (mode) {
    case LoaderMode::Unseeded:
      return "unseeded";
    case LoaderMode::SeedOnly:
      return "seed only";
    case LoaderMode::GeneratorAndWorkerInit:
      return "generator + worker_init_fn";
  }
  return "unseeded";
}

LoaderEpoch simulateEpoch(const LoaderSpec& spec, LoaderMode mode, std::uint64_t entropy) {
  DETBENCH_CHECK_ARG(spec.samples >= 1 && spec.batchSize >= 1 && spec.workers >= 1,
                     "the loader needs samples, a batch size and workers");
  // The main process: the global torch generator, seeded or not, and the loader's generator.
  const std::uint64_t globalSeed = mode == LoaderMode::Unseeded ? splitmix64(entropy) : spec.seed;
  Stream source(mode == LoaderMode::GeneratorAndWorkerInit ? splitmix64(spec.seed ^ 0x67656eULL)
                                                           : globalSeed);
  const std::uint64_t shuffleSeed = source.next64();
  LoaderEpoch epoch;
  epoch.baseSeed = source.next64();
  // The dataset's own generator, made unseeded in the main process and forked into workers.
  const std::uint64_t datasetSeed = splitmix64(entropy ^ 0x64617461ULL);

  const std::vector<int> order = shuffled(spec.samples, shuffleSeed);
  const int batches = (spec.samples + spec.batchSize - 1) / spec.batchSize;
  epoch.batches.resize(static_cast<std::size_t>(batches));
  std::vector<std::thread> workers;
  for (int w = 0; w < spec.workers; ++w) {
    workers.emplace_back([&, w] {
      Stream torchGen(epoch.baseSeed + static_cast<std::uint64_t>(w));
      const std::uint64_t reseeded =
          (epoch.baseSeed + static_cast<std::uint64_t>(w)) & 0xffffffffULL;
      Stream datasetGen(mode == LoaderMode::GeneratorAndWorkerInit ? splitmix64(reseeded)
                                                                   : datasetSeed);
      for (int b = w; b < batches; b += spec.workers) {
        LoaderBatch& batch = epoch.batches[static_cast<std::size_t>(b)];
        batch.worker = w;
        for (int i = b * spec.batchSize; i < std::min(spec.samples, (b + 1) * spec.batchSize);
             ++i) {
          batch.indices.push_back(order[static_cast<std::size_t>(i)]);
          batch.flips.push_back(static_cast<int>(datasetGen.next() & 1U));
          batch.crops.push_back(static_cast<int>(torchGen.next() % 8U));
        }
      }
    });
  }
  for (auto& t : workers) t.join();
  return epoch;
}

int LoaderModeOutcome::changedBatches() const {
  int n = 0;
  for (const auto& run : changes)
    for (auto c : run) n += c != BatchChange::None;
  return n;
}

LoaderOutcome runLoaderLesson(const LoaderSpec& spec, const CancelToken* cancel) {
  DETBENCH_CHECK_ARG(spec.runs >= 2 && spec.runs <= 100, "the loader lesson needs 2 to 100 runs");
  LoaderOutcome out;
  std::random_device entropySource;
  for (LoaderMode mode :
       {LoaderMode::Unseeded, LoaderMode::SeedOnly, LoaderMode::GeneratorAndWorkerInit}) {
    LoaderModeOutcome m{mode, {}, {}, false};
    for (int r = 0; r < spec.runs; ++r) {
      if (cancel && cancel->cancelled()) return out;
      const std::uint64_t entropy = (std::uint64_t{entropySource()} << 32) | entropySource();
      m.runs.push_back(simulateEpoch(spec, mode, entropy));
      std::vector<BatchChange> row;
      for (std::size_t b = 0; b < m.runs.back().batches.size(); ++b) {
        const LoaderBatch& now = m.runs.back().batches[b];
        const LoaderBatch& first = m.runs.front().batches[b];
        row.push_back(now.indices != first.indices ? BatchChange::Order
                      : now == first               ? BatchChange::None
                                                   : BatchChange::Augmentation);
      }
      m.changes.push_back(std::move(row));
    }
    // Worker w's k-th sample against worker 0's k-th sample, in the first run.
    const auto& batches = m.runs.front().batches;
    if (spec.workers > 1 && batches.size() > 1) {
      m.workersRepeatEachOther = batches[0].flips == batches[1].flips;
    }
    out.modes.push_back(std::move(m));
  }
  return out;
}

}  // namespace detbench::demo
