# A number the script takes out of a tensor (item()) and hands to a later op: where the tensor
# differs between runs (by the run number detbench exposes, at the line marked CAUSE), so does
# the number, and the later op (marked HANDED) has it through the script, not from outside. A
# number the script computes from it (marked DERIVED) cannot be followed and stays a cause.
import os

import torch

run = int(os.environ.get("DETBENCH_TRACE_RUN", "1"))
x = torch.ones(4) * (1.0 + run * 2.0 ** -20)  # CAUSE
scale = x.sum().item()
steps = int(x.sum().item() * 2 ** 20) % 5 + 1
y = torch.zeros(4).fill_(scale)  # HANDED
z = torch.arange(8).remainder(steps)  # DERIVED
print(y.sum().item(), z.sum().item())
