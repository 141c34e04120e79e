// The command line under hostile but fair input: special files as outputs, damaged and
// oversized reports, out-of-range numbers, contradictory options, and failures that must leave
// nothing behind. Each test here was written before its fix and seen failing.

#include <fcntl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/wait.h>
#include <unistd.h>

#include <functional>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "CliFixture.hpp"

namespace detbench::testing {
namespace {

using json = nlohmann::ordered_json;

class HostileInputTest : public CliTest {
 protected:
  // A small real report to damage.
  json goodRun() {
    const Result r = run("run --op sum --size 1000 --trials 3 --warmup 0 --out good.json");
    EXPECT_EQ(r.code, 0) << r.err;
    return json::parse(slurp(dir_ / "good.json"));
  }
  void write(const std::string& name, const std::string& text) {
    std::ofstream(dir_ / name, std::ios::binary) << text;
  }
  void expectRefused(const std::string& args, const std::string& mention = {}) {
    const Result r = run(args);
    EXPECT_EQ(r.code, 2) << args << "\n" << r.err;
    EXPECT_EQ(lines(r.err), 1) << args << "\n" << r.err;
    if (!mention.empty()) {
      EXPECT_NE(r.err.find(mention), std::string::npos) << args << "\n" << r.err;
    }
  }
};

bool isCharacterDevice(const char* path) {
  struct stat st {};
  return ::lstat(path, &st) == 0 && S_ISCHR(st.st_mode);
}

TEST_F(HostileInputTest, ACharacterDeviceStaysADevice) {
  // As root, a private null device of the test's own (so a regression cannot replace the
  // machine's /dev/null); otherwise /dev/null itself (which a non-root run could not replace).
  std::string device = "/dev/null";
  if (::geteuid() == 0) {
    device = (dir_ / "null").string();
    ASSERT_EQ(::mknod(device.c_str(), S_IFCHR | 0666, makedev(1, 3)), 0);
  }
  ASSERT_TRUE(isCharacterDevice(device.c_str()));
  for (const std::string out : {"--out ", "--no-report --markdown "}) {
    const Result r = run("run --op sum --size 1000 --trials 2 " + out + device);
    EXPECT_EQ(r.code, 0) << out << ": " << r.err;
    EXPECT_TRUE(isCharacterDevice(device.c_str())) << out << " replaced " << device;
  }
  const Result d = run("demo error-and-warn --out " + device);
  EXPECT_NE(d.code, 2) << d.err;
  EXPECT_TRUE(isCharacterDevice(device.c_str()));
}

TEST_F(HostileInputTest, AReportCanBeWrittenToStandardOutput) {
  const Result r = run("run --op sum --size 1000 --trials 2 -q --out /dev/fd/1");
  ASSERT_EQ(r.code, 0) << r.err;
  const auto brace = r.out.find("{\n");
  ASSERT_NE(brace, std::string::npos) << r.out;
  const auto end = r.out.find("\n}\n", brace);
  ASSERT_NE(end, std::string::npos) << r.out;
  const json j = json::parse(r.out.substr(brace, end + 3 - brace));
  EXPECT_EQ(j["summary"]["trials"], 2);
}

TEST_F(HostileInputTest, AFifoIsWrittenThroughNotReplaced) {
  const fs::path fifo = dir_ / "pipe";
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  // The reading end is open before detbench starts, so its write never waits; a report of two
  // trials fits in the pipe's buffer.
  const int reader = ::open(fifo.c_str(), O_RDONLY | O_NONBLOCK);
  ASSERT_GE(reader, 0);
  const Result r = run("run --op sum --size 1000 --trials 2 -q --out pipe");
  EXPECT_EQ(r.code, 0) << r.err;
  std::string got(1 << 16, '\0');
  const ssize_t n = ::read(reader, got.data(), got.size());
  ::close(reader);
  ASSERT_GT(n, 0);
  got.resize(static_cast<std::size_t>(n));
  EXPECT_EQ(json::parse(got)["summary"]["trials"], 2);
  struct stat st {};
  ASSERT_EQ(::lstat(fifo.c_str(), &st), 0);
  EXPECT_TRUE(S_ISFIFO(st.st_mode)) << "the FIFO was replaced by a file";
}

TEST_F(HostileInputTest, AnOverwrittenFileKeepsItsPermissionsAndLinksAreFollowed) {
  write("private.json", "old");
  ASSERT_EQ(::chmod((dir_ / "private.json").c_str(), 0600), 0);
  ASSERT_EQ(run("run --op sum --size 1000 --trials 2 --out private.json").code, 0);
  struct stat st {};
  ASSERT_EQ(::stat((dir_ / "private.json").c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 07777, 0600u);
  EXPECT_NE(slurp(dir_ / "private.json"), "old");

  write("target.json", "old");
  fs::create_symlink("target.json", dir_ / "link.json");
  ASSERT_EQ(run("run --op sum --size 1000 --trials 2 --out link.json").code, 0);
  EXPECT_TRUE(fs::is_symlink(dir_ / "link.json")) << "the link was replaced by a file";
  EXPECT_EQ(json::parse(slurp(dir_ / "target.json"))["summary"]["trials"], 2);
}

TEST_F(HostileInputTest, DeeplyNestedJsonIsRefusedNotACrash) {
  write("deep.json", std::string(100000, '[') + std::string(100000, ']'));
  expectRefused("compare deep.json", "nested");
  json good = goodRun();
  good["op"]["parameters"]["size"] = json::parse(std::string(200, '[') + std::string(200, ']'));
  write("deep2.json", good.dump());
  expectRefused("compare deep2.json", "nested");
#ifdef DETBENCH_CLI_HAS_REPORT
  expectRefused("report deep.json --html deep.html", "nested");
  EXPECT_FALSE(fs::exists(dir_ / "deep.html"));
#endif
}

TEST_F(HostileInputTest, AReportWithNoTrialsComparesWithoutCrashing) {
  json empty = goodRun();
  empty["trials"] = json::array();
  empty["summary"]["trials"] = 0;
  empty["summary"]["distinct_digests"] = 0;
  empty["summary"]["digests"] = json::array();
  empty["summary"]["reproducible"] = false;
  write("empty.json", empty.dump(2));
  const Result r = run("compare good.json empty.json");
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.out.find("no trials"), std::string::npos) << r.out;
  EXPECT_EQ(run("compare empty.json --expect-equal").code, 1);
}

TEST_F(HostileInputTest, NumbersOutOfRangeAreRefused) {
  const json good = goodRun();
  const std::vector<std::pair<std::string, std::function<void(json&)>>> damage{
      {"schema 2^32+1", [](json& j) { j["schema_version"] = 4294967297ULL; }},
      {"schema 1.9", [](json& j) { j["schema_version"] = 1.9; }},
      {"negative ulps", [](json& j) { j["trials"][0]["max_ulp"] = -1; }},
      {"negative time", [](json& j) { j["trials"][0]["time_ns"] = -5; }},
      {"negative shape", [](json& j) { j["op"]["inputs"][0]["shape"][0] = -3; }},
      {"fractional index", [](json& j) { j["trials"][1]["index"] = 1.5; }},
      {"index out of order", [](json& j) { j["trials"][1]["index"] = 7; }},
      {"seed past 2^64",
       [](json& j) { j["settings"]["seed"] = json::parse("18446744073709551616"); }},
      {"threads 2^32", [](json& j) { j["op"]["threads"] = 4294967296LL; }},
      {"negative diff", [](json& j) { j["trials"][0]["max_abs_diff"] = -1.0; }},
  };
  for (const auto& [what, change] : damage) {
    json bad = good;
    change(bad);
    write("bad.json", bad.dump(2));
    const Result r = run("compare bad.json");
    EXPECT_EQ(r.code, 2) << what << "\n" << r.out << r.err;
    EXPECT_EQ(lines(r.err), 1) << what << "\n" << r.err;
  }
}

TEST_F(HostileInputTest, IntegersThatDoNotFitAreRefusedNotSaturated) {
  for (const char* args : {
           "run --op sum --size 1000 --trials 2 --seed 18446744073709551616",
           "run --op sum --size 1000 --trials 2 --seed -1",
           "run --op sum --size 1000 --trials 2 --seed 0x10",
           "run --op sum --size 1000 --trials 2 --data-seed 18446744073709551616",
           "run --op sum --size 1000 --trials 4294967297",
           "run --op sum --size 1000 --trials 2 --threads 4294967297",
           "run --op sum --size 9223372036854775808",
           "rng --seed 18446744073709551617 --count 2",
           "rng --seed 1 --count 0x10",
           "rng --seed 1 --count -3",
       }) {
    expectRefused(args);
  }
  const Result ok =
      run("run --op sum --size 1000 --trials 2 --seed 18446744073709551615 --out s.json");
  ASSERT_EQ(ok.code, 0) << ok.err;
  EXPECT_EQ(json::parse(slurp(dir_ / "s.json"))["settings"]["seed"].get<std::uint64_t>(),
            18446744073709551615ULL);
}

TEST_F(HostileInputTest, AFailedRunLeavesNothingItMade) {
  const Result r =
      run("run --op adaptive_avg_pool2d_backward --deterministic error --trials 2 --no-report "
          "--save-io io");
  EXPECT_EQ(r.code, 3) << r.err;
  EXPECT_FALSE(fs::exists(dir_ / "io")) << "the .npy folder of a run that raised";
  EXPECT_EQ(r.out.find("trial 0's output"), std::string::npos) << r.out;
#ifdef DETBENCH_CLI_HAS_REPORT
  goodRun();
  expectRefused("report good.json --html ok.html --pdf missing/x.pdf");
  EXPECT_FALSE(fs::exists(dir_ / "ok.html")) << "the HTML of a report command that failed";
#endif
}

TEST_F(HostileInputTest, ContradictoryOutputOptionsAreRefused) {
  const std::string run2 = "run --op sum --size 1000 --trials 2 ";
  expectRefused(run2 + "--out x.json --markdown x.json", "same file");
  expectRefused(run2 + "--out x.json --markdown ./x.json", "same file");
  expectRefused(run2 + "--out ''");
  expectRefused(run2 + "--markdown ''");
  expectRefused(run2 + "--no-report --out x.json");
  expectRefused(run2 + "--save-io ''");
  expectRefused("demo error-and-warn --out x.md --markdown x.md", "same file");
#ifdef DETBENCH_CLI_HAS_REPORT
  goodRun();
  expectRefused("report good.json --html good.json", "same file");
  expectRefused("report good.json --html a --pdf a", "same file");
#endif
  EXPECT_FALSE(fs::exists(dir_ / "x.json"));
  EXPECT_FALSE(fs::exists(dir_ / "x.md"));
  EXPECT_FALSE(fs::exists(dir_ / "reports"));
}

TEST_F(HostileInputTest, EndlessAndHugeInputsAreCut) {
  expectRefused("compare /dev/zero");
  expectRefused("compare /dev/urandom");
  // 2^27 values would be 1.5 GiB held at once; streamed, the process stays small. It is cut off
  // by head after three lines. Its peak memory is the kernel's accounting of the one shell
  // started here and the children it waited for (rng and head), read with wait4 for that shell
  // alone: the refusals above, children of this test too, are not counted.
  const std::string cmd = "cd '" + dir_.string() +
                          "' && '" DETBENCH_CLI
                          "' rng --engine torch --seed 1 --count 134217728 --dist normal | "
                          "head -3 > head.txt";
  const pid_t shell = ::fork();
  ASSERT_GE(shell, 0);
  if (shell == 0) {
    ::execl("/bin/sh", "sh", "-c", cmd.c_str(), static_cast<char*>(nullptr));
    ::_exit(127);
  }
  int status = 0;
  struct rusage used {};
  ASSERT_EQ(::wait4(shell, &status, 0, &used), shell);
  EXPECT_EQ(lines(slurp(dir_ / "head.txt")), 3);
  EXPECT_LT(used.ru_maxrss, 400 * 1024) << "KiB: the stream was held in memory";
}

// A FIFO that no process writes to is refused after the wait (10 s by default, 1 s here), by
// every command that reads a file; the three run at once, and nothing ever writes to the FIFO.
TEST_F(HostileInputTest, AFifoWithNoWriterIsRefusedNotWaitedForForever) {
  ASSERT_EQ(::mkfifo((dir_ / "fifo").c_str(), 0600), 0);
  const std::string cli = "DETBENCH_READ_WAIT_S=1 '" DETBENCH_CLI "' ";
  const std::string cmd =
      "cd '" + dir_.string() + "' && (" + cli +
      "recipe --file fifo >o1 2>e1 </dev/null; echo $? >c1) & (cd '" + dir_.string() + "' && " +
      cli + "compare fifo >o2 2>e2 </dev/null; echo $? >c2) & (cd '" + dir_.string() + "' && " +
      cli + "export-pytorch fifo out >o3 2>e3 </dev/null; echo $? >c3) & wait";
  ASSERT_EQ(std::system(cmd.c_str()), 0);
  for (const char* n : {"1", "2", "3"}) {
    EXPECT_EQ(slurp(dir_ / (std::string("c") + n)), "2\n") << n;
    const std::string err = slurp(dir_ / (std::string("e") + n));
    EXPECT_EQ(lines(err), 1) << err;
    EXPECT_NE(err.find("nothing came for 1 s"), std::string::npos) << err;
  }
  EXPECT_FALSE(fs::exists(dir_ / "out"));
}

// What a report holds reaches the terminal without its control characters
// (ESC's escape sequences, NUL) or bidirectional controls (U+202E shows text backwards).
TEST_F(HostileInputTest, CompareShowsNoControlCharactersFromAReport) {
  json bad = goodRun();
  const std::string hostile =
      "cpu\x1b]0;owned\x07\x1b[31m\xE2\x80\xAE"
      "desrever";
  bad["op"]["device"] = hostile + std::string(1, '\0') + "x";
  bad["context"]["host"] = hostile;
  write("bad.json", bad.dump());
  const Result r = run("compare good.json bad.json");
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.out.find("desrever"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find('\x1b'), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find('\x07'), std::string::npos);
  EXPECT_EQ(r.out.find('\0'), std::string::npos);
  EXPECT_EQ(r.out.find("\xE2\x80\xAE"), std::string::npos);
  // An error that names what it refuses shows none of them either.
  json kind = goodRun();
  kind["kind"] =
      "\x1b[2J\xE2\x80\xAE"
      "evil";
  write("kind.json", kind.dump());
  const Result refused = run("compare kind.json");
  EXPECT_EQ(refused.code, 2);
  EXPECT_EQ(lines(refused.err), 1) << refused.err;
  EXPECT_EQ(refused.err.find('\x1b'), std::string::npos) << refused.err;
  EXPECT_EQ(refused.err.find("\xE2\x80\xAE"), std::string::npos) << refused.err;
}

// A language the texts are not written in is refused, as recipe and serve
// refuse it, instead of running in English.
TEST_F(HostileInputTest, ADemoInALanguageItDoesNotHaveIsRefused) {
  expectRefused("demo error-and-warn --language fr", "en or zh_CN");
  expectRefused("demo --list --language fr", "en or zh_CN");
  expectRefused("demo error-and-warn --language zh", "en or zh_CN");
}

#ifdef DETBENCH_CLI_HAS_REPORT
// `report` refuses a report with no run, as compare and export-pytorch do,
// instead of rendering an empty page with exit 0.
TEST_F(HostileInputTest, AReportWithNoRunIsNotRendered) {
  json noOp = goodRun();
  noOp.erase("op");
  write("no-op.json", noOp.dump());
  expectRefused("report no-op.json --html a.html --pdf a.pdf", "holds no run");
  expectRefused("compare no-op.json", "holds no run");
  const Result sweep = run("sweep --op sum --size 1000 --trials 2 --configs default --out s.json");
  ASSERT_EQ(sweep.code, 0) << sweep.err;
  json none = json::parse(slurp(dir_ / "s.json"));
  none["configurations"] = json::array();
  write("none.json", none.dump());
  expectRefused("report none.json --html b.html", "holds no run");
  EXPECT_FALSE(fs::exists(dir_ / "a.html"));
  EXPECT_FALSE(fs::exists(dir_ / "a.pdf"));
  EXPECT_FALSE(fs::exists(dir_ / "b.html"));
}

// A report with a string of 1 MiB and 100,000 distinct outputs renders as
// a PDF (cut and summarised) as well as HTML; how long it takes is measured, not asserted.
TEST_F(HostileInputTest, AHugeReportRendersAsPdf) {
  json big = goodRun();
  const json trial = big["trials"][0];
  json trials = json::array();
  json digests = json::array();
  char digest[32];
  for (int i = 0; i < 100000; ++i) {
    json t = trial;
    t["index"] = i;
    std::snprintf(digest, sizeof digest, "0x%016x", 0x1000 + i);
    t["digest"] = digest;
    trials.push_back(t);
  }
  big["trials"] = trials;
  big["summary"]["trials"] = 100000;
  big["summary"]["requested_trials"] = 100000;
  big["summary"]["distinct_digests"] = 100000;
  big["context"]["host"] = std::string(1 << 20, 'h');
  write("big.json", big.dump());
  const Result r = run("report big.json --pdf big.pdf --html big.html");
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(slurp(dir_ / "big.pdf").rfind("%PDF-", 0), 0u);
  EXPECT_GT(fs::file_size(dir_ / "big.html"), std::uintmax_t{1} << 20) << "the HTML keeps it all";
}
#endif

}  // namespace
}  // namespace detbench::testing
