# Commands the script starts without subprocess: os.system (a shell that runs this script again)
# and os.spawnv (this script again, directly), and one with subprocess. The spawned command adds a
# number from Python's random, which it never seeds. The subprocess command catches its own
# sys.exit(5) and ends well: its parent's word (exit code 0) stands over what it gave sys.exit.
# The last command, run by os.system, ends with sys.exit(3) in every run. Each command is
# compared with the same command of run 1: "command s1" to "command s4".
import os
import random
import subprocess
import sys

if __name__ == "__main__":
    import torch
    which = sys.argv[1] if len(sys.argv) > 1 else None
    if which is None:
        this = [sys.executable, os.path.abspath(__file__)]
        os.system(" ".join(this + ["plain"]))
        os.spawnv(os.P_WAIT, sys.executable, this + ["varies"])
        caught = subprocess.run(this + ["caught"]).returncode
        code = os.system(" ".join(this + ["fails"]))
        print(float(torch.ones(2).sum()), caught, os.waitstatus_to_exitcode(code))
    else:
        x = torch.ones(8) * 3.0
        if which == "varies":
            x = x + random.random()  # CAUSE
        print(float(x.sum()))
        if which == "caught":
            try:
                sys.exit(5)
            except SystemExit:
                pass
        if which == "fails":
            sys.exit(3)
