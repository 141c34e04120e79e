"""The ranks of a job as threads of this process, each with its own gloo process group (as the
torch-cpu device runs the collectives), and whether this PyTorch's gloo has reduce_scatter."""

import datetime
import threading

import torch
import torch.distributed as dist


def on_ranks(world, fn):
    """fn(rank, group) on a thread per rank; returns the ranks' results in rank order and raises
    the first rank's failure."""
    store, results, failures = dist.HashStore(), [None] * world, []

    def rank(r):
        try:
            group = dist.ProcessGroupGloo(store, r, world, datetime.timedelta(seconds=60))
            results[r] = fn(r, group)
        except Exception as e:  # raised below, in the caller's thread
            failures.append(e)

    threads = [threading.Thread(target=rank, args=(r,)) for r in range(world)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    if failures:
        raise failures[0]
    return results


def reduce_scatter_shard(group, partial, world):
    shard = torch.empty(partial.numel() // world)
    group._reduce_scatter_base(shard, partial).wait()
    return shard


def reduce_scatter_missing():
    """None where this PyTorch's gloo has reduce_scatter, else what it says (PyTorch 1.13's has
    none)."""
    try:
        on_ranks(2, lambda r, g: reduce_scatter_shard(g, torch.ones(2), 2))
    except RuntimeError as e:
        return f"PyTorch {torch.__version__}'s gloo has no reduce_scatter ({e})".split("\n")[0]
    return None
