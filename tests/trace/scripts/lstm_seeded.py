# A small LSTM language model, seeded, trained a few steps on the CPU: it gives the same bits in
# every run. On the way, memory from torch.empty (the LSTM's parameters before their init
# overwrites them) and scratch outputs (oneDNN's workspace, where PyTorch uses it) can hold
# other bytes in each run; none of them reaches a result, so the trace must not call them
# causes.
import torch
import torch.nn as nn

torch.manual_seed(0)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed = nn.Embedding(50, 16)
        self.lstm = nn.LSTM(16, 32, num_layers=2)
        self.head = nn.Linear(32, 50)

    def forward(self, tokens, hidden):
        out, hidden = self.lstm(self.embed(tokens), hidden)
        return self.head(out), hidden


model = Model()
opt = torch.optim.SGD(model.parameters(), lr=0.5)
data = torch.randint(0, 50, (21, 4))
hidden = None
for step in range(3):
    inputs, targets = data[:-1], data[1:]
    logits, hidden = model(inputs, hidden)
    hidden = tuple(h.detach() for h in hidden)
    loss = nn.functional.cross_entropy(logits.reshape(-1, 50), targets.reshape(-1))
    opt.zero_grad()
    loss.backward()
    opt.step()
    print(step, float(loss))
