#!/usr/bin/python3
"""`detbench export-pytorch` against PyTorch's CPU build (Debian's python3-torch).

For each op with a PyTorch call, a short `detbench run --device cpu` is saved as a report,
exported, and the script it wrote is run with this python3. The script must run to its end and
find its outputs repeat on one thread; where PyTorch's CPU kernel adds in detbench's sequential
order (the bitwise cases of test_pytorch_cpu.py), its first output must be detbench's trial 0
bit for bit, by detbench's own digest computed in NumPy. Elsewhere only that it ran is checked.
Also: a sweep exports the configuration named, and what cannot be exported is refused with one
line and exit 2.
Usage: test_export_pytorch.py PATH/TO/detbench. Exit 77 (skipped) without torch.
"""

import os
import runpy
import subprocess
import sys
import tempfile
import traceback

from op_coverage import coverage_problems

try:
    import numpy  # noqa: F401
    import torch  # noqa: F401
except ImportError as e:  # pragma: no cover
    print(f"skipped: {e} (install python3-torch and python3-numpy)")
    sys.exit(77)

DETBENCH = sys.argv[1]
AVX2 = "CPU capability usage: AVX2" in torch.__config__.show()

# (op, params, bitwise): small shapes; bitwise where PyTorch's CPU order is detbench's.
CASES = [
    ("index_add", {"size": 65536, "rows": 256, "cols": 4}, True),
    ("scatter_add", {"ndim": 2, "dim": 1, "size": 64, "cols": 256, "out_size": 16}, True),
    ("index_put_accumulate", {"size": 65536, "rows": 256}, True),
    ("put_accumulate", {"size": 65536, "rows": 16, "cols": 16}, True),
    ("scatter_reduce_sum", {"size": 65536, "out_size": 256}, True),
    ("scatter_reduce_mean", {"size": 65536, "out_size": 256}, True),
    ("scatter_reduce_amax", {"size": 65536, "out_size": 256}, True),
    ("scatter_reduce_prod", {"size": 65536, "out_size": 256}, True),
    ("bincount", {"size": 65536, "bins": 300}, True),
    ("bincount_weighted", {"size": 65536, "bins": 300}, True),
    ("embedding_bag_backward", {"size": 8192, "bag_size": 8, "embeddings": 128, "cols": 16},
     False),
    ("sum", {"size": 1 << 16}, False),
    ("rms_norm", {"size": 16, "cols": 1000}, False),
    ("softmax", {"size": 16, "cols": 1000, "log": 1}, False),
    ("decode_attention", {"size": 2, "heads": 2, "head_dim": 16, "kv_len": 300}, False),
    ("all_reduce", {"size": 4096, "rows": 6, "ranks": 3}, False),
    ("reduce_scatter", {"size": 4098, "rows": 6, "ranks": 3}, False),
    ("nll_loss2d_forward", {"batch": 4, "classes": 19, "height": 32, "width": 40}, True),
    ("ctc_loss_backward", {"size": 3, "time": 30, "classes": 8, "target_length": 10}, True),
    ("max_pool2d_backward", {"batch": 2, "channels": 4, "height": 33, "width": 31}, True),
    ("upsample_linear1d_backward", {"batch": 2, "channels": 3, "width": 37, "scale": 3}, False),
    ("upsample_bilinear2d_backward", {"batch": 2, "channels": 4, "height": 17, "width": 13},
     False),
    ("upsample_bicubic2d_backward", {"batch": 2, "channels": 3, "height": 9, "width": 7,
                                     "scale": 3}, True),
    ("upsample_trilinear3d_backward", {"batch": 1, "channels": 2, "depth": 5, "height": 7,
                                       "width": 6}, False),
    ("avg_pool3d_backward", {"batch": 2, "channels": 2, "depth": 8, "height": 9, "width": 10},
     True),
    ("adaptive_avg_pool2d_backward", {"batch": 2, "channels": 4, "height": 50, "width": 37},
     True),
    ("replication_pad2d_backward", {"batch": 2, "channels": 3, "height": 9, "width": 7, "pad": 5},
     True),
    ("reflection_pad2d_backward", {"batch": 2, "channels": 3, "height": 9, "width": 7, "pad": 6},
     True),
    ("grid_sampler_2d_backward", {"batch": 2, "channels": 3, "height": 9, "width": 7,
                                  "out_height": 11, "out_width": 13}, AVX2),
    ("index_put", {"size": 20000, "rows": 64, "cols": 3}, True),
    ("put", {"size": 20000, "rows": 16, "cols": 4}, True),
    ("index_copy", {"size": 20000, "rows": 64, "cols": 3}, True),
    ("scatter", {"size": 20000, "rows": 64}, True),
    ("gather_backward", {"size": 20000, "rows": 64}, True),
    ("index_select_backward", {"size": 20000, "rows": 64, "cols": 3}, True),
    ("repeat_interleave_backward", {"rows": 64, "cols": 3, "repeats": 50}, True),
    ("index_reduce_prod", {"size": 20000, "rows": 64, "cols": 3}, True),
    ("embedding_backward", {"size": 20000, "embeddings": 32, "cols": 8}, True),
    ("embedding_bag_max_backward", {"size": 8192, "bag_size": 8, "embeddings": 32, "cols": 8},
     True),
    ("kthvalue", {"rows": 500, "cols": 101}, True),
    ("median", {"rows": 500, "cols": 101}, True),
    ("max_pool3d_backward", {"batch": 2, "channels": 3, "depth": 9, "height": 11, "width": 13},
     True),
    ("adaptive_max_pool2d_backward", {"batch": 2, "channels": 3, "height": 50, "width": 37},
     True),
    ("fractional_max_pool2d_backward", {"batch": 2, "channels": 3, "height": 40, "width": 37,
                                        "out_height": 30, "out_width": 20}, True),
    ("fractional_max_pool3d_backward", {"batch": 2, "channels": 2}, True),
    ("max_unpool1d", {"batch": 2, "channels": 3, "width": 200}, True),
    ("max_unpool2d", {"batch": 2, "channels": 3, "height": 9, "width": 11}, True),
    ("max_unpool3d", {"batch": 2, "channels": 3, "depth": 5, "height": 6, "width": 7}, True),
    ("adaptive_avg_pool3d_backward", {"batch": 2, "channels": 3}, True),
    ("replication_pad1d_backward", {"batch": 2, "channels": 3, "width": 9, "pad": 5}, True),
    ("replication_pad3d_backward", {"batch": 2, "channels": 3, "depth": 4, "height": 5,
                                    "width": 6, "pad": 3}, True),
    ("reflection_pad1d_backward", {"batch": 2, "channels": 3, "width": 9, "pad": 6}, True),
    ("reflection_pad3d_backward", {"batch": 2, "channels": 3, "depth": 4, "height": 5,
                                   "width": 6, "pad": 3}, True),
    ("histc", {"size": 100000, "bins": 37}, True),
    ("cumsum", {"size": 100000}, True),
    ("matmul", {"size": 64, "k": 300}, False),
    ("bmm_sparse", {"size": 20000, "batch": 3, "rows": 40, "inner": 300, "cols": 24}, True),
    ("conv2d_forward", {"batch": 2, "in_channels": 5, "out_channels": 7, "height": 11,
                        "width": 13}, False),
    ("conv2d_backward_data", {"batch": 2, "in_channels": 5, "out_channels": 7, "height": 11,
                              "width": 13}, False),
    ("conv2d_backward_filter", {"batch": 2, "in_channels": 5, "out_channels": 7, "height": 11,
                                "width": 13}, False),
    ("rnn_forward", {"size": 3, "time": 9, "input": 5, "hidden": 6}, False),
    ("rnn_backward_weights", {"size": 3, "time": 9, "input": 5, "hidden": 6, "mode": 0}, False),
]


def detbench(*args):
    return subprocess.run([DETBENCH, *args], capture_output=True, text=True)


def run_and_export(workdir, op, params, extra=()):
    report = os.path.join(workdir, op + ".json")
    cmd = ["run", "--op", op, "--device", "cpu", "--trials", "3", "--warmup", "0", "--quiet",
           "--seed", "5", "--out", report, *extra]
    for k, v in params.items():
        cmd += ["-p", f"{k}={v}"]
    made = detbench(*cmd)
    assert made.returncode == 0, made.stderr
    out = os.path.join(workdir, op)
    exported = detbench("export-pytorch", report, out)
    assert exported.returncode == 0, exported.stderr
    return out


def run_script(path):
    """Runs an exported script as `python3 repro.py` would, in a child forked from this process,
    which has imported torch already: the script starts without the second or so each fresh
    interpreter spends importing torch, and nothing it sets reaches the next one.
    Returns (exit status, stdout, stderr)."""
    out_path, err_path = path + ".stdout", path + ".stderr"
    sys.stdout.flush()
    sys.stderr.flush()
    pid = os.fork()
    if pid == 0:  # the child: the script as __main__, its folder first on sys.path
        status = 0
        try:
            with open(out_path, "w") as out, open(err_path, "w") as err:
                os.dup2(out.fileno(), 1)
                os.dup2(err.fileno(), 2)
                sys.argv = [path]
                sys.path.insert(0, os.path.dirname(path))
                os.chdir(os.path.dirname(path))
                try:
                    runpy.run_path(path, run_name="__main__")
                except SystemExit as e:
                    status = e.code if isinstance(e.code, int) else (0 if e.code is None else 1)
                except BaseException:  # noqa: B036 - the script's own failure, reported
                    traceback.print_exc()
                    status = 1
                sys.stdout.flush()
                sys.stderr.flush()
        finally:
            os._exit(status)
    _, wait_status = os.waitpid(pid, 0)
    with open(out_path) as f:
        stdout = f.read()
    with open(err_path) as f:
        stderr = f.read()
    return os.waitstatus_to_exitcode(wait_status), stdout, stderr


# Scripts this PyTorch cannot run, and why: they must fail saying so.
try:
    from gloo_ranks import reduce_scatter_missing
    CANNOT_RUN = {"reduce_scatter": reduce_scatter_missing()}
except (ImportError, RuntimeError) as e:  # no torch.distributed
    CANNOT_RUN = {"reduce_scatter": str(e)}
CANNOT_RUN = {op: why for op, why in CANNOT_RUN.items() if why}


def check_case(workdir, op, params, bitwise):
    out = run_and_export(workdir, op, params)
    status, text, stderr = run_script(os.path.join(out, "repro.py"))
    problems = []
    if op in CANNOT_RUN:
        if status == 0 or "does not support" not in text + stderr:
            problems.append(f"ran, or failed without gloo's words (exit {status}): "
                            f"{(text + stderr).strip()[-400:]}")
        return problems, "fails as it should: " + CANNOT_RUN[op]
    if status != 0:
        problems.append(f"exit {status}: {stderr.strip()[-400:]}")
    if "bitwise reproducible over 3 trials" not in text:
        problems.append("its outputs did not repeat on one thread")
    if bitwise and "bitwise equal to detbench's trial 0" not in text:
        problems.append("its first output is not detbench's trial 0")
    return problems, text


# The ops without a PyTorch call to export (their catalog entries' noPytorchCall), and why.
WITHOUT_CASE = {
    "rand": "random numbers follow the generator's stream, not the inputs",
    "randn": "random numbers follow the generator's stream, not the inputs",
    "dropout": "its mask follows the generator's stream, not the inputs",
    "resize_quantized": "a catalog entry only: no detbench device runs it",
}


def main():
    uncovered = coverage_problems(DETBENCH, [case[0] for case in CASES], WITHOUT_CASE)
    for problem in uncovered:
        print("FAIL coverage: " + problem)
    failures = 0
    with tempfile.TemporaryDirectory() as workdir:
        for op, params, bitwise in CASES:
            problems, text = check_case(workdir, op, params, bitwise)
            trial0 = next((line.strip() for line in text.splitlines() if "Trial 0" in line),
                          text if op in CANNOT_RUN else "")
            print(("ok   " if not problems else "FAIL ") + op + ": " +
                  ("; ".join(problems) if problems else trial0))
            failures += 1 if problems else 0

        # A sweep: the configuration named is the one exported.
        report = os.path.join(workdir, "sweep.json")
        made = detbench("sweep", "--op", "index_add", "--device", "cpu", "--trials", "2",
                        "--quiet", "--configs", "default,deterministic", "--out", report)
        ok = made.returncode == 0
        exported = detbench("export-pytorch", report, os.path.join(workdir, "sweep"),
                            "--config", "deterministic")
        ok = ok and exported.returncode == 0
        with open(os.path.join(workdir, "sweep", "repro.py")) as f:
            ok = ok and "deterministic" in f.read()
        # Refusals: one line on stderr, exit 2, nothing written.
        for args in (["export-pytorch", report, os.path.join(workdir, "x"), "--config", "nope"],
                     ["export-pytorch", os.path.join(workdir, "missing.json"),
                      os.path.join(workdir, "y")]):
            r = detbench(*args)
            ok = ok and r.returncode == 2 and len(r.stderr.strip().splitlines()) == 1 \
                and not os.path.exists(args[2])
        rand = os.path.join(workdir, "rand.json")
        detbench("run", "--op", "rand", "--device", "cpu", "-n", "2", "--quiet", "--out", rand)
        r = detbench("export-pytorch", rand, os.path.join(workdir, "rand"))
        ok = ok and r.returncode == 2 and "rand" in r.stderr \
            and not os.path.exists(os.path.join(workdir, "rand"))
        print(("ok   " if ok else "FAIL ") + "sweep --config, and refusals")
        failures += 0 if ok else 1
    print(f"{len(CASES) + 1 - failures} passed, {failures} failed, {len(uncovered)} coverage "
          "problems")
    return 1 if failures or uncovered else 0


if __name__ == "__main__":
    sys.exit(main())
