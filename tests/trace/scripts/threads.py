# Ops on a thread the script starts: the trace does not record them (their order against the
# main thread's varies), so it must not call the runs reproducible; it says they ran.
import threading

import torch

results = []


def work():
    results.append((torch.ones(4) * 2).sum())


worker = threading.Thread(target=work)
worker.start()
worker.join()
print(float(results[0]))
