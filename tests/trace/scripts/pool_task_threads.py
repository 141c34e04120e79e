# Each task of a ProcessPoolExecutor starts a thread of its own that computes its part; the
# task adds it up. Task 2's thread scales by a number that depends on the run number detbench
# exposes: the cause is the op on that task's thread, however many threads the worker that ran
# the task had started before it.
import multiprocessing
import os
import threading
from concurrent.futures import ProcessPoolExecutor

import torch

run = int(os.environ.get("DETBENCH_TRACE_RUN", "1"))


def load(k, out):
    y = torch.full((8, 8), float(k)).tanh()
    if k == 2:
        y = y * (1.0 + run * 2.0 ** -20)  # CAUSE (on the task's thread)
    out.append(y)


def work(k):
    out = []
    t = threading.Thread(target=load, args=(k, out))
    t.start()
    t.join()
    return out[0].sum(0)


if __name__ == "__main__":
    with ProcessPoolExecutor(2, mp_context=multiprocessing.get_context("fork")) as pool:
        parts = list(pool.map(work, range(4)))
    total = torch.stack(parts).sum()
    print(float(total))
