# multiprocessing's ThreadPool hands its tasks to whichever worker is free, as a
# ThreadPoolExecutor does: each task (a chunk of map's items, or one apply_async) is aligned as a
# thread of its own, numbered as the pool hands it out. The item 4 scales by a number that
# depends on the run number detbench exposes: the cause, on the task that holds it.
import os
from multiprocessing.pool import ThreadPool

import torch

run = int(os.environ.get("DETBENCH_TRACE_RUN", "1"))
xs = [torch.full((16, 16), float(k)) for k in range(6)]


def work(k):
    y = (xs[k] @ xs[k]).tanh()
    if k == 4:
        y = y * (1.0 + run * 2.0 ** -20)  # CAUSE
    return y.sum()


with ThreadPool(3) as pool:
    sums = pool.map(work, range(4), chunksize=1)
    last = [pool.apply_async(work, (k,)) for k in (4, 5)]
    sums += [r.get() for r in last]
print([float(s) for s in sums])
