# A word-language-model-sized LSTM for timing `detbench trace` on large tensors: vocabulary
# 10,000, 200 wide, 2 layers, 35 x 20 windows, 10 training steps, seeded (the decoder's outputs
# are 28 MB each). Run it plain and under `detbench trace --runs 1 --no-second-pass --no-report`.
import torch
import torch.nn as nn

torch.manual_seed(0)
V, E, H, T, B = 10000, 200, 200, 35, 20


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.enc = nn.Embedding(V, E)
        self.rnn = nn.LSTM(E, H, 2)
        self.dec = nn.Linear(H, V)

    def forward(self, x, h):
        out, h = self.rnn(self.enc(x), h)
        return self.dec(out), h


model = Model()
opt = torch.optim.SGD(model.parameters(), lr=0.5)
data = torch.randint(0, V, (T + 1, B))
h = None
for step in range(10):
    opt.zero_grad()
    out, h = model(data[:-1], h)
    h = tuple(x.detach() for x in h)
    loss = nn.functional.cross_entropy(out.view(-1, V), data[1:].reshape(-1))
    loss.backward()
    opt.step()
print(float(loss))
