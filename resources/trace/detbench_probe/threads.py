"""Ops on the threads the script starts, recorded as the main thread's are.

Each thread the script starts (threading.Thread and what builds on it: a ThreadPoolExecutor's
workers) is numbered from 1 in the order the threads were started; the main thread is 0. A
thread gets a recorder of its own that shares the script's channel, call sites and memory
bookkeeping with the main one and numbers its ops from 1; its records carry "th". detbench
aligns each thread's ops against the same thread of run 1, so the order in which the threads'
ops interleave, which varies from run to run, does not matter; data passed between threads is
followed by its digests as within one.

A ThreadPoolExecutor's tasks go to whichever worker is free, so its workers' ops differ from run
to run; each task is recorded as a thread of its own instead ("task 3: work"), numbered when it
is submitted (ex.map and a loop of submit number them in the script's order), and the workers
themselves run without a recorder.

Threads that run torch's own code (a DataLoader's pin-memory thread) run without a recorder.
"""

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
        if (recorder.active and os.getpid() == recorder.pid and not _torch_thread(thread)
                and (pool_worker is None or getattr(thread, "_target", None) is not pool_worker)):
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
    if pool_worker is None:
        return
    executor = pools.ThreadPoolExecutor
    submit = executor.submit

    def submit_task(self, fn, /, *args, **kwargs):
        if not recorder.active or os.getpid() != recorder.pid:
            return submit(self, fn, *args, **kwargs)
        index = number()
        name = "task %d: %s" % (index, getattr(fn, "__name__", type(fn).__name__))

        def task(*a, **k):
            mine = recorder_for_thread(recorder, index, name)
            recorder.local.recorder = mine
            try:
                with mine:
                    return fn(*a, **k)
            finally:
                recorder.local.recorder = recorder

        return submit(self, task, *args, **kwargs)

    recorder.originals.append((executor, "submit", submit, executor.__dict__.get("submit")))
    executor.submit = submit_task


def _torch_thread(thread):
    """Whether a thread runs torch's own code (a DataLoader's pin-memory thread)."""
    target = getattr(thread, "_target", None)
    module = getattr(target, "__module__", None) or type(thread).__module__ or ""
    return module == "torch" or module.startswith("torch.")
