#include "detbench/run/HostMemory.hpp"

#include <gtest/gtest.h>
#include <sys/resource.h>

#include <fstream>
#include <sstream>

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

TEST(HostMemoryTest, StatusFieldsAreReadInBytesAtTheStartOfALine) {
  const char* status =
      "Name:\tdetbench\nVmPeak:\t  9000 kB\nVmSize:\t  4096 kB\nVmData:   100 kB\n";
  EXPECT_EQ(statusBytesFrom(status, "VmSize:"), 4096 * 1024);
  EXPECT_EQ(statusBytesFrom(status, "VmData:"), 100 * 1024);
  EXPECT_FALSE(statusBytesFrom(status, "VmSwap:").has_value());
  EXPECT_FALSE(statusBytesFrom("XVmSize: 5 kB\n", "VmSize:").has_value());
}

TEST(HostMemoryTest, ALimitLeavesItsHeadroomLessTheReserve) {
  const std::int64_t gib = std::int64_t{1} << 30;
  EXPECT_EQ(limitHeadroom(std::uint64_t{4} << 30, gib), 3 * gib - kLimitReserve);
  EXPECT_EQ(limitHeadroom(std::uint64_t{1} << 20, gib), 0);
  EXPECT_FALSE(limitHeadroom(RLIM_INFINITY, gib).has_value());
}

// `ulimit -v`: the address-space limit bounds what a run is admitted with.
// The limit is lowered for this process and put back (only its soft value, which may go up
// again to the hard one).
TEST(HostMemoryTest, TheAddressSpaceLimitBoundsTheAvailableMemory) {
  struct rlimit saved {};
  ASSERT_EQ(::getrlimit(RLIMIT_AS, &saved), 0);
  std::ifstream in("/proc/self/status");
  std::stringstream status;
  status << in.rdbuf();
  const auto used = statusBytesFrom(status.str(), "VmSize:");
  ASSERT_TRUE(used.has_value());
  const std::int64_t room = std::int64_t{512} << 20;
  struct rlimit lowered = saved;
  lowered.rlim_cur = static_cast<rlim_t>(*used + room);
  if (saved.rlim_cur != RLIM_INFINITY && saved.rlim_cur < lowered.rlim_cur) {
    GTEST_SKIP() << "the address space is already limited below the test's";
  }
  ASSERT_EQ(::setrlimit(RLIMIT_AS, &lowered), 0);
  const std::int64_t available = availableMemoryBytes();
  ASSERT_EQ(::setrlimit(RLIMIT_AS, &saved), 0);
  EXPECT_LE(available, room - kLimitReserve);
  EXPECT_GE(available, 0);
}

}  // namespace
}  // namespace detbench
