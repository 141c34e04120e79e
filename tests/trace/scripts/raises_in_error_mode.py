# Stands in for a CUDA op without a deterministic implementation: index_add_'s CPU kernel is
# replaced by one that raises PyTorch's own alert when deterministic algorithms are on (error
# mode) and adds in index order otherwise.
import warnings

import torch

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    library = torch.library.Library("aten", "IMPL")


def index_add(self, dim, index, source, alpha=1):
    if torch.are_deterministic_algorithms_enabled():
        raise RuntimeError(
            "index_add_cuda_ does not have a deterministic implementation, but you set "
            "'torch.use_deterministic_algorithms(True)'. You can turn off determinism just for "
            "this operation, or you can use the 'warn_only=True' option, if that's acceptable "
            "for your application.")
    out = self.clone()
    for i in range(index.numel()):
        out[index[i]] += alpha * source[i]
    return out


with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    library.impl("index_add", index_add, "CPU")

x = torch.zeros(3)
y = x.index_add(0, torch.tensor([0, 1, 1]), torch.ones(3))  # RAISES
print(y)
