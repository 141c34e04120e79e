#pragma once
// The PyTorch call that computes each op of the catalog on the inputs detbench made (its
// catalog entry's `pytorchCall`, catalog/CatalogEntry.hpp), as the body of a Python function (indented by four spaces, returning the output tensor). In it,
// `io` maps each input's name to its tensor on DEVICE, `P` holds the op's parameters, and
// torch, F (torch.nn.functional) and DEVICE are in scope. The peer tests run these bodies
// against Debian's PyTorch (tests/peer/test_export_pytorch.py).

#include <optional>
#include <string>
#include <string_view>

namespace detbench::exporting {

// The body for `op`, or nothing for an op with no PyTorch call of its own to repeat (the
// random ops, whose streams follow the generator, and the matmul on several streams).
std::optional<std::string> pytorchCallBody(std::string_view op, bool severalStreams);

}  // namespace detbench::exporting
