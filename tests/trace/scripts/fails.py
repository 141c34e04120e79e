# Fails in run 2 after a few ops: a trace keeps what came and the end of its standard error.
import os

import torch

x = torch.ones(4)
y = x + 1
if os.environ.get("DETBENCH_TRACE_RUN") == "2":
    raise RuntimeError("run 2 gives up here")
z = y * 3
print(float(z.sum()))
