# The parent seeds torch, then starts its worker with torch.multiprocessing.spawn: a fresh
# interpreter, whose generators begin unseeded whatever the parent seeded (PyTorch's ImageNet
# example with --seed and --multiprocessing-distributed). The worker's draw, at the line marked
# with DRAW, differs between runs: each process takes a 64-bit seed of its own as it starts.
# START_METHOD=forkserver starts it from multiprocessing's fork server instead, itself a fresh
# interpreter that nothing seeded.
import os
import shutil
import tempfile

import torch
import torch.distributed as dist
import torch.multiprocessing as mp


def work(rank, meeting):
    dist.init_process_group("gloo", init_method="file://" + meeting, rank=rank, world_size=1)
    weights = torch.rand(8)  # DRAW
    print("sum %.9f" % weights.sum().item())
    dist.destroy_process_group()


if __name__ == "__main__":
    torch.manual_seed(0)
    folder = tempfile.mkdtemp()
    try:
        mp.start_processes(work, args=(os.path.join(folder, "meeting"),), nprocs=1,
                           start_method=os.environ.get("START_METHOD", "spawn"))
    finally:
        shutil.rmtree(folder, ignore_errors=True)
