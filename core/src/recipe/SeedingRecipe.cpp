#include "detbench/recipe/SeedingRecipe.hpp"

namespace detbench::recipe {

std::string_view toString(RecipeDevice device) {
  return device == RecipeDevice::Cpu ? "cpu" : "cuda";
}

std::string_view toString(GeneratorUse use) {
  switch (use) {
    case GeneratorUse::None:
      return "none";
    case GeneratorUse::Seeded:
      return "seeded";
    case GeneratorUse::Unseeded:
      return "unseeded";
  }
  return "none";
}

std::string_view toString(HashSeedWhen when) {
  switch (when) {
    case HashSeedWhen::Unset:
      return "unset";
    case HashSeedWhen::BeforeStart:
      return "before-start";
    case HashSeedWhen::InScript:
      return "in-script";
  }
  return "unset";
}

std::string_view toString(SetWhen when) {
  return when == SetWhen::BeforeCuda ? "before-cuda" : "after-cuda";
}

std::optional<RecipeDevice> parseRecipeDevice(std::string_view text) {
  if (text == "cpu") return RecipeDevice::Cpu;
  if (text == "cuda") return RecipeDevice::Cuda;
  return std::nullopt;
}

std::optional<GeneratorUse> parseGeneratorUse(std::string_view text) {
  if (text == "none") return GeneratorUse::None;
  if (text == "seeded") return GeneratorUse::Seeded;
  if (text == "unseeded") return GeneratorUse::Unseeded;
  return std::nullopt;
}

std::optional<HashSeedWhen> parseHashSeedWhen(std::string_view text) {
  if (text == "unset") return HashSeedWhen::Unset;
  if (text == "before-start") return HashSeedWhen::BeforeStart;
  if (text == "in-script") return HashSeedWhen::InScript;
  return std::nullopt;
}

std::optional<SetWhen> parseSetWhen(std::string_view text) {
  if (text == "before-cuda") return SetWhen::BeforeCuda;
  if (text == "after-cuda") return SetWhen::AfterCuda;
  return std::nullopt;
}

}  // namespace detbench::recipe
