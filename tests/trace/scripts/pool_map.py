# A multiprocessing Pool's workers compute every result; the script only adds them up. Nothing
# varies: whichever worker takes which chunk, each task gives the same bits, so the runs agree.
# The start method is the first argument ("fork" by default, "spawn": each worker imports this
# file and torch anew).
import multiprocessing
import sys

import torch


def work(k):
    x = torch.arange(64, dtype=torch.float32).reshape(8, 8) / (k + 1)
    return (x @ x.t()).tanh()  # TASK


def scale(k):
    return torch.full((8, 8), float(k)).sqrt()


if __name__ == "__main__":
    method = sys.argv[1] if len(sys.argv) > 1 else "fork"
    with multiprocessing.get_context(method).Pool(2) as pool:
        parts = pool.map(work, range(6), chunksize=2)
        extra = pool.apply_async(scale, (3,)).get()
    total = torch.stack(parts).sum() + extra.sum()
    print(float(total))
