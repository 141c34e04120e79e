#include <array>

#include "CpuKernel.hpp"

namespace detbench::cpu {

std::function<void()> makeIndexAddKernel(const KernelArgs&);
std::function<void()> makeScatterAddKernel(const KernelArgs&);
std::function<void()> makeBincountKernel(const KernelArgs&);
std::function<void()> makeBincountWeightedKernel(const KernelArgs&);
std::function<void()> makeEmbeddingBagBackwardKernel(const KernelArgs&);
std::function<void()> makeSumKernel(const KernelArgs&);
std::function<void()> makeMaxPool2dBackwardKernel(const KernelArgs&);
std::function<void()> makeUpsampleBilinear2dBackwardKernel(const KernelArgs&);
std::function<void()> makeAvgPool3dBackwardKernel(const KernelArgs&);
std::function<void()> makeAdaptiveAvgPool2dBackwardKernel(const KernelArgs&);
std::function<void()> makeHistcKernel(const KernelArgs&);
std::function<void()> makeCumsumKernel(const KernelArgs&);
std::function<void()> makeMatmulKernel(const KernelArgs&);
std::function<void()> makeConv2dForwardKernel(const KernelArgs&);
std::function<void()> makeConv2dBackwardDataKernel(const KernelArgs&);
std::function<void()> makeConv2dBackwardFilterKernel(const KernelArgs&);
std::function<void()> makeRandKernel(const KernelArgs&);
std::function<void()> makeRandnKernel(const KernelArgs&);
std::function<void()> makeDropoutKernel(const KernelArgs&);

namespace {

constexpr std::array kKernels{
    KernelEntry{"index_add", makeIndexAddKernel},
    KernelEntry{"scatter_add", makeScatterAddKernel},
    KernelEntry{"bincount", makeBincountKernel},
    KernelEntry{"bincount_weighted", makeBincountWeightedKernel},
    KernelEntry{"embedding_bag_backward", makeEmbeddingBagBackwardKernel},
    KernelEntry{"sum", makeSumKernel},
    KernelEntry{"max_pool2d_backward", makeMaxPool2dBackwardKernel},
    KernelEntry{"upsample_bilinear2d_backward", makeUpsampleBilinear2dBackwardKernel},
    KernelEntry{"avg_pool3d_backward", makeAvgPool3dBackwardKernel},
    KernelEntry{"adaptive_avg_pool2d_backward", makeAdaptiveAvgPool2dBackwardKernel},
    KernelEntry{"histc", makeHistcKernel},
    KernelEntry{"cumsum", makeCumsumKernel},
    KernelEntry{"matmul", makeMatmulKernel},
    KernelEntry{"conv2d_forward", makeConv2dForwardKernel},
    KernelEntry{"conv2d_backward_data", makeConv2dBackwardDataKernel},
    KernelEntry{"conv2d_backward_filter", makeConv2dBackwardFilterKernel},
    KernelEntry{"rand", makeRandKernel},
    KernelEntry{"randn", makeRandnKernel},
    KernelEntry{"dropout", makeDropoutKernel},
};

}  // namespace

std::span<const KernelEntry> cpuKernels() {
  return kKernels;
}

const KernelEntry* findCpuKernel(std::string_view op) {
  for (const auto& k : kKernels) {
    if (k.op == op) return &k;
  }
  return nullptr;
}

}  // namespace detbench::cpu
