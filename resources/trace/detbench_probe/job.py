"""The processes of a multi-process job (torch.multiprocessing.spawn, multiprocessing, torchrun's
workers): each process that imports torch is traced like the script, into a record file of its
own, and says its rank once it joins a process group. The collectives (torch.distributed's
all_reduce, broadcast, ...) are recorded as ops of their own, "c10d::all_reduce", their tensors
digested before and after.

How a process is entered:
  - a fresh interpreter (spawn, torchrun, subprocess) runs detbench's start-up hook
    (detbench_job_hook/sitecustomize.py, first on PYTHONPATH), which calls `start_child`: the
    probe begins when the process has imported torch;
  - a forked child (multiprocessing's default on Linux) inherits the recording parent: at the
    fork it takes a record file of its own and starts its op numbers anew.
A DataLoader's workers are not ranks: their recording stops when the worker loop starts (their
batches enter the script as data, as in a single process).

What detbench passes: DETBENCH_TRACE_JOB, JSON {"dir": the folder for the record files,
"run": this run, "settings": what runner.py applies}, set by the traced script's runner for its
children and left in the environment.
"""

import atexit
import inspect
import json
import os
import sys
import threading

from . import launches, pools, processes
from .channel import Channel, text
from .runner import _generator_states

_FILE = "proc-%d.jsonl"
_IMAGE_FILE = "proc-%d.%d.jsonl"  # a later image of the same process (os.exec*)

# torch.distributed's collectives: the tensors each reads (inputs) and writes (outputs), by its
# parameters' names.
_COLLECTIVES = {
    "all_reduce": (("tensor",), ("tensor",)),
    "reduce": (("tensor",), ("tensor",)),
    "broadcast": (("tensor",), ("tensor",)),
    "all_gather": (("tensor",), ("tensor_list",)),
    "all_gather_into_tensor": (("input_tensor",), ("output_tensor",)),
    "_all_gather_base": (("input_tensor",), ("output_tensor",)),
    "reduce_scatter": (("input_list",), ("output",)),
    "reduce_scatter_tensor": (("input",), ("output",)),
    "_reduce_scatter_base": (("input",), ("output",)),
    "all_to_all_single": (("input",), ("output",)),
    "all_to_all": (("input_tensor_list",), ("output_tensor_list",)),
    "gather": (("tensor",), ("gather_list",)),
    "scatter": (("scatter_list",), ("tensor",)),
}
# NCCL's settings that change how a collective reduces, as the environment gives them.
_NCCL_SETTINGS = ("NCCL_ALGO", "NCCL_PROTO", "NCCL_MIN_NCHANNELS", "NCCL_MAX_NCHANNELS",
                  "NCCL_NVLS_ENABLE")


def job_settings():
    """DETBENCH_TRACE_JOB as a dict, or None outside a traced job."""
    value = os.environ.get("DETBENCH_TRACE_JOB")
    if not value:
        return None
    try:
        job = json.loads(value)
        return job if isinstance(job, dict) and job.get("dir") else None
    except ValueError:
        return None


_RING_BYTES = 1 << 20  # a job's process keeps its records' last MiB (a job may have many)


def _open_channel(job):
    """The process's record file, and beside it the ring that keeps its last records where the
    process is killed or ends with os._exit before they reach the file (channel.py)."""
    # A process that replaced itself (os.exec*) keeps its pid: each image a file of its own,
    # proc-PID.jsonl, then proc-PID.2.jsonl, ...
    for k in range(1, 10000):
        name = _FILE % os.getpid() if k == 1 else _IMAGE_FILE % (os.getpid(), k)
        path = os.path.join(job["dir"], name)
        try:
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_CLOEXEC, 0o600)
            break
        except FileExistsError:
            continue
    else:
        raise OSError("no record file left for process %d" % os.getpid())
    return Channel(fd, path[:-len(".jsonl")] + ".ring", _RING_BYTES), path


class _Process:
    """What this process's end record needs."""

    def __init__(self, recorder, path):
        self.recorder = recorder
        self.path = path
        self.ended = False
        self.entered = False  # the mode was entered here (not inherited through a fork)
        self.failure = None  # ("exit", code) or ("exception", type, message)
        self.launched = False  # its run is marked as a command's task (launches.py)
        self.first_states = {}  # its generators' states as it began (runner._generator_states)


_process = None
_launch = None  # what this process's parent said of it, where it is a command the job started


def _states_unrecorded(recorder):
    """The generators' states, read without recording the ops that read them (a forked child
    is inside the probe's mode)."""
    recorder.busy += 1
    try:
        return _generator_states()
    finally:
        recorder.busy -= 1


def _end():
    process = _process
    if process is None or process.ended or os.getpid() != process.recorder.pid:
        return
    process.ended = True
    recorder = process.recorder
    recorder.active = False
    if process.launched:
        recorder.channel.send('{"t":"task","key":null}')
    recorder.channel.send(_end_line(process))
    recorder.channel.close()
    if process.entered:
        # The mode leaves the dispatch stack before the interpreter finalizes: torch's objects
        # destroyed then (a process group's) must not call back into Python.
        process.entered = False
        try:
            recorder.__exit__(None, None, None)
        except Exception:
            pass


def _end_before_exec():
    """This process replaces itself (launches.py): its end record, the channel left open."""
    process = _process
    if process is None or process.ended or os.getpid() != process.recorder.pid:
        return
    process.recorder.channel.send(_end_line(process))
    process.recorder.channel.flush()


def _end_line(process):
    recorder = process.recorder
    last = _states_unrecorded(recorder)
    rng = json.dumps({k: [process.first_states.get(k), v] for k, v in sorted(last.items())})
    failure = process.failure
    if failure is None:
        return '{"t":"end","ops":%d,"status":"ok","rng":%s}' % (recorder.seq, rng)
    if failure[0] == "exit":
        return '{"t":"end","ops":%d,"status":"exit","code":%d,"rng":%s}' % (
            recorder.seq, failure[1], rng)
    return ('{"t":"end","ops":%d,"status":"exception","type":%s,"message":%s,"where":null,'
            '"rng":%s}' % (recorder.seq, text(failure[1]), text(failure[2][:4000]), rng))


class _StderrCopy:
    """The process's sys.stderr, each write also copied into a file of its own beside its
    records (proc-PID.err, its first 256 KiB), so that detbench shows each rank's own errors
    apart: the processes of a job share one standard error. Writes below Python (a C library's)
    reach the shared stream only."""

    LIMIT = 1 << 18

    def __init__(self, stream, path):
        self.stream = stream
        self.left = self.LIMIT
        self.file = open(path, "w", encoding="utf-8", errors="replace")

    def write(self, s):
        n = self.stream.write(s)
        if self.left > 0 and isinstance(s, str):
            try:
                self.file.write(s[:self.left])
                self.file.flush()
            except (OSError, ValueError):
                self.left = 0
            self.left -= len(s)
        return n

    def flush(self):
        self.stream.flush()

    def __getattr__(self, name):
        return getattr(self.stream, name)


def _copy_stderr(path):
    stream = sys.stderr
    while isinstance(stream, _StderrCopy):  # a forked child: the parent's copy, unwrapped
        stream = stream.stream
    if stream is None:
        return
    try:
        sys.stderr = _StderrCopy(stream, path[:-len(".jsonl")] + ".err")
    except OSError:
        sys.stderr = stream


def _begin(recorder, path, run, applied, forked):
    """Makes `recorder` this process's, sends its start record and arranges its end record."""
    global _process
    import torch
    from . import PROTOCOL_VERSION
    _process = _Process(recorder, path)
    _process.first_states = _states_unrecorded(recorder)
    _copy_stderr(path)
    recorder.channel.send(
        '{"t":"start","v":%d,"run":%d,"pid":%d,"python":%s,"torch":%s,"threads":%d,'
        '"deterministic":%s,"applied":%s,"ppid":%d,"forked":%d}' % (
            PROTOCOL_VERSION, run, os.getpid(), text(sys.version.split()[0]),
            text(torch.__version__), torch.get_num_threads(),
            "true" if torch.are_deterministic_algorithms_enabled() else "false",
            json.dumps(applied, sort_keys=True), os.getppid(), 1 if forked else 0))
    rank = os.environ.get("RANK")
    if not forked and rank is not None and rank.isdigit():  # torchrun's workers know theirs
        _send_rank(recorder, int(rank), os.environ.get("WORLD_SIZE"), None)
    atexit.register(_end)
    try:
        import multiprocessing.util as util
        util.Finalize(None, _end, exitpriority=-1000)
        # A process multiprocessing starts imports torch (and so begins here) while it unpickles
        # its target, before its bootstrap clears the finalizers; a fork server's child then
        # leaves by os._exit, past atexit: the finalizer is registered again after the clear.
        util.register_after_fork(_process, lambda _p: util.Finalize(None, _end,
                                                                    exitpriority=-1000))
    except Exception:
        pass
    processes.watch_run(lambda: _process)


def _send_rank(recorder, rank, world, backend):
    local = os.environ.get("LOCAL_RANK")
    recorder.channel.send('{"t":"rank","rank":%d,"world":%s,"local":%s,"backend":%s}' % (
        rank, int(world) if world is not None and str(world).isdigit() else "null",
        int(local) if local is not None and local.isdigit() else "null",
        text(backend) if backend else "null"))
    # At once: a rank that dies soon after (os._exit, a crash) is still known as that rank.
    recorder.channel.flush()


def start_child(job):
    """Called by the start-up hook in a fresh interpreter: the probe begins once the process
    has imported torch (a process that never does is not traced)."""
    import importlib.abc

    class _AfterTorch(importlib.abc.MetaPathFinder):
        def find_spec(self, name, path=None, target=None):
            if name != "torch":
                return None
            sys.meta_path.remove(self)
            spec = find_spec_past(self, name, path, target)
            if spec is None or spec.loader is None:
                return spec
            spec.loader = _Then(spec.loader, lambda: _child_after_torch(job))
            return spec

    global _launch
    _launch = launches.take_launch(job["dir"])
    sys.meta_path.insert(0, _AfterTorch())
    # Before torch: a child that imports torch only in its run still has that run marked.
    processes.watch_run(lambda: _process)
    pools.wrap_on_import(
        lambda: _process.recorder if _process is not None and not _process.ended else None)


def find_spec_past(finder, name, path, target):
    """The spec the other finders on sys.meta_path give for module `name` (None: none does)."""
    for other in sys.meta_path:
        if other is finder:
            continue
        find = getattr(other, "find_spec", None)
        spec = find(name, path, target) if find else None
        if spec is not None:
            return spec
    return None


class _Then:
    """A loader that runs `then` after the module it loads has been executed."""

    def __init__(self, loader, then):
        self.loader = loader
        self.then = then

    def create_module(self, spec):
        return self.loader.create_module(spec)

    def exec_module(self, module):
        self.loader.exec_module(module)
        module.__loader__ = self.loader
        if getattr(module, "__spec__", None) is not None:
            module.__spec__.loader = self.loader
        try:
            self.then()
        except Exception as e:  # the job runs on, untraced in this process
            sys.stderr.write("detbench: this process is not traced: %s: %s\n" % (
                type(e).__name__, e))


def _child_after_torch(job):
    import torch
    if job.get("digest_lib"):
        os.environ["DETBENCH_TRACE_DIGEST_LIB"] = job["digest_lib"]
    from .recorder import Recorder
    from .runner import _apply
    channel, path = _open_channel(job)
    applied = _apply(job.get("settings") or {}, torch)
    from .generators import note_start
    note_start("seed" in applied)  # who seeds this process's generators, from here on
    recorder = Recorder(channel, int(job.get("run", 1)))
    since = job.get("since")
    recorder.since = tuple(since) if isinstance(since, list) and len(since) == 2 else None
    install(recorder, job)
    _begin(recorder, path, recorder.run, applied, False)
    _note_uncaught()
    launches.on_exec(_end_before_exec)
    launches.on_command_exit(channel.send)
    # A command the job started: its run is its task (not that of a child it forked before its
    # probe began, a pool's worker that imports torch in its task).
    if _launch is not None and _launch["pid"] == os.getpid():
        channel.send(launches.task_record(_launch))
        _process.launched = True
    recorder.install_uses()
    recorder.__enter__()
    _process.entered = True
    processes.begin_pending()
    pools.begin_pending()


def _note_uncaught():
    """An exception that ends a fresh interpreter's run is its failure (its end record says so),
    and so is a non-zero code given to sys.exit (or to the builtins exit and quit) on its main
    thread. A SystemExit raised without them is not seen; one that the script catches and
    outlives still counts as its exit. (Where the parent started it with Popen, the parent's
    word on its exit code stands over both: launches.on_command_exit.)"""
    shown = sys.excepthook

    def note(failure):
        process = _process
        if process is not None and process.failure is None and \
                os.getpid() == process.recorder.pid:
            process.failure = failure

    def excepthook(kind, value, tb):
        note(("exception", kind.__name__, str(value)))
        return shown(kind, value, tb)

    sys.excepthook = excepthook

    def note_exit(status):
        code = processes.exit_code(status)
        if code != 0 and threading.current_thread() is threading.main_thread():
            note(("exit", code))

    sys_exit = sys.exit
    if not getattr(sys_exit, "_detbench", False):
        def exit_(status=None):
            note_exit(status)
            sys_exit(status)

        exit_._detbench = True
        exit_.__wrapped__ = sys_exit
        exit_.__doc__ = sys_exit.__doc__
        sys.exit = exit_
    import builtins
    for name in ("exit", "quit"):
        quitter = getattr(builtins, name, None)
        if quitter is not None and not isinstance(quitter, _Quitter):
            setattr(builtins, name, _Quitter(quitter, note_exit))


class _Quitter:
    """The builtins exit and quit, their code noted first."""

    def __init__(self, quitter, note_exit):
        self._quitter = quitter
        self._note_exit = note_exit

    def __repr__(self):
        return repr(self._quitter)

    def __call__(self, code=None):
        self._note_exit(code)
        return self._quitter(code)


def install(recorder, job):
    """What every process of a job needs: the collectives recorded, its rank said when it joins
    a process group, forked children traced, DataLoader workers not."""
    recorder.job = job
    launches.install()
    _wrap_distributed(recorder)
    _wrap_worker_loop(recorder)
    if not getattr(recorder, "_fork_hook", False):
        recorder._fork_hook = True
        os.register_at_fork(after_in_child=lambda: _after_fork(recorder))


def _after_fork(recorder):
    if not recorder.active or recorder.pid == 0:
        return
    job = recorder.job
    try:
        channel, path = _open_channel(job)
    except OSError:
        recorder.pid = 0  # nothing to write to: this process goes untraced
        return
    recorder.channel = channel
    recorder.pid = os.getpid()
    recorder.seq = 0
    recorder.current = 0
    recorder.sites = {}
    recorder.site_at = {}
    recorder.threads = 0
    _begin(recorder, path, recorder.run, {}, True)
    launches.on_command_exit(channel.send)
    try:
        import multiprocessing.util as util
        # A multiprocessing child clears the finalizers it inherited before its target runs.
        util.register_after_fork(_process, lambda _p: util.Finalize(None, _end, exitpriority=-1000))
    except Exception:
        pass


def _wrap_worker_loop(recorder):
    try:
        import torch.utils.data._utils.worker as worker
    except Exception:
        return
    original = worker._worker_loop
    if getattr(original, "_detbench", False):
        return

    def _worker_loop(*args, **kwargs):
        global _process
        if recorder.pid == os.getpid():
            recorder.pid = 0  # not recorded from here on
            recorder.channel.close()
            process, _process = _process, None
            if process is not None:
                try:
                    os.unlink(process.path)
                except OSError:
                    pass
        return original(*args, **kwargs)

    _worker_loop._detbench = True
    _worker_loop.__qualname__ = original.__qualname__
    _worker_loop.__module__ = original.__module__
    worker._worker_loop = _worker_loop


def _wrap_distributed(recorder):
    try:
        import torch.distributed as dist
    except Exception:
        return
    if not dist.is_available() or getattr(dist, "_detbench_wrapped", False):
        return
    dist._detbench_wrapped = True
    c10d = sys.modules.get("torch.distributed.distributed_c10d")
    for name, (reads, writes) in _COLLECTIVES.items():
        original = getattr(dist, name, None)
        if original is None:
            continue
        wrapper = _collective(recorder, dist, name, original, reads, writes)
        setattr(dist, name, wrapper)
        if c10d is not None and getattr(c10d, name, None) is original:
            setattr(c10d, name, wrapper)
    init = getattr(dist, "init_process_group", None)
    if init is not None:
        def init_process_group(*args, **kwargs):
            out = init(*args, **kwargs)
            try:
                if recorder.pid == os.getpid():
                    _send_rank(recorder, dist.get_rank(), dist.get_world_size(),
                               str(dist.get_backend()))
            except Exception:
                pass
            return out

        init_process_group.__doc__ = init.__doc__
        dist.init_process_group = init_process_group
        if c10d is not None and getattr(c10d, "init_process_group", None) is init:
            c10d.init_process_group = init_process_group


def _reduce_op_name(dist, op):
    """"SUM", "AVG", ...: the ReduceOp's name (its str() is an object's address in 1.13)."""
    for name in ("SUM", "AVG", "PRODUCT", "MIN", "MAX", "BAND", "BOR", "BXOR", "PREMUL_SUM"):
        try:
            if op == getattr(dist.ReduceOp, name):
                return name
        except Exception:
            continue
    return str(op).rsplit(".", 1)[-1]


def _tensors(bound, names):
    import torch
    out = []
    for n in names:
        v = bound.get(n)
        if isinstance(v, torch.Tensor):
            out.append(v)
        elif isinstance(v, (list, tuple)):
            out.extend(t for t in v if isinstance(t, torch.Tensor))
    return out


def _collective(recorder, dist, name, original, reads, writes):
    try:
        signature = inspect.signature(original)
    except (TypeError, ValueError):
        signature = None

    def collective(*args, **kwargs):
        if signature is None or recorder.busy or os.getpid() != recorder.pid or \
                not recorder.active:
            return original(*args, **kwargs)
        try:
            bound = signature.bind(*args, **kwargs)
            bound.apply_defaults()
            arguments = bound.arguments
        except TypeError:
            return original(*args, **kwargs)
        numbers = {}
        group = arguments.get("group")
        try:
            numbers["world"] = dist.get_world_size(group)
            numbers["backend"] = str(dist.get_backend(group))
        except Exception:
            pass
        op = arguments.get("op")
        if op is not None:
            numbers["op"] = _reduce_op_name(dist, op)
        for key in ("src", "dst"):
            if isinstance(arguments.get(key), int):
                numbers[key] = arguments[key]
        for key in _NCCL_SETTINGS:
            if os.environ.get(key):
                numbers[key] = os.environ[key]
        return _record(recorder, "c10d::" + name, original, args, kwargs,
                       _tensors(arguments, reads), _tensors(arguments, writes), numbers,
                       bool(arguments.get("async_op")))

    collective.__name__ = name
    collective.__doc__ = original.__doc__
    return collective


def _record(recorder, name, fn, args, kwargs, reads, writes, numbers, async_op):
    """One collective, recorded as one op: the tensors it reads digested before it runs, the
    ones it writes after it has finished (an async_op's work is waited for here, so its
    outputs are the ones the script will read; its result is the same)."""
    from .recorder import _CompiledInfo  # an op's quoted name, as _raised takes it
    site, _hidden = recorder.locate()
    recorder.seq += 1
    seq = recorder.seq
    recorder.current = seq
    quoted = text(name)
    if seq < recorder.first or (recorder.last and seq > recorder.last) or (
            recorder.only and seq not in recorder.only):
        out = fn(*args, **kwargs)
        recorder.channel.send('{"t":"op","i":%d,"op":%s}' % (seq, quoted))
        return out
    numbers_text = ",".join("%s:%s" % (text(k), json.dumps(v)) for k, v in sorted(numbers.items()))
    recorder.busy += 1
    try:
        head = '{"t":"op","i":%d,"op":%s,"s":%d,"in":%s,"a":{%s}' % (
            seq, quoted, site, recorder._describe_all(reads), numbers_text)
        try:
            out = fn(*args, **kwargs)
            if async_op and out is not None:
                out.wait()
        except BaseException as e:
            recorder._raised(seq, _CompiledInfo(quoted), site, e, head + ',"out":[],"x":1}')
            raise
        described_out = recorder._describe_all(writes)
    finally:
        recorder.busy -= 1
    recorder.channel.send(head + ',"out":%s}' % described_out)
    return out
