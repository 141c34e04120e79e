# A view taken before an in-place write reads what the write left without an op (head.tolist()
# takes it out of torch): the write, whose own output no op reads, is what makes the result
# differ.
import os

import torch

run = int(os.environ.get("DETBENCH_TRACE_RUN", "1"))
x = torch.zeros(4)
head = x[:2]
x.add_(run)  # WRITE
print(head.tolist())
