// Every cuda kernel factory reads the op's device tensors as their dtypes (DeviceTensor refuses
// any other type), checked without a GPU: each factory is called on device tensors of the right
// dtypes and no elements (nothing is allocated for them), for both forms, on the cases every
// device runs. Without a device a factory stops with a CUDA, cuBLAS or cuDNN error at its first
// allocation or handle, after reading its tensors, which each one does first; a dtype mismatch
// would stop it before. With a device the gpu tests run every factory on real inputs, and this
// test is skipped (the factories would then run library calls on the empty tensors).

#include <gtest/gtest.h>

#include <string>

#include "CudaDeviceVisible.hpp"
#include "CudaKernel.hpp"
#include "detbench/op/OpDefinition.hpp"
#include "kernels/OpCases.hpp"

namespace detbench {
namespace {

class CudaKernelsTest : public ::testing::TestWithParam<testing::OpCase> {};

bool readsAsAnotherType(const Error& e) {
  return e.message().find("a cuda kernel reads a device tensor") != std::string::npos;
}

TEST_P(CudaKernelsTest, EveryFactoryReadsItsTensorsAsTheirDtypes) {
  if (test_support::cudaDeviceVisible()) GTEST_SKIP() << "a device is visible: see the gpu tests";
  const testing::OpCase& c = GetParam();
  const cuda::CudaKernelEntry* kernel = cuda::findCudaKernel(c.op);
  if (kernel == nullptr) GTEST_SKIP() << c.op << " is not offered on cuda in this build";
  const OpDefinition& op = opDefinition(c.op);
  const OpParams params = resolveParams(c.op, op.params(), c.params);
  const OpInputs inputs = prepareInputs(op, params, 0, std::int64_t{1} << 30);
  cuda::DeviceTensors device;
  for (const auto& spec : inputs.specs) device.inputs.emplace_back(spec.dtype, 0);
  device.output = cuda::DeviceTensor(inputs.output.dtype, 0);
  const Context context{Settings{}};
  for (const Form form : {Form::Atomic, Form::Deterministic}) {
    const cuda::CudaKernelArgs args{params,
                                    inputs,
                                    device,
                                    form,
                                    context,
                                    std::make_shared<std::string>(),
                                    std::make_shared<cuda::CudaRun>()};
    try {
      (void)kernel->make(args);
    } catch (const InvalidArgument& e) {
      EXPECT_FALSE(readsAsAnotherType(e)) << toString(form) << ": " << e.message();
    } catch (const Error&) {
      // No device: the factory's first allocation or library handle, past its tensors.
    }
  }
}

TEST(CudaKernelsTest, ADeviceTensorIsReadOnlyAsItsDtype) {
  const cuda::DeviceTensor floats(DType::Float32, 0);
  EXPECT_EQ(floats.data<float>(), nullptr);
  try {
    (void)floats.data<std::int64_t>();
    FAIL() << "a float32 tensor was read as int64";
  } catch (const InvalidArgument& e) {
    EXPECT_TRUE(readsAsAnotherType(e)) << e.message();
    EXPECT_NE(e.message().find("dtype float32 as int64"), std::string::npos) << e.message();
  }
  const cuda::DeviceTensor counts(DType::Int64, 0);
  EXPECT_NO_THROW((void)counts.data<unsigned long long>());  // bincount's atomic counts
  EXPECT_THROW((void)counts.data<double>(), InvalidArgument);
}

INSTANTIATE_TEST_SUITE_P(Ops, CudaKernelsTest, ::testing::ValuesIn(testing::opCases()),
                         [](const auto& test) { return test.param.name; });

}  // namespace
}  // namespace detbench
