"""Ops on the threads the script starts, recorded as the main thread's are.

Each thread the script starts (threading.Thread and what builds on it: a ThreadPoolExecutor's
workers) is numbered from 1 in the order the threads were started; the main thread is 0. A
thread gets a recorder of its own that shares the script's channel, call sites and memory
bookkeeping with the main one and numbers its ops from 1; its records carry "th". detbench
aligns each thread's ops against the same thread of run 1, so the order in which the threads'
ops interleave, which varies from run to run, does not matter; data passed between threads is
followed by its digests as within one.

A thread pool's tasks go to whichever worker is free, so its workers' ops differ from run to
run; each task is recorded as a thread of its own instead ("task 3: work"), numbered when it is
handed out, and the workers themselves run without a recorder. A ThreadPoolExecutor's tasks are
numbered at submit (ex.map and a loop of submit number them in the script's order);
multiprocessing's ThreadPool's as its task handler passes them on to the workers, in the order
they were given (apply_async, and map's chunks in order), whichever call gave them.

asyncio's tasks take turns on one thread in an order that follows timing (which sleep ends
first, which answer comes back first): each task is recorded as a thread of its own too
("task 2: fetch"), numbered when it is created (the coroutine asyncio.run runs is a task too),
each of its steps recorded by its recorder whichever thread's loop runs it.

Threads that run torch's own code (a DataLoader's pin-memory thread) run without a recorder.
"""

import collections.abc
import os
import threading

from torch.utils._python_dispatch import TorchDispatchMode

from .channel import text


def recorder_for_thread(main, index, name):
    """A recorder for thread `index`: the main recorder's shared state, its own numbering."""
    r = object.__new__(type(main))
    r.__dict__.update(main.__dict__)
    TorchDispatchMode.__init__(r)  # the mode's own state, not the main recorder's
    r.seq = 0
    r.current = 0
    r.busy = 0
    r.active = False
    r.thread = index
    r.op_head = '{"t":"op","th":%d,' % index
    r.keep = frozenset()
    if main.first != 1 or main.last or main.only:
        # A window (--ops, the second pass) is counted in the main thread's ops: the other
        # threads' ops go undigested.
        r.first, r.last, r.only = 1, 0, frozenset([0])
    main.channel.send('{"t":"thread","th":%d,"name":%s}' % (index, text(name)))
    return r


def install(recorder):
    """Numbers the threads the script starts and records their ops; undone with the probe's
    other wrappers (Recorder.remove_uses)."""
    start = threading.Thread.start
    bootstrap = threading.Thread._bootstrap_inner
    try:
        from concurrent.futures import thread as pools
    except ImportError:  # pragma: no cover (in the standard library since 3.2)
        pools = None
    pool_worker = getattr(pools, "_worker", None)

    def number():
        with recorder.thread_lock:
            recorder.threads += 1
            return recorder.threads

    def start_thread(thread):
        if recorder.active and os.getpid() == recorder.pid and not _torch_thread(thread) \
                and not _pool_thread(thread):
            thread._detbench_thread = number()
        return start(thread)

    def bootstrap_inner(thread):
        index = getattr(thread, "_detbench_thread", 0)
        if not index or not recorder.active or os.getpid() != recorder.pid:
            return bootstrap(thread)
        mine = recorder_for_thread(recorder, index, thread.name)
        recorder.local.recorder = mine
        with mine:
            return bootstrap(thread)

    for name, value in (("start", start_thread), ("_bootstrap_inner", bootstrap_inner)):
        recorder.originals.append((threading.Thread, name, getattr(threading.Thread, name),
                                   threading.Thread.__dict__.get(name)))
        setattr(threading.Thread, name, value)

    def numbered(fn, named_after):
        """fn as a task numbered now, recorded as a thread of its own wherever it runs."""
        index = number()
        name = "task %d: %s" % (index, getattr(named_after, "__name__",
                                               type(named_after).__name__))

        def task(*a, **k):
            mine = recorder_for_thread(recorder, index, name)
            recorder.local.recorder = mine
            try:
                with mine:
                    return fn(*a, **k)
            finally:
                recorder.local.recorder = recorder

        return task

    def recording():
        return recorder.active and os.getpid() == recorder.pid

    if pool_worker is not None:
        executor = pools.ThreadPoolExecutor
        submit = executor.submit

        def submit_task(self, fn, /, *args, **kwargs):
            if not recording():
                return submit(self, fn, *args, **kwargs)
            return submit(self, numbered(fn, fn), *args, **kwargs)

        recorder.originals.append((executor, "submit", submit, executor.__dict__.get("submit")))
        executor.submit = submit_task
    _install_thread_pool(recorder, numbered, recording)
    _install_asyncio(recorder, number, recording)


def _install_thread_pool(recorder, numbered, recording):
    """multiprocessing's ThreadPool: each task numbered as the task handler passes it to the
    workers' queue (its _quick_put), named after the function map or apply_async was given."""
    try:
        from multiprocessing import pool as mp
    except ImportError:  # pragma: no cover
        return
    thread_pool = getattr(mp, "ThreadPool", None)
    setup = getattr(thread_pool, "_setup_queues", None)
    if setup is None:  # pragma: no cover (there since Python 3.0)
        return
    chunked = tuple(f for f in (getattr(mp, "mapstar", None), getattr(mp, "starmapstar", None))
                    if f is not None)

    def setup_queues(self):
        setup(self)
        put = self._quick_put
        if not recording():
            return

        def put_task(task):
            if task is None or not recording():
                return put(task)
            job, i, fn, args, kwds = task
            named_after = args[0][0] if fn in chunked and args and args[0] else fn
            return put((job, i, numbered(fn, named_after), args, kwds))

        self._quick_put = put_task

    recorder.originals.append((thread_pool, "_setup_queues", setup,
                               thread_pool.__dict__.get("_setup_queues")))
    thread_pool._setup_queues = setup_queues


def _install_asyncio(recorder, number, recording):
    """asyncio's tasks: each numbered as its loop creates it (loop.create_task, which
    asyncio.run, ensure_future, gather and a TaskGroup all go through)."""
    try:
        from asyncio import base_events
    except ImportError:  # pragma: no cover (in the standard library since 3.4)
        return
    loop_class = base_events.BaseEventLoop
    create_task = loop_class.create_task
    own = os.path.join(os.path.dirname(os.path.abspath(base_events.__file__)), "")

    def create_recorded_task(self, coro, *args, **kwargs):
        code = getattr(coro, "cr_code", None)
        # asyncio's own tasks (asyncio.run's shutdown of generators and the executor) are not
        # numbered, as a pool's workers are not.
        if recording() and not isinstance(coro, _TaskSteps) and not (
                code is not None and code.co_filename.startswith(own)):
            coro = _TaskSteps(recorder, number(), coro)
        return create_task(self, coro, *args, **kwargs)

    recorder.originals.append((loop_class, "create_task", create_task,
                               loop_class.__dict__.get("create_task")))
    loop_class.create_task = create_recorded_task


class _TaskSteps(collections.abc.Coroutine):
    """A task's coroutine, each step of which (a send or throw from the task) runs with the
    task's own recorder as the thread's: the probe's mode hands that recorder the step's ops."""

    def __init__(self, main, index, coro):
        self._main = main
        self._index = index
        self._coro = coro
        self._mine = None
        self.__qualname__ = getattr(coro, "__qualname__", type(coro).__name__)
        self.__name__ = getattr(coro, "__name__", self.__qualname__)

    def _step(self, method, *args):
        local = self._main.local
        before = local.recorder
        if self._mine is None:
            name = "task %d: %s" % (self._index, self.__name__)
            self._mine = recorder_for_thread(self._main, self._index, name)
            # The thread's own recorder (thread 0's, or a started thread's) hands the ops on.
            self._mine.active = True
        local.recorder = self._mine
        try:
            return method(*args)
        finally:
            local.recorder = before

    def send(self, value):
        return self._step(self._coro.send, value)

    def throw(self, *exc):
        return self._step(self._coro.throw, *exc)

    def close(self):
        return self._coro.close()

    def __await__(self):
        return self

    def __iter__(self):
        return self

    def __next__(self):
        return self.send(None)

    def __getattr__(self, name):  # cr_frame, cr_code... for asyncio's own reprs and debug mode
        return getattr(self._coro, name)


def _pool_thread(thread):
    """Whether a thread is a pool's own (a worker, a handler), whose tasks are numbered
    instead."""
    target = getattr(thread, "_target", None)
    module = getattr(target, "__module__", None) or ""
    return module in ("concurrent.futures.thread", "multiprocessing.pool")


def _torch_thread(thread):
    """Whether a thread runs torch's own code (a DataLoader's pin-memory thread)."""
    target = getattr(thread, "_target", None)
    module = getattr(target, "__module__", None) or type(thread).__module__ or ""
    return module == "torch" or module.startswith("torch.")
