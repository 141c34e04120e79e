# A DataLoader whose workers (forked) send their batches through shared memory, its shuffle
# drawn from torch's generator, never seeded: the batches differ by run. That is the data's
# seed, not memory another process writes.
import torch
from torch.utils.data import DataLoader, TensorDataset

if __name__ == "__main__":
    data = TensorDataset(torch.arange(64, dtype=torch.float32).reshape(16, 4))
    loader = DataLoader(data, batch_size=4, shuffle=True, num_workers=2,
                        multiprocessing_context="fork")
    total = torch.zeros(4)
    for step, (batch,) in enumerate(loader):
        total = total * 0.5 + batch.sum(0)  # ENTERS
    print(total.tolist())
