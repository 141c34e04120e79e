#!/usr/bin/python3
"""`detbench rng` against the libraries themselves: 100,003 values of every stream.

For each engine (torch, numpy, numpy-generator, python), distribution (uniform, normal; the
Generator uniform only) and a few seeds,
runs `detbench rng` and the same calls in Python, and requires every value to be equal (the
printed 17 significant digits round-trip a double exactly).
Usage: test_rng_streams.py PATH/TO/detbench. Exit 77 (skipped) without torch or NumPy.
"""

import random
import subprocess
import sys

try:
    import numpy as np
    import torch
except ImportError as e:  # pragma: no cover
    print(f"skipped: {e} (install python3-torch and python3-numpy)")
    sys.exit(77)

DETBENCH = sys.argv[1]
COUNT = 100003


def library(engine, seed, dist, count):
    if engine == "torch":
        torch.manual_seed(seed)
        return (torch.rand if dist == "uniform" else torch.randn)(count).tolist()
    if engine == "numpy-generator":
        return np.random.default_rng(seed).random(count).tolist()
    if engine == "numpy":
        np.random.seed(seed)
        return (np.random.rand if dist == "uniform" else np.random.randn)(count).tolist()
    random.seed(seed)
    draw = random.random if dist == "uniform" else (lambda: random.gauss(0, 1))
    return [draw() for _ in range(count)]


def main():
    failures = 0
    for engine in ("torch", "numpy", "numpy-generator", "python"):
        for dist in ("uniform",) if engine == "numpy-generator" else ("uniform", "normal"):
            for seed in (0, 42, 2**31 + 11):
                out = subprocess.run([DETBENCH, "rng", "--engine", engine, "--seed", str(seed),
                                      "--count", str(COUNT), "--dist", dist],
                                     check=True, capture_output=True, text=True).stdout.split()
                got = [float(v) for v in out]
                want = library(engine, seed, dist, COUNT)
                bad = sum(a != b for a, b in zip(got, want)) + abs(len(got) - len(want))
                print(("ok   " if bad == 0 else "FAIL ") +
                      f"{engine} {dist} seed {seed}: {COUNT - bad} of {COUNT} equal")
                failures += bad != 0
    print(f"torch {torch.__version__}, numpy {np.__version__}, python {sys.version.split()[0]}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
