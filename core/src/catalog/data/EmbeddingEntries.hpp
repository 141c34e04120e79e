#pragma once
// The catalog's entries for the embedding tables' gradients.

#include "catalog/CatalogEntry.hpp"

namespace detbench::catalog {

inline constexpr Releases<1> kEmbeddingBagBackwardCuda{
    {{.since = Since{2, 8},
      .traits = {.nondeterministicByDefault = false,
                 .source = NS::None,
                 .errorMode = EM::Runs,
                 .atomicContrast = true,
                 .note =
                     "PyTorch's CUDA kernel sorts the indices (deterministic) for sum and mean; "
                     "the atomic form is a contrast, not PyTorch's default"},
      .source = "docstring 2.8 to 2.14: only mode='max' raises (EmbeddingBag backward)"}}};
inline constexpr OpEntry kEmbeddingBagBackwardEntry{
    .name = "embedding_bag_backward",
    .pytorchApi = "torch.nn.functional.embedding_bag(mode='sum'|'mean') backward",
    .summary = "gradient of the embedding table: each bag's gradient added to its rows",
    .cpu = kCpuDeterministic,
    .cuda = kEmbeddingBagBackwardCuda};

}  // namespace detbench::catalog
