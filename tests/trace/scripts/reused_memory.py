# A torch.empty that is freed, then a draw the allocator places where it was (glibc hands the
# same block back): the draw wrote that memory, so the op that reads it reads the draw's values.
# The draw is the cause (its generator seeded by the run number detbench exposes), not
# uninitialized memory at the reader.
import os

import torch

torch.manual_seed(int(os.environ.get("DETBENCH_TRACE_RUN", "1")))
a = torch.empty(4096)
del a
x = torch.rand(4096)  # DRAW
y = x * 2
print(float(y.sum()))
