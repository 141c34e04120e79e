// The CUDA backend module: it loads everywhere it was built, and reports itself unavailable,
// with the CUDA runtime's reason, where there is no driver or no device. Runs everywhere.

#include <gtest/gtest.h>

#include <cuda_runtime_api.h>

#include "CudaDeviceVisible.hpp"
#include "detbench/backend/BackendModule.hpp"
#include "detbench/cuda/CudaBackend.hpp"

namespace detbench {
namespace {

TEST(CudaBackendTest, AvailabilityMatchesTheRuntimeAndNamesTheReason) {
  const auto backend = cuda::makeCudaBackend();
  EXPECT_EQ(backend->id(), "cuda");
  const Availability a = backend->availability();
  EXPECT_EQ(a.available, test_support::cudaDeviceVisible());
  if (!a.available) {
    EXPECT_EQ(a.reason.rfind("cudaError", 0), 0u) << a.reason;
  } else {
    EXPECT_FALSE(backend->deviceInfo().at("name").empty());
  }
  EXPECT_FALSE(backend->deviceInfo().at("cuda_runtime").empty());
  EXPECT_FALSE(backend->deviceInfo().at("cublas").empty());  // a library version: no device needed
}

TEST(CudaBackendTest, TheBuiltModuleLoadsThroughTheLoader) {
  LoadedBackend loaded = loadBackendModule(defaultModulePath("cuda"));
  ASSERT_NE(loaded.backend, nullptr) << loaded.reason;
  EXPECT_EQ(loaded.backend->id(), "cuda");
  EXPECT_EQ(loaded.backend->availability().available, test_support::cudaDeviceVisible());
}

}  // namespace
}  // namespace detbench
