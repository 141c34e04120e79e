// `detbench export-pytorch`: the script and every input written, the inputs the run's bytes, a
// sweep's configuration chosen, and what cannot be exported refused with one line, exit 2 and
// nothing written. (Running the scripts in PyTorch: tests/peer/test_export_pytorch.py.)

#include <gtest/gtest.h>

#include <string>

#include "CliFixture.hpp"

namespace {

using namespace detbench::testing;

TEST_F(CliTest, ExportPytorchWritesTheScriptAndTheRunsInputs) {
  ASSERT_EQ(
      run(std::string("run ") + kSmall + "--device cpu --seed 3 --save-io io --out r.json").code,
      0);
  const Result r = run("export-pytorch r.json repro");
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.out.find("python3 repro/repro.py"), std::string::npos) << r.out;
  const std::string script = slurp(dir_ / "repro" / "repro.py");
  EXPECT_NE(script.find("torch.index_add(io['self'], 0, io['index'], io['source'])"),
            std::string::npos);
  EXPECT_NE(script.find("torch.manual_seed(3)"), std::string::npos);
  EXPECT_NE(script.find("TRIALS = 5"), std::string::npos);
  // The inputs are the bytes the run saw (those --save-io wrote), made again from its data seed.
  for (const char* name : {"self", "index", "source"}) {
    EXPECT_EQ(slurp(dir_ / "repro" / (std::string(name) + ".npy")),
              slurp(dir_ / "io" / (std::string(name) + ".npy")))
        << name;
  }
}

TEST_F(CliTest, ExportPytorchTakesTheSweepsConfigurationNamed) {
  ASSERT_EQ(run(std::string("sweep ") + kSmall +
                "--device cpu-threads --configs default,deterministic --out s.json")
                .code,
            0);
  const Result first = run("export-pytorch s.json a");
  ASSERT_EQ(first.code, 0) << first.err;
  EXPECT_NE(first.err.find("'default'"), std::string::npos) << first.err;
  EXPECT_NE(slurp(dir_ / "a" / "repro.py").find("use_deterministic_algorithms(False)"),
            std::string::npos);
  const Result named = run("export-pytorch s.json b --config deterministic");
  ASSERT_EQ(named.code, 0) << named.err;
  EXPECT_NE(slurp(dir_ / "b" / "repro.py").find("use_deterministic_algorithms(True)"),
            std::string::npos);
}

TEST_F(CliTest, WhatCannotBeExportedIsRefusedAndNothingIsWritten) {
  ASSERT_EQ(run("run --op rand --device cpu -n 2 --quiet --out rand.json").code, 0);
  ASSERT_EQ(run(std::string("run ") + kSmall + "--quiet --out r.json").code, 0);
  for (const std::string bad :
       {"export-pytorch rand.json out", "export-pytorch none.json out",
        "export-pytorch r.json out --config nope", "export-pytorch r.json"}) {
    const Result b = run(bad);
    EXPECT_EQ(b.code, 2) << bad;
    EXPECT_EQ(lines(b.err), 1) << bad << ": " << b.err;
    EXPECT_FALSE(fs::exists(dir_ / "out")) << bad;
  }
}

}  // namespace
