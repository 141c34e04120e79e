#pragma once
// A simulated multi-worker data loader on CPU threads, to show PyTorch's seeding rules:
//  - the sampler shuffles with the loader's generator, or, without one, with a seed drawn from
//    the process's global torch generator;
//  - the loader draws base_seed from the same source, and worker w seeds its torch generator
//    with base_seed + w (so torch's own random calls in a worker repeat when base_seed does);
//  - a random generator the dataset made for itself in the main process (np.random.default_rng()
//    without a seed, say) is copied into every worker as it is: unseeded, so it changes run to
//    run, and the same in every worker; a worker_init_fn that reseeds it from
//    torch.initial_seed() % 2**32 (that is, base_seed + w) fixes both;
//  - batch b goes to worker b % workers, and batches come back in order.
// Each sample gets two augmentations: a flip from the dataset's generator and a crop offset
// from the worker's torch generator. Every generator here is detbench's Philox; the rules of who
// seeds what, from what, are PyTorch's.

#include <cstdint>
#include <string_view>
#include <vector>

#include "detbench/demo/Scenario.hpp"
#include "detbench/run/CancelToken.hpp"

namespace detbench::demo {

enum class LoaderMode {
  Unseeded,                // no torch.manual_seed, no generator, no worker_init_fn
  SeedOnly,                // torch.manual_seed(seed) in the main process only
  GeneratorAndWorkerInit,  // generator=g (seeded) and worker_init_fn reseeding the dataset's RNG
};
std::string_view toString(LoaderMode mode);

struct LoaderBatch {
  int worker = 0;
  std::vector<int> indices;
  std::vector<int> flips;  // from the dataset's own generator
  std::vector<int> crops;  // from the worker's torch generator, 0..7
  bool operator==(const LoaderBatch&) const = default;
};

struct LoaderEpoch {
  std::uint64_t baseSeed = 0;
  std::vector<LoaderBatch> batches;
};

// One epoch; `processEntropy` stands for what an unseeded process starts from (os.urandom).
LoaderEpoch simulateEpoch(const LoaderSpec& spec, LoaderMode mode, std::uint64_t processEntropy);

// Per batch, against the first run: what changed.
enum class BatchChange { None = 0, Augmentation = 1, Order = 2 };

struct LoaderModeOutcome {
  LoaderMode mode;
  std::vector<LoaderEpoch> runs;
  std::vector<std::vector<BatchChange>> changes;  // [run][batch]; run 0 is all None
  bool workersRepeatEachOther = false;  // two workers drew the same flips for their k-th samples
  int changedBatches() const;
};

struct LoaderOutcome {
  std::vector<LoaderModeOutcome> modes;  // the three modes, in enum order
};

// Runs spec.runs epochs in each mode, each run a fresh "process".
LoaderOutcome runLoaderLesson(const LoaderSpec& spec, const CancelToken* cancel = nullptr);

}  // namespace detbench::demo
