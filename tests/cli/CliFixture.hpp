#pragma once
// The fixture of the command-line tests: runs the built `detbench` in a fresh folder of its own
// and captures the exit code, standard output and standard error.

#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace detbench::testing {

namespace fs = std::filesystem;

struct Result {
  int code;
  std::string out;
  std::string err;
};

inline std::string slurp(const fs::path& p) {
  std::ifstream in(p);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

class CliTest : public ::testing::Test {
 protected:
  CliTest() {
    dir_ = fs::temp_directory_path() /
           ("detbench-cli-" + std::to_string(::getpid()) + "-" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::create_directories(dir_);
  }
  ~CliTest() override { fs::remove_all(dir_); }

  // `env`: NAME=VALUE assignments for the command's environment.
  Result run(const std::string& args, const std::string& env = {}) const {
    const std::string cmd = "cd '" + dir_.string() + "' && " + env + " '" DETBENCH_CLI "' " + args +
                            " > out.txt 2> err.txt < /dev/null";
    const int status = std::system(cmd.c_str());
    return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, slurp(dir_ / "out.txt"),
            slurp(dir_ / "err.txt")};
  }

  // The same with `input` on the command's standard input.
  Result runWithInput(const std::string& args, const std::string& input) const {
    std::ofstream(dir_ / "in.txt") << input;
    const std::string cmd = "cd '" + dir_.string() + "' && '" DETBENCH_CLI "' " + args +
                            " > out.txt 2> err.txt < in.txt";
    const int status = std::system(cmd.c_str());
    return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, slurp(dir_ / "out.txt"),
            slurp(dir_ / "err.txt")};
  }

  static int lines(const std::string& s) {
    int n = 0;
    for (char c : s) n += c == '\n';
    return n;
  }

  fs::path dir_;
};

inline const char* kSmall = "--op index_add --size 65536 -p rows=64 --trials 5 --warmup 1 ";

}  // namespace detbench::testing
