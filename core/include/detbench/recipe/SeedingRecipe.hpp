#pragma once
// A seeding recipe: what a user's training code does for reproducibility, as the user states it
// (`detbench recipe`, the recipe check in the GUI's Demos tab). RecipeCheck.hpp says what it
// leaves uncovered; RecipeFile.hpp reads it from JSON or TOML and writes it back.

#include <optional>
#include <string_view>

#include "detbench/catalog/PyTorchRelease.hpp"
#include "detbench/settings/Settings.hpp"

namespace detbench::recipe {

enum class RecipeDevice { Cpu, Cuda };
// numpy.random.default_rng(...) Generator objects: not used, made with a seed, or without one.
enum class GeneratorUse { None, Seeded, Unseeded };
// PYTHONHASHSEED: not set, set in the environment the interpreter starts with, or assigned to
// os.environ inside the running script.
enum class HashSeedWhen { Unset, BeforeStart, InScript };
// When CUBLAS_WORKSPACE_CONFIG is set: before anything touches CUDA (the shell, or the top of
// the script), or after.
enum class SetWhen { BeforeCuda, AfterCuda };

struct SeedingRecipe {
  RecipeDevice device = RecipeDevice::Cuda;
  PyTorchRelease pytorch = newestCatalogRelease();
  bool torchManualSeed = false;  // torch.manual_seed(s)
  bool randomSeed = false;       // random.seed(s)
  bool numpySeed = false;        // np.random.seed(s)
  GeneratorUse numpyGenerators = GeneratorUse::None;
  int dataloaderWorkers = 0;         // num_workers (0: no DataLoader workers)
  bool dataloaderGenerator = false;  // generator= a torch.Generator with a fixed seed
  bool workerInitFn = false;         // worker_init_fn seeding from torch.initial_seed()
  // The dataset or its transforms keep random state of their own (OpenCV, imgaug, a
  // module-level random.Random or Generator made before the workers start).
  bool workerOtherRngs = false;
  // The code iterates sets of strings (or anything ordered by hash()).
  bool stringSetOrder = false;
  HashSeedWhen pythonHashSeed = HashSeedWhen::Unset;
  bool cudnnBenchmark = false;  // PyTorch's default
  bool cudnnDeterministic = false;
  DeterministicMode deterministic = DeterministicMode::Off;
  std::optional<WorkspaceConfig> cublasWorkspaceConfig;  // unset: the variable is not set
  SetWhen cublasSet = SetWhen::BeforeCuda;
};

std::string_view toString(RecipeDevice device);
std::string_view toString(GeneratorUse use);
std::string_view toString(HashSeedWhen when);
std::string_view toString(SetWhen when);
std::optional<RecipeDevice> parseRecipeDevice(std::string_view text);
std::optional<GeneratorUse> parseGeneratorUse(std::string_view text);
std::optional<HashSeedWhen> parseHashSeedWhen(std::string_view text);
std::optional<SetWhen> parseSetWhen(std::string_view text);

}  // namespace detbench::recipe
