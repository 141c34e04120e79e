// Input files: reads stop at a bound, nesting is measured without recursion, and deep, huge or
// broken JSON is refused with a reason instead of crashing.

#include "detbench/io/InputFiles.hpp"

#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <functional>
#include <thread>

#include "detbench/base/Error.hpp"

namespace detbench {
namespace {

namespace fs = std::filesystem;

std::string messageOf(const std::function<void()>& f) {
  try {
    f();
  } catch (const Error& e) {
    return e.message();
  }
  return "accepted";
}

TEST(InputFilesTest, NestingDepthSkipsStringsAndStopsPastTheLimit) {
  EXPECT_EQ(jsonNestingDepth("{}"), 1);
  EXPECT_EQ(jsonNestingDepth(R"({"a": [1, {"b": []}]})"), 4);
  EXPECT_EQ(jsonNestingDepth(R"({"a": "[[[[\"[[[{{{"})"), 1);
  EXPECT_EQ(jsonNestingDepth(std::string(1000000, '['), 64), 65);
}

TEST(InputFilesTest, DeepJsonIsRefusedBeforeParsing) {
  const std::string deep = std::string(100000, '[') + std::string(100000, ']');
  EXPECT_NE(messageOf([&] { parseJson(deep, "report"); }).find("nested deeper than 64"),
            std::string::npos);
  const std::string ok = std::string(64, '[') + std::string(64, ']');
  EXPECT_NO_THROW(parseJson(ok, "report"));
  EXPECT_NE(messageOf([] { parseJson("{\"a\": ", "project"); }).find("project: invalid JSON"),
            std::string::npos);
}

TEST(InputFilesTest, ReadsStopAtTheirBound) {
  const fs::path p = fs::temp_directory_path() / ("detbench-in-" + std::to_string(::getpid()));
  std::ofstream(p) << std::string(1000, 'x');
  EXPECT_EQ(readFile(p.string(), 1000).size(), 1000u);
  EXPECT_THROW(readFile(p.string(), 999), InvalidArgument);
  fs::remove(p);
  // A device that never ends is cut at the bound, not read forever.
  EXPECT_NE(messageOf([] { readFile("/dev/zero", 1 << 20); }).find("goes on past"),
            std::string::npos);
  EXPECT_THROW(readFile("/nonexistent/detbench.json"), IoError);
  EXPECT_THROW(readFile(fs::temp_directory_path().string()), IoError);
}

// A FIFO that no process writes to is refused after the wait, not read
// forever (reports, projects, recipes all read through readFile). No race: nothing ever
// writes to it.
TEST(InputFilesTest, AFifoWithNoWriterIsRefusedAfterTheWait) {
  const fs::path fifo = fs::temp_directory_path() / ("detbench-fifo-" + std::to_string(::getpid()));
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  // The wait shortened for the test ($DETBENCH_READ_WAIT_S; 10 s by default).
  ::setenv("DETBENCH_READ_WAIT_S", "1", 1);
  const std::string why = messageOf([&] { readJsonFile(fifo.string(), "report"); });
  ::unsetenv("DETBENCH_READ_WAIT_S");
  EXPECT_NE(why.find("nothing came for 1 s"), std::string::npos) << why;
  fs::remove(fifo);
}

// A FIFO that a process does write to is read to its end (`detbench compare <(...)`).
TEST(InputFilesTest, AFifoIsReadToItsEnd) {
  const fs::path fifo =
      fs::temp_directory_path() / ("detbench-fifo-w-" + std::to_string(::getpid()));
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  const std::string text = "{\"a\": [" + std::string(200000, ' ') + "1]}";
  // The writer's open waits for the reader; then it writes and closes.
  std::thread writer([&] { std::ofstream(fifo) << text; });
  std::string got;
  EXPECT_NO_THROW(got = readFile(fifo.string()));
  writer.join();
  EXPECT_EQ(got, text);
  fs::remove(fifo);
}

TEST(InputFilesTest, ANonJsonStreamIsRefusedAtItsFirstBytes) {
  EXPECT_NE(messageOf([] { readJsonFile("/dev/zero", "report"); }).find("not JSON"),
            std::string::npos);
}

}  // namespace
}  // namespace detbench
