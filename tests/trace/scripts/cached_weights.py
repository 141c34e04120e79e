# Keeps its initial weights in a file in the folder it is given, made unseeded the first time
# and read back from then on: the first run draws them, every later run starts from that file.
import os
import sys

import torch

path = os.path.join(sys.argv[1], "weights.pt")
if os.path.exists(path):
    w = torch.load(path)  # CACHED
else:
    w = torch.randn(4)
    torch.save(w, path)
print((w * 2).tolist())
