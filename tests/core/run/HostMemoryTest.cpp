#include "detbench/run/HostMemory.hpp"

#include <gtest/gtest.h>

namespace detbench {
namespace {

TEST(HostMemoryTest, MemAvailableIsReadInBytes) {
  EXPECT_EQ(memAvailableFrom("MemTotal: 100 kB\nMemFree: 10 kB\nMemAvailable:   2048 kB\n"),
            2048 * 1024);
  EXPECT_FALSE(memAvailableFrom("MemTotal: 100 kB\n").has_value());
}

TEST(HostMemoryTest, TheCgroupPathsAreFoundForV2AndV1) {
  EXPECT_EQ(cgroupV2PathFrom("0::/user.slice/session-1.scope\n"), "/user.slice/session-1.scope");
  EXPECT_FALSE(cgroupV2PathFrom("4:memory:/docker/abc\n").has_value());
  EXPECT_EQ(cgroupV1MemoryPathFrom("5:devices:/\n4:memory:/docker/abc\n0::/\n"), "/docker/abc");
  EXPECT_EQ(cgroupV1MemoryPathFrom("3:cpu,memory:/x\n"), "/x");
  EXPECT_FALSE(cgroupV1MemoryPathFrom("0::/\n").has_value());
}

TEST(HostMemoryTest, HeadroomIsTheLimitLessTheUsageNeverNegative) {
  EXPECT_EQ(cgroupHeadroom("1073741824\n", "73741824\n"), 1000000000);
  EXPECT_EQ(cgroupHeadroom("100\n", "200\n"), 0);
  EXPECT_FALSE(cgroupHeadroom("max\n", "12345\n").has_value());
  EXPECT_FALSE(cgroupHeadroom("9223372036854771712\n", "1\n").has_value()) << "v1's no limit";
  EXPECT_FALSE(cgroupHeadroom("", "").has_value());
}

TEST(HostMemoryTest, TheAvailableMemoryIsPositive) {
  EXPECT_GT(availableMemoryBytes(), 0);
}

}  // namespace
}  // namespace detbench
