#!/usr/bin/python3
"""Times the same ops, sizes and settings in detbench and in PyTorch, in one run.

For every case, detbench runs the atomic and the deterministic form (`detbench run`, the
median per-trial time from its report) and writes its inputs with --save-io; PyTorch then runs
the same op on exactly those inputs with the same thread count, timed the same way (median of
the trials after warm-up). Both include writing the output's starting value: PyTorch's
out-of-place call clones `self`, detbench's op copies it. The three measurements of a case are
interleaved over --rounds rounds and each figure is the median of its rounds' medians, so a
slow spell of a shared machine does not land on one side only.

Usage:
  bench/compare_pytorch.py [--detbench build/cli/detbench] [--threads N] [--trials N]
                           [--sizes 1048576,4194304,16777216] [--rounds 3] [--json OUT.json]
                           [--device cpu-threads|cuda]

--device cuda runs PyTorch on the GPU (default mode, then use_deterministic_algorithms(True))
and needs a detbench built with its CUDA backend.
"""

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

import numpy as np
import torch


def detbench_run(exe, op, params, form, device, threads, trials, save_io=None):
    with tempfile.NamedTemporaryFile(suffix=".json", delete=False) as f:
        report = f.name
    cmd = [exe, "run", "--op", op, "--device", device, "--trials", str(trials), "--warmup", "3",
           "--threads", str(threads), "--quiet", "--out", report, "--data-seed", "7"]
    if form == "deterministic":
        # The deterministic form, detbench's extension where PyTorch has none; cuBLAS ops need
        # the workspace config that deterministic mode asks for.
        cmd += ["--form", "deterministic", "--semantics", "extensions",
                "--cublas-workspace-config", ":4096:8"]
    else:
        cmd += ["--form", "atomic"]
    for k, v in params.items():
        cmd += ["-p", f"{k}={v}"]
    if save_io:
        cmd += ["--save-io", save_io]
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)
    with open(report) as f:
        doc = json.load(f)
    os.unlink(report)
    s = doc["summary"]
    return {"median_ns": s["time_ns"]["median"], "distinct": s["distinct_digests"],
            "trials": s["trials"], "threads": doc["op"]["threads"]}


def write_json(path, doc):
    """Whole or not at all: written beside, then renamed over the file."""
    with open(path + ".tmp", "w") as f:
        json.dump(doc, f, indent=2)
    os.replace(path + ".tmp", path)


def torch_time(fn, trials, device):
    """Median time and distinct outputs; None where PyTorch raises (no deterministic form)."""
    sync = torch.cuda.synchronize if device == "cuda" else (lambda: None)
    try:
        fn()
    except RuntimeError as e:
        print(f"PyTorch raises: {str(e).splitlines()[0]}", file=sys.stderr)
        return None
    for _ in range(2):
        fn()
    sync()
    times, digests = [], set()
    for _ in range(trials):
        t0 = time.perf_counter_ns()
        out = fn()
        sync()
        times.append(time.perf_counter_ns() - t0)
        digests.add(hash(out.cpu().numpy().tobytes()))
    return {"median_ns": statistics.median(times), "distinct": len(digests), "trials": trials}


def combine(rounds):
    """Median of the rounds' medians; distinct outputs summed over the rounds' trials."""
    out = dict(rounds[0])
    out["median_ns"] = statistics.median(r["median_ns"] for r in rounds)
    out["round_medians_ns"] = [r["median_ns"] for r in rounds]
    out["distinct"] = max(r["distinct"] for r in rounds)
    out["trials"] = sum(r["trials"] for r in rounds)
    return out


def load(io_dir, name, device):
    t = torch.from_numpy(np.load(os.path.join(io_dir, name + ".npy")))
    return t.to("cuda") if device == "cuda" else t


# Ops beyond the scatter family, one shape each: (op, detbench params, the inputs it saves,
# the PyTorch call on them).
OTHER_CASES = [
    ("histc", {"size": 1 << 24, "bins": 100}, ["input"],
     lambda x: torch.histc(x["input"], bins=100, min=-1, max=1)),
    ("cumsum", {"size": 1 << 24}, ["input"], lambda x: torch.cumsum(x["input"], 0)),
    # 2048, not 4096: every detbench run also makes the float64 reference on one CPU thread
    # (4096 would take minutes of the GPU machine's time per run).
    ("matmul", {"size": 2048}, ["a", "b"], lambda x: torch.matmul(x["a"], x["b"])),
    # The sparse operand is made (and coalesced) once, outside the timing.
    ("bmm_sparse", {"size": 1 << 20, "batch": 16, "rows": 1024, "inner": 1024, "cols": 64},
     ["indices", "values", "dense"], lambda x: torch.bmm(x["sparse"], x["dense"])),
    # The input's gradient only (output_mask), as when the grid needs none; the input itself
    # (zeros: its values do not enter the input's gradient) is made outside the timing.
    ("grid_sampler_2d_backward", {"batch": 8, "channels": 32, "height": 128, "width": 128,
                                  "out_height": 128, "out_width": 128},
     ["grad_output", "grid"],
     lambda x: torch.ops.aten.grid_sampler_2d_backward(x["grad_output"], x["input"], x["grid"],
                                                       0, 0, False, [True, False])[0]),
    ("nll_loss2d_forward", {"batch": 64, "classes": 19, "height": 256, "width": 256},
     ["input", "target", "weight"],
     lambda x: torch.nn.functional.nll_loss(x["input"], x["target"], weight=x["weight"])),
]


def sparse_operand(inputs, params):
    shape = (params["batch"], params["rows"], params["inner"])
    inputs["sparse"] = torch.sparse_coo_tensor(inputs["indices"], inputs["values"],
                                               shape).coalesce()
    return inputs


def torch_case(op, io_dir, device, params):
    for name, _, names, call in OTHER_CASES:
        if name == op:
            inputs = {n: load(io_dir, n, device) for n in names}
            if op == "bmm_sparse":
                inputs = sparse_operand(inputs, params)
            if op == "grid_sampler_2d_backward":
                g = inputs["grad_output"]
                inputs["input"] = torch.zeros((g.shape[0], g.shape[1], params["height"],
                                               params["width"]), device=g.device)
            return lambda: call(inputs)
    if op == "index_add":
        self_, index, source = (load(io_dir, n, device) for n in ("self", "index", "source"))
        return lambda: torch.index_add(self_, 0, index, source)
    self_, index, src = (load(io_dir, n, device) for n in ("self", "index", "src"))
    return lambda: torch.scatter_add(self_, 0, index, src)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--detbench", default=os.path.join(os.path.dirname(__file__), "..", "build",
                                                       "cli", "detbench"))
    ap.add_argument("--threads", type=int, default=os.cpu_count())
    ap.add_argument("--trials", type=int, default=30)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--sizes", default="1048576,4194304,16777216")
    ap.add_argument("--device", default="cpu-threads", choices=["cpu-threads", "cuda"])
    ap.add_argument("--json")
    ap.add_argument("--other-ops", action="store_true",
                    help="also histc, cumsum, matmul, bmm_sparse, grid_sampler_2d_backward and "
                         "nll_loss2d_forward (one shape each)")
    args = ap.parse_args()
    # PyTorch's deterministic mode needs this for cuBLAS; set before cuBLAS starts.
    os.environ.setdefault("CUBLAS_WORKSPACE_CONFIG", ":4096:8")

    torch_device = "cuda" if args.device == "cuda" else "cpu"
    torch.set_num_threads(args.threads)
    rows_param = {"index_add": "rows", "scatter_add": "out_size"}
    cases = [(op, {"size": size, rows_param[op]: rows}, rows)
             for op in ("index_add", "scatter_add")
             for size in (int(s) for s in args.sizes.split(","))
             for rows in (4096, size // 4)]
    if args.other_ops:
        # The GPU shapes; a CPU gets shapes it finishes in seconds.
        small = {"histc": {"size": 1 << 22, "bins": 100}, "cumsum": {"size": 1 << 22},
                 "matmul": {"size": 384},
                 "bmm_sparse": {"size": 65536, "batch": 8, "rows": 256, "inner": 256, "cols": 32},
                 "grid_sampler_2d_backward": {"batch": 4, "channels": 16, "height": 64,
                                              "width": 64, "out_height": 64, "out_width": 64},
                 "nll_loss2d_forward": {"batch": 16, "classes": 19, "height": 128,
                                        "width": 128}}
        cases += [(op, params if args.device == "cuda" else small[op], "-")
                  for op, params, _, _ in OTHER_CASES]
    results = []
    for op, params, rows in cases:
        size = params.get("size", "-")
        rounds = {"atomic": [], "det": [], "pt": [], "pt_det": []}
        with tempfile.TemporaryDirectory() as io_dir:
            for r in range(args.rounds):
                rounds["atomic"].append(detbench_run(
                    args.detbench, op, params, "atomic", args.device, args.threads,
                    args.trials, save_io=io_dir if r == 0 else None))
                rounds["det"].append(detbench_run(args.detbench, op, params,
                                                  "deterministic", args.device,
                                                  args.threads, args.trials))
                fn = torch_case(op, io_dir, torch_device, params)
                torch.use_deterministic_algorithms(False)
                rounds["pt"].append(torch_time(fn, args.trials, torch_device))
                if torch_device == "cuda":
                    torch.use_deterministic_algorithms(True)
                    t = torch_time(fn, args.trials, torch_device)
                    if t is not None:
                        rounds["pt_det"].append(t)
                    torch.use_deterministic_algorithms(False)
        atomic, det, pt = (combine(rounds[k]) for k in ("atomic", "det", "pt"))
        pt_det = combine(rounds["pt_det"]) if rounds["pt_det"] else None
        row = {"op": op, "size": size, "rows": rows, "threads": atomic["threads"],
               "device": args.device, "detbench_atomic": atomic,
               "detbench_deterministic": det, "pytorch": pt,
               "pytorch_deterministic": pt_det,
               "deterministic_over_atomic_throughput":
                   atomic["median_ns"] / det["median_ns"],
               "deterministic_speedup_over_pytorch": pt["median_ns"] / det["median_ns"]}
        results.append(row)
        print(json.dumps(row), file=sys.stderr)
        if args.json:  # after every row: a run cut short keeps the rows it finished
            write_json(args.json, {"torch": torch.__version__, "complete": False,
                                   "results": results})

    ms = lambda ns: f"{ns / 1e6:.2f}"
    relative = lambda x: f"{x:.2f}x faster" if x >= 1 else f"{1 / x:.2f}x slower"
    print(f"PyTorch {torch.__version__} on {torch_device}, {args.threads} threads, "
          f"{args.trials} trials x {args.rounds} interleaved rounds; median of round medians, ms; "
          f"distinct outputs: the most seen in one round")
    print("| op | size | rows | detbench atomic | detbench deterministic | det/atomic throughput "
          "| PyTorch default | PyTorch deterministic | detbench det vs PyTorch "
          "| distinct outputs (atomic / det / PyTorch / PyTorch det) |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for r in results:
        a, d, p = r["detbench_atomic"], r["detbench_deterministic"], r["pytorch"]
        pd = r["pytorch_deterministic"]
        pd_time = ms(pd["median_ns"]) if pd else ("raises" if args.device == "cuda" else "-")
        pd_distinct = pd["distinct"] if pd else "-"
        print(f"| {r['op']} | {r['size']} | {r['rows']} | {ms(a['median_ns'])} | "
              f"{ms(d['median_ns'])} | {r['deterministic_over_atomic_throughput']:.2f} | "
              f"{ms(p['median_ns'])} | {pd_time} | "
              f"{relative(r['deterministic_speedup_over_pytorch'])} | "
              f"{a['distinct']} / {d['distinct']} / {p['distinct']} / {pd_distinct} |")
    if args.json:
        write_json(args.json, {"torch": torch.__version__, "complete": True, "results": results})


if __name__ == "__main__":
    main()
