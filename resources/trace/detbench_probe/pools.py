"""Tensors a process pool's workers send back (multiprocessing's Pool, concurrent.futures'
ProcessPoolExecutor).

torch rebuilds them in the script's process on the pool's own thread, without an op the probe
records (results arrive in whatever order the workers finish), so such a tensor enters as data
from outside, first seen where the script reads it. While the probe records, torch's rebuild
functions are wrapped: a tensor rebuilt under a pool's result handling has its memory noted, and
is described with flag 8 until an op writes there, so that a difference in it is said to come
from a worker, whose own ops the trace records but does not compare. The wrappers keep the
functions' names, so that a worker forked from a traced process still pickles its results as
references to torch's functions.
"""

import os
import sys

from .opinfo import _storage_ptr

_POOL_FILES = (os.path.join("multiprocessing", "pool.py"),
               os.path.join("concurrent", "futures", "process.py"))


def _under_pool():
    frame = sys._getframe(2)
    while frame is not None:
        if frame.f_code.co_filename.endswith(_POOL_FILES):
            return True
        frame = frame.f_back
    return False


def install(recorder):
    try:
        from torch.multiprocessing import reductions
    except ImportError:  # pragma: no cover (torch without multiprocessing)
        return
    for name in ("rebuild_tensor", "rebuild_cuda_tensor"):
        original = getattr(reductions, name, None)
        if original is None:
            continue

        def rebuilt(*args, _original=original, **kwargs):
            t = _original(*args, **kwargs)
            if recorder.active and os.getpid() == recorder.pid and _under_pool():
                p = _storage_ptr(t)
                if p is not None:
                    recorder.from_pool.add(p)
            return t

        for attribute in ("__module__", "__name__", "__qualname__", "__doc__"):
            setattr(rebuilt, attribute, getattr(original, attribute, None))
        recorder.originals.append((reductions, name, original, reductions.__dict__.get(name)))
        setattr(reductions, name, rebuilt)
