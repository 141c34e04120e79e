# A compiled model trained for a few steps whose dropout draws from a generator seeded from the
# clock (torch.seed): the only cause is the compiled forward (line FORWARD), whose dropout kernel
# differs; its compiled backward reads what that kernel saved, and autograd and the optimizer
# read the gradients the backward's kernels wrote, so none of them is data from outside.
# Needs PyTorch 2.x.
import torch

torch.manual_seed(0)
model = torch.nn.Sequential(torch.nn.Linear(32, 64), torch.nn.ReLU(), torch.nn.Dropout(0.1),
                            torch.nn.Linear(64, 4))
compiled = torch.compile(model)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
x = torch.randn(128, 32)
y = torch.randint(0, 4, (128,))
torch.seed()  # dropout draws unseeded numbers
for step in range(5):
    optimizer.zero_grad()
    loss = torch.nn.functional.cross_entropy(compiled(x), y)  # FORWARD
    loss.backward()
    optimizer.step()
print(float(loss))
