# Two commands the script starts with subprocess (this script again), each running a process pool
# of one worker. Neither command imports torch: only their tasks do, so each worker's probe begins
# inside its first task (that task is still marked as such), and the commands have no records of
# their own (their workers name them: "command s2, task 0.1: task"). The second command's second
# task adds the traced run's number.
import multiprocessing
import os
import subprocess
import sys


def task(i):
    import torch
    x = torch.ones(4) * (i + 1)
    if sys.argv[1] == "second" and i == 1:
        x = x + float(os.environ.get("DETBENCH_TRACE_RUN", "1"))  # CAUSE
    return float(x.sum())


if __name__ == "__main__":
    if len(sys.argv) > 1:
        with multiprocessing.get_context("fork").Pool(1) as pool:
            print(pool.map(task, range(2), chunksize=1))
    else:
        import torch
        print(float(torch.ones(2).sum()))
        for which in ("first", "second"):
            subprocess.run([sys.executable, os.path.abspath(__file__), which], check=True)
