# A number drawn from torch's generator, never seeded, taken into Python and given to an op (on
# the line marked with SHIFT), as a DataLoader's shuffle takes randperm's indices as a list:
# seeding torch's generator fixes it, not computing the number another way. The number is drawn
# from a range wide enough that two runs never draw the same one, and the op's output tells every
# draw apart (float64 holds it to within 2^10 of 2^62), so the number always reaches a result.
import torch

x = torch.arange(16.0, dtype=torch.float64)
shift = int(torch.randint(1, 1 << 62, ()).item())
y = x.add(shift)  # SHIFT
print(float(y[0]))
