# Two commands the script starts with subprocess (this script again), each running a process
# pool of its own whose tasks are numbered alike. Neither command runs an op itself; each imports
# torch, so it is traced (a command whose probe has not begun forks workers that are workers,
# not that command). The second command's task 1 adds the traced run's number. Each command's
# tasks are kept apart from the other's ("command s2, task 1: task"), though their pools number
# them the same.
import os
import subprocess
import sys

import torch


def task(i):
    x = torch.ones(4) * (i + 1)
    if sys.argv[1] == "second" and i == 1:
        x = x + float(os.environ.get("DETBENCH_TRACE_RUN", "1"))  # CAUSE
    return float(x.sum())


if __name__ == "__main__":
    if len(sys.argv) > 1:
        import multiprocessing
        from concurrent.futures import ProcessPoolExecutor
        with ProcessPoolExecutor(2, mp_context=multiprocessing.get_context("fork")) as pool:
            print(list(pool.map(task, range(2))))
    else:
        for which in ("first", "second"):
            subprocess.run([sys.executable, os.path.abspath(__file__), which], check=True)
