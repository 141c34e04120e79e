# One sum over the same data at any world size: 12 rows of seeded random numbers, each rank
# adding the rows it holds (rows rank, rank + WORLD_SIZE, ...) and all_reduce adding the ranks'
# partial sums (gloo on the CPU, torch.multiprocessing.spawn). The total is the same number at
# every size; how its float32 additions group is not. The ranks meet through a file in a fresh
# folder.
import os
import shutil
import tempfile

import torch
import torch.distributed as dist
import torch.multiprocessing as mp


def work(rank, world, meeting):
    dist.init_process_group("gloo", init_method="file://" + meeting, rank=rank, world_size=world)
    data = torch.randn(12, 4096, generator=torch.Generator().manual_seed(7))
    partial = data[rank::world].sum(dim=0)
    dist.all_reduce(partial)
    if rank == 0:
        print("sum %.9f" % partial.sum().item())
    dist.destroy_process_group()


if __name__ == "__main__":
    world = int(os.environ.get("WORLD_SIZE", "2"))
    folder = tempfile.mkdtemp(prefix="detbench-ranks-")
    try:
        mp.spawn(work, args=(world, os.path.join(folder, "meeting")), nprocs=world, join=True)
    finally:
        shutil.rmtree(folder, ignore_errors=True)
