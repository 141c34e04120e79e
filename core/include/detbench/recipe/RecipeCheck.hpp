#pragma once
// What a seeding recipe leaves uncovered, point by point, in English and Chinese, each point
// with the teaching scenario (and where there is one, the command) that shows it. The facts
// behind the points: PyTorch's reproducibility notes ("Reproducibility",
// pytorch.org/docs/stable/notes/randomness.html), the op catalog for the recipe's PyTorch
// release, and torch/utils/data (how workers are seeded).

#include <string>
#include <vector>

#include "detbench/demo/Scenario.hpp"
#include "detbench/recipe/SeedingRecipe.hpp"

namespace detbench::recipe {

enum class FindingStatus {
  Covered,    // the recipe takes care of it
  Uncovered,  // runs can differ because of it
  Note,       // worth knowing; not a gap in this recipe
};

struct Finding {
  std::string id;  // stable, for tests and JSON: "torch-seed", "cublas-workspace", ...
  FindingStatus status;
  demo::LocalText topic;   // a few words: "torch.manual_seed"
  demo::LocalText reason;  // one or two sentences: why it is covered or not, and the fix
  std::string scenario;    // the scenario that shows it (demo::findScenario), or empty
  std::string command;     // a detbench command line that shows it, or empty
};

std::vector<Finding> checkRecipe(const SeedingRecipe& recipe);

std::string_view toString(FindingStatus status);

}  // namespace detbench::recipe
