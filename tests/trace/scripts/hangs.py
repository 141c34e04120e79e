# Never ends on its own: a trace stops it at --timeout. It says "hanging now" once its ops have
# run and a second has passed: where no ring file keeps the probe's records (a run through ssh
# or Slurm), they go out every quarter second, so by then they have been sent, and a test that
# sees the words may expect them.
import sys
import time

import torch

x = torch.ones(4) + 1
time.sleep(1)
print("hanging now", file=sys.stderr, flush=True)
while True:
    time.sleep(1)
