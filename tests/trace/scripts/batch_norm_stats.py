# A batch norm in training updates its running statistics in place, which PyTorch 1.13's
# schema does not say, and its next forward reads them: they are the op's outputs as much as
# what it returns. The input depends on the run number (DETBENCH_TRACE_RUN) at the line marked
# with CAUSE; everything after inherits from it.
import os

import torch

run = int(os.environ.get("DETBENCH_TRACE_RUN", "1"))
torch.manual_seed(0)
norm = torch.nn.BatchNorm1d(4)
x = torch.randn(8, 4) * (1.0 + run * 2.0 ** -20)  # CAUSE
for _step in range(2):
    y = norm(x)
    y.sum().backward()
print(norm.running_mean.sum().item())
