# Data that comes from outside any op (NumPy) and differs: the difference came in with the data,
# at the first op that sees it (from_numpy's lift_fresh, on the line marked DATA).
import os

import numpy as np
import torch

run = int(os.environ.get("DETBENCH_TRACE_RUN", "1"))
w = torch.ones(4) * 3
data = torch.from_numpy(np.full(4, float(run), dtype=np.float32))  # DATA
y = data + w
z = y.relu()
print(float(z.sum()))
