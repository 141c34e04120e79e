# A number drawn from torch's generator, never seeded (on the line marked with DRAW), taken into
# Python with item() and given to an op (on the line marked with SHIFT): the draw is the cause,
# seeding torch's generator fixes it, and the op has the number through the script. The number
# is drawn from a range wide enough that two runs never draw the same one, and the op's output
# tells every draw apart (float64 holds it to within 2^10 of 2^62), so it always reaches a result.
import torch

x = torch.arange(16.0, dtype=torch.float64)
shift = int(torch.randint(1, 1 << 62, ()).item())  # DRAW
y = x.add(shift)  # SHIFT
print(float(y[0]))
