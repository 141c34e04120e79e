"""What the probe knows of an op, worked out once per overload (_OpInfo), and the small helpers
over its tensors that the recorder and the job's collectives share.

Ops whose outputs are left uninitialized, ops that overwrite their `self` whole (its earlier
contents are no input), and torch.distributed's own ops (PyTorch 2.x: DDP calls them from C++)
with the buffers they only write and the Work they return before the transfer ends.
"""

import math

import torch

from .channel import text

# At most this many tensors of one op are described one by one (aten::cat of thousands).
_MAX_TENSORS = 4096
# Ops that draw from torch's default generator in an overload without a generator argument
# (aten::rand's; aten::rand.generator has one).
_DRAWS_WITHOUT_GENERATOR = frozenset("aten::" + n for n in (
    "rand", "randn", "randint", "randperm", "rand_like", "randn_like", "randint_like",
    "native_dropout"))
# Ops whose outputs are uninitialized memory.
_UNINITIALIZED = frozenset([
    "aten::empty", "aten::empty_like", "aten::empty_strided", "aten::new_empty",
    "aten::new_empty_strided", "aten::empty_permuted",
])
# Ops that overwrite `self` whole: its earlier contents are not an input.
_OVERWRITES_SELF = frozenset([
    "aten::fill_", "aten::zero_", "aten::copy_", "aten::uniform_", "aten::normal_",
    "aten::bernoulli_", "aten::random_", "aten::exponential_", "aten::geometric_",
    "aten::cauchy_", "aten::log_normal_", "aten::set_",
])
# Ops that resize `self`: they keep its contents (an input), unless it grows past its memory,
# which torch then allocates anew, the added part uninitialized as empty's is (`grows`).
_RESIZES = frozenset(["aten::resize_", "aten::resize_as_"])
# The ops Python calls on a tensor it made from data outside any op (torch.tensor, 1.13 on).
_LIFTS = frozenset(["aten::lift_fresh", "aten::lift", "aten::lift_fresh_copy"])
# How many collectives the recorder holds the tensors of (Recorder.held says why).
_HELD_COLLECTIVES = 64
# torch.distributed's ops whose first argument is only written: where the result lands.
_C10D_WRITE_FIRST = frozenset("c10d::" + n for n in (
    "allgather_", "_allgather_base_", "allgather_coalesced_", "allgather_into_tensor_coalesced_",
    "reduce_scatter_", "_reduce_scatter_base_", "reduce_scatter_tensor_coalesced_", "alltoall_",
    "alltoall_base_", "gather_", "scatter_", "recv_", "recv_any_source_"))

_DTYPES = {}


def _dtype_name(dtype):
    name = _DTYPES.get(dtype)
    if name is None:
        name = str(dtype).replace("torch.", "")
        _DTYPES[dtype] = name
    return name


# How a tensor's storage is read, chosen once for the release (asked for several tensors an op):
# untyped_storage (2.x); PyTorch 1.13's _storage, where storage() builds a TypedStorage, 7x slower.
_STORAGE = next((getattr(torch.Tensor, name) for name in ("untyped_storage", "_storage")
                 if hasattr(torch.Tensor, name)), torch.Tensor.storage)


def _storage_ptr(t):
    try:
        return _STORAGE(t).data_ptr()
    except Exception:
        return None


def grows(args):
    """Whether a resize_ (resize_as_) call needs more memory than its tensor's storage holds:
    torch allocates anew, and what it adds is uninitialized."""
    t = args[0] if args else None
    if not isinstance(t, torch.Tensor):
        return False
    target = args[1] if len(args) > 1 else None
    try:
        numel = target.numel() if isinstance(target, torch.Tensor) else math.prod(target)
        storage = t.untyped_storage() if hasattr(t, "untyped_storage") else t.storage()
        return (t.storage_offset() + numel) * t.element_size() > storage.nbytes()
    except Exception:
        return False


def note_written(unwritten, t):
    """Takes what an op wrote through tensor `t` off `unwritten` (storage pointer -> True while
    no op has written there, else the byte ranges written so far): the storage leaves it once
    written whole. A write through a strided view adds no range (its holes are not told
    apart): the storage stays partly written."""
    p = _storage_ptr(t)
    entry = unwritten.get(p)
    if entry is None:
        return
    try:
        size = _STORAGE(t).nbytes()
        step = t.element_size()
        start = t.storage_offset() * step
        end = start + t.numel() * step
        contiguous = t.is_contiguous()
    except Exception:
        unwritten.pop(p, None)
        return
    if start <= 0 and end >= size:  # as many elements as the storage holds: all of it
        unwritten.pop(p, None)
        return
    ranges = [] if entry is True else entry
    if contiguous and end > start:
        merged = []
        for a, b in sorted(ranges + [(start, end)]):
            if merged and a <= merged[-1][1]:
                merged[-1] = (merged[-1][0], max(merged[-1][1], b))
            else:
                merged.append((a, b))
        if merged[0][0] <= 0 and merged[0][1] >= size:
            unwritten.pop(p, None)
            return
        ranges = merged
    unwritten[p] = ranges


def _flatten(value, out):
    if isinstance(value, torch.Tensor):
        out.append(value)
    elif isinstance(value, (list, tuple)):
        for v in value:
            _flatten(v, out)


def _is_storage(value):
    return isinstance(value, getattr(torch, "UntypedStorage", ())) or isinstance(
        value, getattr(torch, "TypedStorage", getattr(torch, "_TypedStorage", ())))


# Ops that write arguments their schema does not mark as written (PyTorch 1.13's batch norms
# update running_mean and running_var in place; 2.x's _native_batch_norm_legit marks them):
# the arguments' positions.
_WRITES_UNDECLARED = {
    "aten::native_batch_norm": (3, 4),
    "aten::cudnn_batch_norm": (3, 4),
    "aten::miopen_batch_norm": (3, 4),
}


class _OpInfo:
    """What the probe needs of an op, worked out once per overload."""

    __slots__ = ("name", "quoted", "arguments", "quoted_arguments", "writes", "outs", "overwrites",
                 "uninitialized", "opaque", "collective", "write_only", "view", "resizes", "lifts",
                 "plain", "draws")

    def __init__(self, func):
        schema = func._schema
        name = schema.name
        if schema.overload_name:
            name = name + "." + schema.overload_name
        self.name = name
        self.quoted = text(name)
        self.arguments = [a.name for a in schema.arguments]
        self.quoted_arguments = [text(a) for a in self.arguments]
        writes, outs = set(_WRITES_UNDECLARED.get(schema.name, ())), set()
        for i, a in enumerate(schema.arguments):
            info = a.alias_info
            if info is not None and info.is_write:
                writes.add(i)
                if a.kwarg_only:
                    outs.add(a.name)
        self.writes = writes
        self.outs = outs
        self.overwrites = schema.name in _OVERWRITES_SELF
        self.uninitialized = schema.name in _UNINITIALIZED
        self.resizes = schema.name in _RESIZES
        # The profiler's record_function handles are tensors holding pointers: not data.
        self.opaque = schema.name.startswith("profiler::")
        # torch.distributed's own ops (PyTorch 2.x), as DDP's reducer and constructor call them
        # from C++: they return before the transfer ends, with a Work to wait for.
        self.collective = schema.name.startswith("c10d::")
        # Its buffers that it only writes (allgather_'s output_tensors, ...), always its first
        # argument (a list's write is marked on its elements, not on it; 1.13 names no
        # argument): outputs, not inputs.
        self.write_only = {0} if schema.name in _C10D_WRITE_FIRST else set()
        self.writes |= self.write_only
        # An op whose result is a view of its input (as_strided, view, detach): it reads nothing.
        self.view = any(r.alias_info is not None and not r.alias_info.is_write
                        for r in schema.returns)
        # Its input is a tensor Python made outside any op (torch.tensor's data): memory no
        # earlier record knows, whatever a freed tensor at the same address was.
        self.lifts = schema.name in _LIFTS
        # Reads its inputs and writes only what it returns, its memory tracked like any other:
        # the recorder's short path (Recorder._record_plain).
        # A random op: the generator it draws from is recorded with its arguments (generators.py).
        self.draws = schema.name in _DRAWS_WITHOUT_GENERATOR or any(
            "Generator" in str(a.type) for a in schema.arguments)
        self.plain = not (writes or outs or self.overwrites or self.uninitialized or self.resizes
                          or self.opaque or self.collective)


def _unwritten(tensors):
    """Tensors described without a digest, as memory no op has written."""
    return "[" + ",".join('[null,"%s",%s,"%s",1]' % (_dtype_name(t.dtype), list(t.shape), t.device)
                          for t in tensors[:_MAX_TENSORS]) + "]"


def _wait_for(out):
    """Waits for a collective's Work, so that its outputs are digested as they will be read
    (waiting again later, as the caller will, is allowed). A wait that fails is left for the
    caller's own wait to report."""
    for value in out if isinstance(out, (tuple, list)) else (out,):
        wait = getattr(value, "wait", None)
        if wait is not None and not isinstance(value, torch.Tensor):
            try:
                wait()
            except Exception:
                pass


def _scalar_text(v):
    """JSON text of a non-tensor argument that carries a value (a number, a complex number, a
    string, a dtype, a device, a layout, a memory format, a list of numbers: sizes, dims), or None
    for what does not (tensors, generators)."""
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return int.__repr__(v)  # an IntEnum's str is its name before Python 3.11
    if isinstance(v, float):
        return _float_text(v)
    if isinstance(v, str):
        return text(v)
    if isinstance(v, complex):
        return text(repr(v))
    if isinstance(v, _NAMED):
        return text(str(v))
    if isinstance(v, (list, tuple)) and 0 < len(v) <= 64 and all(
            isinstance(x, (bool, int, float)) for x in v):
        return "[" + ",".join(_scalar_text(x) for x in v) + "]"
    return None


# Arguments that choose what an op makes: torch.float64 where run 1 gave torch.float16 is an
# input that differs, as a number is.
_NAMED = (torch.dtype, torch.device, torch.layout, torch.memory_format)

_INFINITIES = {float("inf"): '"inf"', float("-inf"): '"-inf"'}
# A float's text by its value: a script passes the same few numbers to op after op. Zero is
# not kept (0.0 and -0.0 are one key), nor is NaN (never equal to itself); cleared when it grows
# past _MAX_FLOATS (a script of ever new numbers).
_FLOATS = {}
_MAX_FLOATS = 1 << 12


def _float_text(v):
    s = _FLOATS.get(v)
    if s is None:
        if v != v:
            return '"nan"'
        # NumPy's float64 is a float whose repr names its type.
        s = _INFINITIES.get(v) or float.__repr__(v)
        if v:
            if len(_FLOATS) >= _MAX_FLOATS:
                _FLOATS.clear()
            _FLOATS[v] = s
    return s
