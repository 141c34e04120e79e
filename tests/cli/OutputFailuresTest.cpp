// The command line when its output cannot go where it should: standard output that cannot be
// written (exit 2 with one line), a reader that goes away (SIGPIPE, as Unix tools), a name of
// any valid length, a file this user may not replace, and signals that end detbench while it
// writes (no temporary file left behind).

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <thread>
#include <vector>

#include "CliFixture.hpp"

extern char** environ;

namespace detbench::testing {
namespace {

class OutputFailuresTest : public CliTest {
 protected:
  // `args` with standard output on /dev/full; its exit code and standard error.
  Result runToFull(const std::string& args) const {
    const std::string cmd = "cd '" + dir_.string() + "' && '" DETBENCH_CLI "' " + args +
                            " > /dev/full 2> err.txt < /dev/null";
    const int status = std::system(cmd.c_str());
    return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, "", slurp(dir_ / "err.txt")};
  }

  // Files in the test's folder whose name says they are a temporary.
  std::vector<std::string> temporaries() const {
    std::vector<std::string> found;
    for (const auto& e : fs::directory_iterator(dir_)) {
      const std::string name = e.path().filename().string();
      if (name.find(".tmp-") != std::string::npos || name.find("probe") != std::string::npos ||
          name.front() == '#') {
        found.push_back(name);
      }
    }
    return found;
  }
};

// Case 11: output lost is not a success.
TEST_F(OutputFailuresTest, StandardOutputThatCannotBeWrittenIsExitTwoWithOneLine) {
  ASSERT_EQ(run("run --op sum --size 1000 --trials 2 -q --out good.json").code, 0);
  for (const std::string args : {
           "ops",
           "ops --json",
           "env",
           "compare good.json",
           "compare good.json --json",
           "recipe --torch-manual-seed",
           "pyhash a b c",
           "run --op sum --size 1000 --trials 2 -q --no-report",
           "invariance --op sum --size 1000 --trials 2 --threads-list 1,2 --json",
           "rng --seed 1 --count 5",
           "rng --seed 1 --count 100000",
           "demo --list",
           "--help",
       }) {
    const Result r = runToFull(args);
    EXPECT_EQ(r.code, 2) << args << "\n" << r.err;
    EXPECT_EQ(lines(r.err), 1) << args << "\n" << r.err;
    EXPECT_NE(r.err.find("cannot write to standard output"), std::string::npos) << args << r.err;
  }
}

// SIGPIPE keeps its default: under `| head` detbench ends as Unix tools do, by the signal
// (status 141 in the shell), with nothing on standard error.
TEST_F(OutputFailuresTest, AReaderThatGoesAwayEndsDetbenchQuietly) {
  if (!fs::exists("/bin/bash")) GTEST_SKIP() << "no bash for PIPESTATUS";
  const std::string cmd = "cd '" + dir_.string() +
                          "' && /bin/bash -c \"'" DETBENCH_CLI
                          "' rng --seed 1 --count 100000000 2> err.txt | head -1 > head.txt; "
                          "echo \\${PIPESTATUS[0]} > status.txt\"";
  ASSERT_EQ(std::system(cmd.c_str()), 0);
  EXPECT_EQ(slurp(dir_ / "status.txt"), "141\n");
  EXPECT_EQ(slurp(dir_ / "err.txt"), "");
  EXPECT_EQ(lines(slurp(dir_ / "head.txt")), 1);
}

// Case 14: a name of 254 bytes is written (the temporary beside it once passed NAME_MAX after
// the run); one past NAME_MAX is refused before the run.
TEST_F(OutputFailuresTest, AnOutputNameOfAnyValidLengthIsWritten) {
  const std::string name = std::string(249, 'r') + ".json";
  const Result r = run("run --op sum --size 1000 --trials 2 -q --out " + name);
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_TRUE(fs::exists(dir_ / name));
  EXPECT_TRUE(temporaries().empty());
  const Result longer =
      run("run --op sum --size 1000 --trials 2 -q --out " + std::string(252, 'r') + ".json");
  EXPECT_EQ(longer.code, 2);
  EXPECT_EQ(lines(longer.err), 1) << longer.err;
}

// "Also seen": --out over a file this user may not write, or (for a user other than root)
// over another user's file in a folder it may write, is refused; the rename would have put a
// file of this user's in its place. Run as the user nobody when the test runs as root.
TEST_F(OutputFailuresTest, AFileThisUserMayNotReplaceIsLeftAsItWas) {
  std::string as;
  if (::geteuid() == 0) {
    if (!fs::exists("/usr/bin/setpriv")) GTEST_SKIP() << "no setpriv to run as another user";
    as = "/usr/bin/setpriv --reuid=65534 --regid=65534 --clear-groups ";
    const std::string probe =
        "cd '" + dir_.string() + "' && " + as + "'" DETBENCH_CLI "' --version > /dev/null 2>&1";
    if (std::system(probe.c_str()) != 0) GTEST_SKIP() << "nobody cannot run the built detbench";
    fs::permissions(dir_, fs::perms::all);
  }
  const auto write = [&](const std::string& name, mode_t mode, uid_t owner) {
    std::ofstream(dir_ / name) << "old";
    ASSERT_EQ(::chmod((dir_ / name).c_str(), mode), 0);
    if (::geteuid() == 0) {
      ASSERT_EQ(::chown((dir_ / name).c_str(), owner, owner), 0);
    }
  };
  const uid_t me = ::geteuid() == 0 ? 65534 : ::geteuid();
  write("read-only.json", 0444, me);
  const std::string cmd = "cd '" + dir_.string() + "' && " + as +
                          "'" DETBENCH_CLI "' run --op sum --size 1000 --trials 2 -q --out ";
  const int readOnly = std::system((cmd + "read-only.json 2> err1.txt").c_str());
  EXPECT_TRUE(WIFEXITED(readOnly) && WEXITSTATUS(readOnly) == 2) << slurp(dir_ / "err1.txt");
  EXPECT_NE(slurp(dir_ / "err1.txt").find("not writable"), std::string::npos)
      << slurp(dir_ / "err1.txt");
  EXPECT_EQ(slurp(dir_ / "read-only.json"), "old");
  if (::geteuid() == 0) {
    write("theirs.json", 0666, 0);  // root's, writable by all, in a folder nobody may write
    const int theirs = std::system((cmd + "theirs.json 2> err2.txt").c_str());
    EXPECT_TRUE(WIFEXITED(theirs) && WEXITSTATUS(theirs) == 2) << slurp(dir_ / "err2.txt");
    EXPECT_NE(slurp(dir_ / "err2.txt").find("another user"), std::string::npos)
        << slurp(dir_ / "err2.txt");
    EXPECT_EQ(slurp(dir_ / "theirs.json"), "old");
    struct stat st {};
    ASSERT_EQ(::stat((dir_ / "theirs.json").c_str(), &st), 0);
    EXPECT_EQ(st.st_uid, 0u) << "taken over";
  }
}

// Case 8: whatever signal ends detbench while it writes, no temporary is left. detbench is held
// in the middle of its output batch: the report is staged (in a temporary) and the Markdown
// waits for a reader of its FIFO, which never comes. The test waits until the process holds the
// staged file (seen in /proc), then signals it; no timing decides anything.
TEST_F(OutputFailuresTest, NoTemporaryOutlivesASignal) {
  ASSERT_EQ(::mkfifo((dir_ / "fifo").c_str(), 0600), 0);
  struct Ending {
    const char* what;
    std::vector<int> signals;
  };
  for (const Ending& ending :
       {Ending{"a second Ctrl-C", {SIGINT, SIGINT}}, Ending{"two SIGTERMs", {SIGTERM, SIGTERM}},
        Ending{"SIGHUP", {SIGHUP}}, Ending{"SIGQUIT", {SIGQUIT}}, Ending{"SIGKILL", {SIGKILL}}}) {
    const std::string cli = DETBENCH_CLI;
    const std::string out = (dir_ / "big.json").string(), md = (dir_ / "fifo").string();
    std::vector<std::string> args{cli,    "run", "--op",  "sum", "--size",     "1000", "--trials",
                                  "2000", "-q",  "--out", out,   "--markdown", md};
    std::vector<char*> argv;
    for (auto& a : args) argv.push_back(a.data());
    argv.push_back(nullptr);
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0);
    const std::string err = (dir_ / "err.txt").string();
    posix_spawn_file_actions_addopen(&actions, 2, err.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    // Every signal at its default and none blocked, whatever the test inherited (a signal
    // ignored when detbench starts stays ignored).
    posix_spawnattr_t attributes;
    posix_spawnattr_init(&attributes);
    sigset_t all, none;
    sigfillset(&all);
    sigemptyset(&none);
    posix_spawnattr_setsigdefault(&attributes, &all);
    posix_spawnattr_setsigmask(&attributes, &none);
    posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK);
    pid_t pid = -1;
    ASSERT_EQ(::posix_spawn(&pid, cli.c_str(), &actions, &attributes, argv.data(), environ), 0);
    posix_spawnattr_destroy(&attributes);
    posix_spawn_file_actions_destroy(&actions);
    // Staged: one of its descriptors is the report's temporary, an unnamed file in the test's
    // folder ("DIR/#INODE (deleted)") or a named one (".big.json.tmp-..."), holding the report.
    // The check that the folder is writable, before the run (and before Ctrl-C stops rather
    // than ends it), makes an empty one for a moment: not the report.
    const auto staged = [&] {
      std::error_code ec;
      for (const auto& fd : fs::directory_iterator("/proc/" + std::to_string(pid) + "/fd", ec)) {
        const std::string target = fs::read_symlink(fd.path(), ec).string();
        if (target.rfind(dir_.string() + "/", 0) == 0 &&
            (target.find("(deleted)") != std::string::npos ||
             target.find(".tmp-") != std::string::npos)) {
          std::error_code sizeError;
          const auto bytes = fs::file_size(fd.path(), sizeError);  // the file the link names
          if (!sizeError && bytes > 0) return true;
        }
      }
      return false;
    };
    bool held = false;
    for (int i = 0; i < 6000 && !(held = staged()); ++i) {
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    ASSERT_TRUE(held) << ending.what << ": the report was never staged";
    // A second signal is sent once the first has been taken (its handler says so): two
    // pending signals of one kind would be one.
    for (std::size_t k = 0; k < ending.signals.size(); ++k) {
      ASSERT_EQ(::kill(pid, ending.signals[k]), 0);
      if (k + 1 == ending.signals.size()) break;
      bool taken = false;
      for (int i = 0; i < 6000 && !(taken = slurp(err).find("stopping") != std::string::npos);
           ++i) {
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
      }
      ASSERT_TRUE(taken) << ending.what << ": " << slurp(err);
    }
    int status = 0;
    ASSERT_EQ(::waitpid(pid, &status, 0), pid);
    EXPECT_TRUE(WIFSIGNALED(status)) << ending.what;
    EXPECT_TRUE(temporaries().empty()) << ending.what << ": " << temporaries().front();
    EXPECT_FALSE(fs::exists(dir_ / "big.json")) << ending.what;
  }
}

}  // namespace
}  // namespace detbench::testing
