# Control flow on data: run 2 takes another branch, and the op sequences part there.
import os

import torch

x = torch.arange(6, dtype=torch.float32).reshape(2, 3)
if os.environ.get("DETBENCH_TRACE_RUN") == "1":
    y = x.sum()
else:
    y = x.mean()  # PART
print(float(y))
