// Which devices a build of the module can run, decided from the list of architectures it
// carries, as the driver decides when it loads a kernel. No GPU needed.

#include <gtest/gtest.h>

#include <string>

#include "CudaArchitectures.hpp"
#include "MessageText.hpp"

namespace detbench {
namespace {

using cuda::CudaArchitecture;

std::vector<CudaArchitecture> archs(std::string_view list) {
  const auto parsed = cuda::parseCudaArchitectures(list);
  EXPECT_TRUE(parsed.has_value()) << list;
  return parsed.value_or(std::vector<CudaArchitecture>{});
}

// The portable list of cmake/DetbenchCudaArchitectures.cmake, as the build passes it.
constexpr std::string_view kPortable = "80-real,86-real,90";

using test_support::contains;

TEST(CudaArchitecturesTest, ParsesCMakesNotation) {
  const auto a = archs("80-real; 90 ,90a-real,100f-virtual,120");
  ASSERT_EQ(a.size(), 5u);
  EXPECT_EQ(a[0].major, 8);
  EXPECT_EQ(a[0].minor, 0);
  EXPECT_TRUE(a[0].machineCode);
  EXPECT_FALSE(a[0].ptx);
  EXPECT_TRUE(a[1].machineCode && a[1].ptx);
  EXPECT_EQ(a[2].variant, 'a');
  EXPECT_TRUE(a[2].machineCode);
  EXPECT_FALSE(a[2].ptx);
  EXPECT_EQ(a[3].major, 10);
  EXPECT_EQ(a[3].variant, 'f');
  EXPECT_FALSE(a[3].machineCode);
  EXPECT_EQ(a[4].major, 12);
  EXPECT_EQ(a[4].minor, 0);
  for (const char* unknown : {"", "all", "native", "OFF", "90-realish", "9", "1000", "8x"}) {
    EXPECT_FALSE(cuda::parseCudaArchitectures(unknown).has_value()) << unknown;
  }
}

TEST(CudaArchitecturesTest, DescribesMachineCodeAndPtx) {
  EXPECT_EQ(cuda::describeCudaArchitectures(archs(kPortable)),
            "sm_80, sm_86, sm_90; PTX compute_90");
  EXPECT_EQ(cuda::describeCudaArchitectures(archs("90a-real")), "sm_90a; no PTX");
}

TEST(CudaArchitecturesTest, ThePortableListRunsAmpereAdaAndHopperFromMachineCode) {
  // Ada (8.9) runs the sm_86 code: machine code runs on later minor versions of its major one.
  const auto list = archs(kPortable);
  struct Case {
    int major, minor;
    const char* image;
  };
  // A100, A10 / RTX 3090, Jetson Orin, L4 / RTX 4090, H100 / H200.
  for (const Case c : {Case{8, 0, "sm_80"}, Case{8, 6, "sm_86"}, Case{8, 7, "sm_86"},
                       Case{8, 9, "sm_86"}, Case{9, 0, "sm_90"}}) {
    const auto image = cuda::kernelImageFor(list, c.major, c.minor);
    EXPECT_TRUE(image.found) << c.major << "." << c.minor;
    EXPECT_FALSE(image.compiledByDriver) << c.major << "." << c.minor;
    EXPECT_EQ(image.name, c.image);
    EXPECT_EQ(cuda::cannotRunReason(list, c.major, c.minor, 13000, 13000), "");
  }
}

TEST(CudaArchitecturesTest, NewerDevicesRunThePtxOlderOnesNothing) {
  const auto list = archs(kPortable);
  for (const auto& [major, minor] : {std::pair{10, 0}, std::pair{12, 0}}) {
    const auto image = cuda::kernelImageFor(list, major, minor);
    EXPECT_TRUE(image.found);
    EXPECT_TRUE(image.compiledByDriver);
    EXPECT_EQ(image.name, "compute_90");
  }
  // Turing (T4) and Volta (V100): no machine code of their major version, PTX only newer.
  for (const auto& [major, minor] : {std::pair{7, 5}, std::pair{7, 0}}) {
    EXPECT_FALSE(cuda::kernelImageFor(list, major, minor).found);
  }
  const std::string reason = cuda::cannotRunReason(list, 7, 5, 13000, 13000);
  EXPECT_TRUE(contains(reason, "no kernel image for compute capability 7.5")) << reason;
  EXPECT_TRUE(contains(reason, "sm_80, sm_86, sm_90; PTX compute_90")) << reason;
  EXPECT_TRUE(contains(reason, "CMAKE_CUDA_ARCHITECTURES=75")) << reason;
}

TEST(CudaArchitecturesTest, MachineCodeStaysWithinItsMajorVersion) {
  // sm_90 machine code does not run on 10.0 or 8.9, and a build without PTX runs nothing newer.
  const auto hopper = archs("90-real");
  EXPECT_TRUE(cuda::kernelImageFor(hopper, 9, 0).found);
  EXPECT_FALSE(cuda::kernelImageFor(hopper, 10, 0).found);
  EXPECT_FALSE(cuda::kernelImageFor(hopper, 8, 9).found);
  // A machine code's minor version must not exceed the device's.
  EXPECT_FALSE(cuda::kernelImageFor(archs("86-real"), 8, 0).found);
  // Architecture-specific builds run on their own capability only, PTX included.
  EXPECT_TRUE(cuda::kernelImageFor(archs("90a"), 9, 0).found);
  EXPECT_FALSE(cuda::kernelImageFor(archs("90a"), 10, 0).found);
  // Family builds run on their major version.
  EXPECT_EQ(cuda::kernelImageFor(archs("100f-real"), 10, 3).name, "sm_100f");
  EXPECT_FALSE(cuda::kernelImageFor(archs("100f"), 12, 0).found);
}

TEST(CudaArchitecturesTest, PtxNewerThanTheDriverIsRefusedWithTheReason) {
  const auto list = archs(kPortable);
  const std::string reason = cuda::cannotRunReason(list, 12, 0, 13000, 13010);
  EXPECT_TRUE(contains(reason, "only from its compute_90 PTX")) << reason;
  EXPECT_TRUE(contains(reason, "CUDA 13.1")) << reason;
  EXPECT_TRUE(contains(reason, "driver (CUDA 13.0)")) << reason;
  EXPECT_TRUE(contains(reason, "CMAKE_CUDA_ARCHITECTURES=120")) << reason;
  // Machine code needs no compiling: the same driver runs Hopper.
  EXPECT_EQ(cuda::cannotRunReason(list, 9, 0, 13000, 13010), "");
}

TEST(CudaArchitecturesTest, TheModuleCarriesTheListTheBuildChose) {
  // tests/CMakeLists.txt passes the list the module was configured with.
  EXPECT_EQ(cuda::builtCudaArchitectures(), DETBENCH_EXPECTED_CUDA_ARCHITECTURES);
  EXPECT_TRUE(cuda::parseCudaArchitectures(cuda::builtCudaArchitectures()).has_value())
      << cuda::builtCudaArchitectures();
}

}  // namespace
}  // namespace detbench
