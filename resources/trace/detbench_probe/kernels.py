"""The kernels inside compiled code, named where PyTorch exposes them.

Inductor writes each compiled graph as a Python module (its "output code") whose `call` runs
the graph's kernels, each a global of that module: a C++ kernel on the CPU (`cpp_fused_...`,
called directly) or a Triton kernel on a GPU (`triton_poi_fused_...`, called through `.run`).
Once such a module is loaded, its kernel globals are replaced by wrappers, so that a call of
compiled code (compiled.py) can list the kernels it ran, in order, each with one digest folded
from the digests of every tensor it was given, taken after it ran (what it wrote, and what it
read). Comparing two runs' lists names the first kernel after which the tensors differ.
Kernels that run outside such a call (a compiled backward's) are not listed; the memory they
were given is remembered, so that an op reading it is known to read what compiled code made.

What is not seen: ATen calls the output code makes itself (extern kernels such as mm, the
random seeds), code compiled ahead of time or with Inductor's C++ wrapper, and kernels of a
compiled backward, which run outside any call of compiled code.
"""

import inspect
import threading

import torch

from . import digest as _digest
from .opinfo import _storage_ptr

_PREFIXES = ("cpp_fused_", "triton_", "cpp_kernel_")
# The most kernel calls listed per call of compiled code; past it they are counted only.
MAX_KERNELS = 1024


def _code_cache():
    try:
        from torch._inductor.codecache import PyCodeCache
    except Exception:  # 1.x, or Inductor unavailable
        return None
    return PyCodeCache


def _tensors(values, out):
    for v in values:
        if isinstance(v, torch.Tensor):
            out.append(v)
        elif isinstance(v, (list, tuple)):
            _tensors(v, out)


class _Triton:
    """Stands for a Triton kernel (a CachingAutotuner): its launches go through `run`."""

    def __init__(self, log, name, kernel):
        self._log, self._name, self._kernel = log, name, kernel

    def run(self, *args, **kwargs):
        return self._log.call(self._name, self._kernel.run, args, kwargs)

    def __getattr__(self, attr):
        return getattr(self._kernel, attr)


class KernelLog:
    def __init__(self):
        self.local = threading.local()  # .calls: the list of the call of compiled code running
        self.wrapped = set()  # ids of the modules whose kernels are wrapped
        self.files = set()  # their files: a frame there is compiled code (recorder.py)
        self.made = set()  # storage pointers compiled kernels wrote outside a call of compiled code
        self.active = False  # a script is being recorded
        self.original = None

    def install(self):
        """Wraps the kernels of every output-code module Inductor loads from now on (and of
        those it already has)."""
        cache = _code_cache()
        load = getattr(cache, "load_by_key_path", None) if cache is not None else None
        if load is None:
            return False
        self.original = cache.__dict__["load_by_key_path"]
        log = self

        def load_by_key_path(cls, *args, **kwargs):
            module = load.__func__(cls, *args, **kwargs)
            log.wrap(module)
            return module

        cache.load_by_key_path = classmethod(load_by_key_path)
        modules = getattr(cache, "modules", None)
        for module in (modules.values() if isinstance(modules, dict) else modules or ()):
            self.wrap(module)
        return True

    def remove(self):
        if self.original is not None:
            _code_cache().load_by_key_path = self.original
            self.original = None

    def wrap(self, module):
        names = getattr(module, "__dict__", {})
        if id(module) in self.wrapped or "call" not in names:
            return
        self.wrapped.add(id(module))
        path = getattr(module, "__file__", None)
        if path:
            self.files.add(path)
        for name, kernel in list(names.items()):
            if not name.startswith(_PREFIXES) or kernel is None:
                continue
            if hasattr(kernel, "run") and not inspect.isroutine(kernel):  # a CachingAutotuner
                setattr(module, name, _Triton(self, name, kernel))
            elif callable(kernel):
                setattr(module, name, self._wrapped(name, kernel))

    def _wrapped(self, name, kernel):
        log = self

        def kernel_call(*args, **kwargs):
            return log.call(name, kernel, args, kwargs)

        kernel_call.__name__ = name
        return kernel_call

    def call(self, name, run, args, kwargs):
        out = run(*args, **kwargs)
        calls = getattr(self.local, "calls", None)
        if calls is None:
            # Outside a call of compiled code (a compiled backward): what it wrote, no recorded
            # op made; a reader sees it flagged (recorder.py).
            if self.active:
                tensors = []
                _tensors(list(args) + list(kwargs.values()), tensors)
                for t in tensors:
                    p = _storage_ptr(t)
                    if p is not None:
                        self.made.add(p)
            return out
        calls[0] += 1
        if len(calls) <= MAX_KERNELS:
            tensors = []
            _tensors(list(args) + list(kwargs.values()), tensors)
            total = 0
            for t in tensors:
                try:
                    d = _digest.digest(t)
                except Exception:
                    d = None
                total = _digest.mum(total ^ (d if d is not None else 0), _digest.INDEX_STEP)
            calls.append((name, total))
        return out

    def begin(self):
        """Starts listing the kernels this thread runs; returns what `end` takes."""
        outer = getattr(self.local, "calls", None)
        self.local.calls = [0]
        return outer

    def end(self, outer):
        """Stops listing; the record's fields for the kernels listed (empty text for none)."""
        calls = self.local.calls
        self.local.calls = outer
        if calls[0] == 0:
            return ""
        listed = ",".join('["%s","0x%016x"]' % (name, total) for name, total in calls[1:])
        return ',"k":[%s],"kn":%d' % (listed, calls[0])


LOG = KernelLog()
