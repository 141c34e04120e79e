# Two tasks of a multiprocessing Pool give the same bits in every run, but imap_unordered hands
# the script their results in the order the workers finish them, and that order changes with
# the run: in odd runs task 1 finishes first, in even runs task 0 (the other task waits until
# the script has its first result, so the order does not depend on timing). The script stacks
# the results as they come: the difference enters there, and no task is its cause.
import multiprocessing
import os
import shutil
import tempfile
import time

import torch

run = int(os.environ.get("DETBENCH_TRACE_RUN", "1"))


def work(args):
    k, folder = args
    y = torch.full((4,), float(k + 1)).exp()
    if k != run % 2:  # not the one that finishes first: wait for the script's go-ahead
        deadline = time.monotonic() + 120
        while not os.path.exists(os.path.join(folder, "go")) and time.monotonic() < deadline:
            time.sleep(0.01)
    return y


if __name__ == "__main__":
    folder = tempfile.mkdtemp()
    try:
        parts = []
        with multiprocessing.get_context("fork").Pool(2) as pool:
            for y in pool.imap_unordered(work, [(0, folder), (1, folder)]):
                parts.append(y)
                open(os.path.join(folder, "go"), "w").close()
        print(torch.stack(parts).sum(0).tolist(), torch.stack(parts)[0].tolist())  # ENTERS
    finally:
        shutil.rmtree(folder)
