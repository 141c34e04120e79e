"""Values that leave torch without an op (Tensor.numpy, Tensor.tolist, torch.save, a process
pool task's result): their digests are recorded, so a difference that reaches them is a result.
`install` wraps what takes them out while a script runs; `remove` puts it back."""

import os

import torch

from .channel import text
from .compiled import modes_set_aside as _modes_set_aside
from .describe import digest_or_none as _digest_or_none
from .opinfo import _MAX_TENSORS, _storage_ptr


def record(recorder, what, value):
    """Records the digests of the tensors in `value` that the script takes out of torch
    without an op (numpy(), tolist(), torch.save): a difference that reaches them is a
    result."""
    mine = recorder.local.recorder
    if mine is not None and mine is not recorder:  # called on a thread the script started
        return record(mine, what, value)
    if recorder.busy or os.getpid() != recorder.pid:
        return
    tensors = []
    _collect(value, tensors, 0)
    if not tensors:
        return
    try:
        site = recorder.locate()[0]  # the user's line that took them out
    except Exception:
        site = 0
    recorder.busy += 1
    try:
        digests = []
        for t in tensors[:_MAX_TENSORS]:
            d = _digest_or_none(t)
            if d is not None:
                digests.append('"0x%016x"' % d)
    finally:
        recorder.busy -= 1
    recorder.channel.send('{"t":"use","th":%d,"i":%d,"what":%s,"d":[%s]%s}' % (
        recorder.thread, recorder.seq, text(what), ",".join(digests),
        ',"s":%d' % site if site else ""))


def install(recorder):
    """Wraps what takes values out of torch without an op; `remove` puts it back."""
    recorder.originals = []

    def wrap(owner, name, what, of_result=False):
        original = getattr(owner, name, None)
        if original is None:
            return

        def wrapper(*args, **kwargs):
            recorder.used(what, args[:1] if not of_result else args)
            return original(*args, **kwargs)

        wrapper.__name__ = getattr(original, "__name__", name)
        wrapper.__doc__ = getattr(original, "__doc__", None)
        recorder.originals.append((owner, name, original, owner.__dict__.get(name)))
        setattr(owner, name, wrapper)

    from . import files as _files, pools as _pools, shared as _shared, threads as _threads
    _files.install(recorder, recorder.since)
    _threads.install(recorder)
    _pools.install(recorder)
    _shared.install(recorder)
    wrap(torch.Tensor, "numpy", "Tensor.numpy")
    _watch_numpy(recorder)
    wrap(torch.Tensor, "tolist", "Tensor.tolist")
    wrap(torch, "save", "torch.save")

    def wrap_owned(owner, name, replacement):
        recorder.originals.append((owner, name, owner.__dict__.get(name), owner.__dict__.get(name)))
        setattr(owner, name, replacement)

    from . import storages as _storages
    _storages.install(recorder, wrap_owned)
    # PyTorch 1.13's as_subclass fails under a dispatch mode ("the raw Tensor object is
    # already associated to a python object"): there it runs with the probe's mode set
    # aside (its alias is a view of bits the trace has already seen).
    if torch.__version__.split(".")[0] == "1":
        original = torch.Tensor.as_subclass

        def as_subclass(self, cls):
            if not recorder.active or recorder.busy:
                return original(self, cls)
            with _modes_set_aside():
                return original(self, cls)

        recorder.originals.append((torch.Tensor, "as_subclass", original,
                                   torch.Tensor.__dict__.get("as_subclass")))
        torch.Tensor.as_subclass = as_subclass
        _wrap_legacy_constructor(recorder)


def _wrap_legacy_constructor(recorder):
    """PyTorch 1.13's legacy constructor (`torch.Tensor(out, in)`, the old custom layer's
    idiom) fails under a dispatch mode as as_subclass does: it runs with the probe's mode set
    aside. Given sizes, its memory is uninitialized, as torch.empty's: marked so, a read of it
    before any op writes it is still found."""
    original = torch.Tensor.__new__

    def __new__(cls, *args, **kwargs):
        if not recorder.active or recorder.busy or os.getpid() != recorder.pid:
            return original(cls, *args, **kwargs)
        with _modes_set_aside():
            t = original(cls, *args, **kwargs)
        sizes = args[0] if len(args) == 1 and isinstance(args[0], torch.Size) else args
        if sizes and all(type(n) is int for n in sizes) and t.numel() > 0:
            p = _storage_ptr(t)
            if p is not None:
                recorder.uninitialized[p] = True
        return t

    recorder.originals.append((torch.Tensor, "__new__", original,
                               torch.Tensor.__dict__.get("__new__")))
    torch.Tensor.__new__ = staticmethod(__new__)


# The tensors whose memory NumPy shares (Tensor.numpy, torch.from_numpy), watched by weak
# reference: NumPy reads what later ops write there without a torch op, so their bits at the
# script's end are taken out as a use too (record_numpy_views). At most this many are watched.
_MAX_WATCHED = 4096


def _watch_numpy(recorder):
    import weakref
    recorder.numpy_views = []

    def watch(t):
        views = recorder.numpy_views
        if len(views) >= _MAX_WATCHED:
            views[:] = [r for r in views if r() is not None]
        if len(views) < _MAX_WATCHED and isinstance(t, torch.Tensor):
            try:
                views.append(weakref.ref(t))
            except TypeError:
                pass

    numpy = torch.Tensor.numpy
    recorder.originals.append((torch.Tensor, "numpy", numpy, torch.Tensor.__dict__.get("numpy")))

    def tensor_numpy(self, *args, **kwargs):
        watch(self)
        return numpy(self, *args, **kwargs)

    tensor_numpy.__name__ = getattr(numpy, "__name__", "numpy")
    tensor_numpy.__doc__ = getattr(numpy, "__doc__", None)
    torch.Tensor.numpy = tensor_numpy
    from_numpy = torch.from_numpy
    recorder.originals.append((torch, "from_numpy", from_numpy, torch.__dict__.get("from_numpy")))

    def torch_from_numpy(array):
        t = from_numpy(array)
        watch(t)
        return t

    torch_from_numpy.__doc__ = getattr(from_numpy, "__doc__", None)
    torch.from_numpy = torch_from_numpy


def record_numpy_views(recorder):
    """At the script's end: the bits of each watched tensor still alive, in the order NumPy came
    to share them, as uses ("NumPy's view at the end")."""
    for ref in getattr(recorder, "numpy_views", ()):
        t = ref()
        if t is not None:
            record(recorder, "NumPy's view at the end", (t,))


def remove(recorder):
    from . import files as _files
    _files.remove()
    for owner, name, _original, own in reversed(getattr(recorder, "originals", [])):
        if own is None:
            try:
                delattr(owner, name)
            except AttributeError:
                pass
        else:
            setattr(owner, name, own)
    recorder.originals = []


def _collect(value, out, depth):
    """The tensors in a value torch.save takes (tensors, dicts, lists, tuples, modules' state)."""
    if len(out) >= _MAX_TENSORS or depth > 8:
        return
    if isinstance(value, torch.Tensor):
        out.append(value)
    elif isinstance(value, dict):
        for v in value.values():
            _collect(v, out, depth + 1)
    elif isinstance(value, (list, tuple)):
        for v in value:
            _collect(v, out, depth + 1)
    elif isinstance(value, torch.nn.Module):
        for v in value.state_dict().values():
            _collect(v, out, depth + 1)
