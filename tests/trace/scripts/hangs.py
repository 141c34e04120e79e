# Never ends on its own: a trace stops it at --timeout.
import sys
import time

import torch

x = torch.ones(4) + 1
print("hanging now", file=sys.stderr, flush=True)
while True:
    time.sleep(1)
