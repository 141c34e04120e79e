# Random ops whose generators the script seeds with another number in each run (by the run
# number detbench exposes, DETBENCH_TRACE_RUN, as a seed from the clock would be), and one whose
# generator is seeded alike but has drawn other amounts before it: --seed fixes none of them.
import os

import torch

run = int(os.environ.get("DETBENCH_TRACE_RUN", "1"))
torch.manual_seed(1000 + run)
a = torch.rand(4)  # RESEEDED
torch.manual_seed(0)
g = torch.Generator()
g.manual_seed(2000 + run)
b = torch.rand(4, generator=g)  # OWN
c = torch.rand(2 + run)  # SIZE
d = torch.rand(4)  # DRAWS
print((a.sum() + b.sum() + c.sum() + d.sum()).item())
