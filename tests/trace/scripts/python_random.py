# Numbers from Python's random module, never seeded: a scalar that becomes an op's argument
# (line SCALE) and a list order (16 long: two runs never shuffle it alike) that becomes a tensor
# (line SHUFFLE). The trace names each as data with its line, and Python's random as their source.
import random

import torch

x = torch.ones(16)
scale = random.random()
y = x * scale  # SCALE
order = list(range(16))
random.shuffle(order)
z = y[torch.tensor(order)] + torch.arange(16.0)  # SHUFFLE
print(float(z.sum()), z.tolist())
