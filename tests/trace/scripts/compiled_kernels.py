# A function under torch.compile whose second kernel draws random numbers from a generator the
# script seeds from the clock (torch.seed): the trace names the compiled region (the call on the
# line marked with REGION) and, inside it, that kernel, the first after which the tensors
# differ; the relu kernel before it and the mm between them agree. Needs PyTorch 2.x. The
# device is the first argument (cpu by default; cuda runs Triton kernels).
import sys

import torch

device = sys.argv[1] if len(sys.argv) > 1 else "cpu"

torch.manual_seed(0)


@torch.compile
def step(x, w):
    h = (x * 2 + 1).relu()
    s = h @ w
    return torch.softmax(s, -1) + torch.rand_like(s) * 1e-3


x = torch.randn(16, 8, device=device)
w = torch.randn(8, 4, device=device)
torch.seed()  # the random numbers inside the compiled code are not seeded
y = step(x, w)  # REGION
print(float(y.sum()))
