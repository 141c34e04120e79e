"""The generator a random op draws from, as the probe records it beside the op's arguments: the
seed it was last seeded with, and who chose that seed.

Where a random op gives other numbers in two runs, seeding is the fix only if nothing seeded
its generator: a script that seeds it itself with a number that changes (torch.seed(), the
clock) needs a fixed number, not --seed; a generator seeded alike in every run that still gives
other numbers had drawn other amounts before (a size that differs, another thread drawing from
it), which no seed fixes. The record, as a string among the op's arguments: "BY SEED" (and
" MAIN" for a generator of the script's own), BY being
  "start"    torch's default CPU generator as the process began it: a seed of its own in each
             process, nothing seeded it
  "trace"    as --seed set it before the script's first line
  "default"  the fixed seed a torch.Generator() or a CUDA generator starts with: nothing
             seeded it
  "script"   seeded by the script (torch.manual_seed, torch.seed(); for a generator of its
             own, Generator.manual_seed or seed(), whose callers cannot be watched: MAIN then
             says how torch's default generator was seeded, the likeliest source of a seed
             that differs)
  "torch"    seeded by PyTorch's own code (a DataLoader's worker, from the parent's generator)
"""

import sys

import torch

# The seed c10 gives a generator nobody seeded (default_rng_seed_val): torch.Generator()'s and
# the CUDA generators'; torch's default CPU generator takes a seed of its own at start instead.
_DEFAULT_SEED = 67280421310721
_TORCH_DIR = torch.__file__.rsplit("/", 1)[0] + "/"

_start_seed = None  # torch.initial_seed() before the script's first line
_trace_seed = None  # the seed --seed set there, if any
_seeded_by = None  # who called torch.manual_seed or torch.seed last: "script", "torch"


def _watch(name):
    """Notes who calls torch.NAME (the same function as torch.random.NAME)."""
    original = getattr(torch.random, name, None)
    if original is None or getattr(original, "_detbench_watched", False):
        return

    def watched(*args, **kwargs):
        global _seeded_by
        caller = sys._getframe(1).f_code.co_filename
        _seeded_by = "torch" if caller.startswith(_TORCH_DIR) else "script"
        return original(*args, **kwargs)

    watched.__name__ = original.__name__
    watched.__doc__ = original.__doc__
    watched._detbench_watched = True
    for module in (torch, torch.random):
        if getattr(module, name, None) is original:
            setattr(module, name, watched)


def note_start(seeded):
    """Called before the script's first line, after --seed (seeded: whether it was given)."""
    global _start_seed, _trace_seed
    try:
        _start_seed = torch.initial_seed()
    except Exception:
        _start_seed = None
    _trace_seed = _start_seed if seeded else None
    _watch("manual_seed")
    _watch("seed")


def _text(seed, by, main=None):
    if main is None:
        return '"%s %d"' % (by, seed)
    return '"%s %d %s"' % (by, seed, main)


def _default_by(seed):
    """Who seeded torch's default CPU generator, now at `seed`."""
    if seed != _start_seed:
        return _seeded_by or "script"
    return "start" if _trace_seed is None else "trace"


def generator_text(args, kwargs):
    """JSON text (a string) of the generator the op draws from (None where it cannot be told: a process
    the probe did not start, a device other than the CPU and CUDA)."""
    if _start_seed is None:
        return None
    g = kwargs.get("generator")
    if g is None:
        g = next((a for a in args if isinstance(a, torch.Generator)), None)
    try:
        if g is not None:
            seed = g.initial_seed()
            return _text(seed, "default" if seed == _DEFAULT_SEED else "script",
                         _default_by(torch.initial_seed()))
        device = kwargs.get("device")
        if device is None:
            device = next((a.device for a in args if isinstance(a, torch.Tensor)), "cpu")
        kind = torch.device(device).type
        if kind == "cpu":
            seed = torch.initial_seed()
            return _text(seed, _default_by(seed))
        if kind == "cuda":
            seed = torch.cuda.initial_seed()
            if _trace_seed is not None and seed == _trace_seed:
                return _text(seed, "trace")
            return _text(seed, "default" if seed == _DEFAULT_SEED else _seeded_by or "script")
    except Exception:
        pass
    return None
