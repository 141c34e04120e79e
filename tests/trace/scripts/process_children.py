# Two processes the script starts itself (multiprocessing.Process, no process group), one after
# the other, each computing its own share; the second one's number follows the run detbench
# exposes. torch is imported inside the functions, so that a spawned child imports it only once
# its run has begun. The start method is the first argument (fork by default).
import multiprocessing as mp
import os
import sys


def work(i, run):
    import torch
    x = torch.ones(8) * float(i + 1)
    if i == 1:
        x = x + float(run)  # CAUSE
    print(float(x.sum()))


if __name__ == "__main__":
    import torch
    ctx = mp.get_context(sys.argv[1] if len(sys.argv) > 1 else "fork")
    run = int(os.environ.get("DETBENCH_TRACE_RUN", "1"))
    for i in range(2):
        p = ctx.Process(target=work, args=(i, run))
        p.start()
        p.join()
    print(float(torch.ones(2).sum()))
