// The user's command taken apart: a script, a module, a torchrun job (its Python read from its
// first line), and torchrun's number of workers set for a world size.

#include "detbench/trace/ScriptCommand.hpp"

#include <gtest/gtest.h>

#include <sys/stat.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "detbench/base/Error.hpp"

namespace detbench::trace {
namespace {

namespace fs = std::filesystem;

TEST(ScriptCommand, TakesAScriptCommandApart) {
  const ScriptCommand c =
      parseScriptCommand({"python3", "-u", "-X", "dev", "-Werror", "train.py", "--epochs", "2"});
  EXPECT_EQ(c.interpreter, "python3");
  EXPECT_EQ(c.pythonOptions, (std::vector<std::string>{"-u", "-X", "dev", "-W", "error"}));
  EXPECT_FALSE(c.module);
  EXPECT_EQ(c.target, "train.py");
  EXPECT_EQ(c.args, (std::vector<std::string>{"--epochs", "2"}));
}

TEST(ScriptCommand, TakesAModuleCommandApart) {
  const ScriptCommand c = parseScriptCommand({"python3", "-Bm", "pkg.train", "-x"});
  EXPECT_TRUE(c.module);
  EXPECT_EQ(c.target, "pkg.train");
  EXPECT_EQ(c.pythonOptions, (std::vector<std::string>{"-B"}));
  EXPECT_EQ(c.args, (std::vector<std::string>{"-x"}));
  EXPECT_EQ(c.argv(), (std::vector<std::string>{"python3", "-B", "-m", "pkg.train", "-x"}));
}

TEST(ScriptCommand, RefusesCommandsWithoutAScript) {
  EXPECT_THROW(parseScriptCommand({}), InvalidArgument);
  EXPECT_THROW(parseScriptCommand({"python3"}), InvalidArgument);
  EXPECT_THROW(parseScriptCommand({"python3", "-u"}), InvalidArgument);
  EXPECT_THROW(parseScriptCommand({"python3", "-c", "print(1)"}), InvalidArgument);
  EXPECT_THROW(parseScriptCommand({"python3", "-"}), InvalidArgument);
  EXPECT_THROW(parseScriptCommand({"python3", "-m"}), InvalidArgument);
  EXPECT_THROW(parseScriptCommand({"train.py"}), InvalidArgument);
  EXPECT_THROW(parseScriptCommand({"python3", "--version"}), InvalidArgument);
}

// A console script named torchrun in a folder of its own, first on the PATH while it lives.
class FakeTorchrun {
 public:
  explicit FakeTorchrun(const std::string& firstLine) {
    dir_ =
        fs::temp_directory_path() /
        ("detbench-torchrun-" + std::to_string(::testing::UnitTest::GetInstance()->random_seed()) +
         "-" + ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::create_directories(dir_);
    path_ = (dir_ / "torchrun").string();
    std::ofstream(path_) << firstLine << "\nfrom torch.distributed.run import main\nmain()\n";
    ::chmod(path_.c_str(), 0755);
    const char* old = std::getenv("PATH");
    oldPath_ = old ? old : "";
    ::setenv("PATH", (dir_.string() + ":" + oldPath_).c_str(), 1);
  }
  ~FakeTorchrun() {
    ::setenv("PATH", oldPath_.c_str(), 1);
    std::error_code ec;
    fs::remove_all(dir_, ec);
  }
  const std::string& path() const { return path_; }

 private:
  fs::path dir_;
  std::string path_, oldPath_;
};

TEST(ScriptCommand, TorchrunRunsAsItsPythonRunsIt) {
  const FakeTorchrun fake("#!/opt/venv/bin/python3.11");
  const ScriptCommand c =
      parseScriptCommand({"torchrun", "--standalone", "--nproc_per_node=2", "train.py", "-x"});
  EXPECT_EQ(c.launcher, "torchrun");
  EXPECT_EQ(c.interpreter, "/opt/venv/bin/python3.11");
  EXPECT_TRUE(c.module);
  EXPECT_EQ(c.target, "torch.distributed.run");
  EXPECT_EQ(c.args,
            (std::vector<std::string>{"--standalone", "--nproc_per_node=2", "train.py", "-x"}));
  // As given, for the report.
  EXPECT_EQ(c.argv(), (std::vector<std::string>{"torchrun", "--standalone", "--nproc_per_node=2",
                                                "train.py", "-x"}));
  EXPECT_EQ(parseScriptCommand({fake.path(), "t.py"}).interpreter, "/opt/venv/bin/python3.11");
  EXPECT_THROW(parseScriptCommand({"torchrun"}), InvalidArgument);
}

TEST(ScriptCommand, AConsoleScriptsPythonComesFromItsFirstLine) {
  const FakeTorchrun env("#!/usr/bin/env python3");
  EXPECT_EQ(scriptInterpreter(env.path()), "python3");
}

TEST(ScriptCommand, ATorchrunThatIsNotAPythonScriptIsRefused) {
  {
    const FakeTorchrun shell("#!/bin/sh");
    EXPECT_THROW(parseScriptCommand({"torchrun", "train.py"}), InvalidArgument);
  }
  {
    const FakeTorchrun none("echo hello");
    EXPECT_THROW(parseScriptCommand({"torchrun", "train.py"}), InvalidArgument);
  }
  EXPECT_THROW(parseScriptCommand({"/nonexistent/torchrun", "train.py"}), InvalidArgument);
}

TEST(ScriptCommand, TheNumberOfWorkersIsSetInEitherSpelling) {
  std::vector<std::string> joined{"--standalone", "--nproc_per_node=2", "train.py"};
  EXPECT_TRUE(setProcessesPerNode(joined, "4"));
  EXPECT_EQ(joined[1], "--nproc_per_node=4");
  std::vector<std::string> apart{"--nproc-per-node", "2", "train.py", "--nproc_per_node=9"};
  EXPECT_TRUE(setProcessesPerNode(apart, "3"));
  EXPECT_EQ(apart,
            (std::vector<std::string>{"--nproc-per-node", "3", "train.py", "--nproc_per_node=9"}));
  // The script's own arguments are not torchrun's.
  std::vector<std::string> absent{"train.py", "--nproc_per_node=2"};
  EXPECT_FALSE(setProcessesPerNode(absent, "3"));
  EXPECT_EQ(absent[1], "--nproc_per_node=2");
}

}  // namespace
}  // namespace detbench::trace
