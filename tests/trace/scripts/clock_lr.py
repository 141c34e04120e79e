# A learning rate read off the clock: a number the script computes differently in each run,
# which reaches the parameters through the optimizer (the op on the line marked LR).
import time

import torch

torch.manual_seed(0)
w = torch.nn.Parameter(torch.randn(4))
lr = 0.1 + (time.time_ns() % 1000003) * 1e-9
opt = torch.optim.SGD([w], lr=lr)
loss = (w * w).sum()
loss.backward()
opt.step()  # LR
print(float(w.sum()))
