#include <gtest/gtest.h>

#include <unistd.h>
#include <filesystem>

#include <fstream>

#include "detbench/AtomicFile.hpp"
#include "detbench/Error.hpp"
#include "detbench/NpyWriter.hpp"

namespace detbench {
namespace {

namespace fs = std::filesystem;

struct TempDir {
  TempDir() {
    path = fs::temp_directory_path() /
           ("detbench-test-" + std::to_string(::getpid()) + "-" + std::to_string(counter++));
    fs::create_directories(path);
  }
  ~TempDir() { fs::remove_all(path); }
  fs::path path;
  static inline int counter = 0;
};

TEST(AtomicFileTest, WritesAndReplacesWholeFiles) {
  TempDir dir;
  const std::string file = (dir.path / "r.json").string();
  writeFileAtomically(file, "first");
  writeFileAtomically(file, "second");
  EXPECT_EQ(readFile(file), "second");
  EXPECT_EQ(std::distance(fs::directory_iterator(dir.path), fs::directory_iterator{}), 1);
}

TEST(AtomicFileTest, AnUnwritablePlaceRaisesAndLeavesNothing) {
  TempDir dir;
  EXPECT_THROW(writeFileAtomically((dir.path / "missing" / "r.json").string(), "x"), IoError);
  EXPECT_THROW(writeFileAtomically(dir.path.string(), "x"), IoError);
  EXPECT_EQ(std::distance(fs::directory_iterator(dir.path), fs::directory_iterator{}), 0);
}

TEST(AtomicFileTest, ReadingAMissingFileRaises) {
  EXPECT_THROW(readFile("/nonexistent/detbench.json"), IoError);
}

TEST(NpyWriterTest, HeaderIsNumPyFormat10AlignedTo64) {
  HostTensor t({2, 3}, DType::Float32);
  const std::string npy = toNpy(t);
  ASSERT_GE(npy.size(), 10u);
  EXPECT_EQ(npy.substr(0, 6), "\x93NUMPY");
  const std::size_t headerLen = static_cast<unsigned char>(npy[8]) |
                                (static_cast<std::size_t>(static_cast<unsigned char>(npy[9])) << 8);
  EXPECT_EQ((10 + headerLen) % 64, 0u);
  const std::string header = npy.substr(10, headerLen);
  EXPECT_NE(header.find("'descr': '<f4'"), std::string::npos);
  EXPECT_NE(header.find("'shape': (2, 3)"), std::string::npos);
  EXPECT_EQ(header.back(), '\n');
  EXPECT_EQ(npy.size(), 10 + headerLen + 24);
  HostTensor v({5}, DType::Int64);
  EXPECT_NE(toNpy(v).find("'shape': (5,)"), std::string::npos);
}

}  // namespace
}  // namespace detbench
