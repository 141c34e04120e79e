# Starts a child in a session of its own (outside the script's process group, as
# start_new_session=True does), writes that child's pid beside the first argument, ignores SIGINT
# and hangs: a trace that is stopped must still stop both and remove its folder.
import os
import signal
import subprocess
import sys
import time

import torch

child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(600)"],
                         start_new_session=True)
with open(sys.argv[1] + ".tmp", "w") as f:
    f.write(str(child.pid))
os.rename(sys.argv[1] + ".tmp", sys.argv[1])
signal.signal(signal.SIGINT, signal.SIG_IGN)
x = torch.ones(4) + 1
print("hanging now", file=sys.stderr, flush=True)
while True:
    time.sleep(1)
