# Ops on threads the script starts are recorded like the main thread's, each thread's ops
# aligned against the same thread of run 1. Thread "scaler" brings in a number that depends on
# the run number detbench exposes (the cause, on that thread); the main thread reads what it
# made (inherited there, not data from outside). Four other threads run the same ops, their order
# against each other left to the scheduler, and change nothing between runs.
import os
import threading

import torch

run = int(os.environ.get("DETBENCH_TRACE_RUN", "1"))
results = {}


def scaler():
    x = torch.ones(4)
    results["scaled"] = x * (1.0 + run * 2.0 ** -20)  # CAUSE


def steady(k):
    t = torch.arange(16, dtype=torch.float32)
    for _ in range(50):
        t = (t * 1.5).sin()
    results[k] = t.sum()


workers = [threading.Thread(target=scaler, name="scaler")]
workers += [threading.Thread(target=steady, args=(k,), name="steady-%d" % k) for k in range(4)]
for w in workers:
    w.start()
for w in workers:
    w.join()
total = results["scaled"] * 3  # READ
print(float(total.sum()), [float(results[k]) for k in range(4)])
