// The torch devices from the command line, where this build has them (Debian's PyTorch 1.13,
// CPU, in CI): a run records PyTorch beside the catalog, what only detbench's kernels have is one
// line and exit 2, a device that cannot run says why, `ops --check` holds the catalog against
// this PyTorch, and `env` names the release.

#include <sys/stat.h>

#include <algorithm>
#include <fstream>
#include <nlohmann/json.hpp>

#include "CliFixture.hpp"

namespace detbench::testing {
namespace {

#ifdef DETBENCH_CLI_HAS_TORCH

TEST_F(CliTest, ARunOnTorchCpuRecordsPyTorchBesideTheCatalog) {
  const Result r =
      run("run --op index_put_accumulate --device torch-cpu --size 65536 -p rows=64 --threads 2 "
          "--trials 5 --deterministic error --out r.json --expect-reproducible");
  ASSERT_EQ(r.code, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("Catalog:"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("as predicted"), std::string::npos) << r.out;
  const auto j = nlohmann::json::parse(slurp(dir_ / "r.json"));
  EXPECT_EQ(j["dispatch"]["library"], true);
  const auto& check = j["library_check"];
  EXPECT_EQ(check["predicted"], "switches");
  EXPECT_EQ(check["observed"], "runs");
  EXPECT_EQ(check["agrees"], true);
  EXPECT_EQ(check["library"].get<std::string>().rfind("PyTorch ", 0), 0u);
  bool listed = false;
  for (const auto& d : j["context"]["devices"]) listed = listed || d["id"] == "torch-cpu";
  EXPECT_TRUE(listed) << "the report lists the device it ran on";
  // A report whose library_check says "agrees" in another type, or against its own predicted
  // and observed, is refused when read (compare reads it).
  for (const nlohmann::json& agrees : {nlohmann::json("yes"), nlohmann::json(false)}) {
    auto bad = j;
    bad["library_check"]["agrees"] = agrees;
    std::ofstream(dir_ / "bad.json") << bad.dump();
    const Result c = run("compare r.json bad.json");
    EXPECT_EQ(c.code, 2) << agrees << ": " << c.out << c.err;
    EXPECT_NE(c.err.find("library_check"), std::string::npos) << c.err;
  }
}

TEST_F(CliTest, WhatOnlyDetbenchsKernelsHaveIsOneLineAndExitTwoOnTorch) {
  for (const char* extra : {"--form atomic", "--semantics extensions", "-p batch_invariant=1"}) {
    const Result r =
        run(std::string("run --op softmax --device torch-cpu --size 8 --trials 2 ") + extra);
    EXPECT_EQ(r.code, 2) << extra << ": " << r.out << r.err;
    EXPECT_EQ(lines(r.err), 1) << r.err;
    EXPECT_NE(r.err.find("PyTorch"), std::string::npos) << r.err;
    EXPECT_FALSE(fs::exists(dir_ / "reports")) << "nothing written";
  }
}

TEST_F(CliTest, TorchCudaWithoutItsLibrariesOrAGpuSaysWhy) {
  const Result env = run("env --json");
  ASSERT_EQ(env.code, 0) << env.err;
  const auto j = nlohmann::json::parse(env.out);
  for (const auto& d : j["devices"]) {
    if (d["id"] != "torch-cuda" || d["available"] == true) continue;
    const Result r = run("run --op sum --device torch-cuda --size 16 --trials 1");
    EXPECT_EQ(r.code, 2) << r.out << r.err;
    EXPECT_NE(r.err.find("torch-cuda is not available"), std::string::npos) << r.err;
  }
}

TEST_F(CliTest, EnvNamesThePyTorchOfTheTorchDevices) {
  const Result r = run("env --json");
  ASSERT_EQ(r.code, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  bool found = false;
  for (const auto& d : j["devices"]) {
    if (d["id"] != "torch-cpu") continue;
    found = true;
    EXPECT_EQ(d["available"], true);
    EXPECT_FALSE(d["info"]["pytorch"].get<std::string>().empty());
  }
  EXPECT_TRUE(found);
}

// Through ssh (a stand-in that runs this build's server), a torch run follows the remote
// libtorch's release as a local run follows this one's; --pytorch still names it.
TEST_F(CliTest, ARemoteTorchRunFollowsThePyTorchThereAsALocalRunDoes) {
  const auto ssh = dir_ / "fake-ssh";
  std::ofstream(ssh) << "#!/bin/sh\nexec '" DETBENCH_CLI "' serve --stdio\n";
  ::chmod(ssh.c_str(), 0755);
  const std::string env = "DETBENCH_SSH='" + ssh.string() + "'";
  const std::string common = "run --op sum --device torch-cpu --size 64 --trials 2 -q ";
  ASSERT_EQ(run(common + "--out local.json").code, 0);
  const Result remote = run(common + "--host me@box --out remote.json", env);
  ASSERT_EQ(remote.code, 0) << remote.out << remote.err;
  const Result pinned = run(common + "--host me@box --pytorch 2.15 --out pinned.json", env);
  ASSERT_EQ(pinned.code, 0) << pinned.out << pinned.err;
  const auto release = [this](const char* name) {
    return nlohmann::json::parse(slurp(dir_ / name))["settings"]["pytorch"].get<std::string>();
  };
  EXPECT_EQ(release("remote.json"), release("local.json"));
  EXPECT_EQ(release("pinned.json"), "2.15");
}

// `detbench ops` says which ops the torch devices run: every op PyTorch has, each through its
// own call; resize_quantized stays in the catalog only.
TEST_F(CliTest, OpsNamesTheTorchDevicesThatRunEachOp) {
  const Result r = run("ops --json");
  ASSERT_EQ(r.code, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  int offered = 0;
  for (const auto& op : j["ops"]) {
    const auto& library = op["library_devices"];
    const bool onTorchCpu = std::find(library.begin(), library.end(), "torch-cpu") != library.end();
    offered += onTorchCpu ? 1 : 0;
    if (op["name"] == "resize_quantized") {
      EXPECT_FALSE(onTorchCpu);
    }
  }
  EXPECT_EQ(offered, static_cast<int>(j["ops"].size()) - 1);
  const Result text = run("ops");
  EXPECT_NE(text.out.find("torch-cpu (the library's own kernels) runs"), std::string::npos)
      << text.out;
}

TEST_F(CliTest, OpsCheckHoldsTheCatalogAgainstThisPyTorch) {
  const Result r = run("ops --check torch-cpu --json --expect-agree");
  ASSERT_NE(r.code, 2) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["device"], "torch-cpu");
  int checked = 0;
  for (const auto& op : j["ops"]) {
    if (!op["checked"]) continue;
    ++checked;
    for (const char* mode : {"error_mode", "warn_mode"}) {
      EXPECT_TRUE(op[mode].contains("catalog")) << op["op"];
      EXPECT_TRUE(op[mode].contains("observed")) << op["op"];
    }
  }
  EXPECT_GT(checked, 30);
  // Exit 1 exactly when a row disagrees (--expect-agree).
  EXPECT_EQ(r.code, j["disagreements"].get<int>() > 0 ? 1 : 0);
  EXPECT_EQ(run("ops --check cpu-threads").code, 2) << "not a library's dispatch";
}

#else

TEST_F(CliTest, WithoutTheTorchModuleItsDevicesSayWhy) {
  const Result r = run("run --op sum --device torch-cpu --size 16 --trials 1");
  EXPECT_EQ(r.code, 2) << r.out << r.err;
  EXPECT_NE(r.err.find("no torch device"), std::string::npos) << r.err;
}

#endif

}  // namespace
}  // namespace detbench::testing
