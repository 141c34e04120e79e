// `detbench run --host` and `env --host` against stand-ins for ssh (DETBENCH_SSH): scripts that
// record the command line ssh would get and start a local `detbench serve --stdio`, or act out
// what can go wrong (a refused key, another protocol version, a silent peer, a connection that
// ends mid-run). The same through a real OpenSSH server: tests/remote/test_ssh_e2e.py.

#include <sys/stat.h>

#include <fstream>
#include <string>

#include <nlohmann/json.hpp>

#include "CliFixture.hpp"

namespace {

using namespace detbench::testing;
using json = nlohmann::json;

class RemoteRunTest : public CliTest {
 protected:
  // Writes an executable stand-in for ssh and returns the environment that selects it.
  std::string fakeSsh(const std::string& body) const {
    const auto path = dir_ / "fake-ssh";
    std::ofstream(path) << "#!/bin/sh\nprintf '%s\\n' \"$@\" > '"
                        << (dir_ / "ssh-args.txt").string() << "'\n"
                        << body << "\n";
    ::chmod(path.c_str(), 0755);
    return "DETBENCH_SSH='" + path.string() + "'";
  }
  std::string serve() const { return "exec '" DETBENCH_CLI "' serve --stdio"; }
  json readJson(const std::string& name) const { return json::parse(slurp(dir_ / name)); }
};

TEST_F(RemoteRunTest, RunsThroughSshAndWritesTheRemoteReportWithThisMachineAsViewer) {
  const Result r = run(std::string("run ") + kSmall +
                           "--host me@gpu-box --ssh-port 2222 --ssh-identity /keys/id "
                           "--ssh-option StrictHostKeyChecking=yes "
                           "--remote-detbench \"/opt/det bench/detbench\" --out r.json",
                       fakeSsh(serve()));
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.out.find("Ran on:"), std::string::npos) << r.out;
  const json doc = readJson("r.json");
  EXPECT_EQ(doc["summary"]["trials"], 5);
  EXPECT_EQ(doc["viewer"]["remote"], "ssh me@gpu-box");
  EXPECT_FALSE(doc["viewer"]["host"].get<std::string>().empty());
  const std::string args = slurp(dir_ / "ssh-args.txt");
  for (const char* expected :
       {"-T\n", "BatchMode=yes\n", "-p\n2222\n", "-i\n/keys/id\n", "StrictHostKeyChecking=yes\n",
        "--\nme@gpu-box\n'/opt/det bench/detbench' serve --stdio\n"}) {
    EXPECT_NE(args.find(expected), std::string::npos) << expected << " in\n" << args;
  }
}

TEST_F(RemoteRunTest, EnvShowsTheRemoteEnvironment) {
  const Result r = run("env --json --host me@gpu-box", fakeSsh(serve()));
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(json::parse(r.out)["tool"], "detbench");
}

TEST_F(RemoteRunTest, ARefusedKeyIsOneLineWithSshsOwnWordsAndNothingWritten) {
  const Result r = run(std::string("run ") + kSmall + "--host me@gpu-box",
                       fakeSsh("echo 'me@gpu-box: Permission denied (publickey).' >&2; exit 255"));
  EXPECT_EQ(r.code, 2);
  EXPECT_EQ(lines(r.err), 1) << r.err;
  EXPECT_NE(r.err.find("Permission denied (publickey)"), std::string::npos) << r.err;
  EXPECT_FALSE(fs::exists(dir_ / "reports"));
}

TEST_F(RemoteRunTest, AnotherProtocolVersionIsRefusedWithBothVersions) {
  const Result r =
      run(std::string("run ") + kSmall + "--host me@gpu-box",
          fakeSsh(R"(echo '{"type":"hello","protocol":99,"detbench":"9.9.0"}'; exec sleep 30)"));
  EXPECT_EQ(r.code, 2);
  EXPECT_EQ(lines(r.err), 1) << r.err;
  EXPECT_NE(r.err.find("protocol 99"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("9.9.0"), std::string::npos) << r.err;
}

TEST_F(RemoteRunTest, ASilentPeerTimesOutWithTheWaitItGaveUpOn) {
  const Result r = run(std::string("run ") + kSmall + "--host me@gpu-box --remote-timeout 1",
                       fakeSsh("exec sleep 30"));
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("within 1 s"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("hello"), std::string::npos) << r.err;
}

TEST_F(RemoteRunTest, AConnectionThatEndsMidRunKeepsTheTrialsThatArrived) {
  // The peer's fourth message is the first batch of trial records (at most 256); then it goes.
  const std::string body = "fifo='" + (dir_ / "fifo").string() +
                           "'\nmkfifo \"$fifo\"\nexec 3<&0\n'" DETBENCH_CLI
                           "' serve --stdio <&3 > \"$fifo\" &\nserve=$!\n"
                           "stdbuf -oL head -n 4 < \"$fifo\"\nkill $serve";
  const Result r =
      run("run --op index_add --size 65536 -p rows=64 --trials 100000 --warmup 1 "
          "--host me@gpu-box --out cut.json",
          fakeSsh(body));
  EXPECT_EQ(r.code, 4) << r.err;
  const json doc = readJson("cut.json");
  EXPECT_EQ(doc["errors"][0]["kind"], "RemoteError");
  EXPECT_NE(doc["errors"][0]["message"].get<std::string>().find("ended after"), std::string::npos);
  EXPECT_TRUE(doc["summary"]["cancelled"].get<bool>());
  const int arrived = doc["summary"]["trials"];
  EXPECT_GE(arrived, 1);
  EXPECT_LE(arrived, 256);
}

TEST_F(RemoteRunTest, ARequestTheRemoteRefusesIsItsOneLine) {
  const Result r =
      run(std::string("run ") + kSmall + "-p nosuch=1 --host me@gpu-box", fakeSsh(serve()));
  EXPECT_EQ(r.code, 2);
  EXPECT_EQ(lines(r.err), 1) << r.err;
  EXPECT_NE(r.err.find("me@gpu-box: "), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("nosuch"), std::string::npos) << r.err;
}

TEST_F(RemoteRunTest, BadOptionsAreRefusedBeforeSshStarts) {
  const std::string env = fakeSsh("touch started; " + serve());
  for (const char* bad :
       {"--host -oProxyCommand=x", "--host 'me@gpu box'", "--host me@h --ssh-port 70000",
        "--host me@h --save-io io", "--host me@h --remote-timeout 0"}) {
    const Result r = run(std::string("run ") + kSmall + bad, env);
    EXPECT_EQ(r.code, 2) << bad;
    EXPECT_EQ(lines(r.err), 1) << bad << ": " << r.err;
  }
  EXPECT_FALSE(fs::exists(dir_ / "started"));
  const Result none =
      run(std::string("run ") + kSmall + "--host me@h", "DETBENCH_SSH=/nonexistent/ssh");
  EXPECT_EQ(none.code, 2);
  EXPECT_NE(none.err.find("cannot start /nonexistent/ssh"), std::string::npos) << none.err;
}

TEST_F(RemoteRunTest, SeveralHostsRunInTurnAndAreSetSideBySide) {
  // Two hosts served by the same stand-in, and one that refuses the key: the two are written and
  // compared, the third is reported and the exit code says one host failed.
  const std::string env = fakeSsh(
      "for a; do case \"$a\" in bad@*) echo 'bad@box: Permission denied (publickey).' >&2; "
      "exit 255;; esac; done\n" +
      serve());
  const Result r =
      run(std::string("run ") + kSmall + "--host me@box-a --host bad@box --host me@box-b", env);
  EXPECT_EQ(r.code, 4) << r.err;
  EXPECT_NE(r.err.find("Permission denied (publickey)"), std::string::npos) << r.err;
  EXPECT_NE(r.out.find("Across the hosts:"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("via ssh me@box-a"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("via ssh me@box-b"), std::string::npos) << r.out;
  int reports = 0;
  for (const auto& f : fs::directory_iterator(dir_ / "reports")) {
    const std::string name = f.path().filename().string();
    reports += name.find("-me_box-a.json") != std::string::npos ||
               name.find("-me_box-b.json") != std::string::npos;
  }
  EXPECT_EQ(reports, 2);
  const Result one = run(std::string("run ") + kSmall + "--host a@x --host b@y --out r.json", env);
  EXPECT_EQ(one.code, 2);
  EXPECT_EQ(lines(one.err), 1) << one.err;
}

}  // namespace
