"""The probe's records: one JSON object a line, written to the descriptor detbench named.

Lines are gathered and written in blocks (at 64 KiB, and at least every quarter second, so
detbench can show progress), and at the end. So that nothing recorded is lost when the script
crashes, calls os._exit or is killed, every line also goes, as it is made, into a ring file
detbench named (DETBENCH_TRACE_RING), mapped into memory: the same byte stream, its last 4 MiB,
and a header with how many bytes were written. After the process ends, detbench takes from the
ring what the pipe had not brought. A memory copy a record, against a system call (and a wake-up
of detbench) a record for unbuffered writes: docs/BENCHMARKS.md, "The trace's records".

Without a ring (a run on another machine, whose files detbench cannot read afterwards), a
thread of the channel's own writes what has gathered every quarter second, so that a script
that stops making records (it hangs, it is stopped at a timeout) has sent all it recorded.

Only the process that opened the channel writes: a forked child (a DataLoader worker) inherits
the object and the descriptor but never writes.
"""

import json
import mmap
import os
import struct
import threading
import time


def text(value):
    """A JSON string literal of valid Unicode: lone surrogates (a file name's undecodable
    bytes, a message built from them) become U+FFFD."""
    if isinstance(value, str):
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            value = value.encode("utf-8", "surrogatepass").decode("utf-8", "replace")
    return json.dumps(value, ensure_ascii=True)


# This process's id, kept current across os.fork: read on every record, where os.getpid()
# would be a system call each time.
PID = [os.getpid()]


def _after_fork():
    PID[0] = os.getpid()


os.register_at_fork(after_in_child=_after_fork)

_FLUSH_BYTES = 1 << 16
_FLUSH_SECONDS = 0.25
RING_HEADER = 16  # uint64 little-endian: bytes written in all; the ring's capacity
RING_BYTES = 4 << 20
_TOTAL = struct.Struct("<Q")


class Channel:
    def __init__(self, fd, ring_path=None, ring_bytes=RING_BYTES):
        self.fd = fd
        self.pid = os.getpid()
        self.parts = []
        self.size = 0
        self.last = time.monotonic()
        self.lock = threading.Lock()
        self.closed = False
        self.total = 0
        self.ring = None
        self.ring_bytes = ring_bytes
        if ring_path:
            try:
                ring_fd = os.open(ring_path, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o600)
                try:
                    os.ftruncate(ring_fd, RING_HEADER + ring_bytes)
                    self.ring = mmap.mmap(ring_fd, RING_HEADER + ring_bytes)
                finally:
                    os.close(ring_fd)
                struct.pack_into("<QQ", self.ring, 0, 0, ring_bytes)
            except (OSError, ValueError):
                self.ring = None  # the pipe alone, as before
        if self.ring is None:
            threading.Thread(target=self._tick, name="detbench-records", daemon=True).start()

    def _tick(self):
        while not self.closed and os.getpid() == self.pid:
            time.sleep(_FLUSH_SECONDS)
            with self.lock:
                if self.parts and time.monotonic() - self.last >= _FLUSH_SECONDS:
                    self._flush()

    def send(self, line):
        data = (line + "\n").encode("utf-8", "replace")
        with self.lock:
            if self.closed or PID[0] != self.pid:
                return
            if self.ring is not None:
                self._keep(data)
            self.parts.append(data)
            self.size += len(data)
            if self.size >= _FLUSH_BYTES or time.monotonic() - self.last >= _FLUSH_SECONDS:
                self._flush()

    def _keep(self, data):
        n = len(data)
        size = self.ring_bytes
        pos = self.total % size
        ring = self.ring
        if n <= size - pos:  # the common case: one copy
            ring[RING_HEADER + pos:RING_HEADER + pos + n] = data
        else:
            tail = data[-size:] if n > size else data
            offset = self.total + n - len(tail)  # where `tail` starts in the stream
            pos = offset % size
            first = min(len(tail), size - pos)
            ring[RING_HEADER + pos:RING_HEADER + pos + first] = tail[:first]
            if first < len(tail):
                ring[RING_HEADER:RING_HEADER + len(tail) - first] = tail[first:]
        self.total += n
        _TOTAL.pack_into(ring, 0, self.total)

    def flush(self):
        with self.lock:
            self._flush()

    def _flush(self):
        self.last = time.monotonic()
        if not self.parts or self.closed or os.getpid() != self.pid:
            self.parts = []
            self.size = 0
            return
        data = b"".join(self.parts)
        self.parts = []
        self.size = 0
        view = memoryview(data)
        while view:
            try:
                n = os.write(self.fd, view)
            except InterruptedError:
                continue
            except OSError:
                # detbench went away: nothing more can be sent; the script goes on.
                self.closed = True
                return
            view = view[n:]

    def close(self):
        self.flush()
        self.closed = True
