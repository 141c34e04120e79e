# asyncio's tasks take turns on one thread in an order that follows timing; here the order is
# set by the run number detbench exposes (task "a" goes first in odd runs, "b" in even ones), so
# the ops interleave otherwise in each run. Each task is aligned as a thread of its own, numbered
# when it is created: task 1 is main, task 2 "a", task 3 "b". Task "b" scales by a number that
# depends on the run: the cause, on task 3.
import asyncio
import os

import torch

run = int(os.environ.get("DETBENCH_TRACE_RUN", "1"))


async def work(name, start, turns, other):
    x = torch.full((8,), start)
    for step in range(3):
        await turns[name].wait()
        turns[name].clear()
        x = (x * 1.5 + step).tanh()
        if name == "b" and step == 2:
            x = x * (1.0 + run * 2.0 ** -20)  # CAUSE
        turns[other].set()
    return x


async def main():
    turns = {"a": asyncio.Event(), "b": asyncio.Event()}
    tasks = [asyncio.create_task(work("a", 2.0, turns, "b")),
             asyncio.create_task(work("b", 3.0, turns, "a"))]
    turns["a" if run % 2 else "b"].set()
    return await asyncio.gather(*tasks)


print([float(t.sum()) for t in asyncio.run(main())])
