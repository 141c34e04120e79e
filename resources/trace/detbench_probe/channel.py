"""The probe's records: one JSON object a line, written to the descriptor detbench named.

Lines are gathered and written in blocks (at 64 KiB, and at least every quarter second, so
detbench can show progress), and at the end. Only the process that opened the channel writes:
a forked child (a DataLoader worker) inherits the object and the descriptor but never writes.
"""

import json
import os
import threading
import time

_FLUSH_BYTES = 1 << 16
_FLUSH_SECONDS = 0.25


def text(value):
    """A JSON string literal of valid Unicode: lone surrogates (a file name's undecodable
    bytes, a message built from them) become U+FFFD."""
    if isinstance(value, str):
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            value = value.encode("utf-8", "surrogatepass").decode("utf-8", "replace")
    return json.dumps(value, ensure_ascii=True)


class Channel:
    def __init__(self, fd):
        self.fd = fd
        self.pid = os.getpid()
        self.parts = []
        self.size = 0
        self.last = time.monotonic()
        self.lock = threading.Lock()
        self.closed = False

    def send(self, line):
        with self.lock:
            self.parts.append(line)
            self.parts.append("\n")
            self.size += len(line) + 1
            if self.size >= _FLUSH_BYTES:
                self._flush()
            elif time.monotonic() - self.last >= _FLUSH_SECONDS:
                self._flush()

    def flush(self):
        with self.lock:
            self._flush()

    def _flush(self):
        self.last = time.monotonic()
        if not self.parts or self.closed or os.getpid() != self.pid:
            self.parts = []
            self.size = 0
            return
        data = "".join(self.parts).encode("utf-8", "replace")
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
