# A command the script starts with subprocess (this script again) runs an op, then is killed
# (SIGKILL, as the kernel's out-of-memory killer does) before its records may have reached its
# file: its ops are read from its ring, and the trace names it with the signal its parent saw.
import os
import signal
import subprocess
import sys

import torch

if __name__ == "__main__":
    if len(sys.argv) > 1:
        x = torch.ones(4) * 2.0
        print(float(x.sum()), flush=True)
        os.kill(os.getpid(), signal.SIGKILL)
    else:
        print(float(torch.ones(2).sum()))
        print(subprocess.run([sys.executable, os.path.abspath(__file__), "killed"]).returncode)
