# A number drawn from torch's generator, never seeded, taken into Python and given to an op (on
# the line marked with SHIFT), as a DataLoader's shuffle takes randperm's indices as a list:
# seeding torch's generator fixes it, not computing the number another way.
import torch

x = torch.arange(16.0)
shift = int(torch.randint(1, 15, ()).item())
y = x.roll(shift)  # SHIFT
print(float(y[0]))
