// libFuzzer target: seeding-recipe files (`detbench recipe --file`, the GUI's Open recipe). The
// first byte picks TOML (odd) or JSON (even). An accepted recipe is checked (every point has
// its texts) and survives a round trip through JSON unchanged.

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include <nlohmann/json.hpp>

#include "detbench/base/Error.hpp"
#include "detbench/recipe/RecipeCheck.hpp"
#include "detbench/recipe/RecipeFile.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace detbench;
  using namespace detbench::recipe;
  if (size == 0) return 0;
  const bool toml = (data[0] & 1) != 0;
  const std::string_view text(reinterpret_cast<const char*>(data + 1), size - 1);
  SeedingRecipe recipe;
  try {
    applyRecipeJson(parseRecipeObject(text, toml), recipe);
  } catch (const Error&) {
    return 0;
  }
  for (const Finding& f : checkRecipe(recipe)) {
    if (f.reason.en.empty() || f.reason.zhCN.empty()) std::abort();
  }
  SeedingRecipe back;
  applyRecipeJson(recipeToJson(recipe), back);
  if (recipeToJson(back) != recipeToJson(recipe)) std::abort();
  return 0;
}
