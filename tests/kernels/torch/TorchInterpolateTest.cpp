// F.interpolate's deterministic decomposition (PyTorch 2.8 and later), which torch-cuda follows in
// deterministic mode: on the CPU, where ATen's own kernel also runs, the two agree within float32
// rounding, forward and backward, for bilinear and trilinear upsampling. Built against an older
// libtorch (Debian's 1.13) there is no decomposition to check.

#include <gtest/gtest.h>

#if DETBENCH_TORCH_MAJOR > 2 || (DETBENCH_TORCH_MAJOR == 2 && DETBENCH_TORCH_MINOR >= 8)
#include "TorchCallArgs.hpp"
#include <ATen/ops/rand.h>
#include <ATen/ops/upsample_bilinear2d.h>
#include <ATen/ops/upsample_bilinear2d_backward.h>
#include <ATen/ops/upsample_trilinear3d.h>

namespace detbench {
namespace {

double maxAbsDiff(const at::Tensor& a, const at::Tensor& b) {
  return (a - b).abs().max().item<double>();
}

TEST(TorchInterpolateTest, TheDecompositionIsBilinearUpsamplingForwardAndBackward) {
  const at::Tensor x = at::rand({2, 3, 5, 7}).requires_grad_(true);
  const at::Tensor viaDecomposition = torchdev::upsampleLinearDecomposition(x, {10, 14});
  const at::Tensor viaAten = at::upsample_bilinear2d(x, {10, 14}, false);
  EXPECT_LT(maxAbsDiff(viaDecomposition, viaAten), 1e-6);
  const at::Tensor g = at::rand({2, 3, 10, 14});
  viaDecomposition.backward(g);
  const at::Tensor atenGrad = at::upsample_bilinear2d_backward(g, {10, 14}, {2, 3, 5, 7}, false);
  EXPECT_LT(maxAbsDiff(x.grad(), atenGrad), 1e-5);
}

TEST(TorchInterpolateTest, TheDecompositionIsTrilinearUpsampling) {
  const at::Tensor x = at::rand({1, 2, 3, 4, 5});
  EXPECT_LT(maxAbsDiff(torchdev::upsampleLinearDecomposition(x, {6, 8, 10}),
                       at::upsample_trilinear3d(x, {6, 8, 10}, false)),
            1e-6);
}

}  // namespace
}  // namespace detbench
#endif
