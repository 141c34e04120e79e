// End-to-end tests of the `detbench` command line: exit codes, one clear line on stderr for
// bad input, reports written whole or not at all.

#include <gtest/gtest.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include <nlohmann/json.hpp>

#include "CliFixture.hpp"
#include "detbench/catalog/OpCatalog.hpp"

namespace {

using namespace detbench::testing;

TEST_F(CliTest, RunWritesAReportWithTheSummaryFields) {
  const Result r = run(std::string("run ") + kSmall + "--out r.json --markdown r.md");
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.out.find("Time (mean ± σ)"), std::string::npos);
  const auto j = nlohmann::json::parse(slurp(dir_ / "r.json"));
  const auto& s = j["summary"];
  EXPECT_EQ(s["trials"], 5);
  for (const char* k : {"distinct_digests", "reproducible", "max_abs_diff", "max_ulp"}) {
    EXPECT_TRUE(s.contains(k)) << k;
  }
  for (const char* k : {"min", "median", "mean", "p95", "max"})
    EXPECT_TRUE(s["time_ns"].contains(k));
  EXPECT_NE(slurp(dir_ / "r.md").find("# detbench run"), std::string::npos);
  EXPECT_TRUE(r.err.empty()) << "no progress bar when stderr is not a terminal: " << r.err;
}

TEST_F(CliTest, WithoutOutTheReportGoesUnderReports) {
  const Result r = run(std::string("run ") + kSmall);
  ASSERT_EQ(r.code, 0) << r.err;
  ASSERT_TRUE(fs::is_directory(dir_ / "reports"));
  EXPECT_EQ(std::distance(fs::directory_iterator(dir_ / "reports"), fs::directory_iterator{}), 1);
}

TEST_F(CliTest, ExpectReproducibleExitsWithOneForTheAtomicForm) {
  // A simulated shuffled schedule (DETBENCH_CPU_SCHEDULE) adds in a new order every trial, as
  // racing threads would, without waiting on a race.
  const Result r =
      run("run --op index_add --size 262144 -p rows=64 --threads 4 --trials 8 "
          "--out r.json --expect-reproducible",
          "DETBENCH_CPU_SCHEDULE=shuffled:5");
  EXPECT_EQ(r.code, 1) << r.out << r.err;
  const auto j = nlohmann::json::parse(slurp(dir_ / "r.json"));
  std::string schedule;
  for (const auto& d : j["context"]["devices"]) {
    if (d["id"] == "cpu-threads") schedule = d["info"].value("schedule", "");
  }
  EXPECT_NE(schedule.find("simulated shuffled"), std::string::npos) << "the report says so";
  EXPECT_EQ(run(std::string("run ") + kSmall +
                    "--deterministic error --no-report "
                    "--expect-reproducible",
                "DETBENCH_CPU_SCHEDULE=shuffled:5")
                .code,
            0);
  EXPECT_EQ(run("run --op sum --trials 2 --no-report", "DETBENCH_CPU_SCHEDULE=sideways").code, 2);
}

TEST_F(CliTest, ErrorModeRaisesWithExitCodeThree) {
  const Result r =
      run("run --op adaptive_avg_pool2d_backward --deterministic error --trials 2 "
          "--out r.json");
  EXPECT_EQ(r.code, 3);
  EXPECT_NE(r.out.find("does not have a deterministic implementation"), std::string::npos);
  const auto j = nlohmann::json::parse(slurp(dir_ / "r.json"));
  EXPECT_EQ(j["errors"][0]["kind"], "NondeterministicError");
}

TEST_F(CliTest, WarnModeWarnsAndRuns) {
  const Result r = run("run --op avg_pool3d_backward --deterministic warn --trials 2 --no-report");
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.out.find("Warning:"), std::string::npos);
}

TEST_F(CliTest, BadInputGetsOneLineAndExitCodeTwo) {
  const char* bad[] = {
      "run --op no_such_op",
      "run --op index_add --device tpu",
      "run --op index_add --device cuda",
      "run --op index_add --trials 0",
      "run --op index_add --size 0",
      "run --op index_add --size -5",
      "run --op index_add --size 1099511627776 -p cols=1048576",
      "run --op index_add --cublas-workspace-config 4096:8",
      "run --op index_add --cublas-workspace-config :4096:x",
      "run --op index_add --deterministic maybe",
      "run --op index_add -p depth=3",
      "run --op index_add -p rows",
      "run --op index_add --out /nonexistent/dir/r.json",
      "run --op index_add --markdown /proc/r.md",
      "sweep --op index_add --configs default,turbo",
      "compare missing.json",
      "frobnicate",
  };
  for (const char* args : bad) {
    const Result s = run(args);
    EXPECT_EQ(s.code, 2) << args << "\n" << s.err;
    EXPECT_EQ(lines(s.err), 1) << args << "\n" << s.err;
    EXPECT_EQ(s.err.rfind("detbench: ", 0), 0u) << args << "\n" << s.err;
  }
  EXPECT_FALSE(fs::exists(dir_ / "reports")) << "no report from a refused run";
}

TEST_F(CliTest, AbsurdSizesSayWhatMemoryTheyNeed) {
  const Result r = run("run --op sum --size 1099511627776");
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("would need about"), std::string::npos) << r.err;
}

TEST_F(CliTest, AnUnwritableOutputFailsBeforeRunningAndLeavesNoFile) {
  fs::create_directories(dir_ / "ro");
  ::chmod((dir_ / "ro").c_str(), 0555);
  const Result r = run(std::string("run ") + kSmall + "--out ro/r.json");
  if (::geteuid() == 0) {
    // root can write to a read-only folder; use a path under a file instead.
    std::ofstream(dir_ / "file") << "x";
    const Result s = run(std::string("run ") + kSmall + "--out file/r.json");
    EXPECT_EQ(s.code, 2);
    EXPECT_EQ(lines(s.err), 1);
  } else {
    EXPECT_EQ(r.code, 2);
    EXPECT_FALSE(fs::exists(dir_ / "ro" / "r.json"));
  }
  ::chmod((dir_ / "ro").c_str(), 0755);
}

TEST_F(CliTest, SweepWritesOneReportWithARowPerConfiguration) {
  const Result r =
      run(std::string("sweep ") + kSmall + "--configs default,deterministic,warn --out s.json");
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.out.find("times"), std::string::npos) << r.out;
  const auto j = nlohmann::json::parse(slurp(dir_ / "s.json"));
  ASSERT_EQ(j["configurations"].size(), 3u);
  EXPECT_EQ(j["configurations"][1]["summary"]["reproducible"], true);
  EXPECT_EQ(j["configurations"][1]["dispatch"]["form"], "deterministic");
}

TEST_F(CliTest, SweepReportsARaisingConfigurationAndGoesOn) {
  const Result r =
      run("sweep --op histc --size 4096 --trials 2 "
          "--configs default,deterministic,extensions --out s.json");
  ASSERT_EQ(r.code, 0) << r.err;
  const auto j = nlohmann::json::parse(slurp(dir_ / "s.json"));
  EXPECT_EQ(j["configurations"][1]["errors"][0]["kind"], "NondeterministicError");
  EXPECT_EQ(j["configurations"][2]["summary"]["reproducible"], true);
}

TEST_F(CliTest, TheReleaseDecidesTheCublasRuleAndIsRecorded) {
  // matmul on cpu-threads follows the CUDA traits: 2.9 checks CUBLAS_WORKSPACE_CONFIG in
  // deterministic mode, 2.10 does not.
  const std::string matmul =
      "run --op matmul --size 16 -n 2 -w 0 --deterministic error --cublas-workspace-config :1:1 ";
  const Result old = run(matmul + "--pytorch 2.9 --out old.json");
  EXPECT_NE(old.code, 0);
  EXPECT_NE((old.out + old.err).find("it uses CuBLAS"), std::string::npos) << old.out << old.err;
  const Result newer = run(matmul + "--pytorch 2.10 --out new.json");
  ASSERT_EQ(newer.code, 0) << newer.err;
  const auto j = nlohmann::json::parse(slurp(dir_ / "new.json"));
  EXPECT_EQ(j["settings"]["pytorch"], "2.10");
  EXPECT_TRUE(j["context"].contains("pytorch_found"));
  const Result bad = run("run --op sum --pytorch 2.7");
  EXPECT_EQ(bad.code, 2);
  EXPECT_EQ(lines(bad.err), 1) << bad.err;
  EXPECT_NE(bad.err.find("2.8"), std::string::npos) << bad.err;
}

TEST_F(CliTest, OpsShowsAReleaseAndWhatChangedBetweenTwo) {
  const Result r = run("ops --pytorch 2.9");
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.out.find("Catalog for PyTorch 2.9"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("checks CUBLAS_WORKSPACE_CONFIG"), std::string::npos) << r.out;
  const Result c = run("ops --changes 2.8..2.11");
  ASSERT_EQ(c.code, 0) << c.err;
  EXPECT_NE(c.out.find("matmul (in 2.10)"), std::string::npos) << c.out;
  const Result cj = run("ops --changes 2.8..2.11 --json");
  ASSERT_EQ(cj.code, 0) << cj.err;
  const auto j = nlohmann::json::parse(cj.out);
  // matmul, trilinear, kthvalue (2.10) and embedding_backward (2.11).
  ASSERT_EQ(j["changes"].size(), 4u);
  bool matmul = false;
  for (const auto& change : j["changes"]) {
    matmul |= change["op"] == "matmul" && change["changed_in"][0] == "2.10";
  }
  EXPECT_TRUE(matmul) << cj.out;
  // The whole table: the docstrings' moves and 2.15's MPS entries.
  const Result all = run("ops --changes 2.8..2.15");
  ASSERT_EQ(all.code, 0) << all.err;
  for (const char* said : {"kthvalue (in 2.10", "max_pool3d_backward (in 2.13", "(in 2.14",
                           "scatter_reduce_prod (in 2.15)", "MPS (not a detbench device)",
                           "docstring: torch.Tensor.scatter_reduce when called on CUDA or MPS"}) {
    EXPECT_NE(all.out.find(said), std::string::npos) << said << "\n" << all.out;
  }
  // Which devices offer each op.
  const Result table = run("ops --pytorch 2.15");
  EXPECT_NE(table.out.find("detbench devices"), std::string::npos) << table.out;
  EXPECT_NE(table.out.find("none (catalog only)"), std::string::npos) << table.out;
  const auto ops = nlohmann::json::parse(run("ops --json").out);
  for (const auto& op : ops["ops"]) {
    if (op["name"] == "kthvalue") {
      EXPECT_EQ(op["devices"], nlohmann::json({"cpu"}));
    }
    if (op["name"] == "resize_quantized") {
      EXPECT_EQ(op["devices"], nlohmann::json::array());
    }
    if (op["name"] == "max_pool3d_backward") {
      EXPECT_EQ(op["devices"], nlohmann::json({"cpu", "cpu-threads", "cuda"}));
    }
    if (op["name"] == "index_add") {
      EXPECT_EQ(op["devices"], nlohmann::json({"cpu", "cpu-threads", "cuda"}));
    }
  }
  EXPECT_EQ(ops["pytorch"], "2.15");
  for (const char* bad : {"ops --changes 2.11..2.8", "ops --changes 2.8", "ops --pytorch x"}) {
    const Result b = run(bad);
    EXPECT_EQ(b.code, 2) << bad;
    EXPECT_EQ(lines(b.err), 1) << bad << ": " << b.err;
  }
}

TEST_F(CliTest, PyhashShowsOrdersThatChangeUnlessTheSeedIsSet) {
  const Result fixed = run("pyhash --seed 0 apple banana cherry");
  ASSERT_EQ(fixed.code, 0) << fixed.err;
  EXPECT_EQ(fixed.out, run("pyhash --seed 0 apple banana cherry").out);
  const Result shown = run("pyhash --processes 3 apple banana cherry date");
  ASSERT_EQ(shown.code, 0) << shown.err;
  EXPECT_NE(shown.out.find("PYTHONHASHSEED unset, run 3"), std::string::npos) << shown.out;
  EXPECT_NE(shown.out.find("os.environ['PYTHONHASHSEED']"), std::string::npos) << shown.out;
  for (const char* bad : {"pyhash", "pyhash --seed 4294967296 a b", "pyhash --python 2.7 a b",
                          "pyhash --processes 0 a b"}) {
    const Result b = run(bad);
    EXPECT_EQ(b.code, 2) << bad;
    EXPECT_EQ(lines(b.err), 1) << bad << ": " << b.err;
  }
}

TEST_F(CliTest, RecipeSaysWhatTheNotesRecipeLeavesUncovered) {
  const std::string notes = "--file '" DETBENCH_RECIPES_DIR "/notes-make-reproducible.toml'";
  const Result text = run("recipe " + notes);
  ASSERT_EQ(text.code, 0) << text.err;
  EXPECT_NE(text.out.find("2 not covered"), std::string::npos) << text.out;
  EXPECT_NE(text.out.find("detbench demo float-atomics"), std::string::npos) << text.out;
  EXPECT_EQ(run("recipe --expect-covered " + notes).code, 1);
  // Flags win over the file: deterministic mode on leaves only PYTHONHASHSEED.
  const Result json = run("recipe --json --deterministic error " + notes);
  ASSERT_EQ(json.code, 0) << json.err;
  const auto j = nlohmann::json::parse(json.out);
  EXPECT_EQ(j["format"], "detbench-recipe-check");
  EXPECT_EQ(j["summary"]["uncovered"], 1);
  EXPECT_EQ(j["recipe"]["deterministic_algorithms"], "error");
  EXPECT_EQ(j["findings"][0]["id"], "torch-seed");
  const Result zh = run("recipe --language zh_CN " + notes);
  ASSERT_EQ(zh.code, 0) << zh.err;
  EXPECT_NE(zh.out.find("未覆盖"), std::string::npos) << zh.out;
  const Result flags =
      run("recipe --torch-manual-seed --random-seed --numpy-seed --device cpu "
          "--deterministic error --pytorch 2.11 --expect-covered");
  EXPECT_EQ(flags.code, 0) << flags.out << flags.err;

  std::ofstream(dir_ / "unknown.json") << "{\"torch_seed\": true}";
  std::ofstream(dir_ / "broken.toml") << "numpy_seed = \n";
  for (const char* bad :
       {"recipe --file unknown.json", "recipe --file broken.toml", "recipe --file none.json",
        "recipe --numpy-generators maybe", "recipe --dataloader-workers x", "recipe --pytorch 1.13",
        "recipe --language fr", "recipe --cublas-set later"}) {
    const Result b = run(bad);
    EXPECT_EQ(b.code, 2) << bad;
    EXPECT_EQ(lines(b.err), 1) << bad << ": " << b.err;
    EXPECT_TRUE(b.out.empty()) << bad << ": " << b.out;
  }
}

TEST_F(CliTest, ASweepReportsAConfigurationTheDeviceCannotRunAndGoesOn) {
  // A sweep goes on after `default` (it once stopped there with exit 2 and no report).
  const Result r =
      run("sweep --op index_add --device cpu --configs default,atomic,deterministic "
          "-n 3 --out sw.json");
  ASSERT_EQ(r.code, 0) << r.err;
  const auto j = nlohmann::json::parse(slurp(dir_ / "sw.json"));
  ASSERT_EQ(j["configurations"].size(), 3u);
  EXPECT_EQ(j["configurations"][1]["errors"][0]["kind"], "InvalidArgument");
  EXPECT_EQ(j["configurations"][2]["summary"]["trials"], 3);
  // One run that cannot run as asked is a refused plan: one line, exit 2, no report.
  const Result one = run("run --op index_add --device cpu --form atomic -n 3 --out one.json");
  EXPECT_EQ(one.code, 2) << one.err;
  EXPECT_EQ(lines(one.err), 1) << one.err;
  EXPECT_FALSE(fs::exists(dir_ / "one.json"));
}

TEST_F(CliTest, CompareSaysWhichOutputsAreBitwiseEqual) {
  ASSERT_EQ(run(std::string("run ") + kSmall + "--device cpu --out a.json").code, 0);
  ASSERT_EQ(
      run(std::string("run ") + kSmall + "--deterministic error --threads 3 --out b.json").code, 0);
  ASSERT_EQ(
      run(std::string("run ") + kSmall + "--deterministic error --threads 1 --out c.json").code, 0);
  // b and c: the deterministic form, any thread count, the same bits.
  Result r = run("compare b.json c.json --expect-equal");
  EXPECT_EQ(r.code, 0) << r.out;
  EXPECT_NE(r.out.find("All outputs are bitwise equal"), std::string::npos);
  r = run("compare a.json b.json --json");
  EXPECT_EQ(r.code, 0);
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_TRUE(j["same_inputs"].get<bool>());
  ASSERT_EQ(run("run --op sum --trials 2 --out d.json").code, 0);
  r = run("compare a.json d.json");
  EXPECT_NE(r.out.find("not comparable"), std::string::npos);
  std::ofstream(dir_ / "bad.json") << "{\"schema_version\": 1";
  r = run("compare a.json bad.json");
  EXPECT_EQ(r.code, 2);
  EXPECT_EQ(lines(r.err), 1);
}

TEST_F(CliTest, SaveIoWritesNpyFiles) {
  const Result r = run(std::string("run ") + kSmall + "--no-report --save-io io");
  ASSERT_EQ(r.code, 0) << r.err;
  for (const char* f : {"self.npy", "index.npy", "source.npy", "out_trial0.npy"}) {
    EXPECT_TRUE(fs::exists(dir_ / "io" / f)) << f;
  }
  EXPECT_EQ(slurp(dir_ / "io" / "index.npy").substr(1, 5), "NUMPY");
}

TEST_F(CliTest, OpsAndEnv) {
  Result r = run("ops --json");
  ASSERT_EQ(r.code, 0);
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["ops"].size(), detbench::opCatalog().size());
  r = run("ops");
  EXPECT_NE(r.out.find("adaptive_avg_pool2d_backward"), std::string::npos);
  r = run("env");
  EXPECT_EQ(r.code, 0);
  EXPECT_NE(r.out.find("cuda: unavailable"), std::string::npos);
  r = run("env --json");
  EXPECT_TRUE(nlohmann::json::parse(r.out).contains("devices"));
  EXPECT_EQ(run("--help").code, 0);
}

}  // namespace

#ifdef DETBENCH_CLI_HAS_REPORT
namespace detbench {
namespace {
using namespace detbench::testing;

TEST_F(CliTest, ReportRendersHtmlAndPdfFromARunsJson) {
  ASSERT_EQ(
      run(std::string("sweep ") + kSmall + "--configs default,deterministic --out s.json").code, 0);
  const Result r = run("report s.json --html s.html --pdf s.pdf");
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(slurp(dir_ / "s.html").rfind("<!DOCTYPE html>", 0), 0u);
  EXPECT_NE(slurp(dir_ / "s.html").find("data:image/png;base64,"), std::string::npos);
  EXPECT_EQ(slurp(dir_ / "s.pdf").rfind("%PDF-", 0), 0u);
}

TEST_F(CliTest, ReportRefusesADamagedJsonWithOneLine) {
  {
    std::ofstream bad(dir_ / "bad.json");
    bad << "{\"schema_version\": 1, \"kind\": \"run\"";
  }
  const Result r = run("report bad.json --html bad.html");
  EXPECT_EQ(r.code, 2);
  EXPECT_EQ(lines(r.err), 1) << r.err;
  EXPECT_NE(r.err.find("bad.json"), std::string::npos) << r.err;
  EXPECT_FALSE(fs::exists(dir_ / "bad.html"));
}
}  // namespace
}  // namespace detbench
#endif
