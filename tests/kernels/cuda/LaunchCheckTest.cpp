// A failed kernel launch names its kernel and the file and line of its launch, and a fatal
// error still makes the device unavailable with that reason. The failures are raised through
// the same function the launch helper calls, so this runs everywhere, GPU or not.

#include <gtest/gtest.h>

#include <string>

#include "CudaCheck.hpp"
#include "LaunchCheck.hpp"
#include "detbench/cuda/ContextHealth.hpp"

namespace detbench {
namespace {

bool contains(const std::string& text, const char* part) {
  return text.find(part) != std::string::npos;
}

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

}  // namespace
}  // namespace detbench
