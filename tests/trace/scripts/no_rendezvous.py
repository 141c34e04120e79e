# A job whose ranks never meet: 2 processes (torch.multiprocessing.spawn, gloo on the CPU) each
# wait in init_process_group for a world of 3, which never comes, and give up after 1 second
# with the launcher's words.
import datetime
import os
import shutil
import tempfile

import torch.distributed as dist
import torch.multiprocessing as mp


def work(rank, meeting):
    dist.init_process_group("gloo", init_method="file://" + meeting, rank=rank, world_size=3,
                            timeout=datetime.timedelta(seconds=1))
    dist.destroy_process_group()


if __name__ == "__main__":
    folder = tempfile.mkdtemp(prefix="detbench-ranks-")
    try:
        mp.spawn(work, args=(os.path.join(folder, "meeting"),), nprocs=2, join=True)
    finally:
        shutil.rmtree(folder, ignore_errors=True)
