"""The TorchDispatchMode that records every ATen op (forward and backward) the script runs.

Per op: its sequence number (from 1), ATen name with overload ("aten::add.Tensor"), the user's
call site (the innermost Python frame outside torch and outside this probe), and for each
input and output tensor its digest (digest.py), dtype, shape and device. Nothing of a tensor
is kept past its op, except the outputs of the ops detbench asks to keep (the second pass),
which are written to files.

Which inputs are compared: an out= argument, and the `self` of an op that overwrites it whole
(fill_, copy_, uniform_, ...), are not digested as inputs: their contents before the op do
not matter. The output of an op that leaves memory uninitialized (empty, empty_like, ...) is
not digested; until an op writes to that memory, a tensor on it is flagged as uninitialized
when it is read, so detbench can say that a difference came from uninitialized memory.
"""

import os
import sys
import weakref

import torch
from torch.utils._python_dispatch import TorchDispatchMode

from . import digest as _digest
from .channel import text

# Ops whose outputs are uninitialized memory.
_UNINITIALIZED = frozenset([
    "aten::empty", "aten::empty_like", "aten::empty_strided", "aten::new_empty",
    "aten::new_empty_strided", "aten::empty_permuted",
])
# Ops that overwrite `self` whole: its earlier contents are not an input.
_OVERWRITES_SELF = frozenset([
    "aten::fill_", "aten::zero_", "aten::copy_", "aten::uniform_", "aten::normal_",
    "aten::bernoulli_", "aten::random_", "aten::exponential_", "aten::geometric_",
    "aten::cauchy_", "aten::log_normal_", "aten::set_", "aten::resize_", "aten::resize_as_",
])
# Where torch rebuilds a tensor received from another process (a DataLoader worker's batch):
# the ops there (lift_fresh, set_) run when the batch arrives, whose order between workers
# varies from run to run, so they are not recorded; the batch enters as data from outside, first
# seen where the script reads it, in the order the DataLoader yields it.
_REBUILDS = os.path.join("multiprocessing", "reductions.py")
_USER, _INTERNAL, _HIDDEN = 0, 1, 2
# At most this many tensors of one op are described one by one (aten::cat of thousands).
_MAX_TENSORS = 256
# The largest output kept for the second pass.
_MAX_KEPT_BYTES = 1 << 30

_DTYPES = {}


def _dtype_name(dtype):
    name = _DTYPES.get(dtype)
    if name is None:
        name = str(dtype).replace("torch.", "")
        _DTYPES[dtype] = name
    return name


def _storage_ptr(t):
    try:
        if hasattr(t, "untyped_storage"):
            return t.untyped_storage().data_ptr()
        return t.storage().data_ptr()
    except Exception:
        return None


def _flatten(value, out):
    if isinstance(value, torch.Tensor):
        out.append(value)
    elif isinstance(value, (list, tuple)):
        for v in value:
            _flatten(v, out)


def _is_storage(value):
    return isinstance(value, getattr(torch, "UntypedStorage", ())) or isinstance(
        value, getattr(torch, "TypedStorage", getattr(torch, "_TypedStorage", ())))


class _OpInfo:
    """What the probe needs of an op, worked out once per overload."""

    __slots__ = ("name", "quoted", "arguments", "writes", "outs", "overwrites", "uninitialized", "opaque")

    def __init__(self, func):
        schema = func._schema
        name = schema.name
        if schema.overload_name:
            name = name + "." + schema.overload_name
        self.name = name
        self.quoted = text(name)
        self.arguments = [a.name for a in schema.arguments]
        writes, outs = set(), set()
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
        # The profiler's record_function handles are tensors holding pointers: not data.
        self.opaque = schema.name.startswith("profiler::")


class Recorder(TorchDispatchMode):
    def __init__(self, channel, run, window=(1, 0), keep=(), keep_dir=None, only=()):
        super().__init__()
        self.channel = channel
        self.run = run
        self.first, self.last = window  # last 0: no end
        self.keep = frozenset(keep)
        self.keep_dir = keep_dir
        self.only = frozenset(only)
        self.pid = os.getpid()
        self.seq = 0
        self.infos = {}
        self.sites = {}
        self.kinds = {}
        self.uninitialized = {}  # storage pointer -> True while nothing has written there
        # torch, this probe and Python's standard library (multiprocessing's queue under a
        # DataLoader, runpy, contextlib) are not the user's code.
        self.prefixes = tuple(
            os.path.join(os.path.dirname(os.path.abspath(p)), "")
            for p in (torch.__file__, __file__, os.__file__))
        self.digests = {}  # id(tensor) -> (weak reference, version, layout, digest)
        self.current = 0

    # -- call sites ---------------------------------------------------------------------

    def _kind(self, code):
        """_USER, _INTERNAL (torch, the probe, the standard library) or _HIDDEN (where torch
        rebuilds a tensor another process sent: a DataLoader worker's batch)."""
        kind = self.kinds.get(code)
        if kind is None:
            filename = code.co_filename
            if filename.startswith(self.prefixes[0]) and filename.endswith(_REBUILDS):
                kind = _HIDDEN
            elif filename.startswith(self.prefixes) or filename.startswith("<frozen"):
                kind = _INTERNAL
            else:
                kind = _USER
            self.kinds[code] = kind
        return kind

    def locate(self):
        """The id of the user's call site (0: none), and whether the op is hidden. A site's
        record is sent the first time it is seen."""
        frame = sys._getframe(1)
        while frame is not None:
            kind = self._kind(frame.f_code)
            if kind == _USER:
                break
            if kind == _HIDDEN:
                return 0, True
            frame = frame.f_back
        if frame is None:
            return 0, False
        code = frame.f_code
        key = (code.co_filename, frame.f_lineno, code.co_name)
        site = self.sites.get(key)
        if site is None:
            site = len(self.sites) + 1
            self.sites[key] = site
            filename = key[0] if key[0].startswith("<") else os.path.abspath(key[0])
            self.channel.send('{"t":"site","s":%d,"file":%s,"line":%d,"fn":%s}' % (
                site, text(filename), key[1], text(key[2])))
        return site, False

    # -- tensors ------------------------------------------------------------------------

    def _digest(self, t, remember):
        """The digest of `t`, reusing the one taken when this very tensor (alive since, at the
        same version of its contents) was an op's output. `remember` is None for the outputs of
        an op that writes to its arguments: PyTorch counts the new version only after the op
        returns (above this mode), so those are digested afresh and not remembered."""
        if remember is None:
            try:
                return _digest.digest(t)
            except Exception:
                return None
        try:
            key = (t._version, t.data_ptr(), t.dtype, tuple(t.shape), t.stride())
        except Exception:  # inference tensors have no version counter
            key = None
        if key is not None:
            known = self.digests.get(id(t))
            if known is not None and known[0]() is t and known[1] == key:
                return known[2]
        try:
            d = _digest.digest(t)
        except Exception:
            return None
        if remember and key is not None and d is not None:
            if len(self.digests) >= 65536:
                self.digests = {k: v for k, v in self.digests.items() if v[0]() is not None}
                if len(self.digests) >= 32768:
                    self.digests.clear()
            try:
                self.digests[id(t)] = (weakref.ref(t), key, d)
            except TypeError:
                pass
        return d

    def _describe(self, t, flags=0, remember=False):
        d = self._digest(t, remember)
        return '[%s,"%s",%s,"%s",%d]' % (
            '"0x%016x"' % d if d is not None else "null", _dtype_name(t.dtype),
            list(t.shape), t.device, flags)

    def _describe_all(self, tensors, skip_ids=(), uninit_check=False, remember=False):
        parts = []
        for t in tensors[:_MAX_TENSORS]:
            if id(t) in skip_ids:
                continue
            flags = 0
            if uninit_check and _storage_ptr(t) in self.uninitialized:
                flags = 1
            parts.append(self._describe(t, flags, remember))
        return "[" + ",".join(parts) + "]"

    def _scalars(self, info, args, kwargs):
        parts = []
        names = info.arguments
        for i, v in enumerate(args):
            if isinstance(v, (bool, int, float, str)) and i < len(names):
                parts.append("%s:%s" % (text(names[i]), text(v) if not isinstance(v, float)
                                        else _float_text(v)))
        for k, v in kwargs.items():
            if isinstance(v, (bool, int, float, str)):
                parts.append("%s:%s" % (text(k), text(v) if not isinstance(v, float)
                                        else _float_text(v)))
        return "{" + ",".join(parts) + "}"

    def _keep(self, seq, outputs):
        for j, t in enumerate(outputs[:_MAX_TENSORS]):
            line = '{"t":"kept","i":%d,"j":%d' % (seq, j)
            try:
                if t.layout != torch.strided or t.device.type == "meta":
                    raise ValueError("not a dense tensor")
                nbytes = t.numel() * t.element_size()
                if nbytes > _MAX_KEPT_BYTES:
                    raise ValueError("%d bytes, more than the %d kept" % (nbytes, _MAX_KEPT_BYTES))
                host = t.detach()
                if host.is_complex():
                    host = torch.view_as_real(host)
                raw = host.to("cpu").contiguous().reshape(-1).view(torch.uint8)
                name = "r%d-op%d-out%d.bin" % (self.run, seq, j)
                with open(os.path.join(self.keep_dir, name), "wb") as f:
                    f.write(raw.numpy().tobytes() if _digest._np is not None
                            else bytes(raw.tolist()))
                line += ',"file":%s,"dtype":"%s","shape":%s}' % (
                    text(name), _dtype_name(t.dtype), list(t.shape))
            except Exception as e:  # the op's outputs stay as they were
                line += ',"error":%s}' % text("%s: %s" % (type(e).__name__, e))
            self.channel.send(line)

    # -- the mode -------------------------------------------------------------------------

    def __torch_dispatch__(self, func, types, args=(), kwargs=None):
        if kwargs is None:
            kwargs = {}
        if os.getpid() != self.pid:  # a forked DataLoader worker: not traced
            return func(*args, **kwargs)
        site, hidden = self.locate()
        if hidden:
            return func(*args, **kwargs)
        info = self.infos.get(func)
        if info is None:
            info = _OpInfo(func)
            self.infos[func] = info
        self.seq += 1
        seq = self.seq
        self.current = seq
        if seq < self.first or (self.last and seq > self.last) or (
                self.only and seq not in self.only):
            out = self._call(func, args, kwargs, info, seq, site)
            self.channel.send('{"t":"op","i":%d,"op":%s}' % (seq, info.quoted))
            return out
        inputs = []
        _flatten(args, inputs)
        skip = set()
        entry = False
        if info.outs:
            for name in info.outs:
                o = kwargs.get(name)
                if o is not None:
                    extra = []
                    _flatten(o, extra)
                    skip.update(id(t) for t in extra)
        if info.overwrites and args and isinstance(args[0], torch.Tensor):
            skip.add(id(args[0]))
            entry = any(_is_storage(a) for a in args[1:])
        kw_tensors = []
        for k, v in kwargs.items():
            if k not in info.outs:
                _flatten(v, kw_tensors)
        inputs.extend(kw_tensors)
        described_in = self._describe_all(inputs, skip, bool(self.uninitialized))
        out = self._call(func, args, kwargs, info, seq, site)
        outputs = []
        _flatten(out, outputs)
        if info.uninitialized or info.opaque:
            for t in outputs if info.uninitialized else ():
                p = _storage_ptr(t)
                if p is not None:
                    self.uninitialized[p] = True
            described_out = "[" + ",".join(
                '[null,"%s",%s,"%s",%d]' % (_dtype_name(t.dtype), list(t.shape), t.device,
                                             1 if info.uninitialized else 2)
                for t in outputs[:_MAX_TENSORS]) + "]"
        else:
            if self.uninitialized and info.writes:
                for i in info.writes:
                    if i < len(args) and isinstance(args[i], torch.Tensor):
                        self.uninitialized.pop(_storage_ptr(args[i]), None)
                for name in info.outs:
                    extra = []
                    _flatten(kwargs.get(name), extra)
                    for t in extra:
                        self.uninitialized.pop(_storage_ptr(t), None)
            described_out = self._describe_all(outputs,
                                               remember=None if info.writes else True)
        scalars = self._scalars(info, args, kwargs)
        line = '{"t":"op","i":%d,"op":%s,"s":%d,"in":%s,"out":%s' % (
            seq, info.quoted, site, described_in, described_out)
        if scalars != "{}":
            line += ',"a":' + scalars
        if entry:
            line += ',"entry":1'
        if len(inputs) > _MAX_TENSORS or len(outputs) > _MAX_TENSORS:
            line += ',"more":[%d,%d]' % (len(inputs), len(outputs))
        self.channel.send(line + "}")
        if seq in self.keep and self.keep_dir:
            self._keep(seq, outputs)
        return out

    def _call(self, func, args, kwargs, info, seq, site):
        try:
            return func(*args, **kwargs)
        except BaseException as e:
            self.channel.send('{"t":"raise","i":%d,"op":%s,"s":%d,"type":%s,"message":%s}' % (
                seq, info.quoted, site, text(type(e).__name__), text(_message(e))))
            raise


def _float_text(v):
    if v != v:
        return '"nan"'
    if v in (float("inf"), float("-inf")):
        return '"inf"' if v > 0 else '"-inf"'
    return repr(v)


def _message(e):
    text_ = str(e)
    if len(text_) > 4000:
        text_ = text_[:4000] + "..."
    return text_
