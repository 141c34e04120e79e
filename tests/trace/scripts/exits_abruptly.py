# Ends without the probe's last records: after 301 small ops, os._exit(3) (no flush, no
# atexit), a segmentation fault, or (with "hang") a hang that ignores SIGINT, announced on
# standard error, until detbench kills it. Every op recorded before must still reach detbench.
# The mode is the first argument.
import ctypes
import os
import signal
import sys
import time

import torch

mode = sys.argv[1] if len(sys.argv) > 1 else "exit"
x = torch.ones(4)
for i in range(100):
    x = (x * 1.5).relu() - 0.25
if mode == "exit":
    os._exit(3)
elif mode == "segfault":
    ctypes.string_at(0)
else:
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # only SIGKILL ends it
    print("hanging", file=sys.stderr, flush=True)
    time.sleep(600)
