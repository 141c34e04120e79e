#!/usr/bin/env python3
"""detbench's own kernels and PyTorch's, side by side on the same inputs.

For every op of the catalog, `detbench invariance --devices A,B` runs the op on both devices on
the same inputs (the same data seed), once with deterministic algorithms off and once in error
mode: how many distinct outputs each gives over the trials, its median time per trial, and
whether the two devices' first outputs are the same bits. On a GPU machine A is detbench's
`cuda` and B PyTorch's `torch-cuda`; here `cpu-threads` against `torch-cpu` rehearses it.

    compare_devices.py --detbench build/cli/detbench --devices cuda,torch-cuda --trials 100 \\
        --json compare.json > compare.md
    compare_devices.py ... --ops scatter_add@1048576,scatter_add@16777216,matmul@4096

Prints a Markdown table; --json writes every row (and the raw invariance JSON of each run)
beside it, rewritten after every op so that a run cut short keeps what it finished.
"""

import argparse
import json
import os
import subprocess
import sys
import tempfile


def ops_of(detbench):
    out = subprocess.run([detbench, "ops", "--json"], check=True, capture_output=True, text=True)
    return [o["name"] for o in json.loads(out.stdout)["ops"]]


def device_cell(point, config):
    """What one device did: raised, or its distinct outputs and median time."""
    errors = config.get("errors", [])
    if errors:
        kind = errors[0]["kind"]
        return "raises" if kind == "NondeterministicError" else kind
    distinct = point["distinct_outputs"]
    trials = config["summary"]["trials"]
    return f"{distinct}/{trials}, {point['median_time_ns'] / 1e3:.1f} µs"


def run_pair(detbench, op, devices, mode, trials, timeout):
    """One op (OP, or OP@SIZE for the op's main size) on both devices."""
    name, _, size = op.partition("@")
    cmd = [detbench, "invariance", "--op", name, "--devices", ",".join(devices), "--trials",
           str(trials), "--warmup", "2", "--deterministic", mode, "--quiet", "--json"]
    if size:
        cmd += ["--size", size]
    try:
        done = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return None, "timed out"
    if done.returncode not in (0, 1, 3, 4):
        return None, why_failed(done) if done.returncode > 0 else "exit %d" % done.returncode
    try:
        return json.loads(done.stdout), None
    except json.JSONDecodeError:
        return None, why_failed(done) if done.stderr.strip() else "no JSON"


def why_failed(done):
    """detbench's own last message (a library's log lines may follow it), else the last line."""
    lines = done.stderr.strip().splitlines()
    own = [line for line in lines if line.startswith("detbench:")]
    if own:
        return own[-1]
    return lines[-1] if lines else "exit %d" % done.returncode


def write_atomically(path, data):
    folder = os.path.dirname(os.path.abspath(path))
    with tempfile.NamedTemporaryFile("w", dir=folder, delete=False, suffix=".tmp") as f:
        json.dump(data, f, indent=1)
        tmp = f.name
    os.replace(tmp, path)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--detbench", required=True)
    ap.add_argument("--devices", default="cuda,torch-cuda")
    ap.add_argument("--trials", type=int, default=100)
    ap.add_argument("--ops", help="comma-separated, each OP or OP@SIZE (the op's main size; "
                    "default: every op of the catalog at its default size)")
    ap.add_argument("--timeout", type=int, default=120, help="seconds per invariance run")
    ap.add_argument("--json")
    args = ap.parse_args()
    devices = args.devices.split(",")
    if len(devices) != 2:
        ap.error("--devices takes two devices, A,B")
    ops = args.ops.split(",") if args.ops else ops_of(args.detbench)

    rows = []
    print(f"| op | deterministic algorithms | {devices[0]}: distinct/trials, median "
          f"| {devices[1]}: distinct/trials, median | same bits |")
    print("|---|---|---|---|---|")
    for op in ops:
        for mode in ("off", "error"):
            doc, why = run_pair(args.detbench, op, devices, mode, args.trials, args.timeout)
            row = {"op": op, "deterministic": mode}
            if doc is None:
                row["error"] = why
                print(f"| {op} | {mode} | – | – | not run: {why} |")
            else:
                points = doc["points"]
                configs = doc["report"]["configurations"]
                cells = [device_cell(p, c) for p, c in zip(points, configs)]
                both_ran = all(not c.get("errors") for c in configs)
                same = points[1].get("equal_to_first") if both_ran else None
                row.update({"cells": cells, "same_bits": same, "invariance": doc})
                same_text = "–" if same is None else ("yes" if same else
                                                     f"no ({points[1].get('n_diff')} elements)")
                print(f"| {op} | {mode} | {cells[0]} | {cells[1]} | {same_text} |")
            sys.stdout.flush()
            rows.append(row)
            if args.json:
                write_atomically(args.json, {"devices": devices, "trials": args.trials,
                                             "rows": rows})


if __name__ == "__main__":
    main()
