// `detbench trace` end to end with Debian's python3-torch (skipped where it has none): the
// example's three configurations give the lesson's three answers without a race (the race is
// replaced by a kernel whose order depends on the run number, tests/trace/scripts), bad input is
// one line and exit 2 with nothing written, a failing script exits 4 keeping what came, an op
// that raises in error mode exits 3, Ctrl-C exits 130 keeping what came.

#include <signal.h>

#include <nlohmann/json.hpp>

#include "../trace/TracePython.hpp"
#include "CliFixture.hpp"

namespace detbench::testing {
namespace {

using json = nlohmann::json;
using trace::kTracePython;

using trace::kScripts;
const std::string kExample = DETBENCH_SOURCE_DIR "/resources/trace/examples/train_example.py";

std::int64_t lineOf(const std::string& path, const std::string& text) {
  std::ifstream in(path);
  std::string line;
  for (std::int64_t n = 1; std::getline(in, line); ++n) {
    if (line.find(text) != std::string::npos) return n;
  }
  return 0;
}

class TraceCommand : public CliTest {
 protected:
  void SetUp() override {
    if (!trace::pythonHasTorch()) GTEST_SKIP() << kTracePython << " has no torch";
  }
  std::string script(const std::string& name) const {
    return std::string(kTracePython) + " '" + kScripts + "/" + name + "'";
  }
  json report(const std::string& name = "t.json") const { return json::parse(slurp(dir_ / name)); }
};

const json& config(const json& report, const std::string& name) {
  for (const auto& c : report.at("configurations")) {
    if (c.at("name") == name) return c;
  }
  throw std::runtime_error("no configuration " + name);
}

// The lesson's answers, all three, are the lesson test's (tests/trace/TraceLessonTest.cpp, which
// traces the same example through the same engine); here the command's report of the seeded one.
TEST_F(TraceCommand, TheExamplesSeededSettingGivesTheLessonsSecondAnswer) {
  const Result r =
      run("trace --quiet --threads 2 --configs seeded "
          "--out t.json --markdown t.md -- " +
          script("example_race_free.py") + " --epochs 1");
  ASSERT_EQ(r.code, 0) << r.out << r.err;
  const json doc = report();
  EXPECT_EQ(doc.at("format"), "detbench-trace");
  EXPECT_EQ(doc.at("schema_version"), 6);
  // Seeded: index_put_ with accumulate, PyTorch's CPU atomics, fixed by deterministic mode.
  const json& seeded = config(doc, "seeded");
  EXPECT_FALSE(seeded.at("reproducible").get<bool>());
  EXPECT_TRUE(seeded.at("job").is_null());  // one process: no job
  const json& atomics = seeded.at("causes").at(0);
  EXPECT_EQ(atomics.at("name"), "aten::index_put_");
  EXPECT_EQ(atomics.at("category"), "introduced");
  EXPECT_EQ(atomics.at("kind"), "float_atomics");
  EXPECT_EQ(atomics.at("fix"), "deterministic");
  EXPECT_EQ(atomics.at("catalog").at("op"), "index_put_accumulate");
  EXPECT_EQ(atomics.at("site").at("line"), lineOf(kExample, "index_put_((gb,), hidden"));
  EXPECT_EQ(atomics.at("command"),
            "detbench run --op index_put_accumulate --device torch-cpu -p size=1024 -p cols=64 "
            "-p rows=8");
  EXPECT_TRUE(atomics.at("difference").at("measured").get<bool>());
  EXPECT_GT(atomics.at("difference").at("n_diff").get<std::int64_t>(), 0);
  EXPECT_EQ(atomics.at("difference").at("elements"), 512);
  EXPECT_NE(r.out.find("seeded (seed 0, 2 threads): the runs differ"), std::string::npos) << r.out;
  const std::string md = slurp(dir_ / "t.md");
  EXPECT_NE(md.find("`aten::index_put_`"), std::string::npos);
  EXPECT_NE(md.find("index_put_accumulate"), std::string::npos);
}

TEST_F(TraceCommand, ExpectReproducibleExitsOneWhenTheRunsDiffer) {
  const Result r = run("trace --quiet --no-second-pass --expect-reproducible --out t.json -- " +
                       script("perturbed.py"));
  EXPECT_EQ(r.code, 1) << r.out << r.err;
  EXPECT_FALSE(config(report(), "default").at("second_pass").get<bool>());
}

TEST_F(TraceCommand, BadInputIsOneLineAndExitTwoWithNothingWritten) {
  std::ofstream(dir_ / "shell.py") << "echo not python\n";
  fs::create_directories(dir_ / "old" / "torch");
  std::ofstream(dir_ / "old" / "torch" / "__init__.py") << "\n";
  std::ofstream(dir_ / "old" / "torch" / "version.py") << "__version__ = '1.12.1'\n";
  std::ofstream(dir_ / "old" / "train.py") << "import torch\n";
  const std::string py = kTracePython;
  const std::vector<std::pair<std::string, std::string>> cases{
      {"trace --out t.json", "no script"},
      {"trace --out t.json -- " + py, "no script"},
      {"trace --out t.json -- " + py + " missing.py", "no such script"},
      {"trace --out t.json -- " + py + " shell.py", "not Python"},
      {"trace --out t.json -- " + py + " -S shell.py", "not Python"},
      {"trace --out t.json -- " + py + " -c 'print(1)'", "not -c"},
      {"trace --out t.json -- /nonexistent/python3 shell.py", "cannot start"},
      {"trace --out t.json -- " + py + " -S " + kScripts + "/perturbed.py", "has no torch"},
      {"trace --out t.json -- " + py + " old/train.py", "1.12.1"},
      {"trace --out t.json --ops 5..2 -- " + py + " x.py", "--ops"},
      {"trace --out t.json --configs seeded,nope -- " + py + " x.py", "unknown configuration"},
      {"trace --out t.json --runs 0 -- " + py + " x.py", "--runs"},
      {"trace --out t.json --deterministic maybe -- " + py + " x.py", "--deterministic"},
      {"trace --out t.json --env NOVALUE -- " + py + " x.py", "NAME=VALUE"},
      {"trace --out t.json --env PYTHONPATH=/x -- " + py + " x.py", "sets PYTHONPATH itself"},
      {"trace --out t.json --world-sizes 2 -- " + py + " x.py", "two sizes or more"},
      {"trace --out t.json --configs seeded --world-sizes 2,3 -- " + py + " x.py",
       "one axis at a time"},
      {"trace --out t.json -- /nonexistent/torchrun x.py", "cannot find /nonexistent/torchrun"},
      {"trace --out t.json --host a --host b -- " + py + " x.py", "one host"},
      {"trace --out t.json --partition debug -- " + py + " x.py", "go with --slurm"},
      {"trace --out t.json --slurm-shared . -- " + py + " x.py", "--slurm-shared goes with"},
      {"trace --out t.json --slurm --slurm-batch b -- " + py + " x.py", "not trace"},
  };
  for (const auto& [args, words] : cases) {
    const Result r = run(args);
    EXPECT_EQ(r.code, 2) << args << "\n" << r.err;
    EXPECT_EQ(lines(r.err), 1) << args << "\n" << r.err;
    EXPECT_NE(r.err.find(words), std::string::npos) << args << "\n" << r.err;
    EXPECT_FALSE(fs::exists(dir_ / "t.json")) << args;
    EXPECT_FALSE(fs::exists(dir_ / "reports")) << args;
  }
}

TEST_F(TraceCommand, AFailingScriptExitsFourKeepingWhatWasTraced) {
  const Result r = run("trace --quiet --out t.json -- " + script("fails.py"));
  EXPECT_EQ(r.code, 4) << r.out << r.err;
  EXPECT_NE(r.out.find("run 2 gives up here"), std::string::npos) << r.out;
  const json doc = report();
  const json& c = config(doc, "default");
  EXPECT_TRUE(c.at("failed").get<bool>());
  const json& run2 = c.at("runs").at(1);
  EXPECT_FALSE(run2.at("completed").get<bool>());
  EXPECT_EQ(run2.at("exit_code"), 1);
  EXPECT_GT(run2.at("ops").get<int>(), 0);
  EXPECT_NE(run2.at("stderr_tail").get<std::string>().find("RuntimeError: run 2 gives up here"),
            std::string::npos);
}

TEST_F(TraceCommand, TextThatIsNotUtf8StillGivesAValidReport) {
  const Result r =
      run("trace --quiet --runs 1 --out t.json --markdown t.md -- " + script("bad_text.py"));
  EXPECT_EQ(r.code, 4) << r.out << r.err;  // the script failed
  const std::string text = slurp(dir_ / "t.json");
  ASSERT_FALSE(text.empty()) << r.err;
  const json doc = json::parse(text);  // valid UTF-8, or this throws
  const json& run1 = config(doc, "default").at("runs").at(0);
  EXPECT_EQ(run1.at("exception").at("type"), "ValueError");
  EXPECT_NE(run1.at("stderr_tail").get<std::string>().find("not UTF-8"), std::string::npos);
  const std::string md = slurp(dir_ / "t.md");
  EXPECT_NO_THROW((void)json(md).dump()) << "the Markdown is valid UTF-8";
  EXPECT_EQ(md.find('\x1b'), std::string::npos);
}

TEST_F(TraceCommand, AScriptThatHangsIsStoppedAtTheTimeout) {
  const Result r = run("trace --quiet --runs 1 --timeout 2 --out t.json -- " + script("hangs.py"));
  EXPECT_EQ(r.code, 4) << r.out << r.err;
  EXPECT_TRUE(config(report(), "default").at("runs").at(0).at("timed_out").get<bool>());
}

TEST_F(TraceCommand, AnOpThatRaisesInErrorModeExitsThreeAndSaysWhere) {
  const Result r = run("trace --quiet --runs 1 --deterministic error --out t.json -- " +
                       script("raises_in_error_mode.py"));
  EXPECT_EQ(r.code, 3) << r.out << r.err;
  EXPECT_NE(r.out.find("In error mode, op"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("does not have a deterministic implementation"), std::string::npos);
  const json doc = report();
  const json& raised = config(doc, "default").at("runs").at(0).at("raised");
  EXPECT_TRUE(raised.at("nondeterministic_alert").get<bool>());
  EXPECT_EQ(raised.at("site").at("line"),
            lineOf(kScripts + "/raises_in_error_mode.py", "# RAISES"));
}

TEST_F(TraceCommand, CtrlCStopsTheScriptAndKeepsWhatCame) {
  // detbench passes the script's output through; once the script says it hangs, Ctrl-C.
  const std::string cmd = "cd '" + dir_.string() +
                          "' && ('" DETBENCH_CLI
                          "' trace --quiet --show-output --runs 2 --out t.json -- " +
                          script("hangs.py") +
                          " > out.txt 2> err.txt < /dev/null & pid=$!; "
                          "while ! grep -q 'hanging now' err.txt 2>/dev/null; do sleep 0.1; done; "
                          "kill -INT $pid; wait $pid; echo $? > code.txt)";
  ASSERT_EQ(std::system(cmd.c_str()), 0);
  EXPECT_EQ(std::stoi(slurp(dir_ / "code.txt")), 130) << slurp(dir_ / "err.txt");
  const json doc = report();
  EXPECT_TRUE(doc.at("cancelled").get<bool>());
  const json& run1 = config(doc, "default").at("runs").at(0);
  EXPECT_TRUE(run1.at("cancelled").get<bool>());
  EXPECT_GT(run1.at("ops").get<int>(), 0);
  EXPECT_EQ(config(doc, "default").at("runs").size(), 1u) << "run 2 never started";
}

// Stops a trace of leaves_children.py with `signals` (kill arguments, in turn, once the script
// hangs) and returns detbench's exit code; the script's detached child's pid is in child.txt.
int stopTraceWith(const std::filesystem::path& dir, const std::string& script,
                  const std::vector<std::string>& signals) {
  std::string kills;
  for (const auto& sig : signals) kills += "kill -" + sig + " $pid; sleep 0.5; ";
  const std::string cmd =
      "cd '" + dir.string() + "' && mkdir -p tmp && (TMPDIR='" + (dir / "tmp").string() +
      "' '" DETBENCH_CLI "' trace --quiet --show-output --runs 2 --out t.json -- " + script + " '" +
      (dir / "child.txt").string() +
      "' > out.txt 2> err.txt < /dev/null & pid=$!; "
      "while ! grep -q 'hanging now' err.txt 2>/dev/null; do sleep 0.1; done; " +
      kills + "wait $pid; echo $? > code.txt)";
  if (std::system(cmd.c_str()) != 0) return -1;
  return std::stoi(slurp(dir / "code.txt"));
}

bool processGone(pid_t pid) {
  // A zombie is gone for this purpose: it runs nothing.
  std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
  std::string text;
  std::getline(stat, text);
  const auto close = text.rfind(')');
  return text.empty() ||
         (close != std::string::npos && text.size() > close + 2 && text[close + 2] == 'Z');
}

// The signals that end detbench at once (README, exit codes): it ends by the signal, and
// before it does, the script's processes are stopped, the one in a session of its own
// included, and the probe's folder is removed.
TEST_F(TraceCommand, SigHupStopsTheScriptItsDetachedChildAndRemovesTheFolder) {
  const int code = stopTraceWith(dir_, script("leaves_children.py"), {"HUP"});
  EXPECT_EQ(code, 128 + SIGHUP) << slurp(dir_ / "err.txt");
  const pid_t child = std::stoi(slurp(dir_ / "child.txt"));
  EXPECT_TRUE(processGone(child)) << "the detached child " << child << " outlived the trace";
  if (!processGone(child)) ::kill(child, SIGKILL);
  EXPECT_TRUE(std::filesystem::is_empty(dir_ / "tmp")) << "a temporary folder was left";
}

TEST_F(TraceCommand, ASecondCtrlCStopsAScriptThatIgnoresTheFirstAndLeavesNothing) {
  const int code = stopTraceWith(dir_, script("leaves_children.py"), {"INT", "INT"});
  EXPECT_EQ(code, 128 + SIGINT) << slurp(dir_ / "err.txt");
  const pid_t child = std::stoi(slurp(dir_ / "child.txt"));
  EXPECT_TRUE(processGone(child));
  if (!processGone(child)) ::kill(child, SIGKILL);
  EXPECT_TRUE(std::filesystem::is_empty(dir_ / "tmp"));
}

TEST_F(TraceCommand, ACtrlCThatEndsTheTraceStopsTheDetachedChildToo) {
  // One Ctrl-C on a script that ignores it: after the grace it is killed, and what left its
  // group is found by its tag; the report keeps what came.
  const int code = stopTraceWith(dir_, script("leaves_children.py"), {"INT"});
  EXPECT_EQ(code, 130) << slurp(dir_ / "err.txt");
  const pid_t child = std::stoi(slurp(dir_ / "child.txt"));
  EXPECT_TRUE(processGone(child));
  if (!processGone(child)) ::kill(child, SIGKILL);
  EXPECT_TRUE(std::filesystem::is_empty(dir_ / "tmp"));
  EXPECT_TRUE(report().at("cancelled").get<bool>());
}

}  // namespace
}  // namespace detbench::testing
