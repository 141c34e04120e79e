// Output files: atomic replacement of regular files (mode kept, links followed), devices and
// pipes written through and never replaced, refusals with a reason, and batches that write all
// or nothing.

#include "detbench/io/OutputFiles.hpp"

#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "detbench/base/Error.hpp"
#include "detbench/io/InputFiles.hpp"
#include "detbench/io/TemporaryFiles.hpp"

namespace detbench {
namespace {

namespace fs = std::filesystem;

struct TempDir {
  TempDir() {
    path = fs::temp_directory_path() /
           ("detbench-test-" + std::to_string(::getpid()) + "-" + std::to_string(counter++));
    fs::create_directories(path);
  }
  ~TempDir() {
    std::error_code ec;
    fs::permissions(path, fs::perms::owner_all, fs::perm_options::add, ec);
    fs::remove_all(path, ec);
  }
  std::string operator/(const std::string& name) const { return (path / name).string(); }
  std::size_t entries() const {
    return static_cast<std::size_t>(
        std::distance(fs::directory_iterator(path), fs::directory_iterator{}));
  }
  fs::path path;
  static inline int counter = 0;
};

mode_t modeOf(const std::string& p) {
  struct stat st {};
  EXPECT_EQ(::stat(p.c_str(), &st), 0) << p;
  return st.st_mode;
}

TEST(OutputFilesTest, WritesAndReplacesWholeFiles) {
  TempDir dir;
  writeFileAtomically(dir / "r.json", "first");
  writeFileAtomically(dir / "r.json", "second");
  EXPECT_EQ(readFile(dir / "r.json"), "second");
  EXPECT_EQ(dir.entries(), 1u) << "no temporary left behind";
}

TEST(OutputFilesTest, ANewFileGetsTheUmaskAndAReplacedOneKeepsItsMode) {
  TempDir dir;
  const mode_t old = ::umask(027);
  writeFileAtomically(dir / "new.json", "x");
  ::umask(old);
  EXPECT_EQ(modeOf(dir / "new.json") & 0777, 0640u);
  writeFileAtomically(dir / "private.json", "x");
  ASSERT_EQ(::chmod((dir / "private.json").c_str(), 0600), 0);
  writeFileAtomically(dir / "private.json", "y");
  EXPECT_EQ(modeOf(dir / "private.json") & 07777, 0600u);
  EXPECT_EQ(readFile(dir / "private.json"), "y");
}

TEST(OutputFilesTest, ASymbolicLinkIsFollowedAndKept) {
  TempDir dir;
  writeFileAtomically(dir / "target.json", "old");
  fs::create_symlink("target.json", dir.path / "link.json");
  writeFileAtomically(dir / "link.json", "new");
  EXPECT_TRUE(fs::is_symlink(dir.path / "link.json"));
  EXPECT_EQ(readFile(dir / "target.json"), "new");
  // A dangling link makes its target, as the shell's redirection does.
  fs::create_symlink("later.json", dir.path / "dangling.json");
  writeFileAtomically(dir / "dangling.json", "made");
  EXPECT_TRUE(fs::is_symlink(dir.path / "dangling.json"));
  EXPECT_EQ(readFile(dir / "later.json"), "made");
}

TEST(OutputFilesTest, DevicesAndPipesAreWrittenThroughNeverReplaced) {
  TempDir dir;
  const OutputTarget null = resolveOutputTarget("/dev/null");
  EXPECT_EQ(null.kind, OutputTargetKind::WriteThrough);
  writeFileAtomically("/dev/null", "discarded");
  EXPECT_TRUE(S_ISCHR(modeOf("/dev/null")));

  ASSERT_EQ(::mkfifo((dir / "fifo").c_str(), 0600), 0);
  const int reader = ::open((dir / "fifo").c_str(), O_RDONLY | O_NONBLOCK);
  ASSERT_GE(reader, 0);
  writeFileAtomically(dir / "fifo", "through the pipe");
  char buf[64] = {};
  EXPECT_EQ(::read(reader, buf, sizeof buf), 16);
  ::close(reader);
  EXPECT_STREQ(buf, "through the pipe");
  EXPECT_TRUE(S_ISFIFO(modeOf(dir / "fifo")));
}

TEST(OutputFilesTest, OpenDescriptorsAreWrittenInPlace) {
  TempDir dir;
  int fds[2];
  ASSERT_EQ(::pipe(fds), 0);
  const std::string path = "/dev/fd/" + std::to_string(fds[1]);
  const OutputTarget t = resolveOutputTarget(path);
  EXPECT_EQ(t.kind, OutputTargetKind::WriteThrough);
  EXPECT_EQ(t.descriptor, fds[1]);
  writeFileAtomically(path, "abc");
  char buf[8] = {};
  EXPECT_EQ(::read(fds[0], buf, sizeof buf), 3);
  EXPECT_STREQ(buf, "abc");
  ::close(fds[0]);
  ::close(fds[1]);
  EXPECT_THROW(resolveOutputTarget(path), IoError) << "a closed descriptor";
  EXPECT_EQ(resolveOutputTarget("/dev/stdout").descriptor, 1);
  EXPECT_EQ(resolveOutputTarget("/proc/self/fd/2").descriptor, 2);
}

TEST(OutputFilesTest, WhatCannotTakeAReportIsRefusedWithTheReason) {
  TempDir dir;
  auto message = [](const std::string& path) {
    try {
      resolveOutputTarget(path);
    } catch (const IoError& e) {
      return e.message();
    }
    return std::string("accepted");
  };
  EXPECT_NE(message("").find("no file name"), std::string::npos);
  EXPECT_NE(message(dir.path.string()).find("folder"), std::string::npos);
  EXPECT_NE(message(dir / "missing/r.json").find("does not exist"), std::string::npos);
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator("/dev", ec)) {
    if (entry.is_block_file(ec)) {
      EXPECT_NE(message(entry.path().string()).find("block device"), std::string::npos);
      break;
    }
  }
  EXPECT_THROW(writeFileAtomically(dir.path.string(), "x"), IoError);
  EXPECT_EQ(dir.entries(), 0u);
}

TEST(OutputFilesTest, ABatchWritesAllOrNothing) {
  TempDir dir;
  writeFileAtomically(dir / "kept.json", "before");
  OutputBatch failing;
  failing.addFolder(dir / "made/deeper");
  failing.add(dir / "kept.json", "after");
  failing.add(dir / "made/deeper/a.npy", "a");
  failing.add(dir / "missing/b.json", "b");  // its folder does not exist
  EXPECT_THROW(failing.commit(), IoError);
  EXPECT_EQ(readFile(dir / "kept.json"), "before");
  EXPECT_FALSE(fs::exists(dir.path / "made")) << "the folders the batch made are removed";
  EXPECT_EQ(dir.entries(), 1u) << "no temporary left behind";

  OutputBatch ok;
  ok.addFolder(dir / "made/deeper");
  ok.add(dir / "kept.json", "after");
  ok.add(dir / "made/deeper/a.npy", "a");
  ok.commit();
  EXPECT_EQ(readFile(dir / "kept.json"), "after");
  EXPECT_EQ(readFile(dir / "made/deeper/a.npy"), "a");

  OutputBatch twice;
  twice.add(dir / "x.json", "1");
  twice.add(dir / "./x.json", "2");
  EXPECT_THROW(twice.commit(), IoError);
  EXPECT_FALSE(fs::exists(dir.path / "x.json"));
}

TEST(OutputFilesTest, TheSameFileUnderTwoNamesIsCaught) {
  TempDir dir;
  writeFileAtomically(dir / "a.json", "x");
  fs::create_symlink("a.json", dir.path / "alias.json");
  EXPECT_THROW(checkDistinctOutputs({dir / "a.json", dir / "alias.json"}, {"--out", "--markdown"}),
               IoError);
  EXPECT_THROW(checkDistinctOutputs({dir / "new.json", dir.path.string() + "/./new.json"},
                                    {"--out", "--markdown"}),
               IoError);
  EXPECT_THROW(checkDistinctOutputs({"/dev/stdout", "/dev/fd/1"}, {"--out", "--markdown"}),
               IoError);
  EXPECT_NO_THROW(checkDistinctOutputs({dir / "a.json", "", dir / "b.json"}, {"a", "b", "c"}));
}

TEST(OutputFilesTest, AWritabilityCheckLeavesNothing) {
  TempDir dir;
  EXPECT_NO_THROW(checkOutputWritable(dir / "r.json", "report"));
  EXPECT_NO_THROW(checkOutputWritable(dir / "new/folder/r.npy", "--save-io", true));
  EXPECT_THROW(checkOutputWritable(dir / "new/folder/r.npy", "--save-io"), IoError);
  EXPECT_NO_THROW(checkOutputWritable("/dev/null", "report"));
  EXPECT_EQ(dir.entries(), 0u);
}

// A name of 254 bytes (NAME_MAX is 255) is written; the temporary beside
// it has a name of its own length.
TEST(OutputFilesTest, ANameOfAnyValidLengthIsWritten) {
  TempDir dir;
  const std::string leaf = std::string(249, 'r') + ".json";
  ASSERT_EQ(leaf.size(), 254u);
  EXPECT_NO_THROW(checkOutputWritable(dir / leaf, "report"));
  EXPECT_NO_THROW(writeFileAtomically(dir / leaf, "{}"));
  EXPECT_EQ(readFile(dir / leaf), "{}");
  EXPECT_NO_THROW(writeFileAtomically(dir / leaf, "{\"again\": 1}"));  // replaced
  EXPECT_EQ(dir.entries(), 1u);
  // Past NAME_MAX: refused before anything is written.
  EXPECT_THROW(checkOutputWritable(dir / (std::string(252, 'r') + ".json"), "report"), IoError);
}

// What a signal handler removes. A temporary is registered from before it
// exists until it is renamed or removed; removeTemporaryFiles() unlinks those still there.
TEST(OutputFilesTest, RegisteredTemporariesAreRemovedAndForgottenOnesKept) {
  TempDir dir;
  std::ofstream(dir / "a.tmp") << "a";
  std::ofstream(dir / "b.tmp") << "b";
  const int a = registerTemporary((dir / "a.tmp").c_str());
  const int b = registerTemporary((dir / "b.tmp").c_str());
  ASSERT_GE(a, 0);
  ASSERT_GE(b, 0);
  forgetTemporary(b);  // renamed into place: no longer a temporary
  removeTemporaryFiles();
  EXPECT_FALSE(fs::exists(dir / "a.tmp"));
  EXPECT_TRUE(fs::exists(dir / "b.tmp"));
  forgetTemporary(a);
  EXPECT_EQ(registerTemporary(std::string(5000, 'x').c_str()), -1) << "past PATH_MAX";
}

// Whatever a batch did, no temporary is left registered or on disk once it has committed or
// failed.
TEST(OutputFilesTest, ABatchLeavesNoTemporary) {
  TempDir dir;
  OutputBatch ok;
  ok.add(dir / "a.json", "a");
  ok.add(dir / "b.md", "b");
  ok.commit();
  // c.json is staged, then the write to /dev/full fails: the batch is undone.
  OutputBatch failing;
  failing.add(dir / "c.json", "c");
  failing.add("/dev/full", "d");
  EXPECT_THROW(failing.commit(), IoError);
  EXPECT_EQ(dir.entries(), 2u);  // a.json and b.md
  EXPECT_FALSE(fs::exists(dir / "c.json"));
}

}  // namespace
}  // namespace detbench
