#include <gtest/gtest.h>

#include <dlfcn.h>
#include <gnu/libc-version.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "detbench/backend/BackendModule.hpp"

namespace detbench {
namespace {

TEST(BackendModuleTest, AMissingModuleIsReportedNotThrown) {
  const LoadedBackend b = loadBackendModule("/nonexistent/libdetbench_cuda.so");
  EXPECT_EQ(b.backend, nullptr);
  EXPECT_NE(b.reason.find("not found"), std::string::npos) << b.reason;
}

TEST(BackendModuleTest, AFifoIsRefusedWithoutOpeningIt) {
  // dlopen would wait on it for a writer forever.
  const auto path = std::filesystem::temp_directory_path() /
                    ("detbench-fifo-module-" + std::to_string(::getpid()) + ".so");
  std::filesystem::remove(path);
  ASSERT_EQ(::mkfifo(path.c_str(), 0600), 0);
  const LoadedBackend b = loadBackendModule(path.string());
  EXPECT_EQ(b.backend, nullptr);
  EXPECT_NE(b.reason.find("not a regular file"), std::string::npos) << b.reason;
  std::filesystem::remove(path);
}

TEST(BackendModuleTest, AFileThatIsNotASharedObjectIsReported) {
  const auto path = std::filesystem::temp_directory_path() /
                    ("detbench-not-a-module-" + std::to_string(::getpid()) + ".so");
  std::ofstream(path) << "not an ELF file";
  const LoadedBackend b = loadBackendModule(path.string());
  EXPECT_EQ(b.backend, nullptr);
  EXPECT_NE(b.reason.find("cannot load"), std::string::npos) << b.reason;
  std::filesystem::remove(path);
}

TEST(BackendModuleTest, ASharedObjectWithoutTheEntryIsReported) {
  // The C library this test runs with: a real shared object that has no detbench entry (found
  // through a function no sanitizer intercepts, so the answer is libc and not the test binary).
  Dl_info info{};
  ASSERT_NE(::dladdr(reinterpret_cast<void*>(&::gnu_get_libc_version), &info), 0);
  ASSERT_NE(info.dli_fname, nullptr);
  const LoadedBackend b = loadBackendModule(info.dli_fname);
  EXPECT_EQ(b.backend, nullptr);
  EXPECT_NE(b.reason.find("not a detbench backend module"), std::string::npos) << b.reason;
}

TEST(BackendModuleTest, TheEnvironmentOverridesTheModulePath) {
  ::setenv("DETBENCH_CUDA_MODULE", "/opt/x/libdetbench_cuda.so", 1);
  EXPECT_EQ(defaultModulePath("cuda"), "/opt/x/libdetbench_cuda.so");
  ::unsetenv("DETBENCH_CUDA_MODULE");
  EXPECT_NE(defaultModulePath("cuda").find("libdetbench_cuda.so"), std::string::npos);
}

}  // namespace
}  // namespace detbench
