// What the probe says of a random op's generator (detbench_probe/generators.py): where the
// script's own torch.manual_seed came after it drew from Python's random module or NumPy's
// global generator with nothing seeding them, the record says so ("drawn:random"), the sign
// that --seed may fix a seed that differs by run; a global generator the script seeded itself
// is not named. The script's call is told from PyTorch's own through the wrappers Dynamo puts
// around torch.manual_seed.

#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <vector>

#include "TracePython.hpp"
#include "detbench/trace/ProbeFiles.hpp"

namespace detbench::trace {
namespace {

// Each line the generator's record after one way of seeding, in a fresh start each time.
constexpr const char* kSeedingProgram = R"(
import random
import numpy
import torch
from detbench_probe import generators
generators.note_start(False)
try:
    import torch._dynamo  # 2.x: wraps torch.manual_seed, the probe's watch included
except ImportError:
    pass
print(generators.generator_text([], {}))
torch.manual_seed(5)
print(generators.generator_text([], {}))
random.seed(3)
random.random()
torch.manual_seed(6)
print(generators.generator_text([], {}))
numpy.random.rand()
random.seed(int(numpy.random.randint(100)))
torch.manual_seed(7)
print(generators.generator_text([], {}))
random.random()
torch.manual_seed(8)
print(generators.generator_text([], {}))
)";

TEST(ProbeGenerators, ASeedingAfterDrawsFromAnUnseededGlobalGeneratorNamesIt) {
  if (!pythonHasTorch()) GTEST_SKIP() << kTracePython << " has no torch";
  const ProbeFolder probe;
  const std::string out = runPythonWithProbe(probe.path(), kSeedingProgram);
  std::istringstream lines(out);
  std::vector<std::string> texts;
  for (std::string line; std::getline(lines, line);) texts.push_back(line);
  ASSERT_EQ(texts.size(), 5u) << out;
  EXPECT_EQ(texts[0].rfind("\"start ", 0), 0u) << texts[0];
  EXPECT_EQ(texts[1], "\"script 5\"");  // through Dynamo's wrappers, still the script's
  // Python's random seeded by the script before any draw: what it gives is the script's own.
  EXPECT_EQ(texts[2], "\"script 6\"");
  // NumPy's, never seeded, drawn before the seeding (and random seeded from that draw).
  EXPECT_EQ(texts[3], "\"script 7 drawn:numpy\"");
  EXPECT_EQ(texts[4], "\"script 8 drawn:random,numpy\"");
}

}  // namespace
}  // namespace detbench::trace
