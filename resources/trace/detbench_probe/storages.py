"""A storage's elements read in Python (`bytes(t.untyped_storage())`, a storage's tolist(), its
iteration or indexing): PyTorch reads each element through ops of its own (a tensor set_ over the
storage, a select, an item), thousands for one bytes(). Traced as they are, each element would be
an op of its own, and set_ over a storage looks like data entering from outside: one "cause" per
byte. Instead the read is one use (uses.py) of the storage's bits, and PyTorch's own ops for it
run with the probe's mode set aside.

A storage has no element type of its own (an UntypedStorage) or one that need not be the type of
the tensors whose memory it is, so its bits are digested as elements of each width a tensor's
could have (1, 2, 4 and 8 bytes): where a tensor fills its storage, one of them is that tensor's
digest, and a difference a cause made is followed to the read."""

import os

import torch

from .compiled import modes_set_aside as _modes_set_aside

# Integer dtypes of each element width: a view of the storage's bytes as one of them has the
# digest of any tensor of that width over the same memory (the digest reads bits and widths).
_WIDTHS = ((1, torch.uint8), (2, torch.int16), (4, torch.int32), (8, torch.int64))

_WHAT = "a storage's elements"


def _untyped(storage):
    """The UntypedStorage under `storage` (a TypedStorage's, 1.13's `_storage`), or None."""
    if isinstance(storage, torch.UntypedStorage):
        return storage
    for name in ("_untyped_storage", "_storage"):
        inner = getattr(storage, name, None)
        if isinstance(inner, torch.UntypedStorage):
            return inner
    return None


def _views(storage):
    """Tensors over all of `storage`'s bytes, one for each element width that divides them."""
    untyped = _untyped(storage)
    if untyped is None or untyped.device.type == "meta":
        return []
    n = untyped.nbytes()
    whole = torch.empty(0, dtype=torch.uint8, device=untyped.device).set_(untyped, 0, (n,), (1,))
    return [whole if width == 1 else whole.view(dtype)
            for width, dtype in _WIDTHS if n % width == 0]


def install(recorder, wrap_owned):
    """Wraps the storages' Python-level readers; `wrap_owned(owner, name, replacement)` keeps
    each original for uses.remove."""

    def thread_recorder():
        mine = recorder.local.recorder
        return mine if mine is not None else recorder

    def reading(original, once_per_op, lazy):
        def reader(self, *args, **kwargs):
            r = thread_recorder()
            if r.busy or not r.active or os.getpid() != r.pid:
                return original(self, *args, **kwargs)
            # Indexing element by element in a loop reads the same bits until an op runs: one
            # use for them.
            key = (id(self), r.seq)
            if not (once_per_op and getattr(r, "storage_read", None) == key):
                r.storage_read = key
                with _modes_set_aside():
                    views = _views(self)
                r.used(_WHAT, tuple(views))
            r.busy += 1
            try:
                with _modes_set_aside():
                    out = original(self, *args, **kwargs)
                    if lazy:  # an iterator reads as it is drawn from: here, while set aside
                        out = iter(list(out))
                return out
            finally:
                r.busy -= 1

        reader.__name__ = getattr(original, "__name__", "reader")
        reader.__doc__ = getattr(original, "__doc__", None)
        return reader

    from torch import storage as storage_module
    owners = [getattr(storage_module, "_StorageBase", None), torch.UntypedStorage,
              getattr(storage_module, "TypedStorage", None)]
    for owner in owners:
        if owner is None:
            continue
        for name in ("__iter__", "tolist", "__getitem__", "_getitem"):
            original = owner.__dict__.get(name)
            if original is None or not callable(original):
                continue
            if name == "__getitem__" and "_getitem" in owner.__dict__:
                continue  # 2.x TypedStorage: its __getitem__ only warns and calls _getitem
            whole = name in ("__iter__", "tolist")
            wrap_owned(owner, name, reading(original, once_per_op=not whole,
                                            lazy=name == "__iter__"))
