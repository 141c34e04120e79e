# The old custom layer's idiom, torch.Tensor(out, in) filled by an init: it runs under the trace
# as it does without it (PyTorch 1.13's legacy constructor failed under a dispatch mode), and
# the seeded runs agree. Its memory is marked unwritten until the init writes it
# (ProbeRecorder.TheLegacyConstructorsMemoryIsUnwrittenUntilAnOpWritesIt).
import torch
import torch.nn as nn


class Layer(nn.Module):
    def __init__(self, inputs, outputs):
        super().__init__()
        self.weight = nn.Parameter(torch.Tensor(outputs, inputs))
        nn.init.constant_(self.weight, 0.5)

    def forward(self, x):
        return x @ self.weight.t()


print(Layer(3, 2)(torch.ones(1, 3)).tolist())
