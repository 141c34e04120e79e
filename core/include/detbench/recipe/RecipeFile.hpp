#pragma once
// A seeding recipe as a small file: a JSON object or a TOML table of the keys below, each
// optional (what is not stated is taken as not done). Unknown keys, wrong types and unknown
// values are refused with InvalidArgument naming the key.
//
//   device = "cuda"                  # or "cpu"
//   pytorch = "2.11"
//   torch_manual_seed = true
//   random_seed = true
//   numpy_seed = true
//   numpy_generators = "none"        # "seeded", "unseeded"
//   dataloader_workers = 4
//   dataloader_generator = true
//   worker_init_fn = true
//   worker_other_rngs = false
//   string_set_order = false
//   pythonhashseed = "unset"         # "before-start", "in-script"
//   cudnn_benchmark = false
//   cudnn_deterministic = true
//   deterministic_algorithms = "error"   # "off", "warn" (true / false also read)
//   cublas_workspace_config = ":4096:8"  # "" or absent: not set
//   cublas_set = "before-cuda"       # "after-cuda"

#include <nlohmann/json_fwd.hpp>
#include <span>
#include <string>
#include <string_view>

#include "detbench/recipe/SeedingRecipe.hpp"

namespace detbench::recipe {

// The keys a recipe file may hold, in the order above.
std::span<const std::string_view> recipeKeys();

// Applies the keys of a JSON object to `recipe` (keys not present keep their value).
void applyRecipeJson(const nlohmann::ordered_json& object, SeedingRecipe& recipe);

// Parses a recipe file's text into its object of keys (checked by applyRecipeJson): TOML when
// `toml` is true, else JSON. TOML needs a build with toml++ (hasTomlSupport()); without it a
// TOML file is refused with a message that says so.
nlohmann::ordered_json parseRecipeObject(std::string_view text, bool toml);
// How deep the tables of TOML text may nest, counted before toml++ parses it: the most dots on
// one line outside strings and comments, plus one (`a.b.c = 1` and `[a.b.c]`: 3; a number's
// dot counts too, which only ever overstates it).
int tomlKeyDepth(std::string_view text);
// Reads a file's object: TOML when its name ends in .toml, else JSON. Messages name the file.
nlohmann::ordered_json readRecipeObject(const std::string& path);
// readRecipeObject and applyRecipeJson onto a default recipe.
SeedingRecipe readRecipeFile(const std::string& path);
bool hasTomlSupport();

// Every key, for saving and for reports.
nlohmann::ordered_json recipeToJson(const SeedingRecipe& recipe);

}  // namespace detbench::recipe
