"""Runs the user's script under the recorder, as `python SCRIPT ARGS` or `python -m MODULE
ARGS` would, after applying the settings detbench was asked for.

What detbench passes in the environment (and the probe removes before the script starts):
  DETBENCH_TRACE_FD        the descriptor to write records to ("stdout": standard output,
                           the script's own output then going to standard error)
  DETBENCH_TRACE_SETTINGS  JSON: seed, deterministic (off|warn|error), cudnn_benchmark,
                           cudnn_deterministic, threads, inductor_deterministic,
                           inductor_batch_invariant, compile (regions|eager); absent keys
                           are left as they are
  DETBENCH_TRACE_OPS       "FROM:TO" (TO 0: to the end): the ops whose tensors are digested
  DETBENCH_TRACE_ONLY      comma-separated op numbers: digest only these
  DETBENCH_TRACE_KEEP      comma-separated op numbers whose outputs are written to
  DETBENCH_TRACE_KEEP_DIR  this folder (the second pass)
  DETBENCH_TRACE_RING      a file to keep the records' last 4 MiB in (channel.py)
  DETBENCH_TRACE_JOB_DIR   the folder the script's own processes write their records to
                           (job.py); the script's children find it, with the run and the
                           settings, in DETBENCH_TRACE_JOB
  DETBENCH_TRACE_SINCE     "TRACE:RUN": when the trace and this run began, wall-clock
                           nanoseconds (files.py)
What stays for the script to read: DETBENCH_TRACE_RUN (this run, from 1), DETBENCH_TRACE_RUNS
and DETBENCH_TRACE_CONFIG (the configuration's name).
"""

import json
import os
import runpy
import sys
import traceback

from . import PROTOCOL_VERSION
from .channel import Channel, text

# Exit status when the probe cannot start (no torch, no TorchDispatchMode): detbench reads the
# reason from the "fatal" record.
FATAL_EXIT = 97


def _numbers(value):
    return [int(v) for v in value.split(",") if v.strip()] if value else []


def _window(value):
    if not value:
        return (1, 0)
    first, _, last = value.partition(":")
    return (int(first or 1), int(last or 0))


def _apply(settings, torch):
    """Applies the settings before the script's first line; returns what was applied."""
    applied = {}
    if settings.get("threads") is not None:
        torch.set_num_threads(int(settings["threads"]))
        applied["threads"] = int(settings["threads"])
    if settings.get("seed") is not None:
        seed = int(settings["seed"])
        import random
        random.seed(seed)
        torch.manual_seed(seed)
        applied["seed"] = seed
        try:
            import numpy
            numpy.random.seed(seed % (1 << 32))
            applied["numpy_seed"] = seed % (1 << 32)
        except ImportError:
            pass
    mode = settings.get("deterministic")
    if mode is not None:
        if mode == "off":
            torch.use_deterministic_algorithms(False)
        elif mode == "warn":
            torch.use_deterministic_algorithms(True, warn_only=True)
        else:
            torch.use_deterministic_algorithms(True)
        applied["deterministic"] = mode
    if settings.get("cudnn_benchmark") is not None:
        torch.backends.cudnn.benchmark = bool(settings["cudnn_benchmark"])
        applied["cudnn_benchmark"] = bool(settings["cudnn_benchmark"])
    for key, name in (("inductor_deterministic", "deterministic"),
                      ("inductor_batch_invariant", "batch_invariant")):
        if settings.get(key) is None:
            continue
        try:
            import torch._inductor.config as inductor
        except Exception:
            inductor = None
        if inductor is None or not hasattr(inductor, name):
            raise _Unavailable("PyTorch %s has no torch._inductor.config.%s" % (
                torch.__version__, name))
        setattr(inductor, name, bool(settings[key]))
        applied[key] = bool(settings[key])
    if settings.get("cudnn_deterministic") is not None:
        torch.backends.cudnn.deterministic = bool(settings["cudnn_deterministic"])
        applied["cudnn_deterministic"] = bool(settings["cudnn_deterministic"])
    return applied


class _Unavailable(Exception):
    """A setting this PyTorch does not have."""


def _user_frame(tb, prefixes):
    """(file, line, function) of the innermost traceback frame outside torch and the probe."""
    found = None
    for frame, line in traceback.walk_tb(tb):
        filename = frame.f_code.co_filename
        if not filename.startswith(prefixes) and not filename.startswith("<frozen") \
                and os.path.basename(filename) != "runpy.py":
            found = (filename, line, frame.f_code.co_name)
    return found


def _generator_states():
    """Short hashes of the states of Python's `random`, NumPy's global generator (where NumPy
    is loaded) and torch's default CPU generator: the same at the end of every run where the
    script seeded them or never drew from them."""
    import hashlib
    states = {}
    try:
        import random
        states["random"] = hashlib.sha1(repr(random.getstate()).encode()).hexdigest()[:16]
    except Exception:
        pass
    try:
        # Read outside the probe's mode and its wrappers (before the script, after it).
        states["torch"] = hashlib.sha1(
            bytes(sys.modules["torch"].random.get_rng_state().tolist())).hexdigest()[:16]
    except Exception:
        pass
    numpy = sys.modules.get("numpy")
    if numpy is not None:
        try:
            kind, keys, pos = numpy.random.get_state()[:3]
            states["numpy"] = hashlib.sha1(
                kind.encode() + bytes(keys.tobytes()) + str(pos).encode()).hexdigest()[:16]
        except Exception:
            pass
    return states


def _peak_kib():
    """The process's peak resident memory in KiB (0 where unknown)."""
    try:
        import resource
        return int(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)
    except Exception:
        return 0


def main():
    fd = os.environ.pop("DETBENCH_TRACE_FD")
    if fd == "stdout":
        # A run on another machine (a Slurm job step): the records go out on standard output,
        # the only stream the launcher brings back besides standard error, and the script's own
        # output goes to standard error.
        fd = os.dup(1)
        os.dup2(2, 1)
    fd = int(fd)
    settings = json.loads(os.environ.pop("DETBENCH_TRACE_SETTINGS", "") or "{}")
    window = _window(os.environ.pop("DETBENCH_TRACE_OPS", ""))
    only = _numbers(os.environ.pop("DETBENCH_TRACE_ONLY", ""))
    keep = _numbers(os.environ.pop("DETBENCH_TRACE_KEEP", ""))
    keep_dir = os.environ.pop("DETBENCH_TRACE_KEEP_DIR", "") or None
    run = int(os.environ.get("DETBENCH_TRACE_RUN", "1"))
    job_dir = os.environ.pop("DETBENCH_TRACE_JOB_DIR", "") or None
    from .files import parse_since
    since = parse_since(os.environ.pop("DETBENCH_TRACE_SINCE", ""))
    os.set_inheritable(fd, False)
    channel = Channel(fd, os.environ.pop("DETBENCH_TRACE_RING", "") or None)

    def fatal(why, detail):
        channel.send('{"t":"fatal","why":%s,"detail":%s}' % (text(why), text(detail)))
        channel.close()
        sys.exit(FATAL_EXIT)

    try:
        import torch
    except BaseException as e:
        fatal("no_torch", "%s: %s" % (type(e).__name__, e))
    job = None
    if job_dir:
        job = {"dir": job_dir, "run": run, "settings": settings}
        if since is not None:
            job["since"] = list(since)
        digest_lib = os.environ.get("DETBENCH_TRACE_DIGEST_LIB")
        if digest_lib:
            job["digest_lib"] = digest_lib
        os.environ["DETBENCH_TRACE_JOB"] = json.dumps(job)
    try:
        from .recorder import Recorder
    except ImportError as e:
        fatal("no_dispatch_mode", "PyTorch %s: %s" % (getattr(torch, "__version__", "?"), e))

    args = sys.argv[1:]
    module = None
    if args and args[0] == "-m":
        module = args[1]
        sys.argv = [module] + args[2:]
    else:
        sys.argv = args
    # The probe's folder came first on the path; the script's own folder (or, for -m, the
    # working folder) takes its place, as the interpreter would have put it.
    probe_dir = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    sys.path[:] = [p for p in sys.path if os.path.abspath(p or ".") != probe_dir]
    if not getattr(sys.flags, "safe_path", False) and not sys.flags.isolated:
        sys.path.insert(0, os.getcwd() if module else os.path.dirname(os.path.abspath(args[0])))

    try:
        applied = _apply(settings, torch)
    except _Unavailable as e:
        fatal("setting_unavailable", str(e))
    from .generators import note_start
    note_start("seed" in applied)
    recorder = Recorder(channel, run, window, keep, keep_dir, only)
    recorder.since = since
    if job is not None:
        from . import job as job_module
        job_module.install(recorder, job)
    # Compiled code runs as compiled, each call one op, unless the settings ask for eager.
    from .compiled import CompiledRegions
    regions = CompiledRegions(recorder)
    compiled = "eager" if settings.get("compile") == "eager" else (
        "regions" if regions.install() else "none")
    channel.send('{"t":"start","v":%d,"run":%d,"pid":%d,"python":%s,"torch":%s,'
                 '"threads":%d,"deterministic":%s,"applied":%s,"compile":%s}' % (
                     PROTOCOL_VERSION, run, os.getpid(), text(sys.version.split()[0]),
                     text(torch.__version__), torch.get_num_threads(),
                     "true" if torch.are_deterministic_algorithms_enabled() else "false",
                     json.dumps(applied, sort_keys=True), text(compiled)))
    first_states = _generator_states()

    def rng():
        last = _generator_states()
        text_ = json.dumps({k: [first_states.get(k), v] for k, v in sorted(last.items())})
        # The threads the script started (each recorded; no op goes unrecorded).
        return text_ + ',"threads":[%d,0]' % recorder.threads

    import warnings
    shown = warnings.showwarning
    warned = [0]

    def showwarning(message, category, filename, lineno, file=None, line=None):
        if os.getpid() == recorder.pid and warned[0] < 1000 and "determinis" in str(message):
            warned[0] += 1
            channel.send('{"t":"warn","i":%d,"message":%s}' % (recorder.current,
                                                               text(str(message)[:4000])))
        return shown(message, category, filename, lineno, file, line)

    warnings.showwarning = showwarning
    end = '{"t":"end","ops":%d,"status":"ok","rss":%d,"rng":%s}'

    def end_before_exec():
        # The script replaces itself (os.exec*): its records end here, the new image's follow
        # in a file of its own (launches.py).
        channel.send(end % (recorder.seq, _peak_kib(), rng()))
        channel.flush()

    from . import launches
    launches.on_exec(end_before_exec)
    launches.on_command_exit(channel.send)
    recorder.install_uses()
    script_globals = None  # kept until the end record: NumPy's views among them are read then
    try:
        with recorder:
            if module:
                script_globals = runpy.run_module(module, run_name="__main__", alter_sys=True)
            else:
                script_globals = runpy.run_path(args[0], run_name="__main__")
    except SystemExit as e:
        code = e.code if isinstance(e.code, int) else (0 if e.code is None else 1)
        recorder.remove_uses()
        regions.remove()
        channel.send('{"t":"end","ops":%d,"status":"exit","code":%d,"rss":%d,"rng":%s}' % (
            recorder.seq, code, _peak_kib(), rng()))
        channel.close()
        raise
    except BaseException as e:
        recorder.remove_uses()
        regions.remove()
        where = _user_frame(e.__traceback__, recorder.prefixes)
        channel.send('{"t":"end","ops":%d,"status":"exception","type":%s,"message":%s,'
                     '"where":%s,"rss":%d}' % (recorder.seq, text(type(e).__name__),
                                               text(str(e)[:4000]),
                                               json.dumps(list(where)) if where else "null",
                                               _peak_kib()))
        channel.close()
        raise
    recorder.remove_uses()
    del script_globals
    regions.remove()
    channel.send(end % (recorder.seq, _peak_kib(), rng()))
    channel.close()
