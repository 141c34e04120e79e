# detbench's start-up hook for the processes of a traced job, first on their PYTHONPATH while
# `detbench trace` runs (in the trace's private folder, removed after it). In a process the
# traced script starts (a worker of torch.multiprocessing.spawn, torchrun's ranks), it arranges
# for the probe to begin once torch is imported (detbench_probe/job.py). Then it runs the
# sitecustomize that this one hides, if there is one, as Python would have.
import os
import sys


def _detbench_start():
    if os.environ.get("DETBENCH_TRACE_FD") or not os.environ.get("DETBENCH_TRACE_JOB"):
        return  # the traced script itself (its runner starts the probe), or not a traced job
    here = os.path.dirname(os.path.abspath(__file__))
    sys.path.insert(0, os.path.dirname(here))
    try:
        from detbench_probe import job
    finally:
        sys.path.remove(os.path.dirname(here))
    settings = job.job_settings()
    if settings is not None:
        job.start_child(settings)


def _detbench_next_sitecustomize():
    import importlib.machinery
    import importlib.util
    here = os.path.dirname(os.path.abspath(__file__))
    path = [p for p in sys.path if os.path.abspath(p or ".") != here]
    spec = importlib.machinery.PathFinder.find_spec("sitecustomize", path)
    if spec is None or spec.loader is None:
        return
    module = importlib.util.module_from_spec(spec)
    sys.modules["sitecustomize"] = module
    spec.loader.exec_module(module)


try:
    _detbench_start()
except Exception as e:  # the job runs on, untraced in this process
    sys.stderr.write("detbench: this process is not traced: %s: %s\n" % (type(e).__name__, e))
_detbench_next_sitecustomize()
