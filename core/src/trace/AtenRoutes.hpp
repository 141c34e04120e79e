#pragma once
// Which op of the op list a traced ATen op is, by the route in each op's catalog entry
// (catalog/CatalogEntry.hpp `TraceRoute`: a static_assert in CatalogTable.cpp fails for an entry
// without one): the ATen ops a trace sees it under, the argument that chooses it among the ops
// of one ATen name, and the `detbench run` parameters its traced shapes give.

#include <optional>

#include "detbench/trace/TraceCatalogLink.hpp"

namespace detbench::trace {

// The first route whose ATen names hold the op's and whose arguments choose it.
std::optional<CatalogMatch> routeAtenOp(const TraceOp& op);

}  // namespace detbench::trace
