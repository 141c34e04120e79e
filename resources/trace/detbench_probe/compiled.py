"""Compiled code (torch.compile) traced as what runs.

Under a TorchDispatchMode, Dynamo does not compile: the function runs eagerly, op by op, and
the trace would measure kernels the user never runs. While the probe is active, torch.compile
returns a wrapper around the compiled function: each call runs the compiled code with the
probe's mode set aside, and is recorded as one op, "compiled::NAME", whose inputs are the
call's tensors (and a compiled module's parameters and buffers) and whose outputs are what it
returned. The function's name and where it was defined are its arguments. With
`compile: eager` in the settings, torch.compile is left alone and the ops inside are traced one
by one, as Dynamo then runs them. The kernels each call runs are listed with the op where
Inductor's output code exposes them (kernels.py).
"""

import functools
import os

import torch

from . import kernels as _kernels


def modes_set_aside():
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

def _definition(fn):
    """(name, "file:line") of the function or module under torch.compile."""
    target = fn.forward if isinstance(fn, torch.nn.Module) else fn
    target = getattr(target, "__func__", target)
    code = getattr(target, "__code__", None)
    name = getattr(target, "__qualname__", None) or getattr(target, "__name__", None)
    if isinstance(fn, torch.nn.Module):
        name = type(fn).__name__ + ".forward"
    where = "%s:%d" % (os.path.abspath(code.co_filename), code.co_firstlineno) if code else "?"
    return name or "compiled", where


class CompiledRegions:
    """Wraps torch.compile while installed; `remove` puts it back."""

    def __init__(self, recorder):
        self.recorder = recorder
        self.original = None
        self.regions = 0
        self.kernels = False  # the kernels inside are listed (kernels.py)

    def install(self):
        original = getattr(torch, "compile", None)
        if original is None:
            return False
        self.original = original
        regions = self

        @functools.wraps(original)
        def compile(model=None, *args, **kwargs):
            if model is None:  # @torch.compile(mode=...) as a decorator factory
                return lambda m: compile(m, *args, **kwargs)
            compiled = original(model, *args, **kwargs)
            if not regions.kernels:  # Inductor's code cache, once something is compiled
                regions.kernels = _kernels.LOG.install()
            return regions.wrap(model, compiled)

        torch.compile = compile
        return True

    def remove(self):
        if self.original is not None:
            torch.compile = self.original
            self.original = None
        if self.kernels:
            _kernels.LOG.remove()
            self.kernels = False

    def wrap(self, model, compiled):
        name, where = _definition(model)
        recorder = self.recorder
        self.regions += 1
        module = model if isinstance(model, torch.nn.Module) else None
        owner = getattr(model, "__self__", None)
        if module is None and isinstance(owner, torch.nn.Module):
            module = owner  # nn.Module.compile(): torch.compile(self._call_impl)
            name = type(owner).__name__ + ".forward"
        if isinstance(compiled, torch.nn.Module):
            # torch.compile(module) gives a module whose forward is the compiled call: only
            # that is wrapped, so it stays a module (parameters, state_dict, train()).
            inner = compiled.__dict__.get("forward")
            if inner is None:
                return compiled

            def forward(*args, **kwargs):
                return recorder.compiled_call(name, where, module, inner, args, kwargs)

            compiled.forward = forward
            return compiled

        def call(*args, **kwargs):
            return recorder.compiled_call(name, where, module, compiled, args, kwargs)

        try:
            functools.update_wrapper(call, model)
        except (AttributeError, TypeError):
            pass
        return call
