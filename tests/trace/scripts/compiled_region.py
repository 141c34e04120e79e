# A function under torch.compile whose input depends on the run number detbench exposes: the
# trace runs the compiled code as compiled and names the compiled region (the call on the line
# marked with REGION) as where the difference came in. Needs PyTorch 2.x (torch.compile).
import os

import torch

run = int(os.environ.get("DETBENCH_TRACE_RUN", "1"))


@torch.compile
def step(x, scale):
    return (x * scale + 1.0).relu().sum(0)


x = torch.ones(8, 4)
y = step(x, 1.0 + run * 2.0**-20)  # REGION
print(float(y.sum()))
