# Resumes from the checkpoint an earlier run left in the folder it is given, as training scripts
# do: the first run starts from its seeded weights, the next from what the first one saved. It
# also reads back a file it writes itself in the same run, which is no earlier run's.
import os
import sys

import torch

folder = sys.argv[1]
checkpoint = os.path.join(folder, "state.pt")
scratch = os.path.join(folder, "scratch-%d.pt" % os.getpid())
torch.manual_seed(0)
w = torch.randn(4)
if os.path.exists(checkpoint):
    w = torch.load(checkpoint)  # RESUME
torch.save(w * 0.5, scratch)
w = w + torch.load(scratch)  # OWN FILE
os.remove(scratch)
torch.save(w, checkpoint)
print(w.tolist())
