// PyTorch's Python-level deterministic decompositions, which torch-cuda follows in deterministic
// mode (F.interpolate's bilinear and trilinear, F.pad's replicate; PyTorch 2.2 and later): on
// the CPU, where ATen's own kernels also run, each agrees with ATen's kernel, forward and
// backward. (Bit for bit against the Python functions themselves: checked by hand against
// PyTorch 2.11, docs/BENCHMARKS.md.) Built against an older libtorch (Debian's 1.13) there is no
// decomposition to check.

#include <gtest/gtest.h>

#include "TorchOpTable.hpp"

#if DETBENCH_TORCH_DECOMPOSITIONS
#include <ATen/ops/replication_pad2d.h>
#include <ATen/ops/replication_pad2d_backward.h>

#include <ATen/TensorOperators.h>
#include <ATen/ops/equal.h>
#include <ATen/ops/rand.h>
#include <ATen/ops/upsample_bilinear2d.h>
#include <ATen/ops/upsample_bilinear2d_backward.h>
#include <ATen/ops/upsample_trilinear3d.h>
#include "TorchCallArgs.hpp"

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

TEST(TorchInterpolateTest, TheReplicationPadDecompositionIsReplicationPaddingBitForBit) {
  // A gather copies values and its backward adds the same terms: both are exact here.
  const at::Tensor x = at::rand({2, 3, 5, 6}).requires_grad_(true);
  const at::Tensor padded = torchdev::replicationPadDecomposition(x, {2, 1, 3, 2});
  EXPECT_TRUE(at::equal(padded, at::replication_pad2d(x, {2, 1, 3, 2})));
  const at::Tensor g = at::rand(padded.sizes());
  padded.backward(g);
  const at::Tensor aten = at::replication_pad2d_backward(g, x.detach(), {2, 1, 3, 2});
  EXPECT_LT(maxAbsDiff(x.grad(), aten), 1e-5);
}

}  // namespace
}  // namespace detbench
#endif
