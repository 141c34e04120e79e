"""Process pools (multiprocessing's Pool, concurrent.futures' ProcessPoolExecutor, joblib's
loky): their tasks, and the tensors that pass between the script and the workers.

The tasks. A pool hands each task to whichever worker is free, so a worker's ops differ from run
to run. Each worker marks in its records where each task begins ("task" records with the task's
key: multiprocessing's job and chunk numbers, an executor's work id) and where it ends, and
takes what the task sends back as a result ("use" records: a difference that reaches it
matters). detbench aligns each task against the same task of run 1, whichever worker ran it
(TraceJob.hpp). A process's executors number their work ids from their ordinal times 2**32, so
that the tasks of two executors are told apart.

The tensors. torch rebuilds a tensor another process sent without an op the probe records (in
the script, on the pool's own thread, as results arrive in whatever order the workers finish
them; in a worker, as it takes its task). While the probe records, torch's rebuild functions
are wrapped: a tensor rebuilt under a pool's queues has its memory noted, and is described with
flag 8 until an op writes there, so that a difference in it is said to come through the pool.
A tensor rebuilt elsewhere (a Process's arguments, a Queue's items; not a DataLoader's batches)
is memory another process shares (shared.py). The wrappers keep the functions' names, so that a
worker forked from a traced process still pickles its results as references to torch's
functions.
"""

import os
import sys

from .channel import text

_POOL_FILES = (os.path.join("multiprocessing", "pool.py"),
               os.path.join("concurrent", "futures", "process.py"),
               os.path.join("loky", "process_executor.py"))


# A DataLoader's workers send their batches through shared memory too: a batch is the loader's
# data (an entry), not memory the workers write later.
_LOADER_DIR = os.path.join("torch", "utils", "data", "")


# The task a worker took before its probe began: [pid, its _Tasks, its task record].
_pending = [0, None, None]


def begin_pending():
    """Called when this process's probe has begun: marks the task it began in."""
    pid, tasks, line = _pending
    _pending[:] = [0, None, None]
    if tasks is not None and pid == os.getpid():
        tasks.begin_pending(line)


def _received_under():
    """What torch rebuilds a tensor another process sent under: "pool" (a process pool's
    queues), "loader" (a DataLoader's) or None (a Process's arguments, a Queue)."""
    frame = sys._getframe(2)
    while frame is not None:
        name = frame.f_code.co_filename
        if name.endswith(_POOL_FILES):
            return "pool"
        if _LOADER_DIR in name:
            return "loader"
        frame = frame.f_back
    return None


def install(recorder):
    from .opinfo import _storage_ptr
    try:
        from torch.multiprocessing import reductions
    except ImportError:  # pragma: no cover (torch without multiprocessing)
        return
    for name in ("rebuild_tensor", "rebuild_cuda_tensor"):
        original = getattr(reductions, name, None)
        if original is None:
            continue

        def rebuilt(*args, _original=original, **kwargs):
            t = _original(*args, **kwargs)
            if recorder.active and os.getpid() == recorder.pid:
                where = _received_under()
                p = _storage_ptr(t) if where != "loader" else None
                if p is not None:
                    # Outside a pool (a Process's arguments, a Queue): memory another process
                    # shares, and can write (shared.py).
                    (recorder.from_pool if where == "pool" else recorder.shared).add(p)
            return t

        for attribute in ("__module__", "__name__", "__qualname__", "__doc__"):
            setattr(rebuilt, attribute, getattr(original, attribute, None))
        recorder.originals.append((reductions, name, original, reductions.__dict__.get(name)))
        setattr(reductions, name, rebuilt)
    install_tasks(recorder)


# -- the workers' side: each task marked in the worker's records ------------------------------

# The functions a process pool's workers run, by module: multiprocessing.Pool's, and
# ProcessPoolExecutor's (and joblib's loky, built on it).
_WORKER_LOOPS = (("multiprocessing.pool", "worker", "pool"),
                 ("concurrent.futures.process", "_process_worker", "futures"),
                 ("joblib.externals.loky.process_executor", "_process_worker", "loky"),
                 ("loky.process_executor", "_process_worker", "loky"))
_EXECUTORS = (("concurrent.futures.process", "ProcessPoolExecutor"),
              ("joblib.externals.loky.process_executor", "ProcessPoolExecutor"),
              ("loky.process_executor", "ProcessPoolExecutor"))


def _task_function(fn):
    """The name of the user's function behind what an executor hands a worker: its map sends
    functools.partial(_process_chunk, fn); joblib sends its calls batched (SafeFunction around
    BatchedCalls, whose first call names it)."""
    for _ in range(4):
        inner = getattr(fn, "func", None)
        kind = type(fn).__name__
        if getattr(inner, "__name__", "") == "_process_chunk" and getattr(fn, "args", None):
            fn = fn.args[0]
        elif kind == "SafeFunction" and inner is not None:
            fn = inner
        elif kind == "BatchedCalls" and getattr(fn, "items", None):
            try:
                fn = fn.items[0][0]
            except (TypeError, IndexError):
                break
        else:
            break
    return getattr(fn, "__qualname__", None) or type(fn).__name__


class _Tasks:
    """One worker's tasks: marks where each begins and ends in the worker's records, and takes
    what it sends back as its result (a difference that reaches it matters)."""

    def __init__(self, recorder_of, kind):
        self.recorder_of = recorder_of
        self.recorder = None
        self.kind = kind
        self.open = False
        self.owner = None

    def _recording(self):
        # Looked up each time: a spawned worker's probe may begin during a task's unpickling
        # (the task's function imports torch).
        r = self.recorder = self.recorder_of()
        return r is not None and r.active and r.pid == os.getpid() and not r.busy

    def begin(self, item):
        _pending[:] = [0, None, None]
        if item is None:
            return
        recording = self._recording()
        if not recording and self.recorder is not None:
            return  # the probe has begun and stopped, or is busy: the task goes unmarked
        if self.kind == "pool":
            try:
                job, index, func, args = item[0], item[1], item[2], item[3]
            except (TypeError, IndexError):
                return
            fn = func
            if getattr(func, "__name__", "") in ("mapstar", "starmapstar") and args:
                try:
                    fn = args[0][0]
                except (TypeError, IndexError):
                    pass
            key = "%d" % job if index is None else "%d.%d" % (job, index)
        else:
            work_id = getattr(item, "work_id", None)
            if not isinstance(work_id, int):
                return
            fn = getattr(item, "fn", None)
            # An executor's ids count from its ordinal times 2**32 (_number_executors).
            key = "%d" % work_id if work_id < 1 << 32 else "%d:%d" % (work_id >> 32,
                                                                        work_id & 0xffffffff)
        import multiprocessing
        if self.owner is None:
            # The process the worker works for: the one that made its Process object, which is
            # its parent under fork and spawn, and not under forkserver (the server forks it).
            parent = multiprocessing.parent_process()
            self.owner = parent.pid if parent is not None and parent.pid else os.getppid()
        from .launches import key_of
        owner_key = key_of(self.owner)
        line = '{"t":"task","key":%s,"label":%s,"worker":%s,"owner":%d%s}' % (
            text("%s:%s" % (self.kind, key)), text("task %s: %s" % (key, _task_function(fn))),
            text(multiprocessing.current_process().name), self.owner,
            ',"owner_key":%s' % text(owner_key) if owner_key else "")
        if recording:
            self.recorder.channel.send(line)
            self.open = True
        else:  # the probe may begin in the task (its function imports torch): marked then
            _pending[:] = [os.getpid(), self, line]

    def begin_pending(self, line):
        if self._recording():
            self.recorder.channel.send(line)
            self.open = True

    def end(self, result):
        _pending[:] = [0, None, None]
        if not self.open or not self._recording():
            return
        self.open = False
        self.recorder.used("a process pool task's result", result)
        self.recorder.channel.send('{"t":"task","key":null}')
        # Before the result reaches the script: a pool's terminate() ends its workers at once.
        self.recorder.channel.flush()


class _TaskQueue:
    """A worker's queue of tasks, each task begun as it is taken."""

    def __init__(self, queue, tasks):
        self._queue = queue
        self._tasks = tasks

    def get(self, *args, **kwargs):
        item = self._queue.get(*args, **kwargs)
        try:
            self._tasks.begin(item)
        except Exception:  # the pool's own work goes on, this task unmarked
            self._tasks.open = False
        return item

    def __getattr__(self, name):
        return getattr(self._queue, name)


class _ResultQueue:
    """A worker's queue of results, each task ended as its result is put."""

    def __init__(self, queue, tasks):
        self._queue = queue
        self._tasks = tasks

    def put(self, item, *args, **kwargs):
        if self._tasks.kind == "pool":
            result = item[2][1] if isinstance(item, tuple) and len(item) == 3 and \
                isinstance(item[2], tuple) and len(item[2]) == 2 and item[2][0] else None
        else:
            result = getattr(item, "result", None)
        try:
            self._tasks.end(result)
        except Exception:  # the pool's own work goes on
            pass
        return self._queue.put(item, *args, **kwargs)

    def __getattr__(self, name):
        return getattr(self._queue, name)


def _wrap_worker_loop(recorder_of, module, name, kind, originals):
    original = getattr(module, name, None)
    if original is None or getattr(original, "_detbench", False):
        return

    def loop(inqueue, outqueue, *args, **kwargs):
        tasks = _Tasks(recorder_of, kind)
        return original(_TaskQueue(inqueue, tasks), _ResultQueue(outqueue, tasks), *args,
                        **kwargs)

    # Its names are the original's: a spawned worker's process object names it by them.
    for attribute in ("__module__", "__name__", "__qualname__", "__doc__"):
        setattr(loop, attribute, getattr(original, attribute, None))
    loop._detbench = True
    if originals is not None:
        originals.append((module, name, original, module.__dict__.get(name)))
    setattr(module, name, loop)


def _number_executors(recorder, module, name):
    """Makes the work ids of a process's executors one sequence: an executor's ids count from
    its ordinal times 2**32, so that the tasks of two executors are told apart by their ids."""
    cls = getattr(module, name, None)
    if cls is None or not isinstance(cls.__dict__.get("__init__"), type(_number_executors)):
        return
    original = cls.__init__
    if getattr(original, "_detbench", False):
        return
    counter = [0]

    def __init__(self, *args, **kwargs):
        original(self, *args, **kwargs)
        if recorder.active and recorder.pid == os.getpid() and \
                isinstance(getattr(self, "_queue_count", None), int) and self._queue_count == 0:
            self._queue_count = counter[0] << 32
            counter[0] += 1

    for attribute in ("__module__", "__name__", "__qualname__", "__doc__"):
        setattr(__init__, attribute, getattr(original, attribute, None))
    __init__._detbench = True
    recorder.originals.append((cls, "__init__", original, cls.__dict__.get("__init__")))
    cls.__init__ = __init__


def install_tasks(recorder):
    """Marks each task a process pool's worker runs. The worker loops are wrapped in every
    traced process: a forked worker inherits the wrapper, a spawned one's process object names
    the function, which its own probe has wrapped once it imported torch."""
    import importlib
    for module_name, name, kind in _WORKER_LOOPS:
        if kind == "loky" and module_name not in sys.modules:
            continue  # imported by joblib when it makes its pool: wrapped then (job.py)
        try:
            module = importlib.import_module(module_name)
        except Exception:
            continue
        _wrap_worker_loop(lambda: recorder, module, name, kind, recorder.originals)
    for module_name, name in _EXECUTORS:
        module = sys.modules.get(module_name)
        if module is None and module_name == "concurrent.futures.process":
            module = importlib.import_module(module_name)
        if module is not None:
            _number_executors(recorder, module, name)


def wrap_on_import(recorder_of):
    """In a spawned process (a spawned pool's worker, loky's), before torch is imported: wraps
    the worker loops as their modules are imported, each task marked once this process's probe
    has begun (`recorder_of` gives its recorder, or None before)."""
    import importlib.abc
    loops = {module: (name, kind) for module, name, kind in _WORKER_LOOPS}

    class _WrapLoop(importlib.abc.MetaPathFinder):
        def find_spec(self, fullname, path=None, target=None):
            if fullname not in loops:
                return None
            from .job import _Then, find_spec_past
            spec = find_spec_past(self, fullname, path, target)
            if spec is None or spec.loader is None:
                return spec
            name, kind = loops[fullname]
            spec.loader = _Then(spec.loader, lambda: _wrap_worker_loop(
                recorder_of, sys.modules[fullname], name, kind, None))
            return spec

    sys.meta_path.insert(0, _WrapLoop())
    for module_name, (name, kind) in loops.items():
        module = sys.modules.get(module_name)
        if module is not None:
            _wrap_worker_loop(recorder_of, module, name, kind, None)
