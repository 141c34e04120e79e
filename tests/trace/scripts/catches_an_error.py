# Catches an op's exception and goes on, as scripts do (a shape check by trial); the trace must
# take the raised op as a record like any other and keep tracing the ops after it.
import torch

x = torch.zeros(2, 3)
try:
    torch.zeros(2, 3) + torch.zeros(4, 5)  # RAISES
except RuntimeError:
    pass
y = (x + 1).sum()
print(float(y))
