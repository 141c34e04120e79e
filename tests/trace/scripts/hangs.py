# Never ends on its own: a trace stops it at --timeout.
import time

import torch

x = torch.ones(4) + 1
while True:
    time.sleep(1)
