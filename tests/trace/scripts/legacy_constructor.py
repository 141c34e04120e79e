# The old custom layer's idiom, torch.Tensor(out, in) filled by an init: it runs under the trace
# as it does without it (PyTorch 1.13's legacy constructor failed under a dispatch mode). Its
# memory is uninitialized, as torch.empty's: a freed block of other values in each run (glibc
# hands the same block back), read through torch.Tensor(4096) before anything writes it, is
# uninitialized memory at the op that reads it.
import os

import torch
import torch.nn as nn

run = int(os.environ.get("DETBENCH_TRACE_RUN", "1"))


class Layer(nn.Module):
    def __init__(self, inputs, outputs):
        super().__init__()
        self.weight = nn.Parameter(torch.Tensor(outputs, inputs))
        nn.init.constant_(self.weight, 0.5)

    def forward(self, x):
        return x @ self.weight.t()


print(Layer(3, 2)(torch.ones(1, 3)).tolist())
a = torch.full((4096,), float(run))
del a
b = torch.Tensor(4096)
print(float(b.sum()))  # READ
