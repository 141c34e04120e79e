"""A multiprocessing child's run (multiprocessing.Process, torch.multiprocessing's Process and
spawn): how it ended, for the process's end record, and where it begins and ends, so that the
process is compared with the same process of run 1.

A script's processes are started in an order its code sets, and multiprocessing numbers them
so (a Process's `_identity`: (1,), (2,), and (1, 1) for the first process the first one
started; a command's children put its number first: launches.py), whatever their process ids.
A child whose target is the user's code marks its run as a task of its own ("task" records with
the key "process:1.1", as a process pool's worker marks each of its tasks: pools.py): detbench
then aligns it with the child of run 1 that has the same number (TraceJob.hpp). A process pool's
workers, a DataLoader's and a manager's server process run library loops, and are left to what
marks their own work.
"""

import os

from . import launches
from .channel import text

# The modules whose functions are the targets of processes that are not the user's own work.
_LIBRARY_TARGETS = ("multiprocessing.pool", "multiprocessing.managers", "concurrent.futures.process",
                    "joblib.externals.loky.process_executor", "loky.process_executor",
                    "torch.utils.data._utils.worker")


def _target_name(process):
    """What the child runs, as the user wrote it: its target's name (torch.multiprocessing.spawn
    wraps the user's function: its first argument), else its class's run."""
    target = getattr(process, "_target", None)
    if target is None:
        return type(process).__qualname__ + ".run"
    if getattr(target, "__module__", "") == "torch.multiprocessing.spawn" and \
            getattr(target, "__name__", "") == "_wrap":
        args = getattr(process, "_args", ())
        if args and callable(args[0]):
            target = args[0]
    while getattr(target, "func", None) is not None and not hasattr(target, "__qualname__"):
        target = target.func  # functools.partial
    return getattr(target, "__qualname__", None) or type(target).__name__


def _is_users(process):
    target = getattr(process, "_target", None)
    return target is None or getattr(target, "__module__", "") not in _LIBRARY_TARGETS


class _Mark:
    """The task mark of one child's run."""

    def __init__(self, process_of, process):
        self.process_of = process_of
        identity = getattr(process, "_identity", ()) or ()
        self.key = "process:" + launches.number_of(identity) if identity else ""
        self.label = "process %s: %s" % (self.key[len("process:"):], _target_name(process))
        self.worker = getattr(process, "name", "") or ""
        self.open = False

    def _recorder(self):
        p = self.process_of()
        if p is None or p.ended:
            return None
        r = p.recorder
        return r if r.active and r.pid == os.getpid() and not r.busy else None

    def begin(self):
        global _pending
        if not self.key:
            return
        r = self._recorder()
        if r is None:
            # The probe begins later in this run (its code imports torch): marked then.
            _pending = self
            return
        _pending = None
        import multiprocessing
        parent = multiprocessing.parent_process()
        owner = parent.pid if parent is not None and parent.pid else os.getppid()
        r.channel.send('{"t":"task","key":%s,"label":%s,"worker":%s,"owner":%d}' % (
            text(self.key), text(self.label), text(self.worker), owner))
        self.open = True

    def end(self):
        global _pending
        _pending = None
        r = self._recorder() if self.open else None
        if r is None:
            return
        self.open = False
        r.channel.send('{"t":"task","key":null}')
        r.channel.flush()


_pending = None  # the mark of a run begun before this process's probe


def begin_pending():
    """Called when this process's probe has begun: marks the run it began in."""
    if _pending is not None:
        _pending.begin()


def exit_code(status):
    """The exit code sys.exit(status) gives: None is 0, a number itself, anything else 1."""
    if status is None:
        return 0
    return status if isinstance(status, int) else 1


def watch_run(process_of):
    """Wraps BaseProcess._bootstrap (in the child, before the run) so that the child's run, its
    class's own included, is marked and its end noted. `process_of` gives job.py's _Process of
    this process (None before its probe began)."""
    import multiprocessing.process as mp
    original = mp.BaseProcess._bootstrap
    if getattr(original, "_detbench", False):
        return

    def _bootstrap(self, *args, **kwargs):
        run = self.run
        mark = _Mark(process_of, self) if _is_users(self) else None

        def watched():
            if mark is not None:
                mark.begin()
            try:
                return run()
            except SystemExit as e:
                code = exit_code(e.code)
                if process_of() is not None and code != 0:
                    process_of().failure = ("exit", code)
                raise
            except BaseException as e:
                if process_of() is not None:
                    process_of().failure = ("exception", type(e).__name__, str(e))
                raise
            finally:
                if mark is not None:
                    mark.end()

        self.run = watched
        try:
            return original(self, *args, **kwargs)
        finally:
            del self.run

    _bootstrap._detbench = True
    mp.BaseProcess._bootstrap = _bootstrap
