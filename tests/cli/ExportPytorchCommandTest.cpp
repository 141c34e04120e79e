// `detbench export-pytorch`: the script and every input written, the inputs the run's bytes, a
// sweep's configuration chosen, and what cannot be exported refused with one line, exit 2 and
// nothing written. (Running the scripts in PyTorch: tests/peer/test_export_pytorch.py.)

#include <gtest/gtest.h>

#include <fstream>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

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

// Reports made to inject code into repro.py, through every string of theirs
// that the script could name (the device, the file's name, the inputs' and parameters' names,
// the labels), export a script that runs nothing of theirs: /usr/bin/python3 runs each script
// that was written, and the file the injected code would make never appears. (Without torch
// the scripts stop at `import torch`, after the point where injected code would have run.)
TEST_F(CliTest, AnExportedScriptRunsNothingFromTheReport) {
  if (!fs::exists("/usr/bin/python3")) GTEST_SKIP() << "no /usr/bin/python3";
  using json = nlohmann::ordered_json;
  ASSERT_EQ(
      run(std::string("sweep ") + kSmall + "--device cpu --configs default --quiet --out s.json")
          .code,
      0);
  const json good = json::parse(slurp(dir_ / "s.json"));
  const std::string code = "__import__(\"pathlib\").Path(\"injected\").touch()";
  const std::string docstring = "x\"\"\"\n" + code + "\n\"\"\"";
  const std::string literal = "x'\n" + code + "\n'";
  const std::vector<std::pair<std::string, std::function<void(json&)>>> crafted = {
      {"device docstring", [&](json& j) { j["op"]["device"] = "cpu" + docstring; }},
      {"device literal", [&](json& j) { j["op"]["device"] = "cpu" + literal; }},
      {"device carriage return", [&](json& j) { j["op"]["device"] = "cpu'\r" + code + "\r#"; }},
      {"label", [&](json& j) { j["configurations"][0]["name"] = literal + docstring; }},
      {"input name", [&](json& j) { j["op"]["inputs"][0]["name"] = "self'+" + code + "+'"; }},
      {"parameter name", [&](json& j) { j["op"]["parameters"]["rows'] = 1;" + code + "#"] = 1; }},
  };
  int exported = 0;
  for (std::size_t i = 0; i < crafted.size(); ++i) {
    json bad = good;
    crafted[i].second(bad);
    std::ofstream(dir_ / "crafted.json") << bad.dump();
    const std::string out = "out" + std::to_string(i);
    const Result r = run("export-pytorch crafted.json " + out);
    if (r.code == 0) {
      ++exported;
      std::system(("cd '" + dir_.string() + "' && /usr/bin/python3 " + out +
                   "/repro.py > py.txt 2>&1 < /dev/null")
                      .c_str());
    } else {
      EXPECT_EQ(r.code, 2) << crafted[i].first << ": " << r.err;
    }
    EXPECT_FALSE(fs::exists(dir_ / "injected")) << crafted[i].first << " ran injected code";
  }
  // The file's own name: a report saved under a name that holds code.
  const std::string name = "r" + docstring + ".json";
  std::ofstream(dir_ / name) << good.dump();
  const Result named = run("export-pytorch '" + name + "' named");
  ASSERT_EQ(named.code, 0) << named.err;
  ++exported;
  std::system(
      ("cd '" + dir_.string() + "' && /usr/bin/python3 named/repro.py > py.txt 2>&1").c_str());
  EXPECT_FALSE(fs::exists(dir_ / "injected")) << "the file's name ran injected code";
  EXPECT_GE(exported, 4) << "the strings that pass the export's checks were exported and run";
}

}  // namespace
