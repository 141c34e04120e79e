// A CUDA error that leaves the context unusable (an illegal address in a kernel, a trap) makes
// the cuda device unavailable with that reason; an ordinary error (a bad launch configuration,
// an allocation that did not fit) is reported and leaves the device as it was. The errors are
// raised through the same checks the kernels use, so this runs everywhere, GPU or not.

#include <gtest/gtest.h>

#include <string>

#include "CudaCheck.hpp"
#include "CudaDeviceVisible.hpp"
#include "MessageText.hpp"
#include "detbench/backend/BackendRegistry.hpp"
#include "detbench/cuda/ContextHealth.hpp"
#include "detbench/cuda/CudaBackend.hpp"

namespace detbench {
namespace {

using test_support::contains;

class ContextHealthTest : public ::testing::Test {
 protected:
  void SetUp() override { cuda::resetContextFaultForTesting(); }
  void TearDown() override { cuda::resetContextFaultForTesting(); }
};

TEST_F(ContextHealthTest, OnlyTheErrorsThatEndTheContextAreFatal) {
  for (cudaError_t e : {cudaErrorIllegalAddress, cudaErrorLaunchFailure, cudaErrorAssert,
                        cudaErrorIllegalInstruction, cudaErrorMisalignedAddress,
                        cudaErrorLaunchTimeout, cudaErrorECCUncorrectable}) {
    EXPECT_TRUE(cuda::isContextFatal(e)) << cudaGetErrorName(e);
  }
  for (cudaError_t e : {cudaSuccess, cudaErrorMemoryAllocation, cudaErrorInvalidConfiguration,
                        cudaErrorInvalidValue, cudaErrorNoDevice, cudaErrorInsufficientDriver,
                        cudaErrorNotReady, cudaErrorLaunchOutOfResources}) {
    EXPECT_FALSE(cuda::isContextFatal(e)) << cudaGetErrorName(e);
  }
}

TEST_F(ContextHealthTest, TheFirstFatalErrorIsKept) {
  EXPECT_FALSE(cuda::recordContextFault(cudaErrorInvalidValue, "cudaMemsetAsync"));
  EXPECT_FALSE(cuda::contextFault().has_value());
  EXPECT_TRUE(cuda::recordContextFault(cudaErrorIllegalAddress, "scatter kernel"));
  EXPECT_TRUE(cuda::recordContextFault(cudaErrorLaunchFailure, "digest kernel"));
  const auto fault = cuda::contextFault();
  ASSERT_TRUE(fault.has_value());
  EXPECT_TRUE(contains(*fault, "cudaErrorIllegalAddress")) << *fault;
  EXPECT_TRUE(contains(*fault, "scatter kernel")) << *fault;
  EXPECT_FALSE(contains(*fault, "digest kernel")) << *fault;
}

TEST_F(ContextHealthTest, AFatalErrorMakesTheCudaDeviceUnavailableWithItsReason) {
  const auto backend = cuda::makeCudaBackend();
  try {
    DETBENCH_CUDA_CHECK(cudaErrorIllegalAddress);
    FAIL() << "no error raised";
  } catch (const CudaError& e) {
    EXPECT_TRUE(contains(e.message(), "cudaErrorIllegalAddress")) << e.message();
    EXPECT_TRUE(contains(e.message(), "context is lost")) << e.message();
    EXPECT_TRUE(contains(e.file(), "ContextHealthTest.cpp")) << e.file();
  }
  const Availability a = backend->availability();
  EXPECT_FALSE(a.available);
  EXPECT_TRUE(contains(a.reason, "context was lost after cudaErrorIllegalAddress")) << a.reason;
  EXPECT_TRUE(contains(a.reason, "restart detbench")) << a.reason;

  // Every way in refuses with that reason: the registry, and prepare called directly.
  BackendRegistry registry;
  registry.add(cuda::makeCudaBackend());
  try {
    registry.get("cuda");
    FAIL() << "the lost device was handed out";
  } catch (const NotAvailable& e) {
    EXPECT_TRUE(contains(e.message(), "cudaErrorIllegalAddress")) << e.message();
  }
  const OpDefinition& op = opDefinition("sum");
  const OpParams params = resolveParams("sum", op.params(), {{"size", 16}});
  const OpInputs inputs = prepareInputs(op, params, 0, 1 << 20);
  const Context context(Settings{});
  EXPECT_THROW(backend->prepare(op, params, inputs, Form::Deterministic, context), NotAvailable);
  EXPECT_NO_THROW(backend->checkMemory(op, params));
}

TEST_F(ContextHealthTest, AnOrdinaryErrorIsReportedAndLeavesTheDeviceAsItWas) {
  const auto backend = cuda::makeCudaBackend();
  try {
    DETBENCH_CUDA_CHECK(cudaErrorInvalidConfiguration);
    FAIL() << "no error raised";
  } catch (const CudaError& e) {
    EXPECT_TRUE(contains(e.message(), "cudaErrorInvalidConfiguration")) << e.message();
    EXPECT_FALSE(contains(e.message(), "context is lost")) << e.message();
  }
  EXPECT_THROW(DETBENCH_CUDA_CHECK(cudaErrorMemoryAllocation), OutOfMemory);
  EXPECT_FALSE(cuda::contextFault().has_value());
  EXPECT_EQ(backend->availability().available, test_support::cudaDeviceVisible());
}

}  // namespace
}  // namespace detbench
