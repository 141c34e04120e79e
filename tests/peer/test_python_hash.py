#!/usr/bin/python3
"""`detbench pyhash --seed N` against CPython itself: the order list(set(words)) iterates in,
under PYTHONHASHSEED=N, for several seeds and sets (small ones, and large enough to make the
table grow several times; ASCII, Latin-1 and wider text).
Usage: test_python_hash.py PATH/TO/detbench. Exit 77 (skipped) for a CPython before 3.11 (its
SipHash-2-4 is reproduced too, but not checked here).
"""

import os
import random
import subprocess
import sys

DETBENCH = sys.argv[1]
if sys.version_info < (3, 11):
    print(f"skipped: python {sys.version.split()[0]} (3.11 or later is checked)")
    sys.exit(77)

rng = random.Random(1234)
ALPHABET = "abcdefghijklmnopqrstuvwxyz"
SETS = [
    ["apple", "banana", "cherry", "date", "elderberry", "fig", "grape"],
    ["".join(rng.choice(ALPHABET) for _ in range(rng.randint(1, 12))) for _ in range(300)],
    ["naïve", "café", "日本", "données", "𝔡𝔢𝔱", "", "a" * 40, "b"],
]


def cpython(words, seed):
    code = "import sys; print(list(set(sys.argv[1:])))"
    env = dict(os.environ, PYTHONHASHSEED=str(seed))
    return subprocess.run([sys.executable, "-c", code, *words], env=env, check=True,
                          capture_output=True, text=True).stdout.strip()


def detbench(words, seed):
    return subprocess.run([DETBENCH, "pyhash", "--seed", str(seed), "--", *words], check=True,
                          capture_output=True, text=True).stdout.strip()


def main():
    failures = 0
    for words in SETS:
        for seed in (0, 1, 42, 4294967295):
            want, got = cpython(words, seed), detbench(words, seed)
            ok = want == got
            failures += not ok
            print(("ok   " if ok else "FAIL ") + f"{len(set(words))} strings, PYTHONHASHSEED={seed}")
            if not ok:
                print(f"  CPython:  {want[:200]}\n  detbench: {got[:200]}")
    print(f"python {sys.version.split()[0]}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
