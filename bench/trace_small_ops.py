# Tiny ops for timing `detbench trace`'s probe per op: 5,000 times `(x * 1.0001 + 0.5).relu()` on a
# 16-element tensor, 15,001 ATen ops with `torch.ones`. The loop is timed inside the script, so
# the interpreter's start and imports are left out; it prints one JSON line on stderr (stdout
# may carry the probe's records). Run it plain, under a bare TorchDispatchMode, and under the
# probe; the difference of "us_per_op" is what each adds to an op.
import json
import os
import sys
import time

import torch

iterations = int(os.environ.get("ITERATIONS", "5000"))
x = torch.ones(16)
start = time.perf_counter()
for _ in range(iterations):
    x = (x * 1.0001 + 0.5).relu()
seconds = time.perf_counter() - start
ops = 3 * iterations + 1
print(json.dumps({"ops": ops, "loop_s": round(seconds, 6),
                  "us_per_op": round(seconds / ops * 1e6, 3)}), file=sys.stderr)
