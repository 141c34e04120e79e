# A ProcessPoolExecutor's workers compute the results; the script's own process only stacks
# them. Item 2 scales by a number that depends on the run number detbench exposes, inside a
# worker: the difference enters the script's process with that worker's result, which the
# trace says came from a process pool's worker (whose ops it does not compare).
import multiprocessing
import os
from concurrent.futures import ProcessPoolExecutor

import torch

run = int(os.environ.get("DETBENCH_TRACE_RUN", "1"))


def work(k):
    y = (torch.full((8, 8), float(k)) @ torch.full((8, 8), 1.0)).tanh()
    if k == 2:
        y = y * (1.0 + run * 2.0 ** -20)  # CAUSE (in the worker)
    return y


if __name__ == "__main__":
    with ProcessPoolExecutor(2, mp_context=multiprocessing.get_context("fork")) as pool:
        parts = list(pool.map(work, range(4)))
    total = torch.stack(parts).sum()  # ENTERS
    print(float(total))
