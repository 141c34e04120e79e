# A number drawn from torch's generator, never seeded, taken into Python and given to an op (on
# the line marked with SHIFT), as a DataLoader's shuffle takes randperm's indices as a list:
# seeding torch's generator fixes it, not computing the number another way. The number is drawn
# from a range wide enough that two runs never draw the same one (roll takes it modulo 16).
import torch

x = torch.arange(16.0)
shift = int(torch.randint(1, 1 << 62, ()).item())
y = x.roll(shift)  # SHIFT
print(float(y[0]))
