#include <gtest/gtest.h>

#include <sys/stat.h>

#include <csignal>

#include <filesystem>
#include <fstream>

#include "detbench/catalog/PyTorchDetection.hpp"
#include "detbench/catalog/PyTorchRelease.hpp"

namespace detbench {
namespace {

namespace fs = std::filesystem;

TEST(PyTorchReleaseTest, ReadsReleasesAndFullVersionsAndNothingElse) {
  EXPECT_EQ(parsePyTorchRelease("2.11"), (PyTorchRelease{2, 11}));
  EXPECT_EQ(parsePyTorchRelease("2.11.0+cu130"), (PyTorchRelease{2, 11}));
  EXPECT_EQ(parsePyTorchRelease("2.12.0a0+git1234"), (PyTorchRelease{2, 12}));
  EXPECT_EQ(parsePyTorchRelease("1.13.1"), (PyTorchRelease{1, 13}));
  for (const char* bad :
       {"", "2", "2.", ".8", "2.08", "2.8x", "two.eight", "2.8.", "-2.8", "2.8 ", "2.99999"}) {
    EXPECT_FALSE(parsePyTorchRelease(bad).has_value()) << bad;
  }
  EXPECT_EQ(toString(PyTorchRelease{2, 10}), "2.10");
  EXPECT_LT((PyTorchRelease{2, 9}), (PyTorchRelease{2, 10}));
}

TEST(PyTorchReleaseTest, TheCatalogHoldsConsecutiveReleasesFrom28) {
  const auto releases = catalogReleases();
  ASSERT_GE(releases.size(), 2u);
  EXPECT_EQ(releases.front(), (PyTorchRelease{2, 8}));
  for (std::size_t i = 1; i < releases.size(); ++i) {
    EXPECT_EQ(releases[i].major, 2);
    EXPECT_EQ(releases[i].minor, releases[i - 1].minor + 1);
  }
  EXPECT_TRUE(isCatalogRelease(newestCatalogRelease()));
  EXPECT_FALSE(isCatalogRelease({2, 7}));
}

TEST(PyTorchReleaseTest, ReadsTheVersionFromVersionPy) {
  EXPECT_EQ(versionFromVersionPy("__version__ = '2.11.0+cu130'\ndebug = False\n"), "2.11.0+cu130");
  EXPECT_EQ(versionFromVersionPy("from typing import x\n__version__ = \"2.9.1\"\n"), "2.9.1");
  EXPECT_FALSE(versionFromVersionPy("git_version = '2.9'\n").has_value());
  EXPECT_FALSE(versionFromVersionPy("").has_value());
}

TEST(PyTorchReleaseTest, AFoundReleaseIsUsedWhenHeldElseTheNearestAndSaysSo) {
  const auto held = chooseRelease("2.11.0+cu130", "/x/torch");
  EXPECT_EQ(held.release, (PyTorchRelease{2, 11}));
  EXPECT_NE(held.how.find("2.11.0+cu130"), std::string::npos);
  EXPECT_NE(held.how.find("/x/torch"), std::string::npos);
  const auto old = chooseRelease("1.13.1", "/usr/lib/python3/dist-packages/torch");
  EXPECT_EQ(old.release, oldestCatalogRelease());
  EXPECT_NE(old.how.find("nearest"), std::string::npos);
  const auto future = chooseRelease("9.1.0", "/y/torch");
  EXPECT_EQ(future.release, newestCatalogRelease());
  const auto odd = chooseRelease("nightly", "/z/torch");
  EXPECT_EQ(odd.release, newestCatalogRelease());
  EXPECT_NE(odd.how.find("cannot read"), std::string::npos);
}

// A stand-in interpreter: a shell script that prints where "torch" is, as the real question
// would, and ignores its arguments. Answers are given a minute (no test needs the machine to be
// fast); the silent interpreter gets a short limit and outlasts it by far.
class FakePythonTest : public ::testing::Test {
 protected:
  static constexpr std::chrono::milliseconds kGenerous{60000};

  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           ("detbench-fake-python-" +
            std::to_string(::testing::UnitTest::GetInstance()->random_seed()) + "-" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_ / "site" / "torch");
  }
  void TearDown() override {
    // A background child a script left behind (its pid in `child`).
    std::ifstream child(dir_ / "child");
    if (pid_t pid = 0; child >> pid && pid > 0) kill(pid, SIGKILL);
    fs::remove_all(dir_);
  }

  std::string interpreter(const std::string& body) {
    const fs::path p = dir_ / "python";
    std::ofstream(p) << "#!/bin/sh\n" << body << "\n";
    chmod(p.c_str(), 0755);
    return p.string();
  }
  std::string torchDir() const { return (dir_ / "site" / "torch").string(); }

  fs::path dir_;
};

TEST_F(FakePythonTest, FindsTheInstalledReleaseThroughTheInterpreter) {
  std::ofstream(dir_ / "site" / "torch" / "version.py") << "__version__ = '2.10.1+cu128'\n";
  const auto found = findPyTorchRelease(interpreter("echo " + torchDir()), kGenerous);
  EXPECT_EQ(found.release, (PyTorchRelease{2, 10}));
  EXPECT_EQ(found.foundVersion, "2.10.1+cu128");
}

TEST_F(FakePythonTest, NoTorchOrAFailingInterpreterGivesTheNewest) {
  const auto empty = findPyTorchRelease(interpreter("echo"), kGenerous);
  EXPECT_EQ(empty.release, newestCatalogRelease());
  EXPECT_FALSE(empty.foundVersion.has_value());
  EXPECT_NE(empty.how.find("no PyTorch found"), std::string::npos);
  const auto failing = findPyTorchRelease(interpreter("exit 3"), kGenerous);
  EXPECT_EQ(failing.release, newestCatalogRelease());
  const auto missing = findPyTorchRelease((dir_ / "no-such-python").string(), kGenerous);
  EXPECT_EQ(missing.release, newestCatalogRelease());
  // A torch folder without version.py.
  const auto noVersion = findPyTorchRelease(interpreter("echo " + torchDir()), kGenerous);
  EXPECT_EQ(noVersion.release, newestCatalogRelease());
}

TEST_F(FakePythonTest, AWrapperWhoseChildrenKeepThePipeOpenIsNotWaitedFor) {
  // The answer's line comes at once; a background child holds the pipe for ten minutes, far
  // past the limit. Reading to the end of the pipe would give up at the limit with no answer;
  // the first line is the answer.
  std::ofstream(dir_ / "site" / "torch" / "version.py") << "__version__ = '2.12.0'\n";
  const auto found = findPyTorchRelease(
      interpreter("echo " + torchDir() + "; sleep 600 & echo $! > " + (dir_ / "child").string()),
      kGenerous);
  EXPECT_EQ(found.release, (PyTorchRelease{2, 12}));
}

TEST_F(FakePythonTest, TheUsersPythonIsThePathsWithPyTorchElseDebiansElseThePaths) {
  // A python3 on PATH (a venv's) that has PyTorch, and one that has none; a "Debian" python.
  fs::create_directories(dir_ / "venv");
  fs::create_directories(dir_ / "bare");
  const auto put = [](const fs::path& p, const std::string& body) {
    std::ofstream(p) << "#!/bin/sh\n" << body << "\n";
    chmod(p.c_str(), 0755);
  };
  put(dir_ / "venv" / "python3", "echo " + torchDir());
  put(dir_ / "bare" / "python3", "echo");
  const std::string debian = interpreter("echo " + torchDir());
  const std::string path = std::getenv("PATH") ? std::getenv("PATH") : "/usr/bin:/bin";
  setenv("PATH", ((dir_ / "venv").string() + ":" + path).c_str(), 1);
  const UserPython venv = findUserPython(std::nullopt, debian, kGenerous);
  EXPECT_EQ(venv.interpreter, "python3");
  EXPECT_EQ(venv.torchDir, torchDir());
  setenv("PATH", ((dir_ / "bare").string() + ":" + path).c_str(), 1);
  const UserPython fallback = findUserPython(std::nullopt, debian, kGenerous);
  EXPECT_EQ(fallback.interpreter, debian);
  EXPECT_NE(fallback.how.find("Debian"), std::string::npos);
  const UserPython nothing = findUserPython(std::nullopt, (dir_ / "absent").string(), kGenerous);
  EXPECT_EQ(nothing.interpreter, "python3");
  EXPECT_TRUE(nothing.torchDir.empty());
  setenv("PATH", path.c_str(), 1);
  // DETBENCH_PYTHON names it outright; "none" is none.
  EXPECT_EQ(findUserPython(std::string("/opt/x/python"), debian, kGenerous).interpreter,
            "/opt/x/python");
  EXPECT_EQ(findUserPython(std::string("none"), debian, kGenerous).interpreter, "");
}

TEST_F(FakePythonTest, ASilentInterpreterIsGivenUpOn) {
  // Sleeps far past the limit: the search ends at the limit with no release.
  const auto silent =
      findPyTorchRelease(interpreter("exec sleep 600"), std::chrono::milliseconds(500));
  EXPECT_EQ(silent.release, newestCatalogRelease());
  EXPECT_FALSE(silent.foundVersion.has_value());
}

}  // namespace
}  // namespace detbench
