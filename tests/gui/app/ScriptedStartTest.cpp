// The workbench started from a script (a screenshot asked for) always ends: what cannot start
// exits with 2 and the reason on stderr, instead of waiting for a run that never comes. The
// timeout only guards against a hang; no check depends on how fast anything is.

#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace {

namespace fs = std::filesystem;

struct Outcome {
  int code;
  std::string err;
};

Outcome runGui(const std::string& args, const fs::path& dir) {
  const std::string cmd = "cd '" + dir.string() +
                          "' && QT_QPA_PLATFORM=offscreen timeout 300 '" DETBENCH_GUI_BINARY
                          "' --language en " +
                          args + " > out.txt 2> err.txt < /dev/null";
  const int status = std::system(cmd.c_str());
  std::ifstream in(dir / "err.txt");
  std::stringstream err;
  err << in.rdbuf();
  return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, err.str()};
}

class ScriptedStartTest : public ::testing::Test {
 protected:
  ScriptedStartTest() {
    dir_ = fs::temp_directory_path() / ("detbench-gui-script-" + std::to_string(::getpid()));
    fs::create_directories(dir_);
  }
  ~ScriptedStartTest() override { fs::remove_all(dir_); }
  fs::path dir_;
};

TEST_F(ScriptedStartTest, AnUnknownDemoExitsWithTwoAndNoPicture) {
  const Outcome o = runGui("--demo nope --screenshot x.png", dir_);
  EXPECT_EQ(o.code, 2) << o.err;
  EXPECT_NE(o.err.find("nope"), std::string::npos) << o.err;
  EXPECT_FALSE(fs::exists(dir_ / "x.png"));
}

TEST_F(ScriptedStartTest, AnUnknownOpExitsWithTwo) {
  const Outcome o = runGui("--op nope --run --screenshot x.png", dir_);
  EXPECT_EQ(o.code, 2) << o.err;
  EXPECT_NE(o.err.find("unknown op nope"), std::string::npos) << o.err;
}

TEST_F(ScriptedStartTest, AnUnknownPanelExitsWithTwo) {
  const Outcome o = runGui("--show nope --run --screenshot x.png", dir_);
  EXPECT_EQ(o.code, 2) << o.err;
  EXPECT_NE(o.err.find("unknown panel nope"), std::string::npos) << o.err;
}

TEST_F(ScriptedStartTest, AProjectThatCannotBeOpenedExitsWithTwo) {
  std::ofstream(dir_ / "broken.detbench") << std::string(100000, '[');
  const Outcome o = runGui("broken.detbench --run --screenshot x.png", dir_);
  EXPECT_EQ(o.code, 2) << o.err;
  EXPECT_NE(o.err.find("nested"), std::string::npos) << o.err;
}

TEST_F(ScriptedStartTest, AProjectThatCannotBeOpenedIsNeverPictured) {
  // Nothing started, only a picture asked for. The order is decided in the
  // program (ScriptedStartOrderTest), so this holds on any machine however loaded.
  std::ofstream(dir_ / "broken.detbench") << std::string(100000, '[');
  const Outcome o = runGui("broken.detbench --screenshot x.png", dir_);
  EXPECT_EQ(o.code, 2) << o.err;
  EXPECT_FALSE(fs::exists(dir_ / "x.png"));
}

}  // namespace
