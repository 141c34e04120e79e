# A number from NumPy's global generator, never seeded, as an op's argument (on the line marked
# with NUMPY): data from outside, with NumPy named as where it came from.
import numpy as np
import torch

x = torch.linspace(0, 1, 16)
noise = float(np.random.rand())
y = x.add(noise)  # NUMPY
print(float(y.mean()))
