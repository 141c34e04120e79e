// The PyTorch script of a run: the settings spelled as PyTorch spells them, the cuBLAS
// variable set before torch is imported, detbench's digests to compare with, and refusals.

#include <gtest/gtest.h>

#include <string>

#include "detbench/base/Error.hpp"
#include "detbench/catalog/OpCatalog.hpp"
#include "detbench/export/PyTorchScript.hpp"
#include "detbench/op/OpList.hpp"

namespace detbench {
namespace {

RunResult aRun(std::string op) {
  RunResult r;
  r.op = std::move(op);
  r.device = "cuda";
  r.threads = 1;
  r.params = {{"size", 16}, {"rows", 4}, {"cols", 1}};
  r.inputs = {{"self", {4, 1}, DType::Float32},
              {"index", {16}, DType::Int64},
              {"source", {16, 1}, DType::Float32}};
  for (std::uint64_t digest : {0xabcULL, 0xdefULL}) {
    TrialRecord t;
    t.index = static_cast<int>(r.trials.size());
    t.digest = digest;
    r.trials.push_back(t);
  }
  r.summary = summarize(r.trials);
  r.seed = 42;
  r.seedWasSet = true;
  return r;
}

TEST(PyTorchScriptTest, SpellsTheSettingsAsPyTorchDoes) {
  RunResult r = aRun("index_add");
  r.settings.deterministic = DeterministicMode::Warn;
  r.settings.cudnnBenchmark = true;
  r.settings.cublasWorkspaceConfig = WorkspaceConfig::parse(":4096:8");
  const std::string py = exporting::pytorchScript(r, "r.json");
  const auto variable = py.find("os.environ[\"CUBLAS_WORKSPACE_CONFIG\"] = ':4096:8'");
  ASSERT_NE(variable, std::string::npos);
  EXPECT_LT(variable, py.find("import torch")) << "cuBLAS reads it when CUDA starts";
  EXPECT_NE(py.find("torch.use_deterministic_algorithms(True, warn_only=True)"), std::string::npos);
  EXPECT_NE(py.find("torch.backends.cudnn.benchmark = True"), std::string::npos);
  EXPECT_NE(py.find("torch.manual_seed(42)"), std::string::npos);
  EXPECT_NE(py.find("DEVICE = 'cuda'"), std::string::npos);
  EXPECT_NE(py.find("DETBENCH_TRIAL0 = 0xabc"), std::string::npos);
  EXPECT_NE(py.find("2 distinct outputs in 2 trials: NOT reproducible"), std::string::npos);
}

// Nothing from the report reaches the script but as a checked value or an
// escaped literal. (The scripts of crafted reports are run in tests/cli/HostileInputTest.cpp.)
TEST(PyTorchScriptTest, StringsFromTheReportCannotEndTheirLiteralOrTheDocstring) {
  const std::string payload = "x\"\"\"\n__import__('os').system('touch owned')\n\"\"\"";
  RunResult r = aRun("index_add");
  r.device = "cpu-threads" + payload;
  r.params["size" + payload] = 16;
  r.inputs[0].name = std::string("self\r__import__('os')") + '\0' + "\u2028'";
  const std::string py = exporting::pytorchScript(r, "r.json" + payload);
  // The payload's code never appears with its own quotes: only escaped, or as '?'.
  EXPECT_EQ(py.find("__import__('os')"), std::string::npos) << py;
  // The docstring is the header's, closed before the first line of code.
  const auto open = py.find("\"\"\"");
  const auto close = py.find("\"\"\"", open + 3);
  EXPECT_LT(close, py.find("import os"));
  EXPECT_EQ(py.find("\n__import__"), std::string::npos) << py;
  EXPECT_EQ(py.find('\r'), std::string::npos);
  EXPECT_EQ(py.find('\0'), std::string::npos);
  for (const char c : py) EXPECT_TRUE(c == '\n' || (c >= 0x20 && c < 0x7f)) << int(c);
  EXPECT_NE(py.find("'self\\x0d__import__(\\'os\\')\\x00\\u2028\\''"), std::string::npos) << py;
}

TEST(PyTorchScriptTest, AnUnsetSeedAndVariableStayUnset) {
  RunResult r = aRun("index_add");
  r.seedWasSet = false;
  const std::string py = exporting::pytorchScript(r, "r.json");
  EXPECT_EQ(py.find("torch.manual_seed("), std::string::npos);
  EXPECT_NE(py.find("os.environ.pop(\"CUBLAS_WORKSPACE_CONFIG\", None)"), std::string::npos);
  EXPECT_NE(py.find("torch.use_deterministic_algorithms(False)"), std::string::npos);
}

TEST(PyTorchScriptTest, RandomOpsSeveralStreamsAndEmptyRunsAreRefused) {
  EXPECT_TRUE(exporting::whyNotExportable(aRun("rand")));
  EXPECT_THROW(exporting::pytorchScript(aRun("dropout"), "r.json"), InvalidArgument);
  RunResult streams = aRun("matmul");
  streams.params = {{"size", 8}, {"streams", 4}};
  EXPECT_TRUE(exporting::whyNotExportable(streams));
  streams.params["streams"] = 1;
  EXPECT_FALSE(exporting::whyNotExportable(streams));
  RunResult raised = aRun("index_add");
  raised.trials.clear();
  EXPECT_TRUE(exporting::whyNotExportable(raised));
}

TEST(PyTorchScriptTest, EveryOpButTheRandomOnesHasAPyTorchCall) {
  // A new op of the catalog is exportable from the start, or this says it is not (the random
  // ops, and the catalog's entries that no detbench device runs).
  for (const auto& op : opCatalog()) {
    const bool random = op.name == "rand" || op.name == "randn" || op.name == "dropout";
    const bool catalogOnly = !opKernelDevices(op.name)[0];
    EXPECT_EQ(exporting::whyNotExportable(aRun(std::string(op.name))).has_value(),
              random || catalogOnly)
        << op.name;
  }
}

}  // namespace
}  // namespace detbench
