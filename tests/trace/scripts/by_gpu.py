# One op whose Python number depends on the GPU the Slurm job step was given (SLURM_STEP_GPUS):
# the same from run to run on one GPU type, another on the other type. The cause a trace across
# GPU types must find, at the line marked CAUSE.
import os

import torch

gpu = int(os.environ.get("SLURM_STEP_GPUS", "0").split(",")[0] or 0)
x = torch.arange(8, dtype=torch.float32)
y = x * (1.0 + gpu * 2.0 ** -20)  # CAUSE
print(float(y.sum()))
