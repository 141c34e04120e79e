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
  "spawned"  the same in a process multiprocessing started afresh (torch.multiprocessing.spawn,
             a "spawn" or "forkserver" context's Process or Pool): whatever its parent seeded,
             nothing seeded this process's generators
  "trace"    as --seed set it before the script's first line
  "default"  the fixed seed a torch.Generator() or a CUDA generator starts with: nothing
             seeded it
  "script"   seeded by the script (torch.manual_seed, torch.seed(); for a generator of its
             own, Generator.manual_seed or seed(), whose callers cannot be watched: MAIN then
             says how torch's default generator was seeded, the likeliest source of a seed
             that differs)
  "torch"    seeded by PyTorch's own code (a DataLoader's worker, from the parent's generator)
Where the script's last torch.manual_seed came after it drew from Python's random module or
NumPy's global generator with nothing seeding them (the dcgan example's
`torch.manual_seed(random.randint(1, 10000))`), a last word says which: "drawn:random",
"drawn:numpy" or "drawn:random,numpy". --seed seeds those before the script, and with them
the number.
"""

import sys

import torch

# The seed c10 gives a generator nobody seeded (default_rng_seed_val): torch.Generator()'s and
# the CUDA generators'; torch's default CPU generator takes a seed of its own at start instead.
_DEFAULT_SEED = 67280421310721
_TORCH_DIR = torch.__file__.rsplit("/", 1)[0] + "/"
_WRAPPERS = (_TORCH_DIR + "_dynamo/", _TORCH_DIR + "_compile.py")

_start_seed = None  # torch.initial_seed() before the script's first line
_start_by = "start"  # "spawned" in a process multiprocessing started afresh
_trace_seed = None  # the seed --seed set there, if any
_seeded_by = None  # who called torch.manual_seed or torch.seed last: "script", "torch"
# Python's random module and NumPy's global generator: [state hash after their last seeding (or
# at start), whether that seeding may have come from a draw of one nothing seeded]. At start
# nothing seeded them (without --seed); a seed the script gives them (random.seed) before any
# such draw makes what they give its own.
_globals = {}
_drawn_unseeded = set()  # those drawn from while nothing had seeded them, or since a tainted seed
_drawn = ""  # " drawn:..." where the script's last seeding came after such draws


def _global_state(name):
    """A hash of Python's random module's state ("random") or NumPy's global generator's
    ("numpy", where NumPy is imported), or None."""
    try:
        if name == "random":
            import random
            return hash(random.getstate())
        numpy = sys.modules.get("numpy")
        if numpy is None:
            return None
        state = numpy.random.get_state()
        return hash((state[0], state[1].tobytes(), state[2]))
    except Exception:
        return None


def _note_draws():
    """Adds the unseeded global generators drawn from since their baseline to _drawn_unseeded."""
    for name, (baseline, unseeded) in _globals.items():
        if unseeded and baseline is not None and name not in _drawn_unseeded and \
                _global_state(name) != baseline:
            _drawn_unseeded.add(name)


def _drawn_text():
    _note_draws()
    names = [name for name in ("random", "numpy") if name in _drawn_unseeded]
    return " drawn:" + ",".join(names) if names else ""


def _watch(name):
    """Notes who calls torch.NAME (the same function as torch.random.NAME)."""
    original = getattr(torch.random, name, None)
    if original is None or getattr(original, "_detbench_watched", False):
        return

    def watched(*args, **kwargs):
        global _seeded_by, _drawn
        # PyTorch 2.x wraps torch.manual_seed, once Dynamo is imported, in its own "disable"
        # wrappers (_compile.py, eval_frame.py): the caller is the first frame outside them.
        frame = sys._getframe(1)
        while frame.f_back is not None and frame.f_code.co_filename.startswith(_WRAPPERS):
            frame = frame.f_back
        caller = frame.f_code.co_filename
        _seeded_by = "torch" if caller.startswith(_TORCH_DIR) else "script"
        _drawn = _drawn_text() if _seeded_by == "script" and name == "manual_seed" else ""
        return original(*args, **kwargs)

    watched.__name__ = original.__name__
    watched.__doc__ = original.__doc__
    watched._detbench_watched = True
    for module in (torch, torch.random):
        if getattr(module, name, None) is original:
            setattr(module, name, watched)


def note_start(seeded):
    """Called before the script's first line, after --seed (seeded: whether it was given)."""
    global _start_seed, _trace_seed, _start_by
    # multiprocessing's spawn starts a fresh interpreter with this option (spawn_main), then
    # gives it the parent's sys.argv: the interpreter's own arguments keep it. A forkserver
    # child is forked from the fork server, a fresh interpreter started on its main().
    argv = getattr(sys, "orig_argv", ())
    _start_by = "spawned" if "--multiprocessing-fork" in argv or any(
        "multiprocessing.forkserver import main" in a for a in argv) else "start"
    try:
        _start_seed = torch.initial_seed()
    except Exception:
        _start_seed = None
    _trace_seed = _start_seed if seeded else None
    if not seeded:  # --seed seeds them too: a number drawn from them is the same in every run
        for name in ("random", "numpy"):
            _globals[name] = [_global_state(name), True]
        _watch_global_seeding()
    _watch("manual_seed")
    _watch("seed")


def _watch_global_seeding():
    """A global generator seeded in the script (random.seed, numpy.random.seed) gives what its
    seed makes: that seed's own (the same in every run, or the clock's, which --seed does not
    replace), unless a draw from one nothing seeded came before it (dcgan's
    random.seed(random.randint(...)))."""
    import random
    owners = [(random, "random")]
    numpy = sys.modules.get("numpy")
    if numpy is not None:
        owners.append((numpy.random, "numpy"))
    for module, name in owners:
        original = getattr(module, "seed", None)
        if original is None or getattr(original, "_detbench_watched", False):
            continue

        def watched(*args, _original=original, _name=name, **kwargs):
            _note_draws()
            out = _original(*args, **kwargs)
            _globals[_name] = [_global_state(_name), bool(_drawn_unseeded)]
            return out

        watched.__name__ = getattr(original, "__name__", "seed")
        watched.__doc__ = getattr(original, "__doc__", None)
        watched._detbench_watched = True
        module.seed = watched


def _text(seed, by, main=None):
    drawn = _drawn if "script" in (by, main) and _seeded_by == "script" else ""
    if main is None:
        return '"%s %d%s"' % (by, seed, drawn)
    return '"%s %d %s%s"' % (by, seed, main, drawn)


def _default_by(seed):
    """Who seeded torch's default CPU generator, now at `seed`."""
    if seed != _start_seed:
        return _seeded_by or "script"
    return _start_by if _trace_seed is None else "trace"


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
