// `detbench trace --host` end to end through a stand-in ssh (DETBENCH_SSH: a script that runs
// the remote command with sh here), with Debian's python3-torch (skipped where it has none): the
// host's detbench runs the trace, its words come here, its reports are written here and its
// temporary files removed there; Ctrl-C here stops the trace there, keeping what came.

#include <nlohmann/json.hpp>

#include "../trace/TracePython.hpp"
#include "CliFixture.hpp"

namespace detbench::testing {
namespace {

using json = nlohmann::json;
using trace::kTracePython;

using trace::kScripts;

class TraceThroughHost : public CliTest {
 protected:
  void SetUp() override {
    if (!trace::pythonHasTorch()) GTEST_SKIP() << kTracePython << " has no torch";
    std::ofstream(dir_ / "login-ssh") << "#!/bin/sh\nfor last; do :; done\nexec sh -c \"$last\"\n";
    fs::permissions(dir_ / "login-ssh", fs::perms::owner_all);
    fs::create_directories(dir_ / "tmp");
  }
  // The environment and options that reach the "host": the stand-in ssh, a private TMPDIR
  // (where the host's detbench keeps the reports until it sends them), its detbench.
  std::string env() const {
    return "DETBENCH_SSH='" + (dir_ / "login-ssh").string() + "' TMPDIR='" +
           (dir_ / "tmp").string() + "'";
  }
  static std::string hostOptions() {
    return "--host login.example --ssh-option ConnectTimeout=5 --remote-detbench '" DETBENCH_CLI
           "'";
  }
  std::string script(const std::string& name) const {
    return std::string(kTracePython) + " '" + kScripts + "/" + name + "'";
  }
};

TEST_F(TraceThroughHost, TheHostsWordsAndReportsComeHere) {
  const Result r = run("trace " + hostOptions() +
                           " --runs 2 --no-second-pass --out here.json --markdown here.md -- " +
                           script("python_random.py"),
                       env());
  ASSERT_EQ(r.code, 0) << r.err << r.out;
  EXPECT_NE(r.out.find("First cause: op 2 aten::mul.Tensor at python_random.py:10"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("Report: here.json"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("Markdown: here.md"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("detbench-trace-"), std::string::npos) << "the host's own report lines";
  EXPECT_TRUE(r.err.empty()) << r.err;
  const json doc = json::parse(slurp(dir_ / "here.json"));
  EXPECT_FALSE(doc.at("configurations").at(0).at("causes").empty());
  EXPECT_NE(slurp(dir_ / "here.md").find("python_random"), std::string::npos);
  EXPECT_TRUE(fs::is_empty(dir_ / "tmp")) << "the host kept its temporary reports";
}

TEST_F(TraceThroughHost, CtrlCHereStopsTheTraceThereAndKeepsWhatCame) {
  // The script's words come here on standard error: once it says it hangs, Ctrl-C.
  const std::string cmd = "cd '" + dir_.string() + "' && (" + env() + " '" DETBENCH_CLI "' trace " +
                          hostOptions() + " --show-output --runs 2 --out t.json -- " +
                          script("hangs.py") +
                          " > out.txt 2> err.txt < /dev/null & pid=$!; "
                          "n=0; while ! grep -q 'hanging now' err.txt 2>/dev/null && "
                          "[ $n -lt 1200 ]; do sleep 0.1; n=$((n+1)); done; "
                          "kill -INT $pid; wait $pid; echo $? > code.txt)";
  ASSERT_EQ(std::system(cmd.c_str()), 0);
  EXPECT_EQ(std::stoi(slurp(dir_ / "code.txt")), 130) << slurp(dir_ / "err.txt");
  EXPECT_NE(slurp(dir_ / "err.txt").find("stopping the trace on login.example"), std::string::npos);
  const json doc = json::parse(slurp(dir_ / "t.json"));
  EXPECT_TRUE(doc.at("cancelled").get<bool>());
  EXPECT_EQ(doc.at("configurations").at(0).at("runs").size(), 1u) << "run 2 never started";
  EXPECT_TRUE(fs::is_empty(dir_ / "tmp")) << "the host kept its temporary reports";
}

TEST_F(TraceThroughHost, BadOptionsAreTheHostsOneLineAndExitTwo) {
  const Result r =
      run("trace " + hostOptions() + " --runs 0 -- " + script("python_random.py"), env());
  EXPECT_EQ(r.code, 2);
  EXPECT_EQ(lines(r.err), 1) << r.err;
  EXPECT_NE(r.err.find("--runs"), std::string::npos) << r.err;
  EXPECT_FALSE(fs::exists(dir_ / "reports"));
}

TEST_F(TraceThroughHost, AHostWithoutDetbenchIsOneLine) {
  const Result r = run("trace --host login.example --remote-detbench /nonexistent/detbench -- " +
                           script("python_random.py"),
                       env());
  EXPECT_NE(r.code, 0);
  EXPECT_NE(r.err.find("no /nonexistent/detbench on login.example"), std::string::npos) << r.err;
  EXPECT_FALSE(fs::exists(dir_ / "reports"));
}

}  // namespace
}  // namespace detbench::testing
