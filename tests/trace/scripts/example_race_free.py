# resources/trace/examples/train_example.py with its one race made deterministic, for tests.
#
# PyTorch's CPU index_put_ with accumulate=True adds with atomics on 2 or more threads: the
# order, and so the bits, depend on how the threads interleave. A test must not wait for that.
# Here the kernel under index_put_ (aten::_index_put_impl_ on the CPU) is replaced by one that
# adds the rows in an order chosen by the run number detbench exposes (DETBENCH_TRACE_RUN):
# index order in odd runs, reversed in even ones; in deterministic mode always in index order,
# as PyTorch's serial path does. The probe sees the same op with the same inputs and other bits,
# exactly what the real race gives it. Then the example runs as it is.
import os
import runpy
import sys
import warnings

import torch

RUN = int(os.environ.get("DETBENCH_TRACE_RUN", "1"))
EXAMPLE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "resources",
                       "trace", "examples", "train_example.py")


def index_put_impl(self, indices, values, accumulate=False, unsafe=False):
    index = [i for i in indices if i is not None]
    if len(index) != 1 or len(indices) != 1:
        raise NotImplementedError("this stand-in takes one index tensor on dim 0")
    index = index[0]
    if not accumulate:
        return self.index_copy_(0, index, values.expand(index.shape + self.shape[1:]))
    order = torch.arange(index.numel())
    if not torch.are_deterministic_algorithms_enabled() and RUN % 2 == 0:
        order = order.flip(0)
    return self.index_add_(0, index[order], values.expand(index.shape + self.shape[1:])[order])


with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    library = torch.library.Library("aten", "IMPL")
    library.impl("_index_put_impl_", index_put_impl, "CPU")

sys.argv = [EXAMPLE] + sys.argv[1:]
runpy.run_path(EXAMPLE, run_name="__main__")
