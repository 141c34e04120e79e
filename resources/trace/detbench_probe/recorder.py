"""The TorchDispatchMode that records every ATen op (forward and backward) the script runs.

Per op: its sequence number (from 1), ATen name with overload ("aten::add.Tensor"), the user's
call site (the innermost Python frame outside torch and outside this probe), and for each
input and output tensor its digest (digest.py), dtype, shape and device. Nothing of a tensor
is kept past its op, except the outputs of the ops detbench asks to keep (the second pass),
which are written to files.

Which inputs are compared: an out= argument, and the `self` of an op that overwrites it whole
(fill_, copy_, uniform_, ...), are not digested as inputs: their contents before the op do
not matter. The output of an op that leaves memory uninitialized (empty, empty_like, ...) is
not digested, nor is that of a resize_ that grows its tensor past its memory; until an op
writes there, a tensor on it is flagged as uninitialized when it is read, so detbench can say
that a difference came from uninitialized memory; once ops have written part of it (through
views), as partly uninitialized, until they have written it whole. A resize_ within its memory
keeps the contents: its `self` is an input."""

import collections
import os
import threading

import torch
from torch.utils._python_dispatch import TorchDispatchMode

from . import digest as _digest
from .describe import describe as _describe, digest_or_none as _digest_or_none
from . import kernels as _kernels, uses as _uses
from .compiled import modes_set_aside as _modes_set_aside
from .generators import generator_text
from .sites import CallSites
from .channel import PID, text
from .opinfo import (_HELD_COLLECTIVES, _MAX_TENSORS, _OpInfo, _dtype_name, _flatten, _is_storage,
                     _float_text, _scalar_text, _storage_ptr, _unwritten, _wait_for, grows,
                     note_written)

# The largest output kept for the second pass.
_MAX_KEPT_BYTES = 1 << 30


class Recorder(CallSites, TorchDispatchMode):
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
        # storage pointer -> True while nothing has written there, else the byte ranges
        # written so far (opinfo.note_written)
        self.uninitialized = {}
        self.assembled = set()  # storage pointers written through views of them
        self.from_pool = set()  # storage pointers of tensors a process pool's worker sent
        self.shared = set()  # storage pointers of memory other processes can write (shared.py)
        self.from_compiled = _kernels.LOG.made  # written by compiled kernels (kernels.py)
        # The tensors and Work of the latest collectives, held, so that none is freed last on the
        # process group's own thread: a tensor the probe has seen has a Python object, and a
        # Work made under this mode holds the mode; freeing either there waits for the
        # interpreter, which deadlocks while the main thread tears the group down (1.13) and
        # aborts once the interpreter is finalizing (2.x).
        self.held = collections.deque(maxlen=_HELD_COLLECTIVES)
        self.busy = 0  # > 0 while the probe runs ops of its own in the script's context
        self.threads = 0  # threads the script started (threads.py), numbered from 1
        self.thread = 0   # the thread this recorder records: 0, the main thread
        self.thread_lock = threading.Lock()
        self.local = _ThreadRecorder()
        self.op_head = '{"t":"op",'
        self.active = False  # inside the mode (the script is running)
        self.current = 0
        self.since = None  # (trace_ns, run_ns): when the trace and this run began (files.py)
        self.init_sites()

    def __enter__(self):
        self.active = True
        _kernels.LOG.active = True
        return super().__enter__()

    def __exit__(self, *exc):
        self.active = False
        _kernels.LOG.active = False
        return super().__exit__(*exc)

    # -- tensors ------------------------------------------------------------------------

    def _describe_all(self, tensors, skip_ids=(), uninit_check=False):
        kept = [t for t in tensors if id(t) not in skip_ids] if skip_ids else tensors
        rest = None
        if len(kept) > _MAX_TENSORS:
            kept, rest = kept[:_MAX_TENSORS - 1], kept[_MAX_TENSORS - 1:]
        assembled = self.assembled
        if uninit_check or assembled or self.from_pool or self.from_compiled or self.shared:
            parts = []
            for t in kept:
                p = _storage_ptr(t)  # once a tensor: it costs a storage object
                unwritten = self.uninitialized.get(p) if uninit_check else None
                if unwritten is True:
                    flags = 1
                elif unwritten is not None:  # partly written
                    flags = 68 if p in assembled else 64
                elif p in assembled:
                    flags = 4
                elif p in self.from_pool:
                    flags = 8
                elif p in self.from_compiled:
                    flags = 16
                elif p in self.shared:
                    flags = 32
                else:
                    flags = 0
                parts.append(_describe(t, flags))
        else:
            parts = [_describe(t) for t in kept]
        if rest is not None:
            # The rest as one: their digests folded in order, so a difference in any of them
            # is still seen.
            total = 0
            for t in rest:
                d = _digest_or_none(t)
                total = _digest.mum(total ^ (d if d is not None else 0), _digest.INDEX_STEP)
            parts.append('["0x%016x","rest",[%d],"?",0]' % (total, len(rest)))
        return "[" + ",".join(parts) + "]"

    def _head(self, seq, info, site, described_in, args, kwargs):
        """An op's record up to its outputs."""
        head = self.op_head + '"i":%d,"op":%s,"s":%d,"in":%s' % (seq, info.quoted, site, described_in)
        if self.compiled_caller:
            head += ',"cc":1'
        scalars = self._scalars(info, args, kwargs)
        if scalars:
            head += ',"a":' + scalars
        return head

    def _scalars(self, info, args, kwargs):
        """The op's arguments that carry a value and are no tensor, as JSON members ("" for
        none). Every argument of every op passes here: the common kinds are tested first."""
        parts = None
        for name, v in zip(info.quoted_arguments, args):
            kind = type(v)
            if kind is float:
                value = _float_text(v)
            elif kind is int:
                value = str(v)
            elif v is None or isinstance(v, torch.Tensor):
                continue
            else:
                value = _scalar_text(v)
                if value is None:
                    continue
            if parts is None:
                parts = [name + ":" + value]
            else:
                parts.append(name + ":" + value)
        if kwargs:
            for k, v in kwargs.items():
                value = _scalar_text(v)
                if value is not None:
                    if parts is None:
                        parts = []
                    parts.append("%s:%s" % (text(k), value))
        if info.draws:
            value = generator_text(args, kwargs)
            if value is not None:
                if parts is None:
                    parts = []
                parts.append('"generator":' + value)
        return "{" + ",".join(parts) + "}" if parts else ""

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
        mine = self.local.recorder
        if mine is not None and mine is not self:  # an asyncio task's step (threads.py)
            return mine.__torch_dispatch__(func, types, args, kwargs)
        if kwargs is None:
            kwargs = {}
        if self.busy or PID[0] != self.pid:  # the probe's own ops; a forked worker
            out = func(*args, **kwargs)
            if self.busy and getattr(func, "namespace", None) == "c10d":
                self._hold(args, out)  # the collective a wrapped torch.distributed call runs
            return out
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
            try:
                out = func(*args, **kwargs)
            except BaseException as e:
                self._raised(seq, info, site, e, self.op_head + '"i":%d,"op":%s,"x":1}' % (
                    seq, info.quoted))
                raise
            self.channel.send(self.op_head + '"i":%d,"op":%s}' % (seq, info.quoted))
            if info.collective:
                self._hold(args, out)
            return out
        if info.plain and not (self.uninitialized or self.assembled or self.from_pool or
                               self.from_compiled or self.shared):
            return self._record_plain(func, info, seq, site, args, kwargs)
        if info.lifts and args and isinstance(args[0], torch.Tensor):
            self._forget(_storage_ptr(args[0]))
        fresh = info.uninitialized or (info.resizes and grows(args))  # its output unwritten
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
        for i in info.write_only:
            if i < len(args):
                extra = []
                _flatten(args[i], extra)
                skip.update(id(t) for t in extra)
        if (info.overwrites or fresh) and args and isinstance(args[0], torch.Tensor):
            skip.add(id(args[0]))
            entry = any(_is_storage(a) for a in args[1:])
        kw_tensors = []
        for k, v in kwargs.items():
            if k not in info.outs:
                _flatten(v, kw_tensors)
        inputs.extend(kw_tensors)
        if (info.view or (info.resizes and not fresh)) and self.uninitialized and any(
                _storage_ptr(t) in self.uninitialized for t in inputs):
            # A view of memory no op has written (DDP's buckets, a module's torch.empty
            # parameters), or a resize_ within it: not a read; the op that reads through it is
            # the one that reads.
            out = func(*args, **kwargs)
            outputs = []
            _flatten(out, outputs)
            self.channel.send(self.op_head + '"i":%d,"op":%s,"s":%d,"in":%s,"out":%s}' % (
                seq, info.quoted, site, _unwritten(inputs), _unwritten(outputs)))
            return out
        head = self._head(seq, info, site, self._describe_all(inputs, skip, bool(self.uninitialized)),
                          args, kwargs)
        try:
            out = func(*args, **kwargs)
        except BaseException as e:
            # The op raised: a record like any other (the script may catch it and go on).
            self._raised(seq, info, site, e, head + ',"out":[],"x":1}')
            raise
        outputs = []
        _flatten(out, outputs)
        if info.collective:
            _wait_for(out)
            self._hold(args, out)
        if info.writes and not info.collective:
            # What an op writes of its arguments is its output too: all of it for one that
            # returns nothing (_foreach_add_), the rest after what it returns for one that writes
            # more (batch norm's running statistics, which its backward reads).
            returned = {id(t) for t in outputs}
            for i in sorted(info.writes):
                if i < len(args):
                    written = []
                    _flatten(args[i], written)
                    outputs.extend(t for t in written if id(t) not in returned)
        if fresh or info.opaque:
            for t in outputs if fresh else ():
                p = _storage_ptr(t)
                if p is not None:
                    self.uninitialized[p] = True
                    self.assembled.discard(p)
            described_out = "[" + ",".join(
                '[null,"%s",%s,"%s",%d]' % (_dtype_name(t.dtype), list(t.shape), t.device,
                                             1 if fresh else 2)
                for t in outputs[:_MAX_TENSORS]) + "]"
        else:
            if self.uninitialized or self.assembled or self.from_pool or self.shared:
                self._forget_reused(args, kwargs, outputs)
            if self.uninitialized and info.writes:
                for i in info.writes:
                    if i < len(args):
                        written = []
                        _flatten(args[i], written)
                        for t in written:
                            note_written(self.uninitialized, t)
                for name in info.outs:
                    extra = []
                    _flatten(kwargs.get(name), extra)
                    for t in extra:
                        note_written(self.uninitialized, t)
            if info.writes or info.outs:
                self._note_view_writes(info, args, kwargs)
            described_out = self._describe_all(outputs)
        line = head + ',"out":' + described_out
        if not outputs and type(out) in _NUMBERS:
            line += ',"v":' + _returned_text(out)
        if entry:
            line += ',"entry":1'
        if len(outputs) > _MAX_TENSORS:
            line += ',"more":[%d,%d]' % (len(inputs), len(outputs))
        self.channel.send(line + "}")
        if seq in self.keep and self.keep_dir:
            self._keep(seq, outputs)
        return out

    def _record_plain(self, func, info, seq, site, args, kwargs):
        """What __torch_dispatch__ does for an op that reads its inputs and returns what it
        wrote, while no memory is tracked (nothing unwritten, filled through views, sent by
        another process, written by compiled code): the same record, in fewer steps."""
        inputs = []
        for a in args:
            if isinstance(a, torch.Tensor):
                inputs.append(a)
            elif isinstance(a, (list, tuple)):
                _flatten(a, inputs)
        for v in kwargs.values():
            _flatten(v, inputs)
        head = self._head(seq, info, site, "[" + ",".join([_describe(t) for t in inputs]) + "]"
                          if len(inputs) <= _MAX_TENSORS else self._describe_all(inputs),
                          args, kwargs)
        try:
            out = func(*args, **kwargs)
        except BaseException as e:
            self._raised(seq, info, site, e, head + ',"out":[],"x":1}')
            raise
        if isinstance(out, torch.Tensor):
            outputs = [out]
            line = head + ',"out":[' + _describe(out) + "]}"
        else:
            outputs = []
            _flatten(out, outputs)
            line = head + ',"out":' + self._describe_all(outputs)
            if len(outputs) > _MAX_TENSORS:
                line += ',"more":[%d,%d]' % (len(inputs), len(outputs))
            elif not outputs and type(out) in _NUMBERS:
                line += ',"v":' + _returned_text(out)
            line += "}"
        self.channel.send(line)
        if self.keep and seq in self.keep and self.keep_dir:
            self._keep(seq, outputs)
        return out

    def _hold(self, args, out):
        tensors = []
        _flatten(args, tensors)
        self.held.append((tensors, out))

    def _forget_reused(self, args, kwargs, outputs):
        """An output in memory that no argument of the op holds was allocated by the op and
        written by it: where that memory once held a torch.empty or a buffer filled through
        views, freed since and handed out again, it is neither any more."""
        held = None
        for t in outputs:
            p = _storage_ptr(t)
            if p is None or (p not in self.uninitialized and p not in self.assembled and p not in
                             self.from_pool and p not in self.from_compiled and p not in self.shared):
                continue
            if held is None:
                tensors = []
                _flatten(args, tensors)
                for v in kwargs.values():
                    _flatten(v, tensors)
                held = {_storage_ptr(a) for a in tensors}
            if p not in held:
                self._forget(p)

    def _forget(self, p):
        """Memory at `p` holds what no tracked tensor did: none of its marks stay."""
        self.uninitialized.pop(p, None)
        self.assembled.discard(p)
        self.from_pool.discard(p)
        self.from_compiled.discard(p)
        self.shared.discard(p)

    def _note_view_writes(self, info, args, kwargs):
        """Remembers the memory an op wrote through a view of it (DDP fills its buckets so):
        a later reader of the whole was made by ops of this run, not handed in from outside."""
        written = []
        for i in info.writes:
            if i < len(args):
                _flatten(args[i], written)
        for name in info.outs:
            _flatten(kwargs.get(name), written)
        for t in written:
            if t._base is not None:
                p = _storage_ptr(t)
                if p is not None:
                    self.assembled.add(p)

    def _raised(self, seq, info, site, e, op_line):
        try:
            message = _message(e)
        except BaseException:
            message = "(the message could not be read)"
        self.channel.send('{"t":"raise","th":%d,"i":%d,"op":%s,"s":%d,"type":%s,"message":%s}' % (
            self.thread, seq, info.quoted, site, text(type(e).__name__), text(message)))
        self.channel.send(op_line)

    # -- compiled regions (compiled.py) ----------------------------------------------------

    def compiled_call(self, name, where, module, fn, args, kwargs):
        """One call of compiled code, run as compiled (the probe's mode set aside) and recorded
        as one op: "compiled::NAME"."""
        mine = self.local.recorder
        if mine is not None and mine is not self:  # called on a thread the script started
            return mine.compiled_call(name, where, module, fn, args, kwargs)
        if self.busy or os.getpid() != self.pid or not self.active:
            return fn(*args, **kwargs)
        site, _hidden = self.locate()
        self.seq += 1
        seq = self.seq
        self.current = seq
        quoted = text("compiled::" + name)
        digested = not (seq < self.first or (self.last and seq > self.last) or (
            self.only and seq not in self.only))
        head = self.op_head + '"i":%d,"op":%s' % (seq, quoted)
        inputs = []
        if digested:
            _flatten(list(args) + list(kwargs.values()), inputs)
            if module is not None:
                inputs.extend(module.parameters())
                inputs.extend(module.buffers())
            self.busy += 1
            try:
                described_in = self._describe_all(inputs)
            finally:
                self.busy -= 1
            # The call's numbers and strings are inputs too (a step count, a scale).
            numbers = ['"fn":%s' % text(name), '"defined_at":%s' % text(where)]
            for i, v in enumerate(args):
                value = _scalar_text(v)
                if value is not None:
                    numbers.append('"arg%d":%s' % (i, value))
            for k, v in kwargs.items():
                value = _scalar_text(v)
                if value is not None:
                    numbers.append("%s:%s" % (text(k), value))
            # Inductor's random numbers take their seeds from torch's generator.
            value = generator_text(inputs, {})
            if value is not None:
                numbers.append('"generator":' + value)
            head += ',"s":%d,"in":%s,"a":{%s}' % (site, described_in, ",".join(numbers))
        listing = _kernels.LOG.begin() if digested else None
        try:
            with _modes_set_aside():
                out = fn(*args, **kwargs)
        except BaseException as e:
            if digested:
                _kernels.LOG.end(listing)
            self._raised(seq, _CompiledInfo(quoted), site, e,
                         head + (',"out":[],"x":1}' if digested else ',"x":1}'))
            raise
        if not digested:
            self.channel.send(head + "}")
            return out
        kernels = _kernels.LOG.end(listing)
        outputs = []
        _flatten(out, outputs)
        self.busy += 1
        try:
            described_out = self._describe_all(outputs)
        finally:
            self.busy -= 1
        self.channel.send(head + ',"out":%s%s,"compiled":1}' % (described_out, kernels))
        if seq in self.keep and self.keep_dir:
            self._keep(seq, outputs)
        return out

    # -- values that leave torch without an op (uses.py) --------------------------------------

    def used(self, what, value):
        _uses.record(self, what, value)

    def install_uses(self):
        _uses.install(self)

    def remove_uses(self):
        _uses.record_numpy_views(self)
        _uses.remove(self)


# What an op hands to Python instead of a tensor (item(), bool(), torch.equal): recorded as the
# op's "v", so that a number the script passes on to a later op is known as this one's.
_NUMBERS = (int, float, bool)


def _returned_text(v):
    if type(v) is bool:
        return "true" if v else "false"
    return _float_text(v) if type(v) is float else str(v)


class _ThreadRecorder(threading.local):
    """.recorder: the recorder of the thread (or asyncio task) running now where it is not the
    one the mode was entered with (threads.py); None, read without an exception, elsewhere."""
    recorder = None


class _CompiledInfo:
    __slots__ = ("quoted",)

    def __init__(self, quoted):
        self.quoted = quoted


def _message(e):
    text_ = str(e)
    if len(text_) > 4000:
        text_ = text_[:4000] + "..."
    return text_
