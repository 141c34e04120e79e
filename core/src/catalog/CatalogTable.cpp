// The catalog's table: one entry per op of the op list, in its order, made from the list itself.
// Each entry k<Name>Entry lives in its family's file under data/; an op added to the list
// without its entry does not compile.

#include <array>

#include "catalog/CatalogEntry.hpp"
#include "catalog/data/CollectiveEntries.hpp"
#include "catalog/data/CountingEntries.hpp"
#include "catalog/data/EmbeddingEntries.hpp"
#include "catalog/data/IndexGradientEntries.hpp"
#include "catalog/data/IndexWriteEntries.hpp"
#include "catalog/data/IndexingEntries.hpp"
#include "catalog/data/LibraryEntries.hpp"
#include "catalog/data/LossEntries.hpp"
#include "catalog/data/MemoryEntries.hpp"
#include "catalog/data/PaddingEntries.hpp"
#include "catalog/data/PoolingEntries.hpp"
#include "catalog/data/RandomEntries.hpp"
#include "catalog/data/ReductionEntries.hpp"
#include "catalog/data/SamplingEntries.hpp"
#include "detbench/op/OpList.hpp"

namespace detbench::catalog {

namespace {

#define DETBENCH_CATALOG_ENTRY(name, Name) k##Name##Entry,
constexpr std::array kCatalog{DETBENCH_CATALOG_OPS(DETBENCH_CATALOG_ENTRY)};
#undef DETBENCH_CATALOG_ENTRY

// Each entry names its own op (a k<Name>Entry with another op's name is caught here).
constexpr bool catalogFollowsTheOpList() {
  if (kCatalog.size() != kOpNames.size()) return false;
  for (std::size_t i = 0; i < kCatalog.size(); ++i) {
    if (kCatalog[i].name != kOpNames[i]) return false;
  }
  return true;
}
static_assert(catalogFollowsTheOpList(),
              "each k<Name>Entry in core/src/catalog/data/ must carry its op's name");

// Every op's first CUDA entry is the catalog's oldest release, and the entries rise.
constexpr bool everyOpCoversEveryRelease() {
  for (const auto& op : kCatalog) {
    if (op.cuda.empty() || op.cuda.front().since != Since{2, 8}) return false;
    for (std::size_t i = 1; i < op.cuda.size(); ++i) {
      if (!(op.cuda[i - 1].since < op.cuda[i].since)) return false;
    }
  }
  return true;
}
static_assert(everyOpCoversEveryRelease(),
              "each op's CUDA entries start at 2.8 and are in release order");

// Every entry says how a trace sees its op (or why it does not) and gives its PyTorch call (or
// why it has none): an entry written without them does not compile.
constexpr bool everyOpHasRouteAndCall() {
  for (const auto& op : kCatalog) {
    if (op.trace.aten.empty() == op.trace.unseen.empty()) return false;
    if (op.pytorchCall.empty() == op.noPytorchCall.empty()) return false;
    const bool needsArgument =
        op.trace.when != TraceWhen::Always && op.trace.when != TraceWhen::WithoutWeights &&
        op.trace.when != TraceWhen::WithWeights && op.trace.when != TraceWhen::QuantizedInput;
    if (needsArgument == op.trace.argument.empty()) return false;
  }
  return true;
}
static_assert(everyOpHasRouteAndCall(),
              "each k<Name>Entry needs .trace (ATen names, or .unseen saying why none) and "
              ".pytorchCall (or .noPytorchCall saying why none)");

}  // namespace

std::span<const OpEntry> catalogEntries() {
  return kCatalog;
}

}  // namespace detbench::catalog
