#pragma once
// Which op of the op list a traced ATen op is: one route per op, made to follow the op list (a
// static_assert in AtenRoutes.cpp fails when an op has none, or two), each naming the ATen ops a
// trace sees it under, the arguments that choose it among the ops of one ATen name, and the
// `detbench run` parameters its traced shapes give.

#include <optional>

#include "detbench/trace/TraceCatalogLink.hpp"

namespace detbench::trace {

// The first route whose ATen names hold the op's and whose arguments choose it.
std::optional<CatalogMatch> routeAtenOp(const TraceOp& op);

}  // namespace detbench::trace
