"""Files a run reads that were written while the trace ran, before that run began: what an
earlier run left behind (a checkpoint the script resumes from, a file it appends to, a cache of
its own). Two runs that read such a file do not start alike, however well they are seeded.

detbench gives the probe two wall-clock times in nanoseconds, "TRACE:RUN" (when the trace
began, when this run began); a file opened for reading whose modification time lies between
them is recorded once, with the op it came after and the user's line that opened it:
  {"t":"file","th":T,"i":SEQ,"path":"/abs/path","s":SITE}
The probe sees what Python opens (its "open" audit event: open(), io.open_code, os.open), not
files native code opens itself (torch.load of a path opens it in Python; torch.save writes in
C++, which is why a file's time is what is compared, not who wrote it). Left out: compiled
Python (__pycache__), the compilers' caches (Inductor's, Triton's), whose contents follow the
code, the caches of what is downloaded (~/.cache, XDG_CACHE_HOME, TORCH_HOME, HF_HOME: a model
or dataset fetched by the first run is the same file for the next), and /proc, /sys and /dev.
"""

import os
import sys
import tempfile

MAX_FILES = 64  # recorded a process; the rest are not
# Paths already looked at, kept up to this many: a script that reads a dataset file by file in
# its own process checks each one's time again past it, but holds no more.
MAX_SEEN = 4096

_state = {"recorder": None, "since": None, "seen": set(), "sent": 0, "sent_paths": set()}


def _skipped_prefixes():
    home = os.path.expanduser("~")
    prefixes = ["/proc/", "/sys/", "/dev/",
                os.path.join(tempfile.gettempdir(), "torchinductor_"),
                os.path.join(home, ".triton", ""), os.path.join(home, ".cache", "")]
    for name in ("TORCHINDUCTOR_CACHE_DIR", "TRITON_CACHE_DIR", "XDG_CACHE_HOME", "TORCH_HOME",
                 "HF_HOME"):
        folder = os.environ.get(name)
        if folder:
            prefixes.append(os.path.join(os.path.abspath(folder), ""))
    return tuple(prefixes)


def parse_since(value):
    """(trace_ns, run_ns) from "TRACE:RUN", or None."""
    try:
        first, _, second = (value or "").partition(":")
        since = (int(first), int(second))
    except ValueError:
        return None
    return since if 0 < since[0] <= since[1] else None


def install(recorder, since):
    """Watches what the script opens for reading from here on; `remove` stops it (an audit hook
    stays installed for the process's life, so it is switched off, not taken away)."""
    if since is None or not hasattr(sys, "addaudithook"):
        return
    first = _state["recorder"] is None
    _state["recorder"] = recorder
    _state["since"] = tuple(since)
    if not first:
        return
    skipped = _skipped_prefixes()
    seen = _state["seen"]

    def hook(event, args):
        if event != "open":
            return
        recorder = _state["recorder"]
        if recorder is None:
            return
        try:
            _opened(recorder, args, seen, skipped)
        except Exception:
            pass  # an audit hook that raises would fail the script's open()

    sys.addaudithook(hook)


def remove():
    _state["recorder"] = None


def _opened(recorder, args, seen, skipped):
    path, mode, flags = args
    if path is None or isinstance(path, int) or _state["sent"] >= MAX_FILES:
        return
    if mode is not None:
        if any(c in mode for c in "wax+"):
            return
    elif flags & (os.O_WRONLY | os.O_RDWR):
        return
    mine = recorder.local.recorder
    if mine is not None:  # a thread the script started
        recorder = mine
    if recorder.busy or os.getpid() != recorder.pid:
        return
    path = os.path.abspath(os.fsdecode(path))
    if path in seen:
        return
    if len(seen) < MAX_SEEN:
        seen.add(path)
    elif path in _state["sent_paths"]:
        return
    if path.endswith(".pyc") or "/__pycache__/" in path or path.startswith(skipped):
        return
    try:
        written = os.stat(path).st_mtime_ns
    except OSError:
        return
    trace_ns, run_ns = _state["since"]
    if not trace_ns <= written < run_ns:
        return
    _state["sent"] += 1
    _state["sent_paths"].add(path)
    try:
        site = recorder.locate()[0]
    except Exception:
        site = 0
    from .channel import text
    recorder.channel.send('{"t":"file","th":%d,"i":%d,"path":%s%s}' % (
        recorder.thread, recorder.seq, text(path), ',"s":%d' % site if site else ""))
