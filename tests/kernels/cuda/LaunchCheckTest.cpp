// A failed kernel launch names its kernel and the file and line of its launch, and a fatal
// error still makes the device unavailable with that reason; DETBENCH_CUDA_SYNC_LAUNCHES is read
// strictly, and each stage of a waited-for launch says what failed. The failures are raised
// through the same function the launch helper calls, so this runs everywhere, GPU or not.

#include <gtest/gtest.h>

#include <cstdlib>
#include <string>

#include "CudaCheck.hpp"
#include "LaunchCheck.hpp"
#include "MessageText.hpp"
#include "detbench/cuda/ContextHealth.hpp"
#include "detbench/cuda/CudaBackend.hpp"

namespace detbench {
namespace {

using test_support::contains;

class LaunchCheckTest : public ::testing::Test {
 protected:
  void SetUp() override { cuda::resetContextFaultForTesting(); }
  void TearDown() override { cuda::resetContextFaultForTesting(); }
};

const cuda::KernelSite kSite{"scatterKernel<float>", "/src/kernels/cuda/src/ops/Scatter.cu", 42};

TEST_F(LaunchCheckTest, TheSiteIsTheKernelAndTheLaunchsFileAndLine) {
  EXPECT_EQ(cuda::describeSite(kSite), "kernel scatterKernel<float> (Scatter.cu:42)");
  EXPECT_EQ(cuda::describeSite({"k", "Plain.cu", 7}), "kernel k (Plain.cu:7)");
}

TEST_F(LaunchCheckTest, ABadConfigurationNamesTheKernelAndLeavesTheDevice) {
  try {
    cuda::throwLaunchFailure(kSite, cudaErrorInvalidConfiguration);
    FAIL() << "no error raised";
  } catch (const CudaError& e) {
    EXPECT_TRUE(contains(e.message(), "kernel scatterKernel<float> (Scatter.cu:42)"))
        << e.message();
    EXPECT_TRUE(contains(e.message(), "cudaErrorInvalidConfiguration")) << e.message();
    EXPECT_STREQ(e.file(), kSite.file);
    EXPECT_EQ(e.line(), 42);
  }
  EXPECT_FALSE(cuda::contextFault().has_value());
  EXPECT_THROW(cuda::throwLaunchFailure(kSite, cudaErrorMemoryAllocation), OutOfMemory);
}

TEST_F(LaunchCheckTest, AFatalErrorRecordsTheKernelAsWhereTheContextWasLost) {
  EXPECT_THROW(cuda::throwLaunchFailure(kSite, cudaErrorIllegalAddress), CudaError);
  const auto fault = cuda::contextFault();
  ASSERT_TRUE(fault.has_value());
  EXPECT_TRUE(contains(*fault, "cudaErrorIllegalAddress")) << *fault;
  EXPECT_TRUE(contains(*fault, "kernel scatterKernel<float> (Scatter.cu:42)")) << *fault;
}

TEST_F(LaunchCheckTest, AFatalErrorSaysHowToFindItsKernelUnlessLaunchesAreWaitedFor) {
  try {
    cuda::throwLaunchFailure(kSite, cudaErrorIllegalAddress);
    FAIL() << "no error raised";
  } catch (const CudaError& e) {
    EXPECT_TRUE(contains(e.message(), "context is lost")) << e.message();
    EXPECT_EQ(contains(e.message(), "DETBENCH_CUDA_SYNC_LAUNCHES=1"), !cuda::syncLaunches())
        << e.message();
  }
  // An error of the launch itself needs no advice.
  try {
    cuda::throwLaunchFailure(kSite, cudaErrorLaunchOutOfResources);
    FAIL() << "no error raised";
  } catch (const CudaError& e) {
    EXPECT_FALSE(contains(e.message(), "DETBENCH_CUDA_SYNC_LAUNCHES")) << e.message();
  }
}

TEST_F(LaunchCheckTest, EachStageOfAWaitedForLaunchSaysWhatFailed) {
  EXPECT_EQ(cuda::describeFailure(kSite, cuda::LaunchStage::Launch),
            "kernel scatterKernel<float> (Scatter.cu:42)");
  EXPECT_EQ(cuda::describeFailure(kSite, cuda::LaunchStage::Running),
            "kernel scatterKernel<float> (Scatter.cu:42), waited for after its launch");
  const std::string before = cuda::describeFailure(kSite, cuda::LaunchStage::BeforeLaunch);
  EXPECT_TRUE(contains(before, "the work queued before kernel scatterKernel<float>")) << before;
  EXPECT_TRUE(contains(before, "a copy or a library call")) << before;

  // The kernel that faulted while running is the one the lost context names.
  EXPECT_THROW(cuda::throwLaunchFailure(kSite, cudaErrorIllegalAddress, cuda::LaunchStage::Running),
               CudaError);
  const auto fault = cuda::contextFault();
  ASSERT_TRUE(fault.has_value());
  EXPECT_TRUE(contains(*fault, "Scatter.cu:42), waited for after its launch")) << *fault;
}

TEST_F(LaunchCheckTest, TheSyncOptionIsZeroOrOne) {
  EXPECT_EQ(cuda::parseSyncLaunches(nullptr), false);
  EXPECT_EQ(cuda::parseSyncLaunches(""), false);
  EXPECT_EQ(cuda::parseSyncLaunches("0"), false);
  EXPECT_EQ(cuda::parseSyncLaunches("1"), true);
  for (const char* refused : {"yes", "true", "2", " 1", "1 ", "on"}) {
    EXPECT_FALSE(cuda::parseSyncLaunches(refused).has_value()) << refused;
  }
}

// A refused value makes the cuda device unavailable with the reason, before any device probe,
// as a bad DETBENCH_CPU_SCHEDULE does for cpu-threads.
TEST_F(LaunchCheckTest, ARefusedValueMakesTheDeviceUnavailableWithTheReason) {
  const char* saved = std::getenv(cuda::kSyncLaunchesVariable);
  const std::string restore = saved ? saved : "";
  ::setenv(cuda::kSyncLaunchesVariable, "yes", 1);
  const Availability a = cuda::makeCudaBackend()->availability();
  if (saved) {
    ::setenv(cuda::kSyncLaunchesVariable, restore.c_str(), 1);
  } else {
    ::unsetenv(cuda::kSyncLaunchesVariable);
  }
  EXPECT_FALSE(a.available);
  EXPECT_EQ(a.reason,
            "DETBENCH_CUDA_SYNC_LAUNCHES='yes' is not 1 (wait for every kernel launch) or 0");
  EXPECT_EQ(cuda::syncLaunchesProblem(), "");
}

}  // namespace
}  // namespace detbench
