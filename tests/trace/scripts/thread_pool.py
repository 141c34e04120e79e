# A ThreadPoolExecutor's tasks go to whichever worker is free: each task is aligned as a thread
# of its own, numbered when it is submitted, so the workers' order does not matter. Task 3
# scales by a number that depends on the run number detbench exposes: the cause, on that task.
import concurrent.futures
import os

import torch

run = int(os.environ.get("DETBENCH_TRACE_RUN", "1"))
xs = [torch.full((16, 16), float(k)) for k in range(6)]


def work(k):
    y = (xs[k] @ xs[k]).tanh()
    if k == 2:
        y = y * (1.0 + run * 2.0 ** -20)  # CAUSE
    return y.sum()


with concurrent.futures.ThreadPoolExecutor(max_workers=3) as pool:
    sums = list(pool.map(work, range(6)))
print([float(s) for s in sums])
