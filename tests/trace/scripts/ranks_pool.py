# A 2-process job (torch.multiprocessing.spawn, gloo on the CPU) in which each rank runs a
# ProcessPoolExecutor of its own, each pool counting its tasks from 0. Rank 1's task 2 adds the
# traced run's number (DETBENCH_TRACE_RUN): a deterministic difference inside one rank's pool.
# Each rank stacks its tasks' results (map keeps their order) and all-reduces the sum. Rank 0's
# pool starts its workers through a forkserver (their parent is the server, not the rank), rank
# 1's by forking. The ranks meet through a file in a fresh folder.
import multiprocessing
import os
import shutil
import tempfile
from concurrent.futures import ProcessPoolExecutor

import torch
import torch.distributed as dist
import torch.multiprocessing as mp


def task(rank, i):
    x = torch.ones(4) * (i + 1)
    if rank == 1 and i == 2:
        x = x + float(os.environ.get("DETBENCH_TRACE_RUN", "1"))  # CAUSE
    return x * 2


def work(rank, world, meeting):
    dist.init_process_group("gloo", init_method="file://" + meeting, rank=rank, world_size=world)
    context = multiprocessing.get_context("forkserver" if rank == 0 else "fork")
    with ProcessPoolExecutor(2, mp_context=context) as pool:
        results = list(pool.map(task, [rank] * 3, range(3)))
    total = torch.stack(results).sum()
    dist.all_reduce(total)
    if rank == 0:
        print("sum %.3f" % total.item())
    dist.destroy_process_group()


if __name__ == "__main__":
    folder = tempfile.mkdtemp(prefix="detbench-ranks-pool-")
    try:
        mp.spawn(work, args=(2, os.path.join(folder, "meeting")), nprocs=2, join=True)
    finally:
        shutil.rmtree(folder, ignore_errors=True)
