#!/usr/bin/python3
"""`detbench ... --slurm` end to end on a real single-node Slurm (slurm_cluster.py).

The cluster's node has two typed GPUs as GRES (gpu:h100 and gpu:a100, character devices that
are not GPUs), so the runs use the cpu device while `--gpu-type` really selects. Checked:
- a run on each GPU type in one command: one job each, the reports named by type, the node's
  GPU as Slurm gave it in each (0 for h100, 1 for a100), the outputs set side by side and equal;
- env, a run and a batch through a login node (`--host LOGIN --slurm`, with a stand-in ssh that
  runs the command here, so the login side's quoting is exercised);
- a sweep, an invariance run and a demo as job steps;
- batch jobs (--slurm-batch): a sweep on two GPU types submitted as two job arrays, followed by
  `detbench jobs` to their end and collected into a report per type, set side by side; a held
  batch job listed with its reason and cancelled by `jobs --cancel`; a long batch run cancelled
  mid-run, collected with the trials it wrote and Slurm's words;
- a job in a held partition shows Slurm's state and reason while it waits, and Ctrl-C cancels
  the job in Slurm (scancel), not only the local end;
- one line and exit 2, nothing left queued: an unknown partition, an unknown GPU type, a time
  limit over the partition's, a GPU device in a job without a GPU, no srun on the PATH;
- a node set down mid-run, and a job preempted mid-run (a partition of a higher tier wants its
  GPU): exit 4, the trials that arrived kept, the report in Slurm's words;
- `trace --slurm` (with Debian's python3-torch): each run a job of its own on each GPU type, the
  records back through srun, the op whose output differs between the types named, the probe's
  folder gone afterwards; a run stopped at --timeout ends its job in Slurm (nothing left running);
- with DETBENCH_SLOW_TESTS=1 (about 90 s, not in CI): a time limit reached mid-run, the same.
Usage: test_slurm_e2e.py PATH/TO/detbench. Exit 77 (skipped) where the cluster cannot start
here (not root, packages missing), with the reason.
"""

import json
import os
import pty
import re
import signal
import subprocess
import sys
import tempfile
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from slurm_cluster import ClusterError, SlurmCluster, skip_reason  # noqa: E402

DETBENCH = os.path.abspath(sys.argv[1])
SCRIPTS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "trace", "scripts")
TRACE_PYTHON = "/usr/bin/python3"
SMALL = ["--op", "sum", "--size", "65536", "--seed", "1", "--warmup", "0"]
LONG = ["--op", "sum", "--size", "4000000", "--trials", "1000000", "--warmup", "0"]
failures = 0
checks = 0


def check(ok, label, detail=""):
    global failures, checks
    checks += 1
    print(("ok   " if ok else "FAIL ") + label + (f": {detail}" if detail and not ok else ""),
          flush=True)
    failures += 0 if ok else 1


def jobs(cluster):
    """Every job Slurm still knows: id -> (state, reason)."""
    out = cluster.run("squeue", "--noheader", "--states=all", "--format=%i|%T|%r").stdout
    return {line.split("|")[0]: tuple(line.split("|")[1:3]) for line in out.split()}


class ProgressWatch:
    """A detbench command with its standard error on a pseudo-terminal, read as it comes."""

    def __init__(self, argv, env, cwd):
        master, slave = pty.openpty()
        self._proc = subprocess.Popen(argv, env=env, cwd=cwd, stdin=subprocess.DEVNULL,
                                      stdout=subprocess.DEVNULL, stderr=slave)
        os.close(slave)
        self._master = master
        self._chunks = []
        self._lock = threading.Lock()
        self.extra = ""
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def _read(self):
        while True:
            try:
                data = os.read(self._master, 4096)
            except OSError:  # the other end closed
                break
            if not data:
                break
            with self._lock:
                self._chunks.append(data.decode(errors="replace"))

    def text(self):
        with self._lock:
            return "".join(self._chunks) + self.extra

    def trials_arrived(self):
        """The progress bar has counted a trial (its "] DONE/TOTAL")."""
        return re.search(r"\] [1-9][0-9]*/[0-9]+", self.text()) is not None

    def wait(self, seconds):
        self._proc.wait(seconds)
        self._reader.join(10)
        os.close(self._master)

    def kill(self):
        self._proc.kill()
        self.wait(30)

    def returncode(self):
        return self._proc.returncode


def trace_checks(c, detbench, tmp):
    """`detbench trace --slurm`: runs as job steps, across GPU types, stopped at a timeout."""
    if subprocess.run([TRACE_PYTHON, "-c", "import torch"], capture_output=True).returncode:
        print("skipped: trace --slurm (" + TRACE_PYTHON + " has no torch)")
        return
    script = os.path.join(SCRIPTS, "by_gpu.py")
    report = os.path.join(tmp, "trace-by-gpu.json")
    r = detbench(["trace", "--slurm", "--gpu-type", "h100", "--gpu-type", "a100", "--runs", "1",
                  "--no-second-pass", "--out", report, "--", TRACE_PYTHON, script])
    ok = r.returncode == 0 and os.path.exists(report)
    detail = f"{r.returncode} {r.stderr[-400:]!r} {r.stdout[-600:]!r}"
    if ok:
        with open(report) as f:
            doc = json.load(f)
        cause = doc["configurations"][0]["causes"][0] if doc["configurations"][0]["causes"] else {}
        ok = (doc["run_places"] == ["gpu-h100", "gpu-a100"]
              and cause.get("runs") == [2] and cause.get("site", {}).get("line") == 10
              and "Between the GPU types: op 2 aten::mul.Tensor at by_gpu.py:10" in r.stdout)
    left = [n for n in os.listdir(tmp) if n.startswith(".detbench-trace-")]
    check(ok and not left, "trace on two GPU types: each run a job, the op that differs between "
          "the types named, the probe's folder removed", f"{detail} left: {left}")

    before = set(jobs(c))
    r = detbench(["trace", "--slurm", "--runs", "1", "--timeout", "3", "--no-report", "--",
                  TRACE_PYTHON, os.path.join(SCRIPTS, "hangs.py")])
    def new():
        return {i: s for i, s in jobs(c).items() if i not in before}

    try:  # a cancelled job passes through COMPLETING while its processes are stopped
        c.wait_for("the job's end", lambda: all(s[0] not in ("RUNNING", "COMPLETING", "PENDING")
                                                for s in new().values()), 60)
    except ClusterError:
        pass
    # The records sent before the stop are kept (where the script reached its op in time: it
    # says so on its standard error).
    reached = "hanging now" in r.stdout
    ended = ("CANCELLED", "FAILED", "COMPLETED")
    check(r.returncode == 4 and new() and all(s[0] in ended for s in new().values())
          and (not reached or "run 1 (slurm): 2 ops, stopped at the timeout" in r.stdout),
          "a traced run stopped at --timeout: its records kept, its job ended in Slurm",
          f"{r.returncode} {new()} {r.stdout[-300:]!r}")

    # Through the login node: the trace runs there (the stand-in ssh of main() runs it here),
    # each run a job step of the GPU type, the report written here.
    report = os.path.join(tmp, "trace-via-login.json")
    r = detbench(["trace", "--host", "login.example", "--slurm", "--gpu-type", "a100", "--runs",
                  "1", "--no-second-pass", "--out", report, "--", TRACE_PYTHON, script],
                 {"DETBENCH_SSH": os.path.join(tmp, "login-ssh")})
    ok = r.returncode == 0 and os.path.exists(report)
    detail = f"{r.returncode} {r.stderr[-300:]!r} {r.stdout[-300:]!r}"
    if ok:
        with open(report) as f:
            ok = json.load(f)["run_places"] == ["gpu-a100"]
    check(ok, "trace through a login node (--host LOGIN --slurm): the job there, the report here",
          detail)


def main():
    reason = skip_reason()
    if reason:
        print("skipped: " + reason)
        return 77
    with tempfile.TemporaryDirectory(prefix="detbench-slurm-test-") as tmp, SlurmCluster() as c:
        env = c.env()

        def detbench(args, extra_env=None, timeout=120):
            e = dict(env, **(extra_env or {}))
            remote = ["--remote-detbench", DETBENCH] if "--slurm" in args else []
            at = args.index("--") if "--" in args else len(args)  # before a traced command
            return subprocess.run([DETBENCH, *args[:at], *remote, *args[at:]], env=e,
                                  capture_output=True, text=True, cwd=tmp, timeout=timeout)

        def refused(args, mention, label, extra_env=None):
            before = set(jobs(c))
            r = detbench(args, extra_env)
            left = {i: s for i, s in jobs(c).items()
                    if i not in before and s[0] not in ("CANCELLED", "COMPLETED", "FAILED")}
            check(r.returncode == 2 and r.stderr.count("\n") == 1 and mention in r.stderr
                  and not left, label, f"{r.returncode} {r.stderr!r} left: {left}")

        # One job per GPU type, compared.
        r = detbench(["run", *SMALL, "--trials", "3", "--slurm", "--gpu-type", "h100",
                      "--gpu-type", "a100"])
        ok = r.returncode == 0 and "Across the GPU types" in r.stdout
        docs = {}
        if ok:
            for t in ("h100", "a100"):
                names = [n for n in os.listdir(os.path.join(tmp, "reports"))
                         if f"gpu-{t}" in n and n.endswith(".json")]
                if len(names) == 1:
                    with open(os.path.join(tmp, "reports", names[0])) as f:
                        docs[t] = json.load(f)
        ok = ok and len(docs) == 2
        check(ok and "All outputs are bitwise equal" in r.stdout,
              "a run on each GPU type: two jobs, two reports, outputs equal",
              f"{r.returncode} {r.stderr!r} {r.stdout[-400:]!r}")
        if ok:
            gpus = {t: d["context"].get("slurm", {}).get("gpus") for t, d in docs.items()}
            check(gpus == {"h100": "0", "a100": "1"} and
                  docs["h100"]["context"]["slurm"]["partition"] == "debug" and
                  "srun gpu:a100" in docs["a100"]["viewer"]["remote"],
                  "each report names its job and the GPU Slurm gave it",
                  json.dumps({t: (d["context"].get("slurm"), d["viewer"]) for t, d in docs.items()}))

        # Through a login node: a stand-in ssh runs the remote command with sh here.
        fake_ssh = os.path.join(tmp, "login-ssh")
        with open(fake_ssh, "w") as f:
            f.write('#!/bin/sh\nfor last; do :; done\nexec sh -c "$last"\n')
        os.chmod(fake_ssh, 0o755)
        r = detbench(["env", "--json", "--slurm", "--host", "login.example", "--gpu-type", "a100"],
                     {"DETBENCH_SSH": fake_ssh})
        ok = r.returncode == 0
        detail = f"{r.returncode} {r.stderr!r}"
        if ok:
            ok = json.loads(r.stdout).get("slurm", {}).get("gpus") == "1"
            detail = r.stdout[-300:]
        check(ok, "env through a login node (--host LOGIN --slurm)", detail)
        r = detbench(["run", *SMALL, "--trials", "3", "--no-report", "--slurm", "--host",
                      "login.example", "--gpu-type", "h100"], {"DETBENCH_SSH": fake_ssh})
        check(r.returncode == 0 and "via ssh login.example" in r.stdout and "GPUs 0" in r.stdout,
              "a run through a login node: srun there, the trials streamed back",
              f"{r.returncode} {r.stderr!r} {r.stdout[-300:]!r}")

        sweep = os.path.join(tmp, "sweep.json")
        r = detbench(["sweep", *SMALL, "--trials", "2", "--configs", "default,deterministic",
                      "--slurm", "--partition", "debug", "--out", sweep])
        ok = r.returncode == 0 and os.path.exists(sweep)
        if ok:
            with open(sweep) as f:
                ok = len(json.load(f)["configurations"]) == 2
        check(ok, "a sweep as a job step", f"{r.returncode} {r.stderr!r}")

        inv = os.path.join(tmp, "inv.json")
        r = detbench(["invariance", "--op", "sum", "--size", "4096", "--trials", "2",
                      "--threads-list", "1,2", "--slurm", "--gpu-type", "a100", "--out", inv])
        ok = r.returncode == 0 and os.path.exists(inv)
        if ok:
            with open(inv) as f:
                ok = [p["threads"] for p in json.load(f)["points"]] == [1, 2]
        check(ok, "an invariance run as a job step", f"{r.returncode} {r.stderr!r}")
        # Error mode raises and warn mode warns whatever the timing: nothing to chance.
        r = detbench(["demo", "error-and-warn", "--slurm"])
        check(r.returncode == 0 and "Ran on:" in r.stdout and "job " in r.stdout,
              "a demo as a job step", f"{r.returncode} {r.stderr!r}")

        # Batch jobs: a sweep on two GPU types as two job arrays, followed and collected.
        batch = os.path.join(tmp, "batch")
        r = detbench(["sweep", *SMALL, "--trials", "2", "--configs", "default,deterministic",
                      "--slurm", "--gpu-type", "h100", "--gpu-type", "a100",
                      "--slurm-batch", batch])
        check(r.returncode == 0 and r.stdout.count("Submitted") == 2,
              "a batch sweep on two GPU types: submitted, ids printed", f"{r.returncode} {r.stderr!r}")
        # Each job's target as fields (the workbench words them in its language), in batch.json
        # and in the listing the workbench reads through a login node.
        manifests = [os.path.join(batch, d, "batch.json") for d in os.listdir(batch)]
        kept = listed = []
        if len(manifests) == 1 and os.path.exists(manifests[0]):
            with open(manifests[0]) as f:
                kept = sorted(j.get("target", {}).get("gpu_type") for j in json.load(f)["jobs"])
            listing = json.loads(detbench(["jobs", batch, "--json"]).stdout or "{}")
            listed = sorted(j["target"]["gpu_type"] for b in listing.get("batches", [])
                            for j in b["jobs"] if j.get("target"))
        check(kept == listed == ["a100", "h100"],
              "batch.json and the --json listing name each job's GPU type as a field",
              f"{manifests} {kept} {listed}")
        listing = ""
        deadline = time.monotonic() + 90
        while time.monotonic() < deadline:
            listing = detbench(["jobs", batch]).stdout
            if listing.count(": completed") == 4:
                break
            time.sleep(1)
        check(listing.count(": completed") == 4, "detbench jobs follows the four tasks to their end",
              listing)
        r = detbench(["jobs", batch, "--collect"])
        reports = [n for n in os.listdir(os.path.join(tmp, "reports")) if n.startswith("sweep-")]
        ok = r.returncode == 0 and len(reports) == 2 and "All outputs are bitwise equal" in r.stdout
        if ok:
            with open(os.path.join(tmp, "reports", reports[0])) as f:
                ok = [c["name"] for c in json.load(f)["configurations"]] == ["default",
                                                                             "deterministic"]
        check(ok, "collected: a sweep report per GPU type, set side by side",
              f"{r.returncode} {reports} {r.stdout[-500:]!r}")

        # Batch jobs through a login node: submitted and followed there, the report here.
        via_login = os.path.join(tmp, "via-login")
        login = ["--host", "login.example", "--remote-detbench", DETBENCH]
        r = detbench(["run", *SMALL, "--trials", "2", "--slurm", "--gpu-type", "a100",
                      "--host", "login.example", "--slurm-batch", via_login],
                     {"DETBENCH_SSH": fake_ssh})
        ok = r.returncode == 0 and "--host login.example" in r.stdout
        c.wait_for("the batch through the login node", lambda: ": completed" in detbench(
            ["jobs", via_login, *login], {"DETBENCH_SSH": fake_ssh}).stdout, 90)
        here = os.path.join(tmp, "here")
        os.makedirs(here)
        collected = subprocess.run([DETBENCH, "jobs", via_login, "--collect", *login],
                                   env=dict(env, DETBENCH_SSH=fake_ssh), capture_output=True,
                                   text=True, cwd=here, timeout=120)
        got = os.listdir(os.path.join(here, "reports")) if ok and collected.returncode == 0 else []
        check(ok and len(got) == 1 and got[0].startswith("run-"),
              "a batch through a login node (--host LOGIN --slurm-batch): submitted, followed "
              "and collected there, the report here",
              f"{r.returncode} {r.stdout[-300:]!r} {collected.returncode} {collected.stderr!r} {got}")

        # A held partition: a batch job's reason in the listing, then --cancel.
        c.run("scontrol", "update", "PartitionName=held", "State=DOWN")
        held = os.path.join(tmp, "held")
        detbench(["run", *SMALL, "--trials", "2", "--slurm", "--partition", "held",
                  "--slurm-batch", held])
        c.wait_for("the held job's reason", lambda: "PartitionDown" in
                   detbench(["jobs", held]).stdout, 30)
        r = detbench(["jobs", held, "--cancel"])
        listing = detbench(["jobs", held]).stdout
        check("cancelled" in r.stdout and ": cancelled" in listing,
              "a held batch job: its reason listed, --cancel cancels it", r.stdout + listing)
        c.run("scontrol", "update", "PartitionName=held", "State=UP")

        # A long batch run cancelled mid-run: collected with the trials it wrote.
        cut = os.path.join(tmp, "cut")
        detbench(["run", *LONG, "--slurm", "--slurm-batch", cut])
        def task_wrote_trials():  # the task's answers, somewhere in the batch's folder
            for folder, _, names in os.walk(cut):
                if "task-0.out" in names:
                    with open(os.path.join(folder, "task-0.out")) as f:
                        if '"type":"trials"' in f.read():
                            return True
            return False

        # Cancelled once the task has written trials, however long a busy machine takes to
        # start it.
        c.wait_for("the batch run's first trials", task_wrote_trials, 120)
        detbench(["jobs", cut, "--cancel"])
        c.wait_for("the cancel", lambda: ": cancelled" in detbench(["jobs", cut]).stdout, 60)
        r = detbench(["jobs", cut, "--collect"])
        runs = [n for n in os.listdir(os.path.join(tmp, "reports")) if n.startswith("run-")]
        ok = r.returncode == 4 and len(runs) == 1
        detail = f"{r.returncode} {runs} {r.stdout!r}"
        if ok:
            with open(os.path.join(tmp, "reports", runs[0])) as f:
                doc = json.load(f)
            ok = doc["summary"]["trials"] >= 1 and "CANCELLED" in doc["errors"][0]["message"]
            detail = f"{doc['summary']['trials']} trials, {doc['errors']}"
        check(ok, "a batch run cancelled mid-run: exit 4, its trials collected, Slurm's words",
              detail)

        trace_checks(c, detbench, tmp)

        # A held partition: the state while it waits, then Ctrl-C.
        c.run("scontrol", "update", "PartitionName=held", "State=DOWN")
        p = subprocess.Popen([DETBENCH, "run", *SMALL, "--trials", "2", "--no-report", "--slurm",
                              "--partition", "held", "--remote-detbench", DETBENCH], env=env,
                             cwd=tmp, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        seen = ""
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            line = p.stderr.readline()
            seen += line
            if "pending (PartitionDown" in line or not line:
                break
        job = seen.split("job ")[1].split()[0] if "job " in seen else None
        p.send_signal(signal.SIGINT)
        try:
            out, err = p.communicate(timeout=60)
        except subprocess.TimeoutExpired:
            p.kill()
            out, err = p.communicate()
        c.run("scontrol", "update", "PartitionName=held", "State=UP")
        check(job is not None, "a held job shows Slurm's state and reason", seen)
        state = jobs(c).get(job, ("?",))[0] if job else "?"
        check(p.returncode == 130 and state == "CANCELLED",
              "Ctrl-C on a waiting job: exit 130, the job cancelled in Slurm",
              f"{p.returncode} {state} {err!r}")

        refused(["run", *SMALL, "--no-report", "--slurm", "--partition", "nope"],
                "Invalid partition", "an unknown partition: Slurm's words, exit 2")
        refused(["run", *SMALL, "--no-report", "--slurm", "--gpu-type", "v100"],
                "Requested node configuration is not available",
                "an unknown GPU type: Slurm's words, exit 2")
        refused(["run", *SMALL, "--no-report", "--slurm", "--time", "999"],
                "PartitionTimeLimit", "a time limit over the partition's: exit 2, not left queued")
        refused(["run", *SMALL, "--no-report", "--slurm", "--device", "cuda"],
                "needs a GPU in the job", "a GPU device in a job without a GPU: exit 2")
        refused(["env", "--slurm"], "no srun on the PATH", "no srun: exit 2",
                {"PATH": "/nonexistent"})

        def cut_mid_run(args, cut, label, words):
            report = os.path.join(tmp, label.replace(" ", "-") + ".json")
            # Standard error on a terminal, so the progress bar says when trials have arrived:
            # the cut comes after the first, however long a busy machine takes to start the job.
            p = ProgressWatch([DETBENCH, "run", *LONG, *args, "--out", report,
                               "--remote-detbench", DETBENCH], env, tmp)
            try:
                c.wait_for("the run's first trials", p.trials_arrived, 120)
                if cut:
                    cut()
                p.wait(300)
            except (ClusterError, subprocess.TimeoutExpired) as e:
                p.kill()
                p.extra = str(e)
            err = p.text()
            ok = p.returncode() == 4 and os.path.exists(report)
            detail = f"{p.returncode()} {err[-600:]!r}"
            if ok:
                with open(report) as f:
                    doc = json.load(f)
                message = doc["errors"][0]["message"] if doc["errors"] else ""
                ok = doc["summary"]["trials"] >= 1 and any(w in message for w in words)
                detail = f"{doc['summary']['trials']} trials, {message!r}"
            check(ok, f"{label}: exit 4, the trials kept, Slurm's words in the report", detail)

        cut_mid_run(["--slurm"], lambda: c.run("scontrol", "update", f"NodeName={c.node}",
                                               "State=DOWN", "Reason=detbench-test"),
                    "a node set down mid-run", ("Node failure", "node fail"))
        c.wait_for("the node's return", lambda: c.node_state() == "idle", 60)

        # Preemption: a job of a higher tier's partition wants the GPU the run holds, and Slurm
        # cancels the run's job to give it.
        def preempt():
            c.run("sbatch", "--partition", "urgent", "--gres=gpu:h100:1", "--output", "/dev/null",
                  "--wrap", "sleep 120")

        cut_mid_run(["--slurm", "--gpu-type", "h100"], preempt, "a job preempted mid-run",
                    ("PREEMPT", "preempted"))
        c.run("scancel", "--partition", "urgent")
        c.wait_for("the node's return after the preemption", lambda: c.node_state() == "idle", 60)
        if os.environ.get("DETBENCH_SLOW_TESTS") == "1":
            cut_mid_run(["--slurm", "--time", "1"], None, "a time limit reached mid-run",
                        ("TIME LIMIT", "timeout"))
        else:
            print("skipped: a time limit reached mid-run (about 90 s: DETBENCH_SLOW_TESTS=1)")
    print(f"{checks - failures} of {checks} checks passed")
    return 1 if failures else 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except ClusterError as e:
        print(f"FAIL the cluster: {e}")
        sys.exit(1)
