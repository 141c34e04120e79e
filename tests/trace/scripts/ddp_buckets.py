# Two ranks train one model under DistributedDataParallel (torch.multiprocessing.spawn, gloo on
# the CPU): DDP's constructor broadcasts and gathers from C++, and its reducer all-reduces the
# gradients in a bucket it fills piece by piece through views. With PERTURB_RANK set, that rank
# adds a number that depends on the traced run (DETBENCH_TRACE_RUN) to its second batch, from
# run PERTURB_FROM_RUN on: a deterministic perturbation, no race. The ranks meet through a file
# in a fresh folder (no port to collide with).
import os
import shutil
import tempfile

import torch
import torch.distributed as dist
import torch.multiprocessing as mp


def work(rank, meeting):
    dist.init_process_group("gloo", init_method="file://" + meeting, rank=rank, world_size=2)
    torch.manual_seed(0)
    model = torch.nn.parallel.DistributedDataParallel(torch.nn.Linear(32, 4))
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    data = torch.Generator().manual_seed(rank)
    run = int(os.environ.get("DETBENCH_TRACE_RUN", "1"))
    for step in range(3):
        batch = torch.randn(8, 32, generator=data)
        perturbed = (str(rank) == os.environ.get("PERTURB_RANK") and step == 1 and
                     run >= int(os.environ.get("PERTURB_FROM_RUN", "1")))
        batch = batch + (run * 1e-3 if perturbed else 0.0)
        optimizer.zero_grad()
        model(batch).square().mean().backward()
        optimizer.step()
    if rank == 0:
        print("rank 0 weight sum %.9f" % model.module.weight.sum().item())
    dist.destroy_process_group()


if __name__ == "__main__":
    folder = tempfile.mkdtemp(prefix="detbench-ddp-")
    try:
        mp.spawn(work, args=(os.path.join(folder, "meeting"),), nprocs=2, join=True)
    finally:
        shutil.rmtree(folder, ignore_errors=True)
