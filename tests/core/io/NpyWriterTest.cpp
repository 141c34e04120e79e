#include "detbench/io/NpyWriter.hpp"

#include <gtest/gtest.h>

namespace detbench {
namespace {

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
