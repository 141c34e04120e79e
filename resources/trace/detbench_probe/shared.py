"""Memory other processes can write: tensors in shared memory (torch.multiprocessing).

A tensor moved to shared memory (Tensor.share_memory_, Module.share_memory) or rebuilt from
what another process sent outside a process pool (a Process's arguments, a Queue's items:
pools.py) is memory that other processes can write while this one reads it: Hogwild training
updates one model from several processes at once, in an order that follows timing. Such
tensors are described with flag 32 until an op allocates that memory anew, so that a
difference there that no op of this process made is said to have come through shared memory,
not from the data.
"""

import os

import torch

from .opinfo import _storage_ptr


def install(recorder):
    original = torch.Tensor.share_memory_

    def share_memory_(self, *args, **kwargs):
        out = original(self, *args, **kwargs)
        if recorder.active and os.getpid() == recorder.pid:
            p = _storage_ptr(self)
            if p is not None:
                recorder.shared.add(p)
        return out

    for attribute in ("__module__", "__name__", "__qualname__", "__doc__"):
        setattr(share_memory_, attribute, getattr(original, attribute, None))
    recorder.originals.append((torch.Tensor, "share_memory_", original,
                               torch.Tensor.__dict__.get("share_memory_")))
    torch.Tensor.share_memory_ = share_memory_
