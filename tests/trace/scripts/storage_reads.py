# A tensor read back through its storage in Python (bytes() of it, its elements one by one),
# as serialisation code does: PyTorch reads each element with ops of its own, which the trace
# takes as one read of the storage's bits, not as data entering once per element. The cause
# is the op whose number depends on the run (DETBENCH_TRACE_RUN), at the line marked CAUSE.
import os

import torch

run = int(os.environ.get("DETBENCH_TRACE_RUN", "1"))
x = torch.arange(16, dtype=torch.float32)
y = x * (1.0 + run * 2.0 ** -20)  # CAUSE
storage = y.untyped_storage() if hasattr(y, "untyped_storage") else y.storage().untyped()
raw = bytes(storage)  # READ
typed = y.storage()
first = [typed[i] for i in range(4)]
print(len(raw), first[1] > 0)
