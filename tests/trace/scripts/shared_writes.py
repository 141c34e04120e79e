# Two processes update one tensor in shared memory, as Hogwild training updates one model; the
# order in which they get there follows timing. Here it follows the run number detbench exposes,
# each process started after the other has ended, so that nothing waits on a race: one scales,
# the other adds, and the script reads the result.
import os

import torch
import torch.multiprocessing as mp

run = int(os.environ.get("DETBENCH_TRACE_RUN", "1"))


def scale(w):
    w.mul_(3.0)


def shift(w):
    w.add_(1.0)


if __name__ == "__main__":
    mp.set_start_method("fork")
    w = torch.ones(16)
    w.share_memory_()
    order = (scale, shift) if run == 1 else (shift, scale)
    for step in order:
        p = mp.Process(target=step, args=(w,))
        p.start()
        p.join()
    y = (w * 2.0).sum()  # ENTERS
    print(float(y))
