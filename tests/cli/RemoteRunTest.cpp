// `detbench run --host` and `env --host` against stand-ins for ssh (DETBENCH_SSH): scripts that
// record the command line ssh would get and start a local `detbench serve --stdio`, or act out
// what can go wrong (a refused key, another protocol version, a silent peer, a connection that
// ends mid-run). The same through a real OpenSSH server: tests/remote/test_ssh_e2e.py.

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

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
  // A server whose connection ends after its first `messages` lines.
  std::string serveThenEnd(int messages) const {
    return "fifo='" + (dir_ / "fifo").string() +
           "'\nmkfifo \"$fifo\"\nexec 3<&0\n'" DETBENCH_CLI
           "' serve --stdio <&3 > \"$fifo\" &\nserve=$!\n"
           "stdbuf -oL head -n " +
           std::to_string(messages) + " < \"$fifo\"\nkill $serve";
  }
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
  const std::string body = serveThenEnd(4);
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

// A remote that answers with a value nested 100,000 deep (a fake ssh
// speaking the protocol itself). Before the run it is a refusal (exit 2, one line); after the
// run has started, the run ends with the trials that came and a RemoteError (exit 4). Neither
// is walked: the client once ended with SIGSEGV.
TEST_F(RemoteRunTest, ADeeplyNestedAnswerIsRefusedNotACrash) {
  const std::string hello =
      R"(echo '{"type":"hello","protocol":1,"detbench":"0.1.0","devices":[],)"
      R"("offers":["env","run","sweep","invariance","save_io","demo","cancel"]}')";
  const std::string deep =
      "head -c 100000 /dev/zero | tr '\\0' '['; head -c 100000 /dev/zero | tr '\\0' ']'";
  const Result env =
      run("env --host me@box", fakeSsh(hello +
                                       "\nread line\nprintf '{\"id\":1,\"type\":\"env\","
                                       "\"environment\":'\n" +
                                       deep + "\necho '}'\nexec sleep 30"));
  EXPECT_EQ(env.code, 2) << env.err;
  EXPECT_EQ(lines(env.err), 1) << env.err;
  EXPECT_NE(env.err.find("nested deeper"), std::string::npos) << env.err;
  // A real environment first, then a run that starts, sends a trial and a deep report.
  const std::string body =
      hello + "\nread line\nprintf '{\"id\":1,\"type\":\"env\",\"environment\":%s}\\n' \"$('" +
      std::string(DETBENCH_CLI) +
      "' env --json | tr -d '\\n')\"\nread line\n"
      R"(echo '{"id":2,"type":"started","trials":5,"configurations":1}')"
      "\n"
      R"(echo '{"id":2,"type":"trials","records":[{"index":0,"time_ns":1000,)"
      R"("digest":"0x0000000000000abc","max_abs_diff":0.0,"max_ulp":0,"n_diff":0}]}')"
      "\nprintf '{\"id\":2,\"type\":\"report\",\"report\":'\n" +
      deep + "\necho '}'\nexec sleep 30";
  const Result r =
      run(std::string("run ") + kSmall + "--host me@box --out cut.json", fakeSsh(body));
  EXPECT_EQ(r.code, 4) << r.err;
  const json doc = readJson("cut.json");
  EXPECT_EQ(doc["summary"]["trials"], 1);
  EXPECT_TRUE(doc["summary"]["cancelled"].get<bool>());
  EXPECT_EQ(doc["errors"][0]["kind"], "RemoteError");
  EXPECT_NE(doc["errors"][0]["message"].get<std::string>().find("nested deeper"), std::string::npos)
      << doc["errors"][0].dump();
}

TEST_F(RemoteRunTest, BadOptionsAreRefusedBeforeSshStarts) {
  const std::string env = fakeSsh("touch started; " + serve());
  for (const char* bad :
       {"--host -oProxyCommand=x", "--host 'me@gpu box'", "--host me@h --ssh-port 70000",
        "--host me@h --remote-silence 0", "--host me@h --remote-timeout 0"}) {
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

// Slurm's options without --slurm are refused, not ignored (a run here is not what was asked).
TEST_F(RemoteRunTest, SlurmsOptionsWithoutSlurmAreRefused) {
  for (const std::string& bad :
       {std::string("run ") + kSmall + "--partition debug",
        std::string("run ") + kSmall + "--slurm-batch jobs",
        std::string("sweep ") + kSmall + "--gpu-type a100", std::string("env --time 10"),
        std::string("demo error-and-warn --qos high")}) {
    const Result r = run(bad);
    EXPECT_EQ(r.code, 2) << bad;
    EXPECT_EQ(lines(r.err), 1) << bad << ": " << r.err;
    EXPECT_NE(r.err.find("go with --slurm"), std::string::npos) << bad << ": " << r.err;
  }
  EXPECT_FALSE(fs::exists(dir_ / "reports"));
  EXPECT_FALSE(fs::exists(dir_ / "jobs"));
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

TEST_F(RemoteRunTest, ASweepRunsThereAndIsWrittenAsALocalSweep) {
  const Result r = run(std::string("sweep ") + kSmall +
                           "--configs default,deterministic --host me@gpu-box --out s.json",
                       fakeSsh(serve()));
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.out.find("Ran on:"), std::string::npos) << r.out;
  const json doc = readJson("s.json");
  EXPECT_EQ(doc["kind"], "sweep");
  ASSERT_EQ(doc["configurations"].size(), 2u);
  EXPECT_EQ(doc["configurations"][1]["settings"]["deterministic_algorithms"], "error");
  EXPECT_EQ(doc["configurations"][1]["summary"]["trials"], 5);
  EXPECT_EQ(doc["viewer"]["remote"], "ssh me@gpu-box");
}

TEST_F(RemoteRunTest, AnInvarianceRunGoesThereWithItsPlan) {
  const Result r =
      run("invariance --op matmul -p size=8 -p n=4 -p k=64 --trials 2 --warmup 0 "
          "--batches 1,2,4 --host me@gpu-box --out i.json",
          fakeSsh(serve()));
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.out.find("Batch invariance of matmul"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("Ran on:"), std::string::npos) << r.out;
  const json doc = readJson("i.json");
  EXPECT_EQ(doc["format"], "detbench-invariance");
  EXPECT_EQ(doc["axis"], "batches");
  ASSERT_EQ(doc["points"].size(), 4u);  // the full batch, then 1, 2 and 4 rows
  EXPECT_EQ(doc["points"][3]["rows"], 4);
  EXPECT_EQ(doc["report"]["viewer"]["remote"], "ssh me@gpu-box");
  // A plan that cannot run is refused here, before ssh starts; several hosts are refused too.
  const std::string env = fakeSsh("touch started; " + serve());
  for (const char* bad : {"--batches 0", "--batches 2,1", "--host b@y"}) {
    const Result refused =
        run(std::string("invariance --op matmul -p size=8 --host me@h --batches 1,2 ") + bad, env);
    EXPECT_EQ(refused.code, 2) << bad;
    EXPECT_EQ(lines(refused.err), 1) << bad << ": " << refused.err;
  }
  EXPECT_FALSE(fs::exists(dir_ / "started"));
}

TEST_F(RemoteRunTest, SaveIoOverSshWritesTheInputsALocalRunWrites) {
  // The inputs come from the remote run and equal this machine's for the same data seed; the
  // sequential cpu device gives the same trial-0 output on both sides.
  const std::string common =
      std::string("run ") + kSmall + "--device cpu --data-seed 7 --no-report ";
  const Result remote = run(common + "--host me@gpu-box --save-io rio", fakeSsh(serve()));
  ASSERT_EQ(remote.code, 0) << remote.err;
  EXPECT_NE(remote.out.find("Inputs and trial 0's output: rio"), std::string::npos) << remote.out;
  const Result local = run(common + "--save-io lio");
  ASSERT_EQ(local.code, 0) << local.err;
  int files = 0;
  for (const auto& f : fs::directory_iterator(dir_ / "lio")) {
    const auto name = f.path().filename();
    ASSERT_TRUE(fs::exists(dir_ / "rio" / name)) << name;
    EXPECT_EQ(slurp(dir_ / "rio" / name), slurp(f.path())) << name;
    ++files;
  }
  EXPECT_EQ(files, 4);  // self, index, source and out_trial0
  // Several hosts: a folder each.
  const Result two = run(std::string("sweep ") + kSmall +
                             "--configs deterministic --host me@a --host me@b --save-io multi",
                         fakeSsh(serve()));
  ASSERT_EQ(two.code, 0) << two.err;
  EXPECT_TRUE(fs::exists(dir_ / "multi" / "me_a" / "out_trial0.npy"));
  EXPECT_TRUE(fs::exists(dir_ / "multi" / "me_b" / "out_trial0.npy"));
}

TEST_F(RemoteRunTest, ARemoteThatDoesNotOfferSweepsSaysSo) {
  // A detbench from before sweeps went over the protocol: its hello has no offers.
  const std::string older = fakeSsh(
      R"(echo '{"type":"hello","protocol":1,"detbench":"0.0.9","devices":[]}'; exec sleep 30)");
  const Result sweep = run(std::string("sweep ") + kSmall + "--host me@old", older);
  EXPECT_EQ(sweep.code, 2);
  EXPECT_EQ(lines(sweep.err), 1) << sweep.err;
  EXPECT_NE(sweep.err.find("does not offer sweeps"), std::string::npos) << sweep.err;
  EXPECT_NE(sweep.err.find("0.0.9"), std::string::npos) << sweep.err;
  const Result io = run(std::string("run ") + kSmall + "--host me@old --save-io io", older);
  EXPECT_EQ(io.code, 2);
  EXPECT_NE(io.err.find("does not offer --save-io"), std::string::npos) << io.err;
}

TEST_F(RemoteRunTest, ASweepCutShortKeepsTheConfigurationRunningWithItsTrials) {
  // The peer's fifth message is the first configuration's first batch of records; then it goes.
  const std::string body = serveThenEnd(5);
  const Result r =
      run("sweep --op index_add --size 65536 -p rows=64 --trials 100000 --warmup 1 "
          "--configs default,deterministic --host me@gpu-box --out cut.json",
          fakeSsh(body));
  EXPECT_EQ(r.code, 4) << r.err;
  const json doc = readJson("cut.json");
  EXPECT_EQ(doc["kind"], "sweep");
  ASSERT_EQ(doc["configurations"].size(), 1u);
  const json& first = doc["configurations"][0];
  EXPECT_EQ(first["name"], "default");
  EXPECT_EQ(first["errors"][0]["kind"], "RemoteError");
  EXPECT_TRUE(first["summary"]["cancelled"].get<bool>());
  EXPECT_GE(first["summary"]["trials"].get<int>(), 1);
}

TEST_F(RemoteRunTest, ASweepThereDoesNotTakeThisMachinesCublasWorkspaceConfig) {
  const std::string sweep = std::string("sweep ") + kSmall + "--configs default,deterministic " +
                            "--host me@gpu-box --out s.json";
  const Result r = run(sweep, "CUBLAS_WORKSPACE_CONFIG=:4096:8 " + fakeSsh(serve()));
  ASSERT_EQ(r.code, 0) << r.err;
  const json unset = readJson("s.json");  // kept: a range-for over a temporary's part dangles
  for (const auto& c : unset["configurations"]) {
    EXPECT_TRUE(c["settings"]["cublas_workspace_config"].is_null()) << c["settings"].dump();
  }
  const Result asked = run(sweep + " --cublas-workspace-config :16:8",
                           "CUBLAS_WORKSPACE_CONFIG=:4096:8 " + fakeSsh(serve()));
  ASSERT_EQ(asked.code, 0) << asked.err;
  const json set = readJson("s.json");
  for (const auto& c : set["configurations"]) {
    EXPECT_EQ(c["settings"]["cublas_workspace_config"], ":16:8") << c["settings"].dump();
  }
}

TEST_F(RemoteRunTest, AServerThatSendsWhatItShouldNotEndsTheRunAndNothingElse) {
  // A stand-in server: its hello, this machine's environment, the run started, then `bad`.
  const auto hostile = [this](const std::string& bad) {
    return fakeSsh(
        "printf '%s\\n' '{\"type\":\"hello\",\"protocol\":1,\"detbench\":\"9\","
        "\"devices\":[],\"offers\":[\"save_io\"]}'\n"
        "printf '{\"id\":1,\"type\":\"env\",\"environment\":%s}\\n' \"$('" DETBENCH_CLI
        "' env --json | tr -d '\\n')\"\n"
        "printf '%s\\n' '{\"id\":2,\"type\":\"started\",\"trials\":5}'\n"
        "printf '%s\\n' '" +
        bad + "'\nexec sleep 30");
  };
  const std::string runIo = std::string("run ") + kSmall + "--host me@h --save-io io --out r.json";
  const char* bad[] = {
      // A configuration far past the request's one.
      R"({"id":2,"type":"configuration","index":2000000000,"name":"x"})",
      // A tensor named to climb out of the folder.
      R"({"id":2,"type":"io","name":"../x","role":"input","dtype":"float32","shape":[1],"bytes":4,"offset":0,"data":"AAAAAA=="})",
      // A tensor of 4 TB.
      R"({"id":2,"type":"io","name":"x","role":"input","dtype":"float32","shape":[1000000000000],"bytes":4000000000000,"offset":0,"data":""})",
      // Something that is not a record.
      R"({"id":2,"type":"trials","records":[{"index":"zero"}]})",
      // An error whose words hold a terminal escape.
      "{\"id\":2,\"type\":\"error\",\"kind\":\"DeviceError\",\"message\":\"gone\\u001b[2J\"}"};
  for (const char* b : bad) {
    fs::remove_all(dir_ / "io");
    const Result r = run(runIo, hostile(b));
    EXPECT_TRUE(r.code == 2 || r.code == 4) << b << ": " << r.code << " " << r.err;
    EXPECT_EQ(r.err.find('\x1b'), std::string::npos) << b;
    EXPECT_FALSE(fs::exists(dir_ / "io")) << b;
    EXPECT_FALSE(fs::exists(dir_ / "x.npy")) << b;
  }
}

TEST_F(RemoteRunTest, ADemoRunsThereAndItsReportsAreWrittenHere) {
  const Result r =
      run("demo error-and-warn --host me@gpu-box --out d.json --markdown d.md", fakeSsh(serve()));
  ASSERT_EQ(r.code, 0) << r.err;  // error mode raises, warn mode warns: whatever the timing
  EXPECT_NE(r.out.find("Deterministic mode: error and warn"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("Ran on:"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("As expected."), std::string::npos) << r.out;
  EXPECT_EQ(readJson("d.json")["scenario"], "error-and-warn");
  EXPECT_FALSE(slurp(dir_ / "d.md").empty());
  const Result unknown = run("demo no-such-demo --host me@gpu-box", fakeSsh(serve()));
  EXPECT_EQ(unknown.code, 2);
  EXPECT_EQ(lines(unknown.err), 1) << unknown.err;
}

TEST_F(RemoteRunTest, CtrlCAsksTheRemoteToStopAndWritesTheTrialsDone) {
  // detbench runs as a child of the test (not through the fixture, which waits for it); the
  // stand-in for ssh copies what the server says into `seen`, so the test knows when trials
  // have come and only then sends SIGINT, to detbench alone.
  const fs::path seen = dir_ / "seen";
  const std::string env = fakeSsh("'" DETBENCH_CLI "' serve --stdio | tee '" + seen.string() + "'");
  const std::string ssh = env.substr(env.find('\'') + 1, env.rfind('\'') - env.find('\'') - 1);
  // posix_spawn, not fork: nothing unsafe runs between the two in a threaded test process.
  std::vector<std::string> envText;
  for (char** e = environ; *e != nullptr; ++e) {
    if (std::string(*e).rfind("DETBENCH_SSH=", 0) != 0) envText.emplace_back(*e);
  }
  envText.push_back("DETBENCH_SSH=" + ssh);
  std::vector<char*> envp;
  for (auto& e : envText) envp.push_back(e.data());
  envp.push_back(nullptr);
  std::vector<std::string> argText = {"detbench", "run",        "--op",     "index_add",
                                      "--size",   "65536",      "-p",       "rows=64",
                                      "--trials", "1000000",    "--warmup", "1",
                                      "--host",   "me@gpu-box", "--out",    "stopped.json"};
  std::vector<char*> argv;
  for (auto& a : argText) argv.push_back(a.data());
  argv.push_back(nullptr);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addchdir_np(&actions, dir_.c_str());
  posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "stdout.txt",
                                   O_WRONLY | O_CREAT | O_TRUNC, 0644);
  posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "stderr.txt",
                                   O_WRONLY | O_CREAT | O_TRUNC, 0644);
  pid_t pid = -1;
  const int spawned =
      ::posix_spawn(&pid, DETBENCH_CLI, &actions, nullptr, argv.data(), envp.data());
  posix_spawn_file_actions_destroy(&actions);
  ASSERT_EQ(spawned, 0);
  // Waits for the first batch of trial records (bounded: a broken run fails the test).
  bool trials = false;
  int status = 0;
  for (int i = 0; i < 6000 && !trials; ++i) {
    trials = fs::exists(seen) && slurp(seen).find("\"type\":\"trials\"") != std::string::npos;
    if (trials) break;
    if (::waitpid(pid, &status, WNOHANG) == pid) break;  // it ended on its own
    ::usleep(10000);
  }
  if (!trials) ::kill(pid, SIGKILL);
  ASSERT_TRUE(trials) << slurp(dir_ / "stderr.txt");
  ASSERT_EQ(::kill(pid, SIGINT), 0);
  // Bounded: a cancel that is lost fails the test instead of hanging it.
  bool ended = false;
  for (int i = 0; i < 12000 && !ended; ++i) {
    ended = ::waitpid(pid, &status, WNOHANG) == pid;
    if (!ended) ::usleep(10000);
  }
  if (!ended) {
    ::kill(pid, SIGKILL);
    ::waitpid(pid, &status, 0);
  }
  ASSERT_TRUE(ended) << "no end within 120 s of SIGINT";
  ASSERT_TRUE(WIFEXITED(status)) << status;
  EXPECT_EQ(WEXITSTATUS(status), 130) << slurp(dir_ / "stderr.txt");
  EXPECT_NE(slurp(dir_ / "stderr.txt").find("stopping after the trial in progress"),
            std::string::npos);
  const json doc = readJson("stopped.json");
  EXPECT_TRUE(doc["summary"]["cancelled"].get<bool>());
  EXPECT_TRUE(doc["errors"].empty()) << doc["errors"].dump();  // the remote stopped, cleanly
  const int done = doc["summary"]["trials"];
  EXPECT_GE(done, 1);
  EXPECT_LT(done, 1000000);
}

}  // namespace
