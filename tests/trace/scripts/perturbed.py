# One op whose Python number depends on the run number detbench exposes (DETBENCH_TRACE_RUN):
# the cause a trace must find (data from outside, as an argument), at the line marked CAUSE,
# without any race.
import os

import torch

run = int(os.environ.get("DETBENCH_TRACE_RUN", "1"))
x = torch.arange(8, dtype=torch.float32)
y = x * 2.0
z = y * (1.0 + run * 2.0 ** -20)  # CAUSE
w = z.sum()
print(float(w))
