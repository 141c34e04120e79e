#include "export/PyTorchCalls.hpp"

#include "catalog/CatalogEntry.hpp"

namespace detbench::exporting {

std::optional<std::string> pytorchCallBody(std::string_view op, bool severalStreams) {
  if (op.empty() || (op == "matmul" && severalStreams)) return std::nullopt;
  for (const catalog::OpEntry& entry : catalog::catalogEntries()) {
    if (entry.name == op && !entry.pytorchCall.empty()) return std::string(entry.pytorchCall);
  }
  return std::nullopt;
}

}  // namespace detbench::exporting
