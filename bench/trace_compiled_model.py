# A compiled model for timing `detbench trace` on compiled code: an MLP of 4 layers 1,024 wide
# with dropout under torch.compile, batch 512, 20 training steps, seeded. Each forward runs its
# kernels inside one call of compiled code, which the trace digests kernel by kernel
# (detbench_probe/kernels.py); the backward's kernels run outside it. Run it plain and under
# `detbench trace --runs 1 --no-second-pass --no-report`.
import torch
import torch.nn as nn

torch.manual_seed(0)
W, B = 1024, 512
layers = []
for _ in range(4):
    layers += [nn.Linear(W, W), nn.ReLU(), nn.Dropout(0.1)]
model = nn.Sequential(*layers, nn.Linear(W, 10))
compiled = torch.compile(model)
opt = torch.optim.SGD(model.parameters(), lr=0.01)
x = torch.randn(B, W)
y = torch.randint(0, 10, (B,))
for step in range(20):
    opt.zero_grad()
    loss = nn.functional.cross_entropy(compiled(x), y)
    loss.backward()
    opt.step()
print(loss.item())
