# Numbers from Python's random module, never seeded: a scalar that becomes an op's argument
# (the line marked SCALE) and a list order that becomes a tensor (the line marked SHUFFLE).
# The trace names each as data with its line, and Python's random as where it came from.
import random

import torch

x = torch.ones(8)
scale = random.random()
y = x * scale  # SCALE
order = list(range(8))
random.shuffle(order)
z = y[torch.tensor(order)] + torch.arange(8.0)  # SHUFFLE
print(float(z.sum()), z.tolist())
