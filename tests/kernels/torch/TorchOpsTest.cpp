// Every op of the catalog on the torch devices (torch-cpu; torch-cuda too where it is available:
// the GPU machine), PyTorch's own kernels, on the op table's small cases
// (tests/kernels/OpCases.hpp):
//  - the call computes detbench's op: its outputs agree with the float64 reference within the
//    recursive-summation bound (Higham, section 4.2), exactly for exact ops;
//  - deterministic mode repeats wherever the catalog says it does, on several threads;
//  - a case that asks for one of detbench's own kernels (a batch-invariant form, several
//    streams) is refused, not run as something else;
//  - the op table names every op of the op list, and nothing else.

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "TorchOpTable.hpp"
#include "detbench/base/Error.hpp"
#include "detbench/catalog/OpCatalog.hpp"
#include "detbench/catalog/PyTorchDetection.hpp"
#include "detbench/op/OpList.hpp"
#include "detbench/run/TrialRunner.hpp"
#include "detbench/torch/TorchBackends.hpp"
#include "kernels/OpCases.hpp"

namespace detbench {
namespace {

using testing::OpCase;
using testing::opCases;

// One process runs every case: loading libtorch costs about a second, which a test per case
// would pay a hundred times over. A failure names its case.
class TorchOpsTest : public ::testing::Test {
 protected:
  TorchOpsTest() {
    for (auto& b : torchdev::makeTorchBackends()) registry_.add(std::move(b));
  }

  // torch-cpu, and torch-cuda where this libtorch has CUDA and a GPU is present.
  std::vector<std::string> devices() const {
    std::vector<std::string> out{"torch-cpu"};
    for (const auto& d : registry_.devices()) {
      if (d.id == "torch-cuda" && d.availability.available) out.push_back(d.id);
    }
    return out;
  }

  // The catalog release of the device's libtorch, as `detbench run` follows it.
  PyTorchRelease releaseOf(const std::string& device) const {
    const auto info = registry_.get(device).deviceInfo();
    const auto it = info.find("pytorch");
    return it == info.end() ? newestCatalogRelease()
                            : chooseRelease(it->second, device + "'s libtorch").release;
  }

  RunRequest request(const OpCase& c, const std::string& device, DeterministicMode mode,
                     int threads, int trials) const {
    RunRequest r;
    r.settings.pytorch = releaseOf(device);
    r.op = c.op;
    r.params = c.params;
    r.device = device;
    r.trials = trials;
    r.warmup = 0;
    r.settings.deterministic = mode;
    r.settings.threads = threads;
    r.settings.seed = 11;
    return r;
  }

  // A case that sets a parameter only detbench's kernels have.
  static bool asksForDetbenchsKernel(const OpCase& c) {
    const torchdev::TorchOpEntry* entry = torchdev::findTorchOp(c.op);
    if (entry == nullptr) return false;
    const OpDefinition& def = opDefinition(c.op);
    for (std::string_view name : entry->detbenchOnly) {
      const auto it = c.params.find(std::string(name));
      const auto spec = std::find_if(def.params().begin(), def.params().end(),
                                     [&](const ParamSpec& s) { return s.name == name; });
      if (it != c.params.end() && it->second != spec->defaultValue) return true;
    }
    return false;
  }

  static bool racesOnCuda(const std::string& op, PyTorchRelease release) {
    const OpTraits* traits = findOpTraits(op, release);
    return traits != nullptr && traits->cuda.nondeterministicByDefault &&
           traits->cuda.source == NondeterminismSource::RacingWrites;
  }

  // kthvalue on CUDA (2.10 on) takes the smallest index among equal values, the reference the
  // one PyTorch's CPU kernel returns: both hold the k-th value, not always the same position.
  static bool picksAnotherTieOnCuda(const std::string& op) { return op == "kthvalue"; }
  // A collective this release's gloo lacks (reduce_scatter before PyTorch 2.x), refused with
  // gloo's words (TorchBackendTest checks them).
  static bool glooLacks(const RunResult& r) {
    return r.failed() && r.errors.front().message.find("'s gloo has no ") != std::string::npos;
  }

  static double summationBound(const OpCase& c) {
    const OpDefinition& def = opDefinition(c.op);
    return static_cast<double>(
               def.maxTermsPerElement(resolveParams(c.op, def.params(), c.params))) *
           std::ldexp(1.0, -24);
  }

  BackendRegistry registry_;
};

TEST_F(TorchOpsTest, PyTorchsKernelsComputeEachOpWithinTheSummationBound) {
  for (const std::string& device : devices())
    for (const OpCase& c : opCases()) {
      SCOPED_TRACE(device + ": " + c.name);
      if (asksForDetbenchsKernel(c)) {
        EXPECT_THROW(
            TrialRunner(registry_).prepare(request(c, device, DeterministicMode::Off, 1, 1)),
            InvalidArgument);
        continue;
      }
      const RunResult r =
          TrialRunner(registry_).run(request(c, device, DeterministicMode::Off, 1, 2));
      if (glooLacks(r)) continue;
      ASSERT_FALSE(r.failed()) << r.errors.front().message;
      if (!hasFloat64Reference(c.op)) {
        EXPECT_TRUE(r.summary.reproducible) << "a seeded random op repeats";
      } else if (device == "torch-cuda" && racesOnCuda(c.op, r.settings.pytorch)) {
        // Duplicate indices race on a GPU: any writer may win, so the result need not be the
        // reference's (the CPU order's) last writer. Deterministic mode's form is checked below.
        continue;
      } else if (device == "torch-cuda" && picksAnotherTieOnCuda(c.op)) {
        EXPECT_TRUE(r.summary.reproducible) << "one position among equal values, every trial";
      } else if (c.exact) {
        EXPECT_EQ(r.summary.refMaxAbsErr, 0.0);
      } else {
        EXPECT_LE(r.summary.refMaxErrOverMagnitude, summationBound(c));
      }
    }
}

TEST_F(TorchOpsTest, DeterministicModeRepeatsOnTwoThreadsWhereTheCatalogSaysSo) {
  for (const std::string& device : devices())
    for (const OpCase& c : opCases()) {
      SCOPED_TRACE(device + ": " + c.name);
      if (asksForDetbenchsKernel(c)) continue;
      const RunResult r =
          TrialRunner(registry_).run(request(c, device, DeterministicMode::Error, 2, 5));
      if (glooLacks(r)) continue;
      ASSERT_TRUE(r.libraryCheck.has_value()) << (r.errors.empty() ? "" : r.errors.front().message);
      EXPECT_TRUE(r.libraryCheck->outcomeAgrees())
          << "the catalog predicts " << toString(r.libraryCheck->predicted) << ", PyTorch "
          << toString(r.libraryCheck->observed);
      if (r.libraryCheck->deterministicExpected) {
        EXPECT_TRUE(r.summary.reproducible) << r.summary.distinctDigests << " distinct outputs";
      }
    }
}

TEST(TorchOpTableTest, NamesEveryOpOfTheOpListAndNothingElse) {
  // Every op with a definition (a catalog entry alone has nothing to run).
  for (std::string_view op : kDefinedOpNames) {
    EXPECT_NE(torchdev::findTorchOp(op), nullptr) << op << " has no PyTorch call";
  }
  for (const auto& entry : torchdev::torchOps()) {
    EXPECT_NE(std::find(kDefinedOpNames.begin(), kDefinedOpNames.end(), entry.op),
              kDefinedOpNames.end())
        << entry.op << " is not an op of the op list";
  }
}

}  // namespace
}  // namespace detbench
