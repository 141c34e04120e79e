#!/usr/bin/env python3
"""The cuda device's throughput targets, read from one run of detbench_bench_cuda's JSON.

    cuda_targets.py bench-cuda.json [--markdown]

Each target is a ratio of two benchmarks of the same run (never an absolute time, except the
harness's overhead per trial, which is its own measure):
  - deterministic scatter_add and index_add against their atomic forms, 1M to 16M values, one
    value per index: at least 15% of the atomic throughput;
  - deterministic index_add of rows of 128 columns: at least 70% of the atomic throughput (the
    sort-based form, and the row scan of row_scan = 1);
  - the harness: at most 10 us added per trial for outputs up to 1 MiB;
  - the device digest of 256 MiB: at least 80% of the memory bandwidth that a device-to-device
    copy of the same bytes reaches (counting what it reads and writes);
  - the batch-invariant matmuls (detbench's tiled kernel; cuBLASLt with one algorithm pinned:
    chosen for 4096 rows without split-K, or for 64 or 256 rows with its split-K) against
    cuBLAS's own choice from batch 64 (goal: 80%).
A target whose benchmarks did not run (no GPU, an error) is reported as not measured.
"""

import json
import sys


def load(path):
    with open(path) as f:
        doc = json.load(f)
    runs = {}
    for b in doc.get("benchmarks", []):
        if b.get("run_type", "iteration") != "iteration" or b.get("error_occurred"):
            continue
        name = b["name"].removesuffix("/manual_time")
        runs[name] = b
    return doc.get("context", {}), runs


def ratio_rows(runs):
    rows = []

    def add(target, label, goal, num, den, key):
        a, b = runs.get(num), runs.get(den)
        if a is None or b is None:
            rows.append((target, label, goal, None))
        else:
            rows.append((target, label, goal, a[key] / b[key]))

    for op, bench in (("scatter_add", "BM_CudaScatterAdd"), ("index_add", "BM_CudaIndexAdd")):
        for size in (1 << 20, 4 << 20, 16 << 20):
            for rows_, label in ((size, "one value per index"), (4096, "4096 rows")):
                add(f"deterministic {op} / atomic", f"{size >> 20}M values, {label}", 0.15,
                    f"{bench}/{size}/{rows_}/1/1", f"{bench}/{size}/{rows_}/1/0",
                    "items_per_second")
    for form, label in ((1, "128 columns"), (2, "128 columns, row scan")):
        for size in (1 << 20, 4 << 20, 16 << 20):
            add("deterministic index_add / atomic", f"{size >> 20}M values, {label}", 0.70,
                f"BM_CudaIndexAdd/{size // 128}/4096/128/{form}",
                f"BM_CudaIndexAdd/{size // 128}/4096/128/0", "items_per_second")
    add("device digest / memory bandwidth (copy)", "256 MiB", 0.80,
        f"BM_CudaDigest/{256 << 20}/0", f"BM_CudaDigest/{256 << 20}/1", "bytes_per_second")
    for form, label in ((1, "detbench's tiled kernel"), (2, "cuBLASLt, one algorithm pinned"),
                        (3, "cuBLASLt pinned at 64 rows, split-K kept"),
                        (4, "cuBLASLt pinned at 256 rows, split-K kept")):
        for batch in (64, 256, 1024, 4096):
            # cuBLAS's time over the invariant form's is the invariant form's share of its speed.
            add(f"batch-invariant matmul ({label}) / cuBLAS (goal)", f"batch {batch}", 0.80,
                f"BM_CudaMatmulBatch/{batch}/0", f"BM_CudaMatmulBatch/{batch}/{form}", "real_time")
    return rows


def harness_rows(runs):
    rows = []
    for size in (4 << 10, 64 << 10, 1 << 20):
        b = runs.get(f"BM_CudaHarness/{size}")
        value = None if b is None else b.get("overhead_ns")
        rows.append((f"harness per trial, output {size >> 10} KiB", value))
    return rows


def main():
    if len(sys.argv) < 2:
        sys.exit("usage: cuda_targets.py bench-cuda.json [--markdown]")
    context, runs = load(sys.argv[1])
    markdown = "--markdown" in sys.argv[2:]
    if markdown:
        print("| target | case | goal | measured | met |")
        print("|---|---|---|---|---|")
    for target, label, goal, value in ratio_rows(runs):
        if value is None:
            text, met = "not measured", "–"
        else:
            text, met = f"{value:.0%}", "yes" if value >= goal else "no"
        if markdown:
            print(f"| {target} | {label} | {goal:.0%} | {text} | {met} |")
        else:
            print(f"{target}, {label}: {text} (goal {goal:.0%}, met: {met})")
    for label, ns in harness_rows(runs):
        text = "not measured" if ns is None else f"{ns / 1e3:.1f} us"
        met = "–" if ns is None else ("yes" if ns <= 10e3 else "no")
        if markdown:
            print(f"| harness added per trial | {label} | 10 us | {text} | {met} |")
        else:
            print(f"{label}: {text} (goal at most 10 us, met: {met})")
    if not runs:
        print("no benchmark ran" + (f" on {context.get('host_name')}" if context else ""))


if __name__ == "__main__":
    main()
