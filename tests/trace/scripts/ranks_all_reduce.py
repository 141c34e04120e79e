# A 3-process job (torch.multiprocessing.spawn, gloo on the CPU): each rank makes its own
# gradients, all-reduces them and takes a step. With PERTURB_RANK set, that rank adds a number
# that depends on the traced run (DETBENCH_TRACE_RUN) to its gradients before the all_reduce,
# from run PERTURB_FROM_RUN on (default 1): a deterministic perturbation, no race. WORLD_SIZE sets the number of ranks. The ranks meet
# through a file in a fresh folder (no port to collide with).
import os
import shutil
import tempfile

import torch
import torch.distributed as dist
import torch.multiprocessing as mp


def work(rank, world, meeting):
    dist.init_process_group("gloo", init_method="file://" + meeting, rank=rank, world_size=world)
    torch.manual_seed(rank)
    weight = torch.ones(64)
    for _step in range(2):
        grad = torch.randn(64) * (rank + 1)
        run = int(os.environ.get("DETBENCH_TRACE_RUN", "1"))
        if str(rank) == os.environ.get("PERTURB_RANK"):
            perturbed = run >= int(os.environ.get("PERTURB_FROM_RUN", "1"))
            grad = grad + (run * 1e-3 if perturbed else 0.0)
        dist.all_reduce(grad)
        weight = weight - 0.1 * grad
    total = weight.sum()
    if rank == 0:
        print("rank 0 sum %.9f" % total.item())
    dist.destroy_process_group()


if __name__ == "__main__":
    world = int(os.environ.get("WORLD_SIZE", "3"))
    folder = tempfile.mkdtemp(prefix="detbench-ranks-")
    try:
        mp.spawn(work, args=(world, os.path.join(folder, "meeting")), nprocs=world, join=True)
    finally:
        shutil.rmtree(folder, ignore_errors=True)
