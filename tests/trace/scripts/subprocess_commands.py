# Commands the script starts with subprocess (this script again, with an argument), and a
# multiprocessing child of the script's and of the first command's own. The second command is a
# shell that runs this script twice; the second of those adds a number from Python's random,
# which it never seeds. Each process is compared with the same one of run 1: the script's child is
# "process 1", the commands "command s1", "command s2" and "command s2~2" (the shell's second
# Python), and the first command's child "process s1.1".
import multiprocessing as mp
import os
import random
import subprocess
import sys


def work(scale):
    import torch
    print(float((torch.ones(8) * scale).sum()))


def child(scale):
    p = mp.get_context("fork").Process(target=work, args=(scale,))
    p.start()
    p.join()


if __name__ == "__main__":
    import torch
    which = sys.argv[1] if len(sys.argv) > 1 else None
    if which is None:
        child(1.0)
        this = [sys.executable, os.path.abspath(__file__)]
        subprocess.run(this + ["with-child"], check=True)
        subprocess.run(" ".join(this + ["plain"]) + " && " + " ".join(this + ["varies"]),
                       shell=True, check=True)
        print(float(torch.ones(2).sum()))
    else:
        if which == "with-child":
            child(2.0)
        x = torch.ones(8) * 3.0
        if which == "varies":
            x = x + random.random()  # CAUSE
        print(float(x.sum()))
