"""A small training script for `detbench trace` (and the Demos tab's tracing lesson).

It has three things that make training runs differ, in the order a careful reader of the
reproducibility notes would meet them:
  - the model's parameters are drawn at random when it is built (nn.Linear's initialisation),
    and dropout draws a mask at every step: random numbers, the same in every run only when
    the generator is seeded;
  - a DataLoader with two worker processes shuffles the samples: its order, and the workers'
    seeds, come from the same generator;
  - each step adds the hidden features of the samples into their group's row with
    index_put_(..., accumulate=True): on the CPU, with 2 or more threads and enough elements,
    PyTorch adds them with atomics, in whatever order the threads get there; in deterministic
    mode it adds them serially, in index order. With --device cuda the sums are made by
    index_add_, which a GPU adds with atomics (index_put_ with accumulate is sorted there);
    in deterministic mode PyTorch sorts the indices first.
The data itself is the same in every run: it is drawn from a generator of its own, seeded here.

Run it as it is (python3 train_example.py), or trace it:
    detbench trace --threads 2 --configs default,seeded,deterministic -- \
        python3 resources/trace/examples/train_example.py
    detbench trace --configs seeded,deterministic -- \
        python3 resources/trace/examples/train_example.py --device cuda
"""

import argparse

import torch
from torch import nn
from torch.utils.data import DataLoader, TensorDataset

parser = argparse.ArgumentParser()
parser.add_argument("--epochs", type=int, default=4)
parser.add_argument("--workers", type=int, default=2)
parser.add_argument("--device", default="cpu", help="cpu, or cuda for a GPU")
args = parser.parse_args()
device = torch.device(args.device)

SAMPLES, FEATURES, HIDDEN, GROUPS, BATCH = 4096, 16, 64, 8, 1024

# The model first: its parameters are the first random numbers the script draws.
encoder = nn.Sequential(nn.Linear(FEATURES, HIDDEN), nn.ReLU(), nn.Dropout(p=0.1))
head = nn.Linear(HIDDEN, 1)
encoder.to(device)
head.to(device)
optimizer = torch.optim.SGD(list(encoder.parameters()) + list(head.parameters()), lr=0.05)

# The data: fixed, from a generator of its own.
data = torch.Generator().manual_seed(2024)
x = torch.randn(SAMPLES, FEATURES, generator=data)
group = torch.randint(0, GROUPS, (SAMPLES,), generator=data)
target = torch.randn(SAMPLES, 1, generator=data)
loader = DataLoader(TensorDataset(x, group, target), batch_size=BATCH, shuffle=True,
                    num_workers=args.workers)

for epoch in range(args.epochs):
    total = 0.0
    for xb, gb, yb in loader:
        xb, gb, yb = xb.to(device), gb.to(device), yb.to(device)
        hidden = encoder(xb)
        # Each group's sum of hidden features: BATCH x HIDDEN values into GROUPS rows.
        sums = torch.zeros(GROUPS, HIDDEN, device=device)
        if device.type == "cuda":
            sums.index_add_(0, gb, hidden)
        else:
            sums.index_put_((gb,), hidden, accumulate=True)
        counts = torch.bincount(gb, minlength=GROUPS).clamp(min=1).unsqueeze(1)
        context = (sums / counts)[gb]
        prediction = head(hidden + context)
        loss = nn.functional.mse_loss(prediction, yb)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        total += loss.item()
    print("epoch %d: loss %.9f" % (epoch, total))
