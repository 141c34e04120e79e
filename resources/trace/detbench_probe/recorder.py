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
that a difference came from uninitialized memory. A resize_ within its memory keeps the
contents: its `self` is an input."""

import collections
import os
import sys
import threading

import torch
from torch.utils._python_dispatch import TorchDispatchMode

from . import digest as _digest
from . import kernels as _kernels
from .channel import text
from .opinfo import (_HELD_COLLECTIVES, _MAX_TENSORS, _OpInfo, _dtype_name, _flatten, _is_storage,
                     _scalar_text, _storage_ptr, _unwritten, _wait_for, grows)

# Where torch rebuilds a tensor received from another process (a DataLoader worker's batch):
# the ops there (lift_fresh, set_) run when the batch arrives, whose order between workers
# varies from run to run, so they are not recorded; the batch enters as data from outside, first
# seen where the script reads it, in the order the DataLoader yields it.
_REBUILDS = os.path.join("multiprocessing", "reductions.py")
_USER, _INTERNAL, _HIDDEN, _COMPILED = 0, 1, 2, 3
# The largest output kept for the second pass.
_MAX_KEPT_BYTES = 1 << 30


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
        # torch, this probe and Python's standard library (multiprocessing's queue under a
        # DataLoader, runpy, contextlib) are not the user's code.
        self.prefixes = tuple(
            os.path.join(os.path.dirname(os.path.abspath(p)), "")
            for p in (torch.__file__, __file__, os.__file__))
        self.busy = 0  # > 0 while the probe runs ops of its own in the script's context
        self.threads = 0  # threads the script started (threads.py), numbered from 1
        self.thread = 0   # the thread this recorder records: 0, the main thread
        self.thread_lock = threading.Lock()
        self.site_lock = threading.Lock()
        self.local = threading.local()  # .recorder: the thread's own (threads.py)
        self.op_head = '{"t":"op",'
        self.active = False  # inside the mode (the script is running)
        self.start_cwd = os.getcwd()
        self.current = 0
        self.compiled_caller = False  # the op being recorded was called by compiled code

    def __enter__(self):
        self.active = True
        _kernels.LOG.active = True
        return super().__enter__()

    def __exit__(self, *exc):
        self.active = False
        _kernels.LOG.active = False
        return super().__exit__(*exc)

    # -- call sites ---------------------------------------------------------------------

    def _kind(self, code):
        """_USER, _INTERNAL (torch, the probe, the standard library), _HIDDEN (where torch
        rebuilds a tensor another process sent: a DataLoader worker's batch) or _COMPILED
        (Inductor's output code, kernels.py: internal too)."""
        kind = self.kinds.get(code)
        if kind is None:
            filename = code.co_filename
            if filename.startswith(self.prefixes[0]) and filename.endswith(_REBUILDS):
                kind = _HIDDEN
            elif filename in _kernels.LOG.files:
                kind = _COMPILED
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
        self.compiled_caller = False
        while frame is not None:
            kind = self._kind(frame.f_code)
            if kind == _USER:
                break
            if kind == _HIDDEN:
                return 0, True
            if kind == _COMPILED:  # Inductor's output code: a compiled backward's ATen calls
                self.compiled_caller = True
            frame = frame.f_back
        if frame is None:
            return 0, False
        code = frame.f_code
        key = (code.co_filename, frame.f_lineno, code.co_name)
        site = self.sites.get(key)
        if site is None:
            with self.site_lock:  # threads: each id once, its record sent before it is used
                site = self.sites.get(key)
                if site is None:
                    site = len(self.sites) + 1
                    # Relative to the folder the script started in (it may change directory).
                    filename = key[0] if key[0].startswith("<") else os.path.normpath(
                        os.path.join(self.start_cwd, key[0]))
                    self.channel.send('{"t":"site","s":%d,"file":%s,"line":%d,"fn":%s}' % (
                        site, text(filename), key[1], text(key[2])))
                    self.sites[key] = site
        return site, False

    # -- tensors ------------------------------------------------------------------------

    def _digest(self, t):
        """The digest of the bits `t` holds now: taken each time an op reads or writes it, never
        reused, since memory can change under a tensor without PyTorch knowing (a NumPy array
        that shares it, a library writing through data_ptr)."""
        try:
            return _digest.digest(t)
        except Exception:
            return None

    def _describe(self, t, flags=0):
        try:
            d = self._digest(t)
            return '[%s,"%s",%s,"%s",%d]' % (
                '"0x%016x"' % d if d is not None else "null", _dtype_name(t.dtype),
                list(t.shape), "cpu" if t.is_cpu else t.device, flags)
        except Exception:  # a tensor the probe cannot describe (nested, a subclass): opaque
            return '[null,"opaque",[],"?",2]'

    def _describe_all(self, tensors, skip_ids=(), uninit_check=False):
        parts = []
        kept = [t for t in tensors if id(t) not in skip_ids]
        assembled = self.assembled
        for t in kept[:_MAX_TENSORS - 1] if len(kept) > _MAX_TENSORS else kept:
            flags = 0
            if uninit_check or assembled or self.from_pool or self.from_compiled or self.shared:
                p = _storage_ptr(t)  # once a tensor: it costs a storage object
                if uninit_check and p in self.uninitialized:
                    flags = 1
                elif p in assembled:
                    flags = 4
                elif p in self.from_pool:
                    flags = 8
                elif p in self.from_compiled:
                    flags = 16
                elif p in self.shared:
                    flags = 32
            parts.append(self._describe(t, flags))
        if len(kept) > _MAX_TENSORS:
            # The rest as one: their digests folded in order, so a difference in any of them
            # is still seen.
            rest = kept[_MAX_TENSORS - 1:]
            total = 0
            for t in rest:
                d = self._digest(t)
                total = _digest.mum(total ^ (d if d is not None else 0), _digest.INDEX_STEP)
            parts.append('["0x%016x","rest",[%d],"?",0]' % (total, len(rest)))
        return "[" + ",".join(parts) + "]"

    def _scalars(self, info, args, kwargs):
        parts = []
        names = info.arguments
        for i, v in enumerate(args):
            if i < len(names):
                value = _scalar_text(v)
                if value is not None:
                    parts.append("%s:%s" % (text(names[i]), value))
        for k, v in kwargs.items():
            value = _scalar_text(v)
            if value is not None:
                parts.append("%s:%s" % (text(k), value))
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
        mine = getattr(self.local, "recorder", self)
        if mine is not self:  # a step of an asyncio task (threads.py): the task's recorder
            return mine.__torch_dispatch__(func, types, args, kwargs)
        if kwargs is None:
            kwargs = {}
        if self.busy or os.getpid() != self.pid:  # the probe's own ops; a forked worker
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
        described_in = self._describe_all(inputs, skip, bool(self.uninitialized))
        scalars = self._scalars(info, args, kwargs)
        head = self.op_head + '"i":%d,"op":%s,"s":%d,"in":%s' % (seq, info.quoted, site, described_in)
        if self.compiled_caller:
            head += ',"cc":1'
        if scalars != "{}":
            head += ',"a":' + scalars
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
        if not outputs and info.writes:
            # An op that writes its arguments and returns nothing (_foreach_add_): what it
            # wrote is its output.
            for i in sorted(info.writes):
                if i < len(args):
                    _flatten(args[i], outputs)
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
                            self.uninitialized.pop(_storage_ptr(t), None)
                for name in info.outs:
                    extra = []
                    _flatten(kwargs.get(name), extra)
                    for t in extra:
                        self.uninitialized.pop(_storage_ptr(t), None)
            if info.writes or info.outs:
                self._note_view_writes(info, args, kwargs)
            described_out = self._describe_all(outputs)
        line = head + ',"out":' + described_out
        if entry:
            line += ',"entry":1'
        if len(outputs) > _MAX_TENSORS:
            line += ',"more":[%d,%d]' % (len(inputs), len(outputs))
        self.channel.send(line + "}")
        if seq in self.keep and self.keep_dir:
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
        mine = getattr(self.local, "recorder", self)
        if mine is not self:  # called on a thread the script started
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

    # -- values that leave torch without an op ---------------------------------------------

    def used(self, what, value):
        """Records the digests of the tensors in `value` that the script takes out of torch
        without an op (numpy(), tolist(), torch.save): a difference that reaches them is a
        result."""
        mine = getattr(self.local, "recorder", self)
        if mine is not self:  # called on a thread the script started
            return mine.used(what, value)
        if self.busy or os.getpid() != self.pid:
            return
        tensors = []
        _collect(value, tensors, 0)
        if not tensors:
            return
        self.busy += 1
        try:
            digests = []
            for t in tensors[:_MAX_TENSORS]:
                d = self._digest(t)
                if d is not None:
                    digests.append('"0x%016x"' % d)
        finally:
            self.busy -= 1
        self.channel.send('{"t":"use","th":%d,"i":%d,"what":%s,"d":[%s]}' % (
            self.thread, self.seq, text(what), ",".join(digests)))

    def install_uses(self):
        """Wraps what takes values out of torch without an op; `remove_uses` puts it back."""
        recorder = self
        self.originals = []

        def wrap(owner, name, what, of_result=False):
            original = getattr(owner, name, None)
            if original is None:
                return

            def wrapper(*args, **kwargs):
                recorder.used(what, args[:1] if not of_result else args)
                return original(*args, **kwargs)

            wrapper.__name__ = getattr(original, "__name__", name)
            wrapper.__doc__ = getattr(original, "__doc__", None)
            self.originals.append((owner, name, original, owner.__dict__.get(name)))
            setattr(owner, name, wrapper)

        from . import pools as _pools, shared as _shared, threads as _threads
        _threads.install(self)
        _pools.install(self)
        _shared.install(self)
        wrap(torch.Tensor, "numpy", "Tensor.numpy")
        wrap(torch.Tensor, "tolist", "Tensor.tolist")
        wrap(torch, "save", "torch.save")
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

            self.originals.append((torch.Tensor, "as_subclass", original,
                                   torch.Tensor.__dict__.get("as_subclass")))
            torch.Tensor.as_subclass = as_subclass

    def remove_uses(self):
        for owner, name, _original, own in reversed(getattr(self, "originals", [])):
            if own is None:
                try:
                    delattr(owner, name)
                except AttributeError:
                    pass
            else:
                setattr(owner, name, own)
        self.originals = []


class _CompiledInfo:
    __slots__ = ("quoted",)

    def __init__(self, quoted):
        self.quoted = quoted


def _modes_set_aside():
    """A context in which no dispatch mode is active (so Dynamo compiles and runs its code):
    _disable_current_modes in PyTorch 2.x, the probe's own mode popped in 1.13."""
    from torch.utils import _python_dispatch as d
    disable = getattr(d, "_disable_current_modes", None)
    if disable is not None:
        return disable()
    pop = getattr(d, "_pop_mode_temporarily", None)
    if pop is not None:
        return pop()
    import contextlib
    return contextlib.nullcontext()


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


def _message(e):
    text_ = str(e)
    if len(text_) > 4000:
        text_ = text_[:4000] + "..."
    return text_
