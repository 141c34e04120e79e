// Input files: reads stop at a bound, nesting is measured without recursion, and deep, huge or
// broken JSON is refused with a reason instead of crashing.

#include "detbench/io/InputFiles.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

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

TEST(InputFilesTest, ANonJsonStreamIsRefusedAtItsFirstBytes) {
  EXPECT_NE(messageOf([] { readJsonFile("/dev/zero", "report"); }).find("not JSON"),
            std::string::npos);
}

}  // namespace
}  // namespace detbench
