# index_put_ with accumulate=True whose order depends on the run number (DETBENCH_TRACE_RUN), as
# in example_race_free.py but tiny: the cause is an op the catalog holds (index_put_accumulate).
import os
import warnings

import torch

RUN = int(os.environ.get("DETBENCH_TRACE_RUN", "1"))


def index_put_impl(self, indices, values, accumulate=False, unsafe=False):
    index = indices[0]
    order = torch.arange(index.numel())
    if not torch.are_deterministic_algorithms_enabled() and RUN % 2 == 0:
        order = order.flip(0)
    return self.index_add_(0, index[order], values[order])


with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    library = torch.library.Library("aten", "IMPL")
    library.impl("_index_put_impl_", index_put_impl, "CPU")

values = torch.linspace(0.1, 3.7, 64).reshape(32, 2) ** 3
index = torch.arange(32) % 3
sums = torch.zeros(3, 2).index_put_((index,), values, accumulate=True)  # CAUSE
print(sums.sum().item())
