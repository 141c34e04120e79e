"""How a tensor is written into an op's record: [digest, dtype, shape, device, flags].

This runs for every input and output of every op, so the common case (a dense CPU tensor whose
elements are 1, 2, 4 or 8 bytes) takes one call of the compiled digest and a few attribute
reads; what a dtype allows is worked out once per dtype, a shape's text once per shape. Every
other tensor (on a device, strided, complex, sparse) goes through digest.digest. The digest is
of the bits the tensor holds now, taken each time an op reads or writes it, never reused:
memory can change under a tensor without PyTorch knowing (a NumPy array that shares it, a
library writing through data_ptr).

flags: 1 memory no op has written, 2 opaque (no bits to compare), 4 filled through views by ops
of this run, 8 sent by a process pool's worker, 16 written by compiled kernels, 32 memory other
processes can write.
"""

import torch

from . import digest as _digest
from .opinfo import _dtype_name

_STRIDED = torch.strided
OPAQUE = '[null,"opaque",[],"?",2]'

# dtype -> (name, element size where the compiled digest takes its tensors in one call, else 0,
#           {shape: the record's text after the digest, for a CPU tensor with no flags})
_DTYPES = {}
# torch.Size -> its text; cleared when it grows past _MAX_SHAPES (a script of ever new shapes)
_SHAPES = {}
_MAX_SHAPES = 1 << 14


def _dtype_entry(t):
    dtype = t.dtype
    size = t.element_size()
    one_call = _digest._library is not None and size in (1, 2, 4, 8) and \
        not t.is_complex() and not t.is_quantized
    entry = (_dtype_name(dtype), size if one_call else 0, {})
    _DTYPES[dtype] = entry
    return entry


def shape_text(shape):
    s = _SHAPES.get(shape)
    if s is None:
        s = str(list(shape))
        if len(_SHAPES) >= _MAX_SHAPES:
            _SHAPES.clear()
        _SHAPES[shape] = s
    return s


def _tail(tails, name, shape):
    tail = '","%s",%s,"cpu",0]' % (name, shape_text(shape))
    if len(tails) >= _MAX_SHAPES:
        tails.clear()
    tails[shape] = tail
    return tail


def digest_or_none(t):
    try:
        return _digest.digest(t)
    except Exception:
        return None


_LIBRARY = _digest._library


def describe(t, flags=0):
    """The record's text of tensor `t`; OPAQUE for one the probe cannot describe (nested, a
    subclass without storage)."""
    try:
        name, size, tails = _DTYPES.get(t.dtype) or _dtype_entry(t)
        shape = t.shape  # raises for a nested tensor of strided layout (a jagged one is not)
        if size and t.is_cpu and t.layout is _STRIDED and t.is_contiguous():
            try:
                n = t.numel()
                d = _LIBRARY(t.data_ptr() if n else None, size, n)
            except Exception:  # a subclass without memory of its own
                pass
            else:
                if flags:
                    return '["0x%016x","%s",%s,"cpu",%d]' % (d, name, shape_text(shape), flags)
                return '["0x%016x' % d + (tails.get(shape) or _tail(tails, name, shape))
        d = digest_or_none(t)
        return '[%s,"%s",%s,"%s",%d]' % (
            '"0x%016x"' % d if d is not None else "null", name, shape_text(shape),
            "cpu" if t.is_cpu else t.device, flags)
    except Exception:
        return OPAQUE
