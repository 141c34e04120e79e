# A NumPy array that shares a tensor's memory reads what an in-place op wrote there without a
# torch op: its bits at the script's end are a result, and the write (the run number added) is
# the cause.
import os

import numpy as np
import torch

run = int(os.environ.get("DETBENCH_TRACE_RUN", "1"))
buffer = np.zeros(4, dtype=np.float32)
shared = torch.from_numpy(buffer)
shared.add_(run)  # WRITE
print(float(buffer.sum()))
