#!/usr/bin/python3
"""`detbench rng` against the libraries themselves: 100,003 values of every stream.

For each engine (torch, numpy, numpy-generator, python), distribution (uniform, normal) and a
few seeds, runs `detbench rng` and the same calls in Python, and requires every value to be
equal (the printed 17 significant digits round-trip a double exactly). The Generator's normals
are also checked at short counts, and must have taken the ziggurat's tail (|x| > r) in the long
runs: about 1 draw in 4,000 does.
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
# The start of the tail of NumPy's normal ziggurat: only tail draws lie beyond it.
ZIGGURAT_R = 3.6541528853610088


def library(engine, seed, dist, count):
    if engine == "torch":
        torch.manual_seed(seed)
        return (torch.rand if dist == "uniform" else torch.randn)(count).tolist()
    if engine == "numpy-generator":
        rng = np.random.default_rng(seed)
        return (rng.random if dist == "uniform" else rng.standard_normal)(count).tolist()
    if engine == "numpy":
        np.random.seed(seed)
        return (np.random.rand if dist == "uniform" else np.random.randn)(count).tolist()
    random.seed(seed)
    draw = random.random if dist == "uniform" else (lambda: random.gauss(0, 1))
    return [draw() for _ in range(count)]


def main():
    failures = 0
    for engine in ("torch", "numpy", "numpy-generator", "python"):
        for dist in ("uniform", "normal"):
            generator_normal = engine == "numpy-generator" and dist == "normal"
            seeds = (0, 1, 42, 2**31 + 11, 2**63 + 5) if generator_normal else (0, 42, 2**31 + 11)
            counts = (1, 2, 17, 1000, COUNT) if generator_normal else (COUNT,)
            for seed in seeds:
                for count in counts:
                    out = subprocess.run([DETBENCH, "rng", "--engine", engine, "--seed",
                                          str(seed), "--count", str(count), "--dist", dist],
                                         check=True, capture_output=True,
                                         text=True).stdout.split()
                    got = [float(v) for v in out]
                    want = library(engine, seed, dist, count)
                    bad = sum(a != b for a, b in zip(got, want)) + abs(len(got) - len(want))
                    tail, untested = "", False
                    if generator_normal and count == COUNT:
                        beyond = sum(abs(v) > ZIGGURAT_R for v in want)
                        tail = f", {beyond} from the tail"
                        untested = beyond == 0
                    ok = bad == 0 and not untested
                    print(("ok   " if ok else "FAIL ") +
                          f"{engine} {dist} seed {seed}: {count - bad} of {count} equal{tail}")
                    failures += not ok
    print(f"torch {torch.__version__}, numpy {np.__version__}, python {sys.version.split()[0]}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
